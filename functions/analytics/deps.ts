import { companyRegion, companyTimezone, readCompanySettings } from '../lib/company-settings';
import type { RegionCode } from '../../shared/regions';

/**
 * What analytics reads from other domains (each through that domain's api.ts) and the company
 * settings (the one reader). Every read here is bounded by the fleet or the chart of accounts,
 * never by the number of rentals.
 */
export { fleetRoster } from '../vehicles/api';
export { rentalStats, listRentalsPage, readRentalItem, readLedger } from '../rentals/api';
export { dashboardBalances } from '../accounting/api';
export { hasCustomers } from '../customers/api';
export { openInvoiceTotals } from '../invoices/api';

export interface CompanyFacts {
  name: string;
  region: RegionCode;
  timezone: string;
  primaryColor: string;
  /** Daily fixed cost of a vehicle (minor units) for the idle cost; 0 when the company has not set it. */
  dailyFixedCostMinor: number;
}

export async function readCompany(tenantId: string): Promise<CompanyFacts> {
  const s = await readCompanySettings(tenantId);
  const loose = s as unknown as Record<string, unknown>;
  const pricing = (loose.pricing ?? {}) as Record<string, unknown>;
  const fixed = Number(pricing.vehicleDailyFixedCostMinor ?? 0);
  return {
    name: s.name,
    region: companyRegion(s),
    timezone: companyTimezone(s),
    primaryColor: (loose.primaryColor as string | undefined) ?? '#3B82F6',
    dailyFixedCostMinor: Number.isFinite(fixed) && fixed > 0 ? Math.round(fixed) : 0,
  };
}
