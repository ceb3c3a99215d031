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

/** The dedupe window of a poll: shorter than any poll interval in the app (1 s at the fastest). */
export const POLL_DEDUPE_MS = 500;

/**
 * SWR options for a query that polls. SWR's refresh timer revalidates *with* dedupe, so under the app-wide
 * 5-minute dedupingInterval above, a poll every few seconds re-read nothing for 5 minutes: a pending online
 * payment never turned paid on screen, the dashboard's live map moved every 5 minutes instead of every 5 s.
 * A poll keeps its own short dedupe window.
 */
export function polling<Data>(
  refreshInterval: number | ((latest: Data | undefined) => number),
): Pick<SWRConfiguration<Data>, 'refreshInterval' | 'dedupingInterval'> {
  return { refreshInterval, dedupingInterval: POLL_DEDUPE_MS };
}
