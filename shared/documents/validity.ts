/**
 * Documents' scopes and validity (issue 7): plain constants and one function, with no schema
 * library, so that a Lambda reading documents for another domain (rentals' booking check) does not
 * load the documents API's zod schemas. shared/schemas/documents.ts re-exports them.
 */
import { daysBetween } from '../calendar';
export const DOCUMENT_SCOPES = ['vehicle', 'customer', 'company'] as const;
export type DocumentScope = (typeof DOCUMENT_SCOPES)[number];
export const DOCUMENT_VALIDITY = ['valid', 'expiring_soon', 'expired', 'no_expiry'] as const;
export type DocumentValidity = (typeof DOCUMENT_VALIDITY)[number];
export const DEFAULT_REMINDER_THRESHOLD_DAYS = 30;

/** Validity of a document on the company's calendar day `today` (YYYY-MM-DD). */
export function documentValidity(
  expiryDate: string | null | undefined,
  today: string,
  thresholdDays = DEFAULT_REMINDER_THRESHOLD_DAYS,
): { validity: DocumentValidity; daysLeft: number | null } {
  if (!expiryDate) return { validity: 'no_expiry', daysLeft: null };
  const daysLeft = daysBetween(today, expiryDate);
  if (daysLeft < 0) return { validity: 'expired', daysLeft };
  if (daysLeft <= thresholdDays) return { validity: 'expiring_soon', daysLeft };
  return { validity: 'valid', daysLeft };
}
