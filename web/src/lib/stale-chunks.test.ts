import { describe, expect, it } from 'vitest';
import { shouldReloadForStaleChunk } from './stale-chunks';

describe('shouldReloadForStaleChunk', () => {
  const now = 1_000_000;
  it('reloads the first time a chunk fails while online', () => {
    expect(shouldReloadForStaleChunk(now, null, true)).toBe(true);
  });
  it('does not reload again within a minute (no reload loop)', () => {
    expect(shouldReloadForStaleChunk(now, now - 30_000, true)).toBe(false);
  });
  it('reloads again after the guard has passed', () => {
    expect(shouldReloadForStaleChunk(now, now - 61_000, true)).toBe(true);
  });
  it('never reloads while offline', () => {
    expect(shouldReloadForStaleChunk(now, null, false)).toBe(false);
  });
});
