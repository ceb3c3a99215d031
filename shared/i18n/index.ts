/**
 * i18n catalogs, one file per area, merged here. Each area file exports
 * `{ en: {...}, ar: {...} }` with identical key sets (checked by catalog.test.ts).
 *
 * Adding an area: create `shared/i18n/<area>.ts` and add one `addArea('<area>', <area>)` line
 * below (eager: in the sign-in bundle), or call `addArea` from the module of the page that
 * needs it (lazy: shipped with that page's chunk, as features/legal does).
 * Keys are then read as `<area>.<key>` (e.g. t('auth.signIn')).
 *
 * Lazy areas today: `landing` (registered by web/src/components/public/PublicHeader.tsx) and
 * `legal` (web/src/features/legal/InfoPage.tsx).
 */
import { common } from './common';
import { auth } from './auth';
import { shell } from './shell';

export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Dict {
  [key: string]: string | Dict;
}
export type Catalog = Record<Language, Dict>;

const areas = new Map<string, Catalog>();
const listeners = new Set<(name: string, catalog: Catalog) => void>();

/** Register an area's catalog. Re-registering the same name replaces it (hot reload). */
export function addArea(name: string, catalog: Catalog): void {
  areas.set(name, catalog);
  for (const listener of listeners) listener(name, catalog);
}

/** Called for areas added after start-up (lazy pages); returns an unsubscribe function. */
export function onAreaAdded(listener: (name: string, catalog: Catalog) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The merged table for one language: `{ [area]: dict }`. */
export function tableFor(language: Language): Dict {
  const table: Dict = {};
  for (const [name, catalog] of areas) table[name] = catalog[language];
  return table;
}

export function areaNames(): string[] {
  return [...areas.keys()];
}

/**
 * A message that depends on a count: one form per CLDR plural category its language uses (`Intl.PluralRules`), e.g.
 * English `{ one: '{{count}} row', other: '{{count}} rows' }`, Arabic zero/one/two/few/many/other. The web's `t(key,
 * { count })` picks the form (web/src/i18n); `other` is always there. A plural message is one leaf of its catalog.
 */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

export function isPlural(value: unknown): value is Record<string, string> & { other: string } {
  if (!value || typeof value !== 'object') return false;
  const keys = Object.keys(value);
  return keys.includes('other') && keys.every((k) => (PLURAL_FORMS as readonly string[]).includes(k));
}

const pluralRules = new Map<Language, Intl.PluralRules>();
/** The plural category of `count` in a language. */
export function pluralForm(language: Language, count: number): PluralForm {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count) as PluralForm;
}

/**
 * A message's text for these parameters outside the web's `t` (tests, e-mails): a plural message's form for
 * `params.count` (or `params.n`) in the language, its `other` form when it lacks that one, then `{{name}}` filled.
 */
export function messageText(
  language: Language,
  message: string | Dict,
  params: Record<string, string | number> = {},
): string {
  let text = '';
  if (typeof message === 'string') text = message;
  else if (isPlural(message)) {
    const form = pluralForm(language, Number(params.count ?? params.n ?? Number.NaN));
    text = message[form] ?? message.other;
  }
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Every leaf key path of a dictionary, e.g. ['nav.signIn', ...]; a plural message is one leaf. */
export function keyPaths(dict: Dict, prefix = ''): string[] {
  return Object.entries(dict).flatMap(([key, value]) =>
    typeof value === 'string' || isPlural(value) ? [prefix + key] : keyPaths(value, `${prefix}${key}.`),
  );
}

/** Keys present in one language and not the other, as `lang:path`. Empty when complete. */
export function missingKeys(catalog: Catalog): string[] {
  const en = new Set(keyPaths(catalog.en));
  const ar = new Set(keyPaths(catalog.ar));
  return [
    ...[...en].filter((k) => !ar.has(k)).map((k) => `ar:${k}`),
    ...[...ar].filter((k) => !en.has(k)).map((k) => `en:${k}`),
  ];
}

addArea('common', common);
addArea('auth', auth);
addArea('shell', shell);
