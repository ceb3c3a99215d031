import type { RegionCode } from '../../shared/regions';
import { tenantPk } from '../lib/data/keys';
import { getItem, queryAll, queryPage, type Item } from '../lib/data/repo';
import { companyRegion, companyTimezone, readCompanySettings } from '../lib/company-settings';

/**
 * What accounting reads from other domains' items (DESIGN.md §13: cross-domain reads live in the
 * importer's deps.ts): the company settings (region, time zone, VAT, name and branding) and, for
 * the backfill and the self-check, the rentals and their ledgers by their owners' keys
 * (`T#{t}#RENTAL` / `{id}`, `T#{t}#RENTAL_LEDGER#{rentalId}`).
 */
export interface CompanyFacts {
  name: string;
  region: RegionCode;
  timezone: string;
  vatEnabled: boolean;
  vatNumber: string | null;
  primaryColor: string;
}

export async function readCompany(tenantId: string): Promise<CompanyFacts> {
  const s = await readCompanySettings(tenantId);
  const loose = s as unknown as Record<string, unknown>;
  return {
    name: s.name,
    region: companyRegion(s),
    timezone: companyTimezone(s),
    vatEnabled: loose.enableVat === true,
    vatNumber: (loose.vatNumber as string | undefined) || null,
    primaryColor: (loose.primaryColor as string | undefined) ?? '#3B82F6',
  };
}

/** The slice of a rental item the books need. */
export interface RentalFacts extends Item {
  id: string;
  referenceNumber: string;
  taxRate: number;
  taxIncluded: boolean;
  balanceMinor: number;
  chargesMinor: number;
  status: string;
  /** Booked since issue 26: rent earned day by day (posting-rules.ts); absent on older rentals. */
  earnsRentByDay?: boolean;
  /** Its tax invoice was issued before pickup: charged (posting-rules.ts phaseOf). */
  chargedBeforePickup?: boolean;
  depositReceivedMinor: number;
  depositRefundedMinor: number;
  version: number;
  createdAt: string;
}

/** The slice of a rental ledger entry the books need. */
export interface LedgerFacts extends Item {
  id: string;
  type: 'charge' | 'payment' | 'refund';
  category: string;
  amountMinor: number;
  method: string | null;
  reversesId: string | null;
  lineCode: string | null;
  postedAt: string;
}

export const rentalKeyOf = (tenantId: string, id: string) => ({ pk: tenantPk(tenantId, 'RENTAL'), sk: id });

export async function readRentalsPage(tenantId: string, cursor: string | null, limit = 100) {
  return queryPage<RentalFacts>({ tenantId, pk: tenantPk(tenantId, 'RENTAL'), limit, cursor, consistent: true });
}

export async function readRental(tenantId: string, id: string): Promise<RentalFacts | undefined> {
  return (await getItem(rentalKeyOf(tenantId, id), true)) as RentalFacts | undefined;
}

export async function readRentalLedger(tenantId: string, rentalId: string): Promise<LedgerFacts[]> {
  return queryAll<LedgerFacts>({
    tenantId,
    pk: tenantPk(tenantId, 'RENTAL_LEDGER', rentalId),
    consistent: true,
    max: 5000,
  });
}

/** The customers' stored counters (the self-check compares them with their rentals: shared/customers/counters.ts). */
export interface CustomerCounterFacts extends Item {
  id: string;
  fullNameEnglish?: string;
  rentalsCount?: number;
  completedRentals?: number;
  totalSpendMinor?: number;
  lastRentalDate?: string;
}

/** One page of the company's customers with their stored counters (the self-check's customer pages). */
export async function readCustomersPage(tenantId: string, cursor: string | null, limit: number) {
  return queryPage<CustomerCounterFacts>({ tenantId, pk: tenantPk(tenantId, 'CUSTOMER'), limit, cursor });
}

/**
 * Every rental of one customer, through the rentals' customer index (gsi1 `T#{t}#CUSTOMER_RENTALS#{id}`,
 * projected whole): what the customer's counters are recomputed from. An index read is eventually
 * consistent (a rental changed in the last second may read as before); the self-check runs on demand.
 */
export async function readCustomerRentals(tenantId: string, customerId: string): Promise<RentalFacts[]> {
  return queryAll<RentalFacts>({
    tenantId,
    pk: tenantPk(tenantId, 'CUSTOMER_RENTALS', customerId),
    index: 'gsi1',
    max: 10_000,
  });
}
