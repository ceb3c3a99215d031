import { DEFAULT_ALLOW_STAFF_CLOSE_WITH_BALANCE, DEFAULT_ENABLE_BLACKLIST_CHECK, DEFAULT_GRACE_PERIOD_HOURS, DEFAULT_TIMEZONE, DEFAULT_VAT_RATE, REFERENCE_COUNTER_START, REFERENCE_PREFIXES } from '../../shared/constants';
import { getRegionConfig, isRegionCode, type RegionCode } from '../../shared/regions';
import { rateToPercent, toMinor } from '../../shared/money';
import { keys } from '../lib/data/keys';
import { batchGet, getItem, type Item } from '../lib/data/repo';
import { vehicleKey } from '../vehicles/data';
import { customerKey } from '../customers/data';

/**
 * What the rentals domain reads from other domains' items: vehicles, customers, company settings
 * and the blacklist. Kept in one file so the rest of the domain does not depend on where those
 * items live; the keys are the owning domains' (entityKey(t,'VEHICLE',id), entityKey(t,'CUSTOMER',id),
 * keys.settings(t)).
 */
export { vehicleKey, customerKey };

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
  logoUrl?: string;
  logoKey?: string;
  termsEnglish: string;
  termsArabic: string;
  vatNumber?: string;
  phone?: string;
  email?: string;
  address?: string;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
/** First defined value among settings paths (the settings item may group fields by tab). */
function pick<T>(sources: Obj[], name: string): T | undefined {
  for (const s of sources) if (s[name] !== undefined && s[name] !== null) return s[name] as T;
  return undefined;
}
function minorOf(v: unknown): number | undefined {
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  try { return toMinor(v); } catch { return undefined; }
}

export function rentalSettingsFrom(item: Obj | undefined, tenant?: Obj): RentalSettings {
  const s = obj(item);
  const sources = [s, obj(s.operations), obj(s.preferences), obj(s.pricing), obj(s.blacklist), obj(s.payments), obj(s.branding), obj(s.company), obj(s.terms)];
  const refCfg = obj(s.referenceConfig);
  const prefixes = obj(refCfg.prefixes);
  const counters = obj(refCfg.counters);
  const regionRaw = pick<string>([obj(s.preferences), s], 'region');
  const region: RegionCode = isRegionCode(regionRaw) ? regionRaw : 'US';
  const enableVat = pick<boolean>(sources, 'enableVat') ?? false;
  const vatRate = pick<number>(sources, 'vatRate') ?? DEFAULT_VAT_RATE;
  const pricing = obj(s.pricing);
  const fuelRaw = pricing.fuelChargePerQuarterTankMinor ?? pricing.fuelChargePerQuarterMinor ?? minorOf(pricing.fuelChargePerQuarter) ?? minorOf(pricing.fuelChargePerQuarterTank) ?? minorOf(s.fuelChargePerQuarter);
  const extraKmRaw = pricing.extraKmChargeMinor ?? minorOf(pricing.extraKmCharge);
  return {
    region,
    timezone: pick<string>(sources, 'timezone') ?? getRegionConfig(region).timezone ?? DEFAULT_TIMEZONE,
    gracePeriodHours: pick<number>(sources, 'gracePeriodHours') ?? DEFAULT_GRACE_PERIOD_HOURS,
    enableOverbooking: pick<boolean>(sources, 'enableOverbooking') ?? false,
    allowStaffCloseWithBalance: pick<boolean>(sources, 'allowStaffCloseWithBalance') ?? DEFAULT_ALLOW_STAFF_CLOSE_WITH_BALANCE,
    enableBlacklistCheck: pick<boolean>(sources, 'enableBlacklistCheck') ?? DEFAULT_ENABLE_BLACKLIST_CHECK,
    blacklistMode: pick<string>(sources, 'blacklistMode') === 'block' ? 'block' : 'warning',
    enableVat,
    vatRate,
    defaultTaxRatePercent: enableVat ? rateToPercent(vatRate) : getRegionConfig(region).taxRate,
    extraChargePerKmMinor: typeof extraKmRaw === 'number' ? extraKmRaw : undefined,
    youngDriverFeeOverrideMinor: typeof pricing.youngDriverFeeOverrideMinor === 'number' ? pricing.youngDriverFeeOverrideMinor : null,
    fuelChargePerQuarterMinor: typeof fuelRaw === 'number' ? fuelRaw : 0,
    rentalPrefix: (prefixes.rental as string) ?? (prefixes.RENT as string) ?? REFERENCE_PREFIXES.rental,
    contractPrefix: (prefixes.contract as string) ?? (prefixes.CNT as string) ?? REFERENCE_PREFIXES.contract,
    rentalCounterStart: (counters.rental as number) ?? REFERENCE_COUNTER_START,
    contractCounterStart: (counters.contract as number) ?? REFERENCE_COUNTER_START,
    companyName: pick<string>(sources, 'companyName') ?? pick<string>([s, obj(s.company)], 'name') ?? (tenant?.name as string) ?? 'Sayyara',
    primaryColor: pick<string>(sources, 'primaryColor') ?? (tenant?.primaryColor as string) ?? '#3B82F6',
    secondaryColor: pick<string>(sources, 'secondaryColor') ?? (tenant?.secondaryColor as string) ?? '#8B5CF6',
    textColor: pick<string>(sources, 'textColor') ?? (tenant?.textColor as string) ?? '#1F2937',
    logoUrl: pick<string>(sources, 'logoUrl') ?? (tenant?.logoUrl as string | undefined),
    logoKey: pick<string>(sources, 'logoKey'),
    termsEnglish: pick<string>(sources, 'termsEnglish') ?? '',
    termsArabic: pick<string>(sources, 'termsArabic') ?? '',
    vatNumber: pick<string>(sources, 'vatNumber'),
    phone: pick<string>(sources, 'phone'),
    email: pick<string>(sources, 'email'),
    address: pick<string>(sources, 'address'),
  };
}

export async function readRentalSettings(tenantId: string): Promise<RentalSettings> {
  const [settings, tenant] = await batchGet([keys.settings(tenantId), keys.tenant(tenantId)], false);
  return rentalSettingsFrom(settings, tenant);
}

/** Blacklist matches (customers domain decides the matching; the company's mode decides what a booking does). */
export { blacklistMatchesFor } from '../customers/blacklist-data';
export { loyaltyFields } from '../customers/data';
