/**
 * Words a person reads (issue 27): what turns the machine's words — `oil_change`, `auth.login`,
 * `2026-11-26T08:00:00.000Z` — into the reader's, in English and Arabic, on the company's clock.
 * Used by the web (alerts, audit log) and by the functions (PDFs, emails) alike, and by the
 * raw-text test, which fails on what these leave behind (RAW_TEXT_PATTERNS).
 */
import { formatDate, formatDateTime } from './regions';

export type ReadableLanguage = 'en' | 'ar';

/** The date formatters a text is rendered with: the company's region, the reader's language, the company's zone. */
export interface TextFormat {
  language: ReadableLanguage;
  /** A calendar date ('YYYY-MM-DD') or an instant's date on the company's calendar. */
  date: (value: string) => string;
  dateTime: (value: string) => string;
}

export function textFormat(
  region: string | null | undefined,
  language: ReadableLanguage,
  timeZone?: string,
): TextFormat {
  const safe = (fn: (v: string) => string) => (v: string) => {
    try {
      return fn(v);
    } catch {
      return v;
    }
  };
  return {
    language,
    date: safe((v) => formatDate(v, region, language, timeZone ? { timeZone } : {})),
    dateTime: safe((v) => formatDateTime(v, region, language, timeZone ? { timeZone } : {})),
  };
}

/** An ISO 8601 instant inside a text (with optional seconds, fraction and offset). */
const ISO_INSTANT = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?/g;
/** A calendar date inside a text. */
const ISO_DATE = /\b\d{4}-\d\d-\d\d\b/g;
/** A snake_case code (two or more words joined by underscores). */
const SNAKE = /\b[a-z]+(?:_[a-z0-9]+)+\b/g;
/** A dotted message key (three or more lower-case parts), not an e-mail address or a host name. */
const DOTTED = /(?<![@\w.])[a-z]+(?:\.[a-z_]+){2,}(?![\w@])/g;

/**
 * What the raw-text test fails on: a snake_case code, a dotted message key of 3+ parts, or an ISO
 * timestamp. E-mail addresses, URLs and file names are removed first (they are allowed).
 */
export const RAW_TEXT_PATTERNS = {
  snake: /\b[a-z]+_[a-z_]+\b/,
  dotted: /\b[a-z]+\.[a-z]+\.[a-z.]+\b/,
  iso: /\d{4}-\d\d-\d\dT\d\d:/,
} as const;

/** The raw bits of a text a person should never read (empty when clean). */
export function rawBits(text: string): string[] {
  const cleaned = text
    .replace(/\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g, ' ') // e-mail addresses
    .replace(/\bhttps?:\/\/\S+/g, ' ') // URLs
    .replace(/(?:^|\s)\/[\w\-/?=&.%]+/g, ' ') // app paths (/dashboard/security?tab=risk)
    .replace(/\b[\w-]+\.(?:pdf|png|jpe?g|csv|json)\b/gi, ' '); // file names
  const found: string[] = [];
  for (const [name, re] of Object.entries(RAW_TEXT_PATTERNS)) {
    const m = new RegExp(re.source, 'g');
    for (const hit of cleaned.matchAll(m)) found.push(`${name}: ${hit[0]}`);
  }
  return found;
}

/** `oil_change` → "Oil change"; `auth.login_failed` → "Auth login failed" (last-resort fallback). */
export function humanizeCode(code: string): string {
  const words = code.replace(/[._]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : words;
}

/**
 * A stored legacy text made readable: ISO instants and dates in the company's format, codes
 * translated through `label` when it knows them, else humanized. For texts written before
 * message keys were stored (old alerts, audit notes).
 */
export function readableText(text: string, fmt: TextFormat, label?: (code: string) => string | undefined): string {
  return text
    .replace(ISO_INSTANT, (iso) => fmt.dateTime(iso))
    .replace(ISO_DATE, (d) => fmt.date(d))
    .replace(DOTTED, (code) => label?.(code) ?? humanizeCode(code).toLowerCase())
    .replace(SNAKE, (code) => label?.(code) ?? humanizeCode(code).toLowerCase());
}

/** Fills `{{name}}` placeholders (the web's i18n syntax) from params; unknown ones are left empty. */
export function fill(template: string, params: Record<string, string | number | undefined>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => (params[k] === undefined ? '' : String(params[k])));
}
