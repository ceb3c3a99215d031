/**
 * Web side of i18n: one rosetta instance fed from the shared catalogs, the current language
 * (localStorage key `sy_language`, default English) and the `useT()` hook.
 * Arabic sets <html dir="rtl" lang="ar">; layouts use logical utilities (ms-/pe-/start-) so
 * they mirror without per-language code.
 */
import rosetta from 'rosetta';
import { useCallback, useSyncExternalStore } from 'react';
import { LANGUAGES, isPlural, onAreaAdded, pluralForm, tableFor, type Dict, type Language } from '../../../shared/i18n';
import { setLocale } from '../lib/persisted-state';

export type { Language };
export const LANGUAGE_KEY = 'sy_language';
export const DEFAULT_LANGUAGE: Language = 'en';

const i18n = rosetta<Dict>();
for (const lang of LANGUAGES) i18n.set(lang, tableFor(lang));

let version = 0;
const listeners = new Set<() => void>();
function notify(): void {
  version += 1;
  for (const l of listeners) l();
}

// Areas registered later by lazily loaded pages (e.g. legal) join the live instance.
onAreaAdded((name, catalog) => {
  for (const lang of LANGUAGES) i18n.set(lang, { [name]: catalog[lang] });
  notify();
});

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

function readLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyToDocument(lang: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
}

i18n.locale(readLanguage());
applyToDocument(i18n.locale() as Language);

export function getLanguage(): Language {
  return i18n.locale() as Language;
}

export function setLanguage(lang: Language): void {
  if (!isLanguage(lang)) return;
  i18n.locale(lang);
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Storage disabled: the choice lasts for this page load.
  }
  setLocale({ selectedLanguage: lang });
  applyToDocument(lang);
  notify();
}

export type TParams = Record<string, string | number>;
export type TFunction = (key: string, params?: TParams) => string;

/**
 * One language's text for a key: a plural message (shared/i18n `isPlural`) gives the form of `params.count` (or
 * `params.n`) in that language, falling back to its `other` form.
 */
function textIn(lang: Language, key: string, params: TParams): unknown {
  const value = i18n.t(key, params, lang);
  if (!isPlural(value)) return value;
  const form = pluralForm(lang, Number(params.count ?? params.n ?? Number.NaN));
  return i18n.t(`${key}.${value[form] ? form : 'other'}`, params, lang);
}

/** Translate outside React (toasts fired from event handlers, service worker prompt). */
export const t: TFunction = (key, params) => {
  const value = textIn(getLanguage(), key, params ?? {});
  if (typeof value === 'string' && value) return value;
  // A missing Arabic key falls back to English; a missing key shows itself so it gets noticed.
  const en = textIn('en', key, params ?? {});
  return typeof en === 'string' && en ? en : key;
};

/** A sub-tree of the current table, for pages that render a list of sections. */
export function tableAt(path: string, lang: Language = getLanguage()): Dict | undefined {
  let node: string | Dict | undefined = (i18n.table(lang) as Dict | undefined) ?? undefined;
  for (const part of path.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node && typeof node !== 'string' ? node : undefined;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders on language change and when a lazy area arrives. */
function useI18nVersion(): string {
  return useSyncExternalStore(
    subscribe,
    () => `${i18n.locale()}:${version}`,
    () => `${DEFAULT_LANGUAGE}:0`,
  );
}

export function useT(): TFunction {
  const v = useI18nVersion();
  // A new function identity per language/version so memoised children re-render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback<TFunction>((key, params) => t(key, params), [v]);
}

export function useLanguage(): { language: Language; dir: 'rtl' | 'ltr'; setLanguage: (l: Language) => void } {
  useI18nVersion();
  const language = getLanguage();
  return { language, dir: language === 'ar' ? 'rtl' : 'ltr', setLanguage };
}
