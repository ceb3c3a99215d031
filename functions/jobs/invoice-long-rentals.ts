import { defineFanOutJob } from '../lib/jobs/fan-out';
import { invoiceUnit, invoicingUnits, type InvoicingUnit } from '../finance/api';

/**
 * Scheduled job (events/schedules.ts 'invoice-long-rentals', hourly, fans out): issues the invoice of each
 * ended billing period of active open-ended rentals with autoGenerateInvoice (functions/finance/invoicing.ts).
 * Units: a page (at most 25) of one company's due rentals found in G#INVOICING_DUE (keys only); a unit
 * issues those rentals' due periods, idempotent through the per-(rental, period) markers.
 */
export const job = defineFanOutJob<InvoicingUnit>({
  name: 'invoice-long-rentals',
  reads: ['G#INVOICING_DUE'],
  units: (ctx) => invoicingUnits(ctx.now),
  unit: (ctx, unit) => invoiceUnit(ctx.now, unit),
});
export const handler = job.handler;
