import { keys } from '../lib/data/keys';
import { deleteItem, getItem, updateRaw } from '../lib/data/repo';

/**
 * Sign-in throttling per username (issue: 5 failed attempts in 15 minutes → 429 "Too many
 * attempts" until the window passes). One global item per username, G#LOGIN#{username}, holds
 * the failures of the current window; its TTL removes it when the window ends. Counted on the
 * server, so clearing the browser does not reset it; counted whether or not the username exists,
 * so the 429 reveals nothing either.
 */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;

export interface AttemptState {
  failures: number;
  windowStart: number;
}

/** Pure rule, unit-tested: how long the username stays locked (ms), or 0. */
export function lockedForMs(state: AttemptState | undefined, now: number): number {
  if (!state) return 0;
  const windowEnd = state.windowStart + LOCKOUT_WINDOW_MS;
  if (now >= windowEnd) return 0;
  return state.failures >= MAX_FAILED_LOGINS ? windowEnd - now : 0;
}

export async function readAttempts(username: string): Promise<AttemptState | undefined> {
  const item = await getItem(keys.global.loginAttempts(username));
  if (!item) return undefined;
  return { failures: Number(item.failures ?? 0), windowStart: Number(item.windowStart ?? 0) };
}

/**
 * Records one failure atomically; returns the failures now counted in the window. Parallel
 * attempts (how brute force arrives) must each count: an ADD inside the current window, or a
 * conditional start of a new window when there is none or it has passed — never a blind put.
 */
export async function recordFailure(username: string, _previous?: AttemptState, now = Date.now()): Promise<number> {
  const key = keys.global.loginAttempts(username);
  const cutoff = now - LOCKOUT_WINDOW_MS;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const updated = await updateRaw({
        Key: key,
        UpdateExpression: 'ADD failures :one',
        ConditionExpression: 'attribute_exists(pk) AND windowStart > :cutoff',
        ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff },
        ReturnValues: 'ALL_NEW',
      });
      return Number(updated?.failures ?? 1);
    } catch (err) {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    }
    try {
      await updateRaw({
        Key: key,
        UpdateExpression: 'SET failures = :one, windowStart = :now, entityType = :type, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':now': now, ':type': 'LOGIN_ATTEMPTS', ':ttl': Math.ceil((now + LOCKOUT_WINDOW_MS) / 1000), ':cutoff': cutoff },
      });
      return 1;
    } catch (err) {
      // Someone else opened the window a moment ago: count in it.
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    }
  }
  return MAX_FAILED_LOGINS;
}

/** A successful sign-in starts the count afresh. */
export async function clearAttempts(username: string): Promise<void> {
  await deleteItem(keys.global.loginAttempts(username));
}
