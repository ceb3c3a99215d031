import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { hasAbility } from '../../../shared/permissions';
import type { RentalStatus } from '../../../shared/schemas/rentals';
import { useAuth } from '../auth/context';
import { Icon } from '../components/Icon';
import { useT } from '../i18n';
import { fetcher } from '../lib/api';
import { addRecentSearch, setAppState, useAppState } from '../lib/persisted-state';

export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_MIN_CHARS = 2;
/** Results shown per area. */
export const SEARCH_RESULTS = 5;
/**
 * The list APIs filter one DynamoDB Query page (functions/lib/data/repo.ts queryPage): `limit`
 * counts the items read, not the matches, so `limit=5` would only look at the 5 newest records.
 * The search therefore reads pages of 100 and follows `nextCursor` until it has 5 matches, for
 * at most 5 pages (500 records per area: a rental company's fleet and active customer base).
 */
const PAGE_SIZE = 100;
const MAX_PAGES = 5;

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
interface VehicleHit {
  id: string;
  make: string;
  model: string;
  year: number;
  licensePlate: string;
}
interface CustomerHit {
  id: string;
  fullNameEnglish: string;
  fullNameArabic?: string | null;
  phone?: string | null;
}
interface RentalHit {
  id: string;
  referenceNumber: string;
  customerName?: string;
  vehicleLabel?: string;
  licensePlate?: string;
  status: RentalStatus;
}

interface Hit {
  key: string;
  to: string;
  primary: string;
  secondary: string;
}
type Area = 'vehicles' | 'customers' | 'rentals';

/** SWR fetcher for a search key: pages on through the existing api fetcher until enough matches. */
export async function searchFetcher<T>(path: string): Promise<Page<T> | null> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url: string = cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path;
    const res: Page<T> | null = await fetcher<Page<T>>(url);
    if (!res) return page === 0 ? null : { items, nextCursor: null };
    items.push(...res.items);
    cursor = res.nextCursor;
    if (items.length >= SEARCH_RESULTS || !cursor) break;
  }
  return { items: items.slice(0, SEARCH_RESULTS), nextCursor: null };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The global search box: searches vehicles, customers and rentals through their list APIs
 * (only the areas the user's role may read), grouped in a listbox under the input. The input
 * keeps focus; arrow keys move the highlighted option (aria-activedescendant, valid on a
 * searchbox), Enter opens it and records the query among the last 10 recent searches.
 */
export function GlobalSearch() {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const { user } = useAuth();
  const role = user?.role;
  const recent = useAppState((s) => s.recentSearches);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const wrapper = useRef<HTMLDivElement>(null);

  const term = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const searching = term.length >= SEARCH_MIN_CHARS && query.trim().length >= SEARCH_MIN_CHARS;
  const q = encodeURIComponent(term);
  const key = (area: Area, allowed: boolean, param: string) =>
    searching && allowed ? `/api/v1/${area}?${param}=${q}&limit=${PAGE_SIZE}` : null;

  const opts = { keepPreviousData: true, revalidateOnFocus: false } as const;
  const vehicles = useSWR(key('vehicles', hasAbility(role, 'vehiclesRead'), 'search'), searchFetcher<VehicleHit>, opts);
  const customers = useSWR(
    key('customers', hasAbility(role, 'customersRead'), 'search'),
    searchFetcher<CustomerHit>,
    opts,
  );
  const rentals = useSWR(key('rentals', hasAbility(role, 'rentalsRead'), 'q'), searchFetcher<RentalHit>, opts);

  useEffect(() => setActive(-1), [term]);

  const groups: { area: Area; hits: Hit[] }[] = searching
    ? [
        {
          area: 'vehicles' as const,
          hits: (vehicles.data?.items ?? []).map((v) => ({
            key: `v-${v.id}`,
            to: `/vehicles/${v.id}`,
            primary: `${v.make} ${v.model} ${v.year}`,
            secondary: v.licensePlate,
          })),
        },
        {
          area: 'customers' as const,
          hits: (customers.data?.items ?? []).map((c) => ({
            key: `c-${c.id}`,
            to: `/customers/${c.id}`,
            primary: c.fullNameEnglish,
            secondary: [c.fullNameArabic, c.phone].filter(Boolean).join(' · '),
          })),
        },
        {
          area: 'rentals' as const,
          hits: (rentals.data?.items ?? []).map((r) => ({
            key: `r-${r.id}`,
            to: `/rentals/${r.id}`,
            primary: r.referenceNumber,
            secondary: [r.customerName, r.vehicleLabel ?? r.licensePlate, t(`shell.search.rentalStatus.${r.status}`)]
              .filter(Boolean)
              .join(' · '),
          })),
        },
      ].filter((g) => g.hits.length > 0)
    : [];
  const flat = groups.flatMap((g) => g.hits);
  const loading = searching && (vehicles.isLoading || customers.isLoading || rentals.isLoading);
  const failed = searching && !!(vehicles.error || customers.error || rentals.error);
  const optionId = (i: number) => `${id}-opt-${i}`;

  const openHit = (hit: Hit) => {
    addRecentSearch(query);
    setOpen(false);
    setQuery('');
    setActive(-1);
    navigate(hit.to);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (active >= 0 && flat[active]) {
      openHit(flat[active]);
      return;
    }
    addRecentSearch(query);
    setOpen(true);
  };

  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (flat.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : flat.length - 1) : (i + step + flat.length) % flat.length));
    }
  };

  let index = -1;
  return (
    <div
      ref={wrapper}
      className="relative w-full max-w-md"
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <form role="search" onSubmit={submit}>
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('shell.search.label')}
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-slate-500 dark:text-slate-400">
            <Icon name="search" className="h-4 w-4" />
          </span>
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            // After a result was opened the box keeps focus with the panel closed: a click reopens it.
            onClick={() => setOpen(true)}
            onKeyDown={onInputKey}
            placeholder={t('shell.search.placeholder')}
            autoComplete="off"
            // A searchbox may not carry aria-expanded (axe: aria-allowed-attr); the panel is
            // referenced only while it exists so aria-controls never points at nothing.
            // aria-activedescendant is allowed on a searchbox and names the highlighted option.
            aria-controls={open ? `${id}-panel` : undefined}
            aria-activedescendant={open && active >= 0 && flat[active] ? optionId(active) : undefined}
            aria-describedby={open && searching ? `${id}-status` : undefined}
            className="field-input ps-9"
          />
        </div>
      </form>
      {open && (
        <div
          id={`${id}-panel`}
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-ui-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {searching ? (
            <>
              <p id={`${id}-status`} role="status" className="mb-2 text-xs text-slate-600 dark:text-slate-300">
                {loading && flat.length === 0
                  ? t('shell.search.loading')
                  : failed
                    ? t('shell.search.error')
                    : flat.length === 0
                      ? t('shell.search.noResults')
                      : t('shell.search.hint')}
              </p>
              {flat.length > 0 && (
                <div role="listbox" id={`${id}-results`} aria-label={t('shell.search.results')}>
                  {groups.map((g) => (
                    <div key={g.area} role="group" aria-labelledby={`${id}-g-${g.area}`} className="mb-2 last:mb-0">
                      <div
                        id={`${id}-g-${g.area}`}
                        role="presentation"
                        className="px-2 py-1 text-xs font-semibold uppercase text-slate-600 dark:text-slate-300"
                      >
                        {t(`shell.search.${g.area}`)}
                      </div>
                      {g.hits.map((hit) => {
                        index += 1;
                        const i = index;
                        return (
                          <div
                            key={hit.key}
                            id={optionId(i)}
                            role="option"
                            aria-selected={i === active}
                            data-to={hit.to}
                            onMouseDown={(e) => e.preventDefault()}
                            onMouseEnter={() => setActive(i)}
                            onClick={() => openHit(hit)}
                            className={`flex cursor-pointer flex-col rounded-ui px-2 py-1.5 ${
                              i === active
                                ? 'bg-slate-100 dark:bg-slate-800'
                                : 'hover:bg-slate-100 dark:hover:bg-slate-800'
                            }`}
                          >
                            <span className="truncate font-medium">{hit.primary}</span>
                            {hit.secondary && (
                              <span className="truncate text-xs text-slate-600 dark:text-slate-300">
                                {hit.secondary}
                              </span>
                            )}
                          </div>
                        );
                      })}
                    </div>
                  ))}
                </div>
              )}
            </>
          ) : (
            <>
              <div className="mb-2 flex items-center justify-between">
                <h2 className="font-medium">{t('shell.search.recent')}</h2>
                {recent.length > 0 && (
                  <button type="button" className="link text-xs" onClick={() => setAppState({ recentSearches: [] })}>
                    {t('shell.search.clear')}
                  </button>
                )}
              </div>
              {recent.length === 0 ? (
                <p className="text-slate-600 dark:text-slate-300">{t('shell.search.noRecent')}</p>
              ) : (
                <ul className="space-y-0.5">
                  {recent.map((r) => (
                    <li key={r}>
                      <button
                        type="button"
                        onClick={() => setQuery(r)}
                        className="flex w-full items-center gap-2 rounded-ui px-2 py-1.5 text-start hover:bg-slate-100 dark:hover:bg-slate-800"
                      >
                        <Icon name="clock" className="h-4 w-4 text-slate-500 dark:text-slate-400" />
                        <span className="truncate">{r}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <p className="mt-3 border-t border-slate-200 pt-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
                {t('shell.search.minChars')}
              </p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
