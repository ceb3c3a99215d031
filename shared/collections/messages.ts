/**
 * Messages of the deposits, receivables and revenue-protection areas (English; Arabic in shared/i18n/collections.ts).
 */
export const COLLECTIONS_MESSAGES = {
  amountRequired: 'Amount is required',
  applyOverDeposit: 'Amount applied cannot exceed the deposit held',
  applyOverBalance: 'Amount applied cannot exceed the balance due',
  refundOverDeposit: 'Refund cannot exceed the security deposit held',
  nothingHeld: 'Nothing is held on this deposit',
  chargeLabelRequired: 'Describe the charge',
  asOfInvalid: 'Date must be YYYY-MM-DD',
  noEmail: 'This customer has no email address',
  nothingOpen: 'This customer has no open balance',
  remindedToday: 'This customer was already reminded today',
} as const;
export type CollectionsMessage = keyof typeof COLLECTIONS_MESSAGES;
