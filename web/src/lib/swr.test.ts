import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { retryDelay, shouldRetry, swrConfig } from './swr';

describe('query retry rules', () => {
  it('never retries 4xx', () => {
    expect(shouldRetry(new ApiError(404, 'nf'), 1)).toBe(false);
    expect(shouldRetry(new ApiError(400, 'bad'), 1)).toBe(false);
  });
  it('retries other errors fewer than 2 times', () => {
    expect(shouldRetry(new ApiError(503, 'x'), 1)).toBe(true);
    expect(shouldRetry(new ApiError(503, 'x'), 2)).toBe(false);
    expect(shouldRetry(new TypeError('Failed to fetch'), 1)).toBe(true);
  });
  it('backs off exponentially from 1 s up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
  it('keeps data fresh 5 minutes, no focus refetch, no polling', () => {
    expect(swrConfig.dedupingInterval).toBe(5 * 60_000);
    expect(swrConfig.revalidateOnFocus).toBe(false);
    expect(swrConfig.refreshInterval).toBe(0);
  });
});
