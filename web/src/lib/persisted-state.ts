/**
 * Persisted client state (spec §3: sidebar collapsed, theme, recent searches, vehicle,
 * customer and rental filters, locale settings), version 0, stored in localStorage and
 * merged over the defaults on load so fields added later get their defaults.
 */
import { useSyncExternalStore } from 'react';
import {
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  DEFAULT_REGION,
  PERSISTED_STATE_VERSION,
  RECENT_SEARCHES_LIMIT,
} from '../../../shared/constants';

export const STATE_KEY = 'sy_app_state';

export type Theme = 'light' | 'dark';
export type Filters = Record<string, string | number | boolean | string[] | null | undefined>;

export interface LocaleSettings {
  selectedLanguage: 'en' | 'ar';
  /** A country code: US, AE, SA, JO. */
  selectedRegion: string;
  selectedCurrency: string;
  currencySymbol: string;
  regionDetected: boolean;
  /**
   * True once the user picked a region in the region menu (or asked to detect it). Until then a
   * signed-in user sees their company's region; the stored region is only the signed-out default.
   */
  regionChosen: boolean;
  geolocationEnabled: boolean;
}

export interface AppState {
  sidebarCollapsed: boolean;
  theme: Theme;
  recentSearches: string[];
  vehicleFilters: Filters;
  customerFilters: Filters;
  rentalFilters: Filters;
  locale: LocaleSettings;
}

export const DEFAULT_LOCALE: LocaleSettings = {
  selectedLanguage: DEFAULT_LANGUAGE,
  selectedRegion: DEFAULT_REGION,
  selectedCurrency: DEFAULT_CURRENCY,
  currencySymbol: '$',
  regionDetected: false,
  regionChosen: false,
  geolocationEnabled: true,
};

export const DEFAULT_STATE: AppState = {
  sidebarCollapsed: false,
  theme: 'light',
  recentSearches: [],
  vehicleFilters: {},
  customerFilters: {},
  rentalFilters: {},
  locale: DEFAULT_LOCALE,
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Merge stored state over defaults. Only known keys are taken, a stored value must have the
 * default's type (a corrupted or older shape cannot break the shell), and nested objects
 * (filters, locale) are merged one level deep.
 */
export function mergePersisted(defaults: AppState, stored: unknown): AppState {
  if (!isPlainObject(stored)) return defaults;
  const inner = isPlainObject(stored.state) ? stored.state : undefined;
  if (!inner) return defaults;
  if (typeof stored.version === 'number' && stored.version > PERSISTED_STATE_VERSION) return defaults;
  const out: Record<string, unknown> = { ...defaults };
  for (const [key, def] of Object.entries(defaults)) {
    const value = inner[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(def)) {
      if (Array.isArray(value)) out[key] = value.filter((v) => typeof v === 'string');
    } else if (isPlainObject(def)) {
      if (isPlainObject(value)) out[key] = mergeShallowTyped(def, value, key.endsWith('Filters'));
    } else if (typeof value === typeof def) {
      out[key] = value;
    }
  }
  const merged = out as unknown as AppState;
  if (merged.theme !== 'light' && merged.theme !== 'dark') merged.theme = defaults.theme;
  merged.recentSearches = merged.recentSearches.slice(0, RECENT_SEARCHES_LIMIT);
  return merged;
}

function mergeShallowTyped(
  def: Record<string, unknown>,
  value: Record<string, unknown>,
  openShape: boolean,
): Record<string, unknown> {
  // Filters are open-ended (each page defines its own); locale has a fixed shape.
  if (openShape) return { ...def, ...value };
  const out: Record<string, unknown> = { ...def };
  for (const [k, d] of Object.entries(def)) {
    if (typeof value[k] === typeof d) out[k] = value[k];
  }
  return out;
}

function readStorage(): AppState {
  try {
    const raw = globalThis.localStorage?.getItem(STATE_KEY);
    return raw ? mergePersisted(DEFAULT_STATE, JSON.parse(raw)) : DEFAULT_STATE;
  } catch {
    return DEFAULT_STATE;
  }
}

let current: AppState = readStorage();
const listeners = new Set<() => void>();

function persist(): void {
  try {
    localStorage.setItem(STATE_KEY, JSON.stringify({ state: current, version: PERSISTED_STATE_VERSION }));
  } catch {
    // Storage full or disabled: the state still works for this page load.
  }
}

export function getAppState(): AppState {
  return current;
}

export function setAppState(update: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
  const patch = typeof update === 'function' ? update(current) : update;
  current = { ...current, ...patch };
  persist();
  for (const l of listeners) l();
}

/** Re-read storage (tests, or another tab changed it). */
export function reloadAppState(): void {
  current = readStorage();
  for (const l of listeners) l();
}

export function subscribeAppState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppState<T>(selector: (s: AppState) => T): T {
  return useSyncExternalStore(
    subscribeAppState,
    () => selector(current),
    () => selector(DEFAULT_STATE),
  );
}

/** Newest first, no duplicates (case-insensitive), at most 10. */
export function withRecentSearch(list: string[], term: string): string[] {
  const t = term.trim();
  if (!t) return list;
  return [t, ...list.filter((x) => x.toLowerCase() !== t.toLowerCase())].slice(0, RECENT_SEARCHES_LIMIT);
}

export function addRecentSearch(term: string): void {
  setAppState((s) => ({ recentSearches: withRecentSearch(s.recentSearches, term) }));
}

/**
 * The region screens format with: the user's own choice when they made one, else the company's
 * region (signed in), else the stored default (signed out, e.g. the landing page).
 */
export function displayRegion(locale: LocaleSettings, companyRegion: string | undefined): string {
  if (locale.regionChosen || !companyRegion) return locale.selectedRegion;
  return companyRegion;
}

export function setLocale(patch: Partial<LocaleSettings>): void {
  setAppState((s) => ({ locale: { ...s.locale, ...patch } }));
}

if (typeof window !== 'undefined') {
  // Keep tabs in step (theme, sidebar, language) when another tab writes the state.
  window.addEventListener('storage', (e) => {
    if (e.key === STATE_KEY) reloadAppState();
  });
}
