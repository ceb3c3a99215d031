import * as z from 'zod';
import { LOYALTY_TIERS } from '../customers/loyalty';
import { blacklistMatchSchema } from './blacklist-responses';
import { NOTE_VISIBILITIES } from './customers';
import { pageOf } from './page';

/**
 * What the customers routes answer (functions/customers/data.ts toCustomerApi, notes.ts,
 * documents.ts), next to the request schemas in ./customers.ts. Money is in decimal units, as
 * the server converts from minor units; age, young driver, eligibility and licence status are
 * derived for the company's region and today.
 */
const optionalText = z.string().nullish();

export const LICENSE_STATUSES = ['valid', 'expiring_soon', 'expired', 'none'] as const;

export const customerSchema = z.object({
  id: z.string(),
  fullNameEnglish: z.string(),
  fullNameArabic: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  email: optionalText,
  phone: optionalText,
  licenseNumber: optionalText,
  licenseIssuer: optionalText,
  licenseIssuedDate: optionalText,
  licenseExpiryDate: optionalText,
  dateOfBirth: optionalText,
  homeAddress: optionalText,
  fullAddress: optionalText,
  visaNumber: optionalText,
  nationalIdOrPassport: optionalText,
  countryOfOrigin: optionalText,
  emergencyContactName: optionalText,
  emergencyContactPhone: optionalText,
  emergencyContactRelationship: optionalText,
  gender: optionalText,
  preferredLanguage: z.string(),
  referralSource: optionalText,
  internalNotes: optionalText,
  behaviorFlags: z.array(z.string()),
  isVip: z.boolean(),
  isActive: z.boolean(),
  loyaltyScore: z.number(),
  loyaltyTier: z.enum(LOYALTY_TIERS),
  /** Progress to the next tier (null at platinum); spend in decimal units. */
  loyaltyNext: z.object({ tier: z.enum(LOYALTY_TIERS), rentalsNeeded: z.number(), spendNeeded: z.number() }).nullable(),
  rentalsCount: z.number(),
  completedRentals: z.number(),
  totalSpend: z.number(),
  /** Company-calendar day of the customer's latest pickup (kept with the rentals; absent before the first). */
  lastRentalDate: optionalText,
  addedDate: optionalText,
  age: z.number().nullable(),
  youngDriver: z.boolean(),
  eligibleToRent: z.boolean().nullable(),
  /** English reason from shared/customers/age.ts; the web derives its own translated text. */
  eligibilityReason: z.string().nullable(),
  licenseStatus: z.enum(LICENSE_STATUSES),
  licenseDocumentUrl: optionalText,
  idDocumentUrl: optionalText,
  version: z.number().int(),
  /** Present on create/update/profile answers when the customer resembles blacklist entries. */
  blacklistMatches: z.array(blacklistMatchSchema).optional(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerPageSchema = pageOf(customerSchema);

export const customerNoteSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  content: z.string(),
  visibility: z.enum(NOTE_VISIBILITIES),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;
export const customerNotePageSchema = pageOf(customerNoteSchema);

export { uploadTargetSchema, type UploadTarget } from './upload';
