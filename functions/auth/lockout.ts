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
/**
 * Per source IP as well (issue 16: password spraying tries one password on many usernames, so
 * no username ever reaches 5). 20 failures from one IP in the window slow that IP down (429
 * with the same message as a username lockout — nothing tells whether a username exists). An
 * office behind one NAT address makes far fewer than 20 typos in 15 minutes.
 */
export const MAX_FAILED_PER_IP = 20;

/** Which counter: a username's, or a source IP's (G#LOGINIP#{ip}). */
export type AttemptKey = { username: string } | { ip: string };
const keyOf = (k: AttemptKey | string) =>
  typeof k === 'string'
    ? keys.global.loginAttempts(k)
    : 'ip' in k
      ? keys.global.loginIp(k.ip)
      : keys.global.loginAttempts(k.username);

export interface AttemptState {
  failures: number;
  windowStart: number;
}

/** Pure rule, unit-tested: how long the username stays locked (ms), or 0. */
export function lockedForMs(state: AttemptState | undefined, now: number, max = MAX_FAILED_LOGINS): number {
  if (!state) return 0;
  const windowEnd = state.windowStart + LOCKOUT_WINDOW_MS;
  if (now >= windowEnd) return 0;
  return state.failures >= max ? windowEnd - now : 0;
}

export async function readAttempts(who: AttemptKey | string): Promise<AttemptState | undefined> {
  const item = await getItem(keyOf(who));
  if (!item) return undefined;
  return { failures: Number(item.failures ?? 0), windowStart: Number(item.windowStart ?? 0) };
}

/**
 * Records one failure atomically; returns the failures now counted in the window. Parallel
 * attempts (how brute force arrives) must each count: an ADD inside the current window, or a
 * conditional start of a new window when there is none or it has passed — never a blind put.
 */
export async function recordFailure(
  who: AttemptKey | string,
  _previous?: AttemptState,
  now = Date.now(),
): Promise<number> {
  const key = keyOf(who);
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
        ExpressionAttributeValues: {
          ':one': 1,
          ':now': now,
          ':type': 'LOGIN_ATTEMPTS',
          ':ttl': Math.ceil((now + LOCKOUT_WINDOW_MS) / 1000),
          ':cutoff': cutoff,
        },
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
export async function clearAttempts(who: AttemptKey | string): Promise<void> {
  await deleteItem(keyOf(who));
}
