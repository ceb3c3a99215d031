/**
 * The one cache-invalidation style of the web (DESIGN.md §13 web kit).
 *
 *   const invalidate = useInvalidate();
 *   await invalidate('listVehicles', 'listVehicleMakes');   // after a write
 *
 * An operation (web/src/lib/api-client.ts) stands for its path up to its first parameter
 * (`apiStem`); a path string is a prefix as it is (e.g. a record's own path from `apiPath`).
 * Every cached key whose path is a prefix's path or lies under it (`/api/v1/vehicles`,
 * `/api/v1/vehicles?status=…`, `/api/v1/vehicles/V1/schedule`, and each `useCursorList` /
 * `useSWRInfinite` list over them) is revalidated: mounted readers refetch, unmounted ones refetch
 * when next shown (the dedupe window is dropped). Keys are mutated one by one because SWR's
 * filter form of `mutate` skips infinite-list keys. To show a saved record at once without a
 * round trip, `mutate(key, saved, { revalidate: false })` it before or after invalidating.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiStem, type ApiPath, type OperationId } from './api-client';

/** An operation (its stem) or a path prefix. */
export type InvalidateTarget = OperationId | ApiPath;

const prefixOf = (target: InvalidateTarget): string =>
  target.startsWith('/') ? target : apiStem(target as OperationId);

const INFINITE_PREFIX = '$inf$';

/** The request path a cache key stands for (infinite-list and serialised array keys included). */
export function keyPath(key: string): string {
  let k = key.startsWith(INFINITE_PREFIX) ? key.slice(INFINITE_PREFIX.length) : key;
  if (k.startsWith('@"')) {
    // SWR serialises array keys as @"first",…: the first element is the path.
    const end = k.indexOf('"', 2);
    k = end > 0 ? k.slice(2, end) : k;
  }
  return k;
}

/** True when `key` is `prefix` itself or lies under it (query string or sub-path). */
export function keyMatches(key: string, prefix: string): boolean {
  const path = keyPath(key);
  if (path === prefix) return true;
  if (!path.startsWith(prefix)) return false;
  const next = path.charAt(prefix.length);
  return next === '?' || next === '/' || prefix.endsWith('?') || prefix.endsWith('/');
}

/** The cached keys a set of prefixes covers. */
export function matchingKeys(keys: Iterable<string>, prefixes: readonly string[]): string[] {
  return [...keys].filter((key) => !key.startsWith('$sub$') && prefixes.some((prefix) => keyMatches(key, prefix)));
}

/** Revalidates every cached key under the given path prefixes; resolves when all refetched. */
export function useInvalidate(): (...targets: InvalidateTarget[]) => Promise<void> {
  const { mutate, cache } = useSWRConfig();
  return useCallback(
    async (...targets: InvalidateTarget[]) => {
      await Promise.all(matchingKeys(cache.keys(), targets.map(prefixOf)).map((key) => mutate(key)));
    },
    [mutate, cache],
  );
}
