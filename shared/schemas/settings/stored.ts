import type * as z from 'zod';
import {
  DEFAULT_ACCENT_STYLE,
  DEFAULT_ALLOW_STAFF_CLOSE_WITH_BALANCE,
  DEFAULT_BLACKLIST_MODE,
  DEFAULT_ENABLE_BLACKLIST_CHECK,
  DEFAULT_ENABLE_VAT,
  DEFAULT_EXTRA_CHARGE_PER_KM,
  DEFAULT_GRACE_PERIOD_HOURS,
  DEFAULT_PAYMENT_GATEWAY,
  DEFAULT_PAYMENT_MODE,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_REFERENCE_AUTO_GENERATE,
  DEFAULT_RENTAL_DURATION,
  DEFAULT_RENTAL_DURATION_MODE,
  DEFAULT_SECONDARY_COLOR,
  DEFAULT_STORED_FONT_FAMILY,
  DEFAULT_TIMEZONE,
  DEFAULT_VAT_RATE,
  REFERENCE_COUNTER_START,
  REFERENCE_PREFIXES,
} from '../../constants';
import { fromMinor, toMinor } from '../../money';
import { DEFAULT_BILLING_TIMING } from '../../invoicing/periods';
import { getRegionConfig, type CurrencyCode, type LanguageCode, type RegionCode } from '../../regions';
import {
  DEFAULT_BUSINESS_TYPE,
  NOTIFICATION_EVENTS,
  REFERENCE_KINDS,
  VEHICLE_CATEGORIES,
  WEEKDAYS,
  type GatewayKeyName,
  type NotificationEvent,
  type ReferenceKind,
  type VehicleCategory,
} from './options';
import { defaultDamagePriceList, type DamagePriceList } from '../../maintenance/damage-prices';
import type {
  CategoryRate,
  DamagePrices,
  editableShape,
  NotificationSettings,
  PricingSettings,
  WorkingHours,
} from './company';

/** Stored shape of company settings and the defaults of a new company (part of shared/schemas/settings.ts). */
// ---------------------------------------------------------------------------------------------
// Stored shape and defaults
// ---------------------------------------------------------------------------------------------

export interface StoredCategoryRate {
  dailyRateMinor: number | null;
  monthlyRateMinor: number | null;
}

export interface StoredPricing {
  categoryRates: Record<VehicleCategory, StoredCategoryRate>;
  youngDriverFeeOverrideMinor: number | null;
  extraKmChargeMinor: number;
  fuelChargePerQuarterTankMinor: number;
  /** Admin fee per traffic fine recharged, and per Salik crossing recharged (issue 13); absent = 0. */
  fineAdminFeeMinor?: number;
  tollAdminFeePerCrossingMinor?: number;
  /** A vehicle's daily fixed cost (reports: idle cost); absent = 0. */
  vehicleDailyFixedCostMinor?: number;
  /** Damage type × severity → default charge at check-in (issue 27); absent = defaultDamagePriceList(). */
  damagePricesMinor?: DamagePriceList;
}

type EditableApi = z.infer<z.ZodObject<typeof editableShape>>;

/** The settings as stored in the settings item (besides key, entityType, version, timestamps). */
export type StoredCompanySettings = Omit<EditableApi, 'pricing'> & {
  pricing: StoredPricing;
  logoKey: string | null;
  gatewayKeysConfigured: Record<GatewayKeyName, boolean>;
};

export function toStoredPricing(p: PricingSettings): StoredPricing {
  const minorOrNull = (v: number | null) => (v === null ? null : toMinor(v));
  return {
    categoryRates: Object.fromEntries(
      VEHICLE_CATEGORIES.map((c) => [
        c,
        {
          dailyRateMinor: minorOrNull(p.categoryRates[c].dailyRate),
          monthlyRateMinor: minorOrNull(p.categoryRates[c].monthlyRate),
        },
      ]),
    ) as Record<VehicleCategory, StoredCategoryRate>,
    youngDriverFeeOverrideMinor: minorOrNull(p.youngDriverFeeOverride),
    extraKmChargeMinor: toMinor(p.extraKmCharge),
    fuelChargePerQuarterTankMinor: toMinor(p.fuelChargePerQuarterTank),
    fineAdminFeeMinor: toMinor(p.fineAdminFee),
    tollAdminFeePerCrossingMinor: toMinor(p.tollAdminFeePerCrossing),
    vehicleDailyFixedCostMinor: toMinor(p.vehicleDailyFixedCost ?? 0),
    ...(p.damagePrices ? { damagePricesMinor: damagePricesToMinor(p.damagePrices) } : {}),
  };
}

/** The damage price list in minor units (settings → the inspection's proposals). */
export function damagePricesToMinor(p: DamagePrices): DamagePriceList {
  return Object.fromEntries(
    Object.entries(p).map(([t, bySeverity]) => [
      t,
      Object.fromEntries(Object.entries(bySeverity).map(([s, v]) => [s, toMinor(v)])),
    ]),
  ) as DamagePriceList;
}

/** The company's damage price list (stored, or the default when it never set one). */
export function damagePriceListOf(p: Pick<StoredPricing, 'damagePricesMinor'> | undefined): DamagePriceList {
  const list = defaultDamagePriceList();
  for (const [t, bySeverity] of Object.entries(p?.damagePricesMinor ?? {})) {
    for (const [s, v] of Object.entries(bySeverity ?? {}))
      if (t in list && Number.isSafeInteger(v) && v >= 0) (list as Record<string, Record<string, number>>)[t][s] = v;
  }
  return list;
}

export function pricingToApi(p: StoredPricing): PricingSettings {
  const decOrNull = (v: number | null | undefined) => (v === null || v === undefined ? null : fromMinor(v));
  return {
    categoryRates: Object.fromEntries(
      VEHICLE_CATEGORIES.map((c) => [
        c,
        {
          dailyRate: decOrNull(p.categoryRates?.[c]?.dailyRateMinor),
          monthlyRate: decOrNull(p.categoryRates?.[c]?.monthlyRateMinor),
        },
      ]),
    ) as Record<VehicleCategory, CategoryRate>,
    youngDriverFeeOverride: decOrNull(p.youngDriverFeeOverrideMinor),
    extraKmCharge: fromMinor(p.extraKmChargeMinor),
    fuelChargePerQuarterTank: fromMinor(p.fuelChargePerQuarterTankMinor),
    fineAdminFee: fromMinor(p.fineAdminFeeMinor ?? 0),
    tollAdminFeePerCrossing: fromMinor(p.tollAdminFeePerCrossingMinor ?? 0),
    vehicleDailyFixedCost: fromMinor(p.vehicleDailyFixedCostMinor ?? 0),
    damagePrices: Object.fromEntries(
      Object.entries(damagePriceListOf(p)).map(([t, bySeverity]) => [
        t,
        Object.fromEntries(Object.entries(bySeverity).map(([s, v]) => [s, fromMinor(v)])),
      ]),
    ) as DamagePrices,
  };
}

/** Default working hours: open 09:00–18:00 every day; a new company edits its own week. */
export function defaultWorkingHours(): WorkingHours {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '09:00', close: '18:00', closed: false }])) as WorkingHours;
}

export function defaultNotificationSettings(): NotificationSettings {
  return {
    channels: { email: true, sms: false, inApp: true },
    events: Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, true])) as Record<NotificationEvent, boolean>,
  };
}

export function defaultPricing(): StoredPricing {
  return {
    categoryRates: Object.fromEntries(
      VEHICLE_CATEGORIES.map((c) => [c, { dailyRateMinor: null, monthlyRateMinor: null }]),
    ) as Record<VehicleCategory, StoredCategoryRate>,
    youngDriverFeeOverrideMinor: null,
    extraKmChargeMinor: toMinor(DEFAULT_EXTRA_CHARGE_PER_KM),
    fuelChargePerQuarterTankMinor: 0,
    fineAdminFeeMinor: 0,
    tollAdminFeePerCrossingMinor: 0,
    vehicleDailyFixedCostMinor: 0,
    damagePricesMinor: defaultDamagePriceList(),
  };
}

export interface DefaultSettingsOptions {
  companyName: string;
  email?: string;
  region?: RegionCode;
  language?: LanguageCode;
}

/**
 * The settings a new company starts with (the spec's defaults, verbatim). With no region (or US)
 * these are exactly business-data §3. A region other than US takes its time zone and tax rate from
 * shared/regions.ts; VAT stays off until the company turns it on (spec: VAT off by default).
 * Returns the STORED shape: registration writes it into the keys.settings(tenantId) item together
 * with entityType 'SETTINGS', version 1, createdAt, updatedAt.
 */
export function defaultCompanySettings(opts: DefaultSettingsOptions): StoredCompanySettings {
  const region = opts.region ?? 'US';
  const config = getRegionConfig(region);
  return {
    name: opts.companyName.trim(),
    businessType: DEFAULT_BUSINESS_TYPE,
    email: opts.email?.trim() ?? '',
    phone: '',
    primaryContact: '',
    address: '',
    logoKey: null,
    primaryColor: DEFAULT_PRIMARY_COLOR,
    secondaryColor: DEFAULT_SECONDARY_COLOR,
    fontFamily: DEFAULT_STORED_FONT_FAMILY,
    accentStyle: DEFAULT_ACCENT_STYLE,
    timezone: region === 'US' ? DEFAULT_TIMEZONE : config.timezone,
    workingHours: defaultWorkingHours(),
    defaultRentalDuration: DEFAULT_RENTAL_DURATION,
    autoConfirmRentals: false,
    enableOverbooking: false,
    notificationSettings: defaultNotificationSettings(),
    rentalDurationMode: DEFAULT_RENTAL_DURATION_MODE,
    gracePeriodHours: DEFAULT_GRACE_PERIOD_HOURS,
    allowStaffCloseWithBalance: DEFAULT_ALLOW_STAFF_CLOSE_WITH_BALANCE,
    depositReleaseDays: null,
    paymentGateway: DEFAULT_PAYMENT_GATEWAY,
    paymentMode: DEFAULT_PAYMENT_MODE,
    gatewayKeysConfigured: { profileId: false, serverKey: false, clientKey: false },
    blacklistMode: DEFAULT_BLACKLIST_MODE,
    enableBlacklistCheck: DEFAULT_ENABLE_BLACKLIST_CHECK,
    requireMfaForAdmins: false,
    referenceConfig: {
      prefixes: { ...REFERENCE_PREFIXES },
      counters: Object.fromEntries(REFERENCE_KINDS.map((k) => [k, REFERENCE_COUNTER_START])) as Record<
        ReferenceKind,
        number
      >,
      autoGenerate: DEFAULT_REFERENCE_AUTO_GENERATE,
    },
    termsEnglish: '',
    termsArabic: '',
    vatNumber: '',
    taxAddress: {
      buildingNumber: '',
      street: '',
      district: '',
      city: '',
      postalCode: '',
      additionalNumber: '',
      emirate: '',
    },
    commercialRegistration: '',
    // US has no VAT: keep the spec's 0.05 so turning VAT on starts from the spec default.
    vatRate: region === 'US' ? DEFAULT_VAT_RATE : config.taxRate / 100,
    enableVat: DEFAULT_ENABLE_VAT,
    invoiceConfig: { paymentTermsDays: 7, footerNote: '', showLogo: true },
    billingTiming: DEFAULT_BILLING_TIMING,
    preferences: { language: opts.language ?? 'en', region },
    pricing: defaultPricing(),
  };
}

/** Currency of a settings record (it follows the region). */
export function settingsCurrency(settings: Pick<StoredCompanySettings, 'preferences'>): CurrencyCode {
  return getRegionConfig(settings.preferences?.region).currency;
}

/** Young-driver fee per day in minor units: the override when set, else the region's fee. */
export function effectiveYoungDriverFeeMinor(settings: Pick<StoredCompanySettings, 'preferences' | 'pricing'>): number {
  const override = settings.pricing?.youngDriverFeeOverrideMinor;
  if (override !== null && override !== undefined) return override;
  return getRegionConfig(settings.preferences?.region).businessRules.youngDriverFeePerDayMinor;
}
