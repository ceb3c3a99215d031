import type { Dict, Language } from './index';

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
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
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
