import * as z from 'zod';
import { pageOf } from './page';

/** Scheduled invoicing of long rentals (issue 10): run list, "Run now", the rentals due next. */
export const listInvoicingRunsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  cursor: z.string().max(2000).optional(),
});
export const runInvoicingBody = z.object({}).strict();

export const invoicingRunSchema = z.object({
  runId: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: z.string(),
  finishedAt: z.string(),
  rentalsChecked: z.number().int(),
  invoicesCreated: z.number().int(),
  /** Periods passed over because nothing was left to invoice in them (issue 26: only then). */
  periodsSkipped: z.number().int(),
  /** Periods another run was invoicing at the same moment (that run records them). */
  periodsTaken: z.number().int(),
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string().nullable(),
      rentalId: z.string(),
      rentalReference: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      total: z.number(),
    }),
  ),
  /** Periods that could not be invoiced, with the reason; the next run tries them again. */
  failures: z.array(
    z.object({
      rentalId: z.string(),
      rentalReference: z.string(),
      periodStart: z.string(),
      periodEnd: z.string().optional(),
      error: z.string(),
    }),
  ),
});
export type InvoicingRun = z.infer<typeof invoicingRunSchema>;
export const invoicingRunListSchema = pageOf(invoicingRunSchema);

export const invoicingScheduleItemSchema = z.object({
  rentalId: z.string(),
  referenceNumber: z.string(),
  customerName: z.string(),
  billingFrequency: z.enum(['daily', 'monthly']),
  nextPeriodStart: z.string(),
  nextPeriodEnd: z.string(),
  nextInvoiceAt: z.string(),
  lastInvoicedDate: z.string().nullable(),
});
export type InvoicingScheduleItem = z.infer<typeof invoicingScheduleItemSchema>;
export const invoicingScheduleSchema = z.object({ items: z.array(invoicingScheduleItemSchema) });
