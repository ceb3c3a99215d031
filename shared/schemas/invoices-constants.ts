/**
 * The zod-free half of invoices.ts: statuses and messages a Lambda imports without building the
 * invoices' zod schemas (cold-start time, `npm run bench` import lines). invoices.ts re-exports them.
 */

export const INVOICE_STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'void'] as const;

export type InvoiceStatusValue = (typeof INVOICE_STATUSES)[number];

export const INVOICE_MESSAGES = {
  rentalRequired: 'Choose a rental',
  dateInvalid: 'Enter a real date as YYYY-MM-DD',
  periodBoth: 'Give both the period start and the period end, or neither',
  periodOrder: 'The period end must be on or after its start',
  noCharges: 'There are no charges to invoice for this rental or period',
  alreadyInvoiced: 'Some of these charges are already on an issued invoice',
  locked: 'An issued invoice is locked. Issue a credit note to correct it.',
  notDraft: 'Only a draft invoice can be issued',
  creditNoteOnlyIssued: 'Only an issued invoice can be credited',
  reasonRequired: 'Give the reason for the credit note',
  emailRequired: 'Enter the email address to send the invoice to',
  emailInvalid: 'Enter a valid email address',
  noEmail: 'This customer has no email address. Enter one to send the invoice.',
  emailDraft: 'Issue the invoice before sending it',
  toBeforeFrom: '"To" must be on or after "from"',
  debitNoteOnlyIssued: 'Only an issued invoice can take a debit note',
  debitReasonRequired: 'Give the reason for the debit note',
  debitLinesRequired: 'Add one to 10 charges to the debit note',
  debitAmountRequired: 'Enter the amount of the charge',
  debitLabelRequired: 'Describe the charge',
  noDebitNote: 'This invoice has no debit note',
} as const;
