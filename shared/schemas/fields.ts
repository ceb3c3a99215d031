import * as z from 'zod';
import { FIELD_MESSAGES } from './field-messages';

/**
 * The field rules every request schema is built from, so no input reaches a handler that could
 * break it (issue 9, "Inputs that cannot break the API"):
 * - every string has a maximum length (`text`, `name`, `shortText`, `longText`, `secret`);
 * - dates are real calendar dates ('YYYY-MM-DD': 2027-02-30 and month 13 are refused, never
 *   silently moved) and date-times are ISO 8601 with a time zone (Z or ±hh:mm), on a real date
 *   and a real time of day;
 * - ids are ULIDs (what every entity id is), so a key can never contain '#' or control characters.
 * Each rule takes the domain's own message where the spec gives one; otherwise FIELD_MESSAGES
 * (translated in shared/i18n/common.ts under `fields`). The JSON Schema of the OpenAPI document
 * shows `maxLength` and `format: date | date-time` for these fields.
 */
export { FIELD_MESSAGES };

/** Maximum lengths, in characters. */
export const TEXT_LIMITS = {
  /** Codes, plate parts, short labels. */
  short: 100,
  /** People's and companies' names, titles, descriptions of one line. */
  name: 200,
  /** Notes, reasons, addresses. */
  long: 5000,
  /** Cognito caps usernames at 128 and passwords at 256. */
  username: 128,
  password: 256,
  email: 254,
  /** Opaque cursors and S3 keys. */
  token: 2000,
} as const;

export interface TextOptions {
  /** Message when the value is missing or not a string (default FIELD_MESSAGES.invalidText). */
  required?: string;
  /** Message when longer than `max` (default FIELD_MESSAGES.tooLong). */
  tooLong?: string;
  /** Trim white space before checking (default true; never for passwords). */
  trim?: boolean;
}

/** A string of at most `max` characters (trimmed unless `trim: false`). */
/** C0 control characters and DEL, except tab and line breaks (NUL in a name or number is never meant). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** True when a text holds no control character (tab and line breaks allowed). */
export const hasNoControlCharacters = (value: string) => !CONTROL.test(value);

export function text(max: number, opts: TextOptions = {}) {
  const base = z.string({ error: opts.required ?? FIELD_MESSAGES.invalidText });
  return (opts.trim === false ? base : base.trim()).max(max, opts.tooLong ?? FIELD_MESSAGES.tooLong);
}
export const shortText = (opts?: TextOptions) => text(TEXT_LIMITS.short, opts);
export const name = (opts?: TextOptions) => text(TEXT_LIMITS.name, opts);
export const longText = (opts?: TextOptions) => text(TEXT_LIMITS.long, opts);
/** Passwords and keys: never trimmed. */
export const secret = (max: number = TEXT_LIMITS.password, opts: Omit<TextOptions, 'trim'> = {}) =>
  text(max, { ...opts, trim: false });

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for a 'YYYY-MM-DD' date that exists. (shared/customers/age.ts has the same rule; it is
 * repeated here so the sign-in page's schemas do not pull in the region tables.)
 */
export function isCalendarDate(value: unknown): value is string {
  const m = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** An entity id (a ULID). */
export const entityId = (message: string = FIELD_MESSAGES.invalidId) =>
  z.string({ error: message }).trim().regex(ULID, message);
export const isEntityId = (value: unknown): value is string => typeof value === 'string' && ULID.test(value);

/** A calendar date 'YYYY-MM-DD' that exists (2027-02-30 and 2026-13-01 are refused). */
export function calendarDate(message: string = FIELD_MESSAGES.invalidDate) {
  return z.string({ error: message }).trim().refine(isCalendarDate, message).meta({ format: 'date' });
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * True for an ISO 8601 date-time with a time zone on a real date and time of day:
 * 2026-03-01T10:00Z, 2026-03-01T10:00:00.000+04:00. Refuses 2027-02-30T10:00:00Z, 24:00, 10:60.
 */
export function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_TIME.exec(value);
  if (!m || !isCalendarDate(m[1])) return false;
  const [h, min, s] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return false;
  if (m[5] !== 'Z' && (Number(m[6]) > 14 || Number(m[7]) > 59)) return false;
  return Number.isFinite(Date.parse(value));
}

/** An ISO 8601 date-time with a time zone (see isDateTime), as sent. */
export function dateTime(message: string = FIELD_MESSAGES.invalidDateTime) {
  return z.string({ error: message }).trim().refine(isDateTime, message).meta({ format: 'date-time' });
}

/** A date-time normalised to UTC 'YYYY-MM-DDTHH:mm:ss.sssZ' (how instants are stored). */
export function utcDateTime(message: string = FIELD_MESSAGES.invalidDateTime) {
  return dateTime(message).transform((v) => new Date(v).toISOString());
}

/** Opaque list cursor. */
export const cursor = () => text(TEXT_LIMITS.token, { trim: false });
