import * as z from 'zod';
import { isCalendarDate } from '../accounting/journal';
import { cursor, entityId, shortText, text } from './fields';
import { taxAddressSchema } from './settings/company';
import { edocSummarySchema } from './einvoicing';
import { INVOICE_STATUSES, type InvoiceStatusValue, INVOICE_MESSAGES } from './invoices-constants';
export * from './invoices-constants';

/**
 * Invoices (issue 19; business-data §3 invoices, financial_documents; DESIGN.md §5). Money is
 * answered in decimals under the spec's names; dates are company calendar dates YYYY-MM-DD.
 * The same schemas validate the web forms and the API bodies.
 */

const calendarDate = z
  .string({ error: INVOICE_MESSAGES.dateInvalid })
  .trim()
  .refine(isCalendarDate, { error: INVOICE_MESSAGES.dateInvalid });

export const invoiceIdParams = z.object({ id: entityId() });

export const createInvoiceSchema = z
  .object({
    rentalId: entityId(INVOICE_MESSAGES.rentalRequired),
    /** One billing period of a long rental: charges posted on these company dates (inclusive). */
    periodStart: calendarDate.optional(),
    periodEnd: calendarDate.optional(),
  })
  .superRefine((v, ctx) => {
    if (!!v.periodStart !== !!v.periodEnd)
      ctx.addIssue({
        code: 'custom',
        path: [v.periodStart ? 'periodEnd' : 'periodStart'],
        message: INVOICE_MESSAGES.periodBoth,
      });
    else if (v.periodStart && v.periodEnd && v.periodEnd < v.periodStart)
      ctx.addIssue({ code: 'custom', path: ['periodEnd'], message: INVOICE_MESSAGES.periodOrder });
  });
export type CreateInvoiceBody = z.output<typeof createInvoiceSchema>;

/** What a draft lets change (an issued invoice answers 409 INVOICE_LOCKED). */
export const updateInvoiceSchema = z
  .object({
    dueDate: calendarDate.optional(),
    notes: text(1000).optional(),
    customerVatNumber: z.string().trim().max(30).optional(),
    /** The buyer's national address for e-invoices (issue 29): a standard Saudi invoice needs it. */
    buyerAddress: taxAddressSchema.optional(),
    language: z.enum(['en', 'ar']).optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'version'), { error: 'Nothing to change' });
export type UpdateInvoiceBody = z.output<typeof updateInvoiceSchema>;

export const creditNoteSchema = z.object({
  reason: z.string({ error: INVOICE_MESSAGES.reasonRequired }).trim().min(1, INVOICE_MESSAGES.reasonRequired).max(500),
});
export type CreditNoteBody = z.output<typeof creditNoteSchema>;

/**
 * A debit note (issue 29): further charges on an issued invoice's rental (a late fuel or kilometre charge, damage
 * found after the return), as its own numbered document (DN-) referencing the invoice. Each line is a rental charge
 * as POST /rentals/{id}/charges takes it (the amount is read with the rental's tax setting, as every charge).
 */
export const DEBIT_NOTE_CATEGORIES = ['fuel_charges', 'extra_km', 'late_fees', 'damage_fees', 'other'] as const;
export const debitNoteSchema = z.object({
  reason: z
    .string({ error: INVOICE_MESSAGES.debitReasonRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.debitReasonRequired)
    .max(500),
  lines: z
    .array(
      z.object({
        category: z.enum(DEBIT_NOTE_CATEGORIES).default('other'),
        label: z
          .string({ error: INVOICE_MESSAGES.debitLabelRequired })
          .trim()
          .min(1, INVOICE_MESSAGES.debitLabelRequired)
          .max(200),
        amount: z
          .number({ error: INVOICE_MESSAGES.debitAmountRequired })
          .positive(INVOICE_MESSAGES.debitAmountRequired)
          .max(10_000_000)
          .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, INVOICE_MESSAGES.debitAmountRequired),
      }),
      { error: INVOICE_MESSAGES.debitLinesRequired },
    )
    .min(1, INVOICE_MESSAGES.debitLinesRequired)
    .max(10, INVOICE_MESSAGES.debitLinesRequired),
});
export type DebitNoteBody = z.output<typeof debitNoteSchema>;

/** Which document of an invoice the PDF and XML routes answer; a debit note by its id (default: the latest). */
export const invoiceDocumentQuery = z.object({
  document: z.enum(['invoice', 'credit_note', 'debit_note']).default('invoice'),
  debitNoteId: entityId().optional(),
});
export type InvoiceDocumentQuery = z.output<typeof invoiceDocumentQuery>;

export const emailInvoiceSchema = z.object({
  /** Default: the customer's email. */
  to: z
    .string()
    .trim()
    .max(254)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, INVOICE_MESSAGES.emailInvalid)
    .optional(),
});
export type EmailInvoiceBody = z.output<typeof emailInvoiceSchema>;

export const listInvoicesQuery = z
  .object({
    status: z.enum([...INVOICE_STATUSES, 'open', 'overdue']).optional(),
    customerId: entityId().optional(),
    rentalId: entityId().optional(),
    /** Number, customer name or rental reference. */
    q: shortText().optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    cursor: cursor().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: INVOICE_MESSAGES.toBeforeFrom });
  });
export type ListInvoicesQuery = z.output<typeof listInvoicesQuery>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const invoiceLineSchema = z.object({
  chargeId: z.string(),
  category: z.string(),
  description: z.string(),
  descriptionCode: z.string().nullable().optional(),
  descriptionParams: z.record(z.string(), z.string()).optional(),
  /** Units (days, km…) × unitPrice (net of VAT) = net, exactly (shared/invoices/totals.ts). */
  quantity: z.number(),
  unitPrice: z.number(),
  net: z.number(),
  vatCode: z.string().nullable(),
  /** The line's own VAT rate (percent) and VAT: rounded per line, summed per invoice. */
  vatRate: z.number(),
  vatAmount: z.number(),
  /** Older names of vatRate and vatAmount, kept for existing clients. */
  vatRatePercent: z.number(),
  vat: z.number(),
  total: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

const partySchema = z.object({
  name: z.string(),
  nameArabic: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  vatNumber: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  rentalId: z.string(),
  rentalReference: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customer: partySchema,
  buyerAddress: taxAddressSchema.nullable().optional(),
  seller: partySchema,
  region: z.string(),
  currency: z.string(),
  scope: z.enum(['rental', 'period']),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  supplyDate: z.string().nullable(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  issuedAt: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  subtotal: z.number(),
  vat: z.number(),
  total: z.number(),
  amountPaid: z.number(),
  /** Of amountPaid, what was paid from the rental's security deposit (absent: none). */
  depositApplied: z.number().optional(),
  balance: z.number(),
  notes: z.string(),
  language: z.enum(['en', 'ar']),
  creditNoteId: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  pdfVersion: z.number(),
  hasPdf: z.boolean(),
  emailedAt: z.string().nullable().optional(),
  emailedTo: z.string().nullable().optional(),
  overdue: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const creditNoteSchemaOut = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  reason: z.string(),
  subtotal: z.number(),
  vat: z.number(),
  total: z.number(),
  issueDate: z.string(),
  hasPdf: z.boolean(),
  /** Its e-invoice document (issue 29), null when the company issues none. */
  einvoice: edocSummarySchema.nullable().optional(),
});
export type CreditNote = z.infer<typeof creditNoteSchemaOut>;

export const debitNoteSchemaOut = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  reason: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotal: z.number(),
  vat: z.number(),
  total: z.number(),
  issueDate: z.string(),
  issuedAt: z.string(),
  hasPdf: z.boolean(),
  einvoice: edocSummarySchema.nullable(),
});
export type DebitNote = z.infer<typeof debitNoteSchemaOut>;

/**
 * The detail answer: the invoice with its credit note. Its payments and the customer's credit
 * are GET /invoices/{id}/payments (the payments domain's own answer).
 */
export const invoiceDetailSchema = invoiceSchema.extend({
  creditNote: creditNoteSchemaOut.nullable(),
  /** The invoice's e-invoice document (issue 29): null when the company issues none (or for a draft). */
  einvoice: edocSummarySchema.nullable(),
  /** Its debit notes (further charges after issue), oldest first. */
  debitNotes: z.array(debitNoteSchemaOut),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceListSchema = z.object({
  items: z.array(invoiceSchema),
  nextCursor: z.string().nullable(),
  /** Totals of the items of this page (amounts in the company currency). */
  totals: z.object({ total: z.number(), amountPaid: z.number(), balance: z.number(), count: z.number() }),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const invoicePdfSchema = z.object({ url: z.string(), fileName: z.string() });
export const invoiceEmailAnswerSchema = z.object({ sentTo: z.string(), messageId: z.string().nullable() });
