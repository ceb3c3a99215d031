import { messageKeysOf } from './message-keys';
/**
 * Messages of the shared field rules (shared/schemas/fields.ts), in a module without zod so the
 * catalogs (shared/i18n/common.ts `fields.*`) can spread them without adding zod to the sign-in
 * page's first download. 'Too long' is the same text the customer and blacklist schemas already
 * used, so their translations keep working.
 */
export const FIELD_MESSAGES = {
  tooLong: 'Too long',
  invalidDate: 'Date must be a valid calendar date (YYYY-MM-DD)',
  invalidDateTime: 'Date and time must be a valid ISO 8601 date-time with a time zone (e.g. 2026-03-01T10:00:00Z)',
  invalidId: 'Invalid id',
  invalidText: 'Must be text',
  bodyTooLarge: 'The request is too large',
  noBody: 'This request takes no body',
  controlCharacters: 'Must not contain control characters',
} as const;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

/** English message → key, so the web can translate these field errors (common.fields.<key>). */
export const FIELD_MESSAGE_KEYS: Record<string, FieldMessageKey> = /* @__PURE__ */ messageKeysOf(FIELD_MESSAGES);
