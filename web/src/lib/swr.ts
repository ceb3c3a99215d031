/** SWR configuration for data queries (spec §8, §9). */
import type { SWRConfiguration } from 'swr';
import {
  DATA_CACHE_FRESH_MS,
  QUERY_MAX_RETRIES,
  QUERY_RETRY_BASE_MS,
  QUERY_RETRY_MAX_MS,
} from '../../../shared/constants';
import { fetcher, isClientError } from './api';

/** Delay before retry number `retryCount` (1-based): 1 s, 2 s, 4 s… capped at 30 s. */
export function retryDelay(retryCount: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** (retryCount - 1), QUERY_RETRY_MAX_MS);
}

/** No retry for 4xx; otherwise fewer than 2 retries (at most 1). */
export function shouldRetry(error: unknown, retryCount: number): boolean {
  if (isClientError(error)) return false;
  return retryCount <= QUERY_MAX_RETRIES;
}

export const swrConfig: SWRConfiguration = {
  fetcher,
  // Fresh for 5 minutes: identical keys within that window reuse the cached answer.
  dedupingInterval: DATA_CACHE_FRESH_MS,
  revalidateOnFocus: false,
  refreshInterval: 0,
  shouldRetryOnError: true,
  onErrorRetry(error, _key, _config, revalidate, { retryCount }) {
    if (!shouldRetry(error, retryCount)) return;
    setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount));
  },
  onError(error) {
    if (!isClientError(error)) console.error('[query]', error);
  },
};
