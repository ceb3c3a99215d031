/**
 * Filters that survive a reload (spec §3: vehicle, customer and rental filters), built on the
 * persisted client state, plus the debounced search box every list page has.
 *
 *   const { filters, update, reset } = usePersistedFilters('vehicleFilters', (s) => ({
 *     q: readString(s, 'q'),
 *     status: readOneOf(s, 'status', VEHICLE_STATUSES, ''),
 *     showArchived: s.showArchived === true,
 *   }));
 *
 * `read` turns whatever is stored (older shapes, hand-edited storage) into valid filters, so a
 * bad value falls back to its default instead of reaching the API.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { setAppState, useAppState, type AppState, type Filters } from './persisted-state';

export type FilterStoreKey = { [K in keyof AppState]: AppState[K] extends Filters ? K : never }[keyof AppState];

export function readString(stored: Filters, key: string, fallback = ''): string {
  const value = stored[key];
  return typeof value === 'string' ? value : fallback;
}

export function readOneOf<T extends string>(
  stored: Filters,
  key: string,
  allowed: readonly T[],
  fallback: T | '',
): T | '' {
  const value = stored[key];
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function readBoolean(stored: Filters, key: string, fallback = false): boolean {
  const value = stored[key];
  return typeof value === 'boolean' ? value : fallback;
}

export interface PersistedFilters<F> {
  filters: F;
  update: (patch: Partial<F>) => void;
  /** Writes `defaults` over every key in it (the "Clear filters" button). */
  reset: (defaults: Partial<F>) => void;
}

export function usePersistedFilters<F extends Filters>(
  storeKey: FilterStoreKey,
  read: (stored: Filters) => F,
): PersistedFilters<F> {
  const stored = useAppState((s) => s[storeKey]);
  const readRef = useRef(read);
  readRef.current = read;
  const filters = useMemo(() => readRef.current(stored), [stored]);
  const update = useCallback(
    (patch: Partial<F>) => setAppState((s) => ({ [storeKey]: { ...s[storeKey], ...patch } }) as Partial<AppState>),
    [storeKey],
  );
  return { filters, update, reset: update };
}

/**
 * The text of a search box and its committed value: typing updates `draft` at once and calls
 * `commit(trimmed)` after `delay` ms without keys. A committed value changed elsewhere (e.g.
 * "Clear filters") replaces the draft.
 */
export function useSearchDraft(
  committed: string,
  commit: (value: string) => void,
  delay = 300,
): [string, (value: string) => void] {
  const [draft, setDraft] = useState(committed);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const lastCommitted = useRef(committed);
  useEffect(() => {
    if (committed !== lastCommitted.current) {
      lastCommitted.current = committed;
      setDraft(committed);
    }
  }, [committed]);
  useEffect(() => {
    const value = draft.trim();
    if (value === lastCommitted.current) return;
    const timer = setTimeout(() => {
      lastCommitted.current = value;
      commitRef.current(value);
    }, delay);
    return () => clearTimeout(timer);
  }, [draft, delay]);
  return [draft, setDraft];
}
