import type { BillingTiming } from '../../shared/invoicing/periods';
import { DEFAULT_TEXT_COLOR } from '../../shared/constants';
import { getRegionConfig, type RegionCode } from '../../shared/regions';
import { rateToPercent } from '../../shared/money';
import { batchGet, getItem, type Item } from '../lib/data/repo';
import {
  companyRegion,
  companySettingsFrom,
  companyTimezone,
  readCompanySettings,
  type CompanySettings,
} from '../lib/company-settings';
import { vehicleKey } from '../vehicles/api';
import { customerKey } from '../customers/api';
/** Documents that lapse before a rental ends (documents domain): refuse or flag the booking. */
export { lapsingDocuments, type LapsingDocument } from '../documents/api';

/**
 * What the rentals domain reads from other domains: vehicles and their schedule, customers and
 * the blacklist (each through that domain's api.ts), and the company settings (through the one
 * reader, lib/company-settings.ts). Kept in one file so the rest of the domain does not depend on
 * where those items live. The pieces the write paths add to their own transactions from other
 * domains are in ./deps-tx.ts.
 */
export { vehicleKey, customerKey };
export { customerCounterItem, needsLastRental, writeTrueCounters } from '../customers/api';
/** The vehicle schedule (vehicles domain): rentals write and read their blocks in it. */
export {
  blocksOverlapping,
  fleetBlocks,
  scheduleBlockItem,
  scheduleBlockKey,
  type ScheduleBlock,
} from '../vehicles/api';

export interface VehicleLike extends Item {
  id: string;
  make?: string;
  model?: string;
  year?: number;
  licensePlate?: string;
  status?: string;
  isArchived?: boolean;
  dailyRateMinor?: number;
  monthlyRateMinor?: number;
  dailyKmLimit?: number;
  odometerKm?: number;
  scheduleVersion?: number;
  version: number;
}

export interface CustomerLike extends Item {
  id: string;
  fullNameEnglish?: string;
  fullNameArabic?: string;
  phone?: string;
  email?: string;
  licenseNumber?: string;
  dateOfBirth?: string;
  licenseExpiryDate?: string;
  isArchived?: boolean;
  version: number;
}

export async function readVehicleAndCustomer(tenantId: string, vehicleId: string, customerId: string) {
  const [vehicle, customer] = await batchGet([vehicleKey(tenantId, vehicleId), customerKey(tenantId, customerId)]);
  return { vehicle: vehicle as VehicleLike | undefined, customer: customer as CustomerLike | undefined };
}

/** The customer (another tenant's id reads nothing: the key is built from the caller's tenant). */
export async function readCustomer(tenantId: string, customerId: string): Promise<CustomerLike | undefined> {
  return (await getItem(customerKey(tenantId, customerId), true)) as CustomerLike | undefined;
}

export async function readVehicle(tenantId: string, vehicleId: string): Promise<VehicleLike | undefined> {
  return (await getItem(vehicleKey(tenantId, vehicleId), true)) as VehicleLike | undefined;
}

export const vehicleLabel = (v: Partial<VehicleLike> | undefined) =>
  v ? [v.make, v.model, v.licensePlate ? `(${v.licensePlate})` : ''].filter(Boolean).join(' ') : '';

/** The company settings a rental needs, with the spec's defaults (business-data §3 company_settings). */
export interface RentalSettings {
  region: RegionCode;
  timezone: string;
  gracePeriodHours: number;
  enableOverbooking: boolean;
  allowStaffCloseWithBalance: boolean;
  enableBlacklistCheck: boolean;
  blacklistMode: 'warning' | 'block';
  enableVat: boolean;
  /** Fraction (0.05). */
  vatRate: number;
  /** The wizard's default tax rate in percent: the VAT rate when VAT is on, else the region's. */
  defaultTaxRatePercent: number;
  extraChargePerKmMinor?: number;
  /** Pricing settings' young-driver fee per day (minor units); null = the region's fee. */
  youngDriverFeeOverrideMinor: number | null;
  fuelChargePerQuarterMinor: number;
  rentalPrefix: string;
  contractPrefix: string;
  rentalCounterStart: number;
  contractCounterStart: number;
  companyName: string;
  primaryColor: string;
  secondaryColor: string;
  textColor: string;
  logoKey?: string;
  termsEnglish: string;
  termsArabic: string;
  vatNumber?: string;
  phone?: string;
  email?: string;
  address?: string;
  /** When open-ended rentals' periods are invoiced (issue 26): the invoicing index is keyed by it. */
  billingTiming: BillingTiming;
}

/**
 * The rental view of the company settings, parsed by the one reader (lib/company-settings.ts):
 * only projections here, no parsing of its own.
 */
export function rentalSettingsOf(s: CompanySettings): RentalSettings {
  const region = companyRegion(s);
  const { prefixes, counters } = s.referenceConfig;
  return {
    region,
    timezone: companyTimezone(s),
    billingTiming: s.billingTiming === 'advance' ? 'advance' : 'arrears',
    gracePeriodHours: s.gracePeriodHours,
    enableOverbooking: s.enableOverbooking,
    allowStaffCloseWithBalance: s.allowStaffCloseWithBalance,
    enableBlacklistCheck: s.enableBlacklistCheck,
    blacklistMode: s.blacklistMode === 'block' ? 'block' : 'warning',
    enableVat: s.enableVat,
    vatRate: s.vatRate,
    defaultTaxRatePercent: s.enableVat ? rateToPercent(s.vatRate) : getRegionConfig(region).taxRate,
    extraChargePerKmMinor: s.pricing.extraKmChargeMinor,
    youngDriverFeeOverrideMinor: s.pricing.youngDriverFeeOverrideMinor ?? null,
    fuelChargePerQuarterMinor: s.pricing.fuelChargePerQuarterTankMinor,
    rentalPrefix: prefixes.rental,
    contractPrefix: prefixes.contract,
    rentalCounterStart: counters.rental,
    contractCounterStart: counters.contract,
    companyName: s.name,
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
    textColor: DEFAULT_TEXT_COLOR,
    logoKey: s.logoKey ?? undefined,
    termsEnglish: s.termsEnglish,
    termsArabic: s.termsArabic,
    vatNumber: s.vatNumber || undefined,
    phone: s.phone || undefined,
    email: s.email || undefined,
    address: s.address || undefined,
  };
}

/** From a stored settings item (and the tenant item for the fallback name): tests and seeds. */
export const rentalSettingsFrom = (item: Record<string, unknown> | undefined, tenant?: Record<string, unknown>) =>
  rentalSettingsOf(companySettingsFrom(item, tenant));

export async function readRentalSettings(tenantId: string): Promise<RentalSettings> {
  return rentalSettingsOf(await readCompanySettings(tenantId));
}

/** Blacklist matches (customers domain decides the matching; the company's mode decides what a booking does). */
export { blacklistMatchesFor, loyaltyFields } from '../customers/api';

/** Security: refunds to another method and large manual discounts land in the risk feed. */
export { recordRiskyAction } from '../security/api';
