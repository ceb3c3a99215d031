import * as z from 'zod';
import { BLACKLIST_STATUSES } from '../customers/blacklist-match';
import { blankToNull, isValidPhone } from './customers';
import { cursor, shortText, text } from './fields';
import { messageKeysOf } from './message-keys';

/**
 * Blacklist schemas (business-data-and-rules §3 blacklisted_customers: fullName, licenseNumber,
 * phoneNumber, reason, status active|reviewed|removed).
 *
 * Decisions:
 * - fullName and reason are required: an entry nobody can recognise or explain helps no one.
 *   Licence and phone are optional but are the strong identifiers for matching.
 * - New entries are always 'active'. Only managers edit an entry or change its status; there is
 *   no delete: 'removed' keeps the history of who was blacklisted and why.
 */
export const BLACKLIST_MESSAGES = {
  fullNameRequired: 'Full name is required',
  reasonRequired: 'Reason is required',
  invalidPhone: 'Invalid phone number',
  tooLong: 'Too long',
} as const;
export type BlacklistMessageKey = keyof typeof BLACKLIST_MESSAGES;
export const BLACKLIST_MESSAGE_KEYS: Record<string, BlacklistMessageKey> =
  /* @__PURE__ */ messageKeysOf(BLACKLIST_MESSAGES);

const optionalText = (max: number) =>
  text(max, { tooLong: BLACKLIST_MESSAGES.tooLong }).nullish().transform(blankToNull);

const phoneNumber = text(30, { tooLong: BLACKLIST_MESSAGES.invalidPhone })
  .nullish()
  .refine((v) => !v || isValidPhone(v), BLACKLIST_MESSAGES.invalidPhone)
  .transform(blankToNull);

const fullName = text(200, { required: BLACKLIST_MESSAGES.fullNameRequired, tooLong: BLACKLIST_MESSAGES.tooLong }).min(
  1,
  BLACKLIST_MESSAGES.fullNameRequired,
);
const reason = text(1000, { required: BLACKLIST_MESSAGES.reasonRequired, tooLong: BLACKLIST_MESSAGES.tooLong }).min(
  1,
  BLACKLIST_MESSAGES.reasonRequired,
);

export const blacklistCreateSchema = z.object({
  fullName,
  licenseNumber: optionalText(50),
  phoneNumber,
  reason,
});
export type BlacklistCreateInput = z.input<typeof blacklistCreateSchema>;

export const blacklistUpdateSchema = z.object({
  fullName: fullName.optional(),
  licenseNumber: optionalText(50),
  phoneNumber,
  reason: reason.optional(),
  status: z.enum(BLACKLIST_STATUSES).optional(),
  version: z.number().int().positive().optional(),
});
export type BlacklistUpdateInput = z.input<typeof blacklistUpdateSchema>;

export const blacklistListQuerySchema = z.object({
  /** Search text (the same `q` on every list). */
  q: shortText().optional(),
  status: z.enum([...BLACKLIST_STATUSES, 'all']).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursor().optional(),
});
export type BlacklistListQuery = z.output<typeof blacklistListQuerySchema>;
