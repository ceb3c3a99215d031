/**
 * One hook for every server-paged list (DESIGN.md §5: `GET …?q=&limit=&cursor=` answers
 * `{ items, nextCursor }`).
 *
 * Filtered DynamoDB queries apply `Limit` before the filter, so a page may come back short (even
 * empty) with a cursor. A "page" here keeps following the cursor until it holds `limit` items or
 * the cursor ends (at most `maxRequestsPerPage` requests), so the list never shows a
 * half-empty page with a "Load more" that adds nothing, and "nothing matches" is only said when
 * the server has nothing more.
 *
 *   const list = useCursorList<VehicleApi>('listVehicles', { q: search, status, sort }, { limit: 25 });
 *   const notes = useCursorList<Note>({ op: 'listCustomerNotes', params: { id } });   // a path with parameters
 *   list.items / list.isLoading / list.error / list.hasMore / list.loadMore() / list.revalidate()
 *
 * The list is named by its GET operation (web/src/lib/api-client.ts), never by a path.
 * Params that are '', null, undefined or false are left out of the query. `list` null pauses the
 * list (e.g. a hidden tab). The pages are cached under their request URLs, so
 * `useInvalidate()(path)` refreshes them; `revalidate()` refetches every loaded page in order
 * (cursors stay consistent after a change).
 */
import { useCallback, useMemo } from 'react';
import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';
import { apiRequest, isUnauthorized } from './api';
import { apiUrl, type OperationId } from './api-client';

/** A list's operation, with its path parameters when its path has some. */
export type ListSource = OperationId | { op: OperationId; params: Record<string, string> };

/** The path a list source reads. */
export function listSourcePath(source: ListSource): string {
  const { op, params } = typeof source === 'string' ? { op: source, params: undefined } : source;
  return (apiUrl as (op: OperationId, target?: { params?: Record<string, string> }) => string)(op, { params });
}

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

export type ListParams = Record<string, string | number | boolean | null | undefined>;

export interface CursorListOptions {
  /** Items per page (sent as `limit`); default 25. */
  limit?: number;
  /** Safety cap on requests made to fill one page; default 10. */
  maxRequestsPerPage?: number;
  /** SWR options for this list (e.g. revalidate on every mount). */
  swr?: SWRInfiniteConfiguration;
}

export interface CursorList<T> {
  items: T[];
  /** The first page is loading (nothing to show yet). */
  isLoading: boolean;
  /** A "Load more" page is loading. */
  isLoadingMore: boolean;
  /** Any request in flight (first page, more, or a revalidation). */
  isValidating: boolean;
  error: unknown;
  /** The server has more items after the loaded ones. */
  hasMore: boolean;
  /** Loaded, and the list is empty. */
  isEmpty: boolean;
  loadMore: () => void;
  /** Refetch every loaded page (after a change). */
  revalidate: () => Promise<unknown>;
}

export const DEFAULT_PAGE_SIZE = 25;
const DEFAULT_MAX_REQUESTS = 10;

/** `path?query` with the params that carry a value, `limit` included. */
export function listUrl(path: string, params: ListParams, limit: number, cursor?: string | null): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === '' || value === null || value === undefined || value === false) continue;
    query.set(key, String(value));
  }
  query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return `${path}?${query.toString()}`;
}

/**
 * Fetches from `url` and follows `nextCursor` until `limit` items are collected, the cursor ends
 * or `maxRequests` were made. A 401 (after the client's refresh-and-retry) reads as an empty page:
 * the session layer signs the user out.
 */
export async function fetchFilledPage<T>(
  url: string,
  limit: number,
  maxRequests = DEFAULT_MAX_REQUESTS,
): Promise<CursorPage<T>> {
  const [path, search = ''] = url.split('?');
  const query = new URLSearchParams(search);
  const items: T[] = [];
  let nextCursor: string | null = query.get('cursor');
  for (let requests = 0; requests < maxRequests; requests += 1) {
    if (nextCursor) query.set('cursor', nextCursor);
    let page: CursorPage<T>;
    try {
      page = await apiRequest<CursorPage<T>>('GET', `${path}?${query.toString()}`);
    } catch (error) {
      if (isUnauthorized(error)) return { items: [], nextCursor: null };
      throw error;
    }
    items.push(...(page.items ?? []));
    nextCursor = page.nextCursor ?? null;
    if (items.length >= limit || !nextCursor) break;
  }
  return { items, nextCursor };
}

export function useCursorList<T>(
  source: ListSource | null,
  params: ListParams = {},
  options: CursorListOptions = {},
): CursorList<T> {
  const path = source === null ? null : listSourcePath(source);
  const limit = options.limit ?? DEFAULT_PAGE_SIZE;
  const maxRequests = options.maxRequestsPerPage ?? DEFAULT_MAX_REQUESTS;
  // Params objects are usually rebuilt each render: key on their serialised form.
  const base = path === null ? null : listUrl(path, params, limit);
  const getKey = useCallback(
    (index: number, previous: CursorPage<T> | null) => {
      if (base === null) return null;
      if (index === 0) return base;
      if (!previous?.nextCursor) return null;
      return `${base}&cursor=${encodeURIComponent(previous.nextCursor)}`;
    },
    [base],
  );
  const fetchPage = useCallback((url: string) => fetchFilledPage<T>(url, limit, maxRequests), [limit, maxRequests]);
  const list = useSWRInfinite<CursorPage<T>>(getKey, fetchPage, { revalidateAll: true, ...options.swr });
  const pages = list.data;
  const items = useMemo(() => (pages ?? []).flatMap((p) => p?.items ?? []), [pages]);
  const last = pages?.[pages.length - 1];
  const hasMore = !!last?.nextCursor;
  const isLoading = base !== null && !pages && !list.error;
  const { setSize, mutate } = list;
  return {
    items,
    isLoading,
    isLoadingMore: !!pages && list.size > pages.length,
    isValidating: list.isValidating,
    error: list.error,
    hasMore,
    isEmpty: !!pages && items.length === 0 && !hasMore,
    loadMore: useCallback(() => void setSize((size) => size + 1), [setSize]),
    revalidate: useCallback(() => mutate(), [mutate]),
  };
}
