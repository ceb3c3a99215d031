import { keys } from '../lib/data/keys';
import { deleteItem, getItem, putItem, updateRaw } from '../lib/data/repo';

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

/** Records one failure; returns the failures now counted in the window. */
export async function recordFailure(username: string, previous: AttemptState | undefined, now = Date.now()): Promise<number> {
  const key = keys.global.loginAttempts(username);
  if (!previous || now >= previous.windowStart + LOCKOUT_WINDOW_MS) {
    await putItem({ ...key, entityType: 'LOGIN_ATTEMPTS', failures: 1, windowStart: now, ttl: Math.ceil((now + LOCKOUT_WINDOW_MS) / 1000) });
    return 1;
  }
  const updated = await updateRaw({
    Key: key,
    UpdateExpression: 'ADD failures :one',
    ExpressionAttributeValues: { ':one': 1 },
    ReturnValues: 'ALL_NEW',
  });
  return Number(updated?.failures ?? previous.failures + 1);
}

/** A successful sign-in starts the count afresh. */
export async function clearAttempts(username: string): Promise<void> {
  await deleteItem(keys.global.loginAttempts(username));
}
