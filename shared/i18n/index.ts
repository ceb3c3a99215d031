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

// The plural rules live in their own module, free of the catalogs this one registers, so a Lambda that words a
// count in an e-mail imports them without the sign-in catalogs.
export { PLURAL_FORMS, isPlural, messageText, pluralForm, type PluralForm } from './plural';
import { isPlural } from './plural';

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
