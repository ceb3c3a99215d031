import * as z from 'zod';
import { BLACKLIST_STATUSES } from '../customers/blacklist-match';
import { pageOf } from './page';

/**
 * What the blacklist routes answer (functions/customers/blacklist-data.ts toBlacklistApi), next to
 * the request schemas in ./blacklist.ts. The web imports these types; nothing is retyped.
 */
export const blacklistEntrySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  licenseNumber: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  reason: z.string(),
  status: z.enum(BLACKLIST_STATUSES),
  addedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

export const BLACKLIST_MATCH_REASONS = ['license', 'phone', 'name'] as const;

/** One entry a customer resembles, why, and whether the match blocks renting (strong). */
export const blacklistMatchSchema = z.object({
  entry: blacklistEntrySchema,
  reasons: z.array(z.enum(BLACKLIST_MATCH_REASONS)),
  strong: z.boolean(),
});
export type BlacklistMatch = z.infer<typeof blacklistMatchSchema>;

export const blacklistPageSchema = pageOf(blacklistEntrySchema);
