/**
 * What other domains (and jobs) may use from customers: the customer item's key and loyalty
 * fields (rentals keep the counters in their own transactions), and blacklist matching (bookings
 * check it). The only customers module imported from outside functions/customers/
 * (functions/lib/boundaries.test.ts enforces it).
 */
export { customerKey, loyaltyFields } from './model';
export { blacklistMatchesFor } from './blacklist-data';
export type { SeededCustomer } from './seed';
/** The ID-scan readers (PDF text layer, text an image carries, MRZ via `mrz`): documents' analysis reuses them. */
export { extractPdfText } from './id-scan/pdf-text';
export { imageText } from './id-scan/image-text';
export { readMrz, sniffType, labelledDate } from './id-scan/extract';

/** Whether the company has at least one customer (one Query of one item; the dashboard's setup steps). */
export async function hasCustomers(tenantId: string): Promise<boolean> {
  const { queryPage } = await import('../lib/data/repo');
  const { tenantPk } = await import('../lib/data/keys');
  const page = await queryPage({ tenantId, pk: tenantPk(tenantId, 'CUSTOMER'), limit: 1 });
  return page.items.length > 0;
}
