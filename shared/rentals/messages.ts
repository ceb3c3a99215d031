/**
 * Sentences the rentals API sends that are not schema messages (those are RENTAL_MESSAGES in
 * shared/schemas/rentals.ts). Defined once: the server sends them, the web registers them
 * (registerMessages('rentals.messages', …)) and shows `rentals.messages.<key>` in the reader's language.
 */
export const RENTAL_SERVER_MESSAGES = {
  staffCloseRefused: 'Staff cannot close a rental with an outstanding balance. Record the payment or ask a manager.',
  refundOverPaid: 'Refund cannot exceed the amount paid',
  paymentOverBalance: 'Payment cannot exceed the balance due. Record the security deposit separately.',
  refundOverDeposit: 'Refund cannot exceed the security deposit held',
  vehicleArchived: 'This vehicle is archived and cannot be booked',
  vehicleOutOfService: 'This vehicle is out of service and cannot be booked',
  blacklisted: 'This customer is blacklisted and cannot rent',
  blacklistWarning: 'This customer matches the blacklist. Acknowledge the warning to continue.',
  returnBeforePickup: 'Return date cannot be before the start date',
  invoicingFinished: 'Invoicing settings cannot be changed once the rental is completed, cancelled or archived',
  invoicingOpenEndedOnly:
    'Only open-ended rentals are invoiced by period. A rental with a return date is invoiced after its return.',
  /** Issue 27: the refusal names the documents and their expiry dates (details.template + params.documents). */
  documentLapsed:
    'A required document has expired by the start of this rental: {{documents}}. Upload the renewed document first.',
} as const;
