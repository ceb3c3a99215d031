import { describe, expect, it } from 'vitest';
import { LOCKOUT_WINDOW_MS, MAX_FAILED_LOGINS, lockedForMs } from './lockout';

describe('login lockout rule', () => {
  const start = Date.parse('2026-01-01T10:00:00Z');
  it('does not lock below five failures', () => {
    expect(lockedForMs(undefined, start)).toBe(0);
    expect(lockedForMs({ failures: MAX_FAILED_LOGINS - 1, windowStart: start }, start + 1000)).toBe(0);
  });
  it('locks after five failures until the 15-minute window ends', () => {
    expect(lockedForMs({ failures: 5, windowStart: start }, start + 60_000)).toBe(LOCKOUT_WINDOW_MS - 60_000);
    expect(lockedForMs({ failures: 9, windowStart: start }, start + LOCKOUT_WINDOW_MS - 1)).toBe(1);
  });
  it('unlocks once the window has passed', () => {
    expect(lockedForMs({ failures: 5, windowStart: start }, start + LOCKOUT_WINDOW_MS)).toBe(0);
  });
});
