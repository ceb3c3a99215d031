/**
 * What other domains (and jobs) may use from customers: the customer item's key and loyalty
 * fields (rentals keep the counters in their own transactions), and blacklist matching (bookings
 * check it). The only customers module imported from outside functions/customers/
 * (functions/lib/boundaries.test.ts enforces it).
 */
import { queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';

export { customerKey, loyaltyFields } from './model';
/** The customer counters rentals keep in their transactions, and their recomputation (self-check, demo). */
export { customerCounterItem, needsLastRental, writeTrueCounters } from './counters';
export { blacklistMatchesFor } from './blacklist-data';
export type { SeededCustomer } from './seed';
/** A file's type (the ID-scan reader's sniffing): documents' upload and analysis reuse it. */
export { sniffType } from './id-scan/sniff';
/**
 * The ID-scan rules (the machine-readable zone through the `mrz` parser and its tables, labelled
 * dates, the text an image carries), loaded when a document is analysed: a lazy chunk, so the
 * domains bundling this file (rentals and every domain reaching rentals) do not load the parser at
 * cold start.
 */
export const idScanRules = () => import('./id-scan/extract');

/** For the insights engine (issue 15): customers with a completed rental — counters only, at most `max`. */
export async function customersWhoRented(tenantId: string, max = 2000) {
  const rows = await queryAll<{
    id: string;
    fullNameEnglish: string;
    completedRentals?: number;
    totalSpendMinor?: number;
  }>({
    tenantId,
    pk: tenantPk(tenantId, 'CUSTOMER'),
    max,
    filter: { expression: '#c > :z', names: { '#c': 'completedRentals' }, values: { ':z': 0 } },
  });
  return rows.map((c) => ({
    id: c.id,
    name: c.fullNameEnglish,
    completedRentals: c.completedRentals ?? 0,
    totalSpendMinor: c.totalSpendMinor ?? 0,
  }));
}

/** Whether the company has at least one customer (one Query of one item; the dashboard's setup steps). */
export async function hasCustomers(tenantId: string): Promise<boolean> {
  const { queryPage } = await import('../lib/data/repo');
  const { tenantPk } = await import('../lib/data/keys');
  const page = await queryPage({ tenantId, pk: tenantPk(tenantId, 'CUSTOMER'), limit: 1 });
  return page.items.length > 0;
}
/** The older customer document items (CUSTOMER_DOC), read once by the documents-move migration. */
export { legacyCustomerDocuments } from './documents';
