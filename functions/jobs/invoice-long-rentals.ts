import { rootLogger } from '../lib/logger';
import { runInvoicing } from '../finance/api';

/**
 * Scheduled job (events/schedules.ts 'invoice-long-rentals', hourly): issues the invoice of each
 * ended billing period of active open-ended rentals with autoGenerateInvoice (functions/finance/invoicing.ts).
 */
export async function handler(event?: { time?: string }) {
  const now = event?.time ? new Date(event.time) : new Date();
  const result = await runInvoicing(Number.isNaN(now.getTime()) ? new Date() : now);
  rootLogger.info('invoice-long-rentals finished', { ...result });
  return result;
}
