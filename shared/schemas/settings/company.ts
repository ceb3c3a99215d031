import { BILLING_TIMINGS } from '../../invoicing/periods';
import * as z from 'zod';
import { ACCENT_STYLES, RENTAL_DURATION_OPTIONS } from '../../constants';
import { moneyAmount } from '../../money';
import { LANGUAGE_CODES, REGION_CODES, type CurrencyCode, type RegionCode } from '../../regions';
import { TEXT_LIMITS, text as boundedText } from '../fields';
import { SETTINGS_MESSAGES } from './messages';
import { DAMAGE_SEVERITIES, DAMAGE_TYPES, type DamageSeverity, type DamageType } from '../../maintenance/damage-prices';
import {
  BLACKLIST_MODES,
  BUSINESS_TYPES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  PAYMENT_GATEWAYS,
  PAYMENT_MODES,
  REFERENCE_KINDS,
  RENTAL_DURATION_MODES,
  VEHICLE_CATEGORIES,
  WEEKDAYS,
  type NotificationChannel,
  type NotificationEvent,
  type ReferenceKind,
  type VehicleCategory,
  type Weekday,
} from './options';

/** Company settings field schemas and the API shape (part of shared/schemas/settings.ts). */
// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+\d\s()-]*$/;
const PREFIX = /^[A-Za-z0-9/-]{1,10}$/;
const VAT_NUMBER = /^[A-Za-z0-9 -]*$/;
/** Gateway secrets (update.ts). */
export const SECRET = /^\S{1,200}$/;

const text = (max: number) => boundedText(max, { tooLong: SETTINGS_MESSAGES.textTooLong });

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}

/** Colours are normalised to upper case so comparisons and CSS output are stable. */
export const hexColor = boundedText(7, { tooLong: SETTINGS_MESSAGES.invalidColor })
  .regex(HEX_COLOR, SETTINGS_MESSAGES.invalidColor)
  .transform((v) => v.toUpperCase());

export const timeOfDay = boundedText(5, { tooLong: SETTINGS_MESSAGES.invalidTime, trim: false }).regex(
  HH_MM,
  SETTINGS_MESSAGES.invalidTime,
);

export const dayHoursSchema = z
  .object({ open: timeOfDay, close: timeOfDay, closed: z.boolean() })
  // A closed day keeps its last hours so reopening it restores them; only open days must make sense.
  .refine((d) => d.closed || d.close > d.open, { message: SETTINGS_MESSAGES.closeAfterOpen, path: ['close'] });
export type DayHours = z.infer<typeof dayHoursSchema>;

export const workingHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>,
);
export type WorkingHours = z.infer<typeof workingHoursSchema>;

export const channelsSchema = z.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean()])) as Record<NotificationChannel, z.ZodBoolean>,
);
export const eventsSchema = z.object(
  Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, z.boolean()])) as Record<NotificationEvent, z.ZodBoolean>,
);
export const notificationSettingsSchema = z.object({ channels: channelsSchema, events: eventsSchema });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const prefixSchema = boundedText(10, { tooLong: SETTINGS_MESSAGES.prefixInvalid }).regex(
  PREFIX,
  SETTINGS_MESSAGES.prefixInvalid,
);
const counterStartSchema = z
  .number({ error: SETTINGS_MESSAGES.startNumberRange })
  .int(SETTINGS_MESSAGES.startNumberRange)
  .min(1, SETTINGS_MESSAGES.startNumberRange)
  .max(999_999_999, SETTINGS_MESSAGES.startNumberRange);
export const prefixesSchema = z.object(
  Object.fromEntries(REFERENCE_KINDS.map((k) => [k, prefixSchema])) as Record<ReferenceKind, typeof prefixSchema>,
);
export const countersSchema = z.object(
  Object.fromEntries(REFERENCE_KINDS.map((k) => [k, counterStartSchema])) as Record<
    ReferenceKind,
    typeof counterStartSchema
  >,
);

/**
 * Human references (RENT-1001…): a prefix and a starting number per kind. The starting number
 * only matters before a counter's first use; a counter already past it keeps counting (a company
 * migrating from another system sets it to continue its own numbering).
 */
export const referenceConfigSchema = z.object({
  prefixes: prefixesSchema,
  counters: countersSchema,
  autoGenerate: z.boolean(),
});
export type ReferenceConfig = z.infer<typeof referenceConfigSchema>;

/** invoiceConfig: "fields not shown" in the spec; these are what an invoice needs from the company. */
export const invoiceConfigSchema = z.object({
  /** Days between invoice date and due date. */
  paymentTermsDays: z
    .number({ error: SETTINGS_MESSAGES.paymentTermsRange })
    .int(SETTINGS_MESSAGES.paymentTermsRange)
    .min(0, SETTINGS_MESSAGES.paymentTermsRange)
    .max(365, SETTINGS_MESSAGES.paymentTermsRange),
  /** Printed at the bottom of every invoice (bank details, thanks…). */
  footerNote: text(1000),
  showLogo: z.boolean(),
});
export type InvoiceConfig = z.infer<typeof invoiceConfigSchema>;

/** The seven emirates as PINT AE codes them (BTAE-?? seller/buyer emirate), '' = not set. */
export const EMIRATE_CODES = ['AUH', 'DXB', 'SHJ', 'AJM', 'UAQ', 'RAK', 'FUJ'] as const;
const FOUR_DIGITS = /^(\d{4})?$/;

/**
 * The company's address as tax e-invoices carry it (issue 29): the Saudi national address (building number,
 * street, district, city, postal code, additional number) and, in the UAE, the emirate. The free-text `address`
 * stays what the PDF prints; every part is '' until set. Saudi e-invoicing needs building number, street,
 * district, city and postal code (KSA rules BR-KSA-09, -37); the issue answers which part is missing.
 */
export const taxAddressSchema = z.object({
  buildingNumber: text(4).regex(FOUR_DIGITS, SETTINGS_MESSAGES.buildingNumberInvalid),
  street: text(120),
  district: text(120),
  city: text(80),
  postalCode: text(10).regex(/^[A-Za-z0-9 -]*$/, SETTINGS_MESSAGES.postalCodeInvalid),
  additionalNumber: text(4).regex(FOUR_DIGITS, SETTINGS_MESSAGES.additionalNumberInvalid),
  emirate: z.enum(['', ...EMIRATE_CODES]),
});
export type TaxAddress = z.infer<typeof taxAddressSchema>;

export const preferencesSchema = z.object({
  language: z.enum(LANGUAGE_CODES),
  region: z.enum(REGION_CODES),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const nullableMoney = moneyAmount.nullable();

export const categoryRateSchema = z.object({ dailyRate: nullableMoney, monthlyRate: nullableMoney });
export type CategoryRate = z.infer<typeof categoryRateSchema>;

/**
 * The damage price list (issue 27; API shape, decimals): damage type × severity → the default
 * charge the check-in inspection proposes for a new mark of that kind (staff edit it before
 * confirming). Stored in minor units as pricing.damagePricesMinor.
 */
const severityPrices = z.object(
  Object.fromEntries(DAMAGE_SEVERITIES.map((s) => [s, moneyAmount])) as Record<DamageSeverity, typeof moneyAmount>,
);
export const damagePricesSchema = z.object(
  Object.fromEntries(DAMAGE_TYPES.map((t) => [t, severityPrices])) as Record<DamageType, typeof severityPrices>,
);
export type DamagePrices = z.infer<typeof damagePricesSchema>;

/** Pricing settings (API shape, decimals). A null rate means "no default; enter it per vehicle". */
export const pricingSettingsSchema = z.object({
  categoryRates: z.object(
    Object.fromEntries(VEHICLE_CATEGORIES.map((c) => [c, categoryRateSchema])) as Record<
      VehicleCategory,
      typeof categoryRateSchema
    >,
  ),
  /** Overrides the region's young-driver fee per day (shared/regions.ts); null = region fee. */
  youngDriverFeeOverride: nullableMoney,
  /** Per km over the daily allowance (spec default 0.50). */
  extraKmCharge: moneyAmount,
  /** Per missing quarter tank at return; 0 = fuel shortfalls are not charged. */
  fuelChargePerQuarterTank: moneyAmount,
  /** Admin fee added to each traffic fine recharged to a customer (VAT applies to the fee); 0 = none. */
  fineAdminFee: moneyAmount,
  /** Admin fee per Salik crossing recharged; 0 = none. */
  tollAdminFeePerCrossing: moneyAmount,
  /**
   * A vehicle's fixed cost per day (finance, insurance, registration): the reports' idle cost = idle days × this; 0 =
   * not set.
   */
  vehicleDailyFixedCost: moneyAmount.default(0),
  /** Damage type × severity → default charge proposed at check-in. */
  damagePrices: damagePricesSchema.optional(),
});
export type PricingSettings = z.infer<typeof pricingSettingsSchema>;

const vatRate = z
  .number({ error: SETTINGS_MESSAGES.vatRateRange })
  .min(0, SETTINGS_MESSAGES.vatRateRange)
  .max(1, SETTINGS_MESSAGES.vatRateRange)
  // as a percent at most 2 decimals (e.g. 0.0525 = 5.25%): 4 decimals as a fraction
  .refine((v) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, SETTINGS_MESSAGES.vatRateDecimals);

const gracePeriodHours = z
  .number({ error: SETTINGS_MESSAGES.gracePeriodRange })
  .int(SETTINGS_MESSAGES.gracePeriodWhole)
  .min(0, SETTINGS_MESSAGES.gracePeriodRange)
  .max(24, SETTINGS_MESSAGES.gracePeriodRange);

const timezone = boundedText(64, { tooLong: SETTINGS_MESSAGES.invalidTimezone }).refine(
  isValidTimeZone,
  SETTINGS_MESSAGES.invalidTimezone,
);

/** Editable fields, by group (the same groups as the settings page's tabs). */
export const editableShape = {
  // Company details
  name: boundedText(120, { required: SETTINGS_MESSAGES.nameRequired, tooLong: SETTINGS_MESSAGES.nameTooLong }).min(
    1,
    SETTINGS_MESSAGES.nameRequired,
  ),
  businessType: z.enum(BUSINESS_TYPES),
  email: boundedText(TEXT_LIMITS.email, { tooLong: SETTINGS_MESSAGES.invalidEmail }).refine(
    (v) => v === '' || EMAIL.test(v),
    SETTINGS_MESSAGES.invalidEmail,
  ),
  phone: text(30).regex(PHONE, SETTINGS_MESSAGES.invalidPhone),
  primaryContact: text(120),
  address: text(500),
  // Branding
  primaryColor: hexColor,
  secondaryColor: hexColor,
  fontFamily: text(60),
  accentStyle: z.enum(ACCENT_STYLES),
  // Operations
  timezone,
  workingHours: workingHoursSchema,
  defaultRentalDuration: z.enum(RENTAL_DURATION_OPTIONS),
  autoConfirmRentals: z.boolean(),
  enableOverbooking: z.boolean(),
  notificationSettings: notificationSettingsSchema,
  rentalDurationMode: z.enum(RENTAL_DURATION_MODES),
  gracePeriodHours,
  allowStaffCloseWithBalance: z.boolean(),
  /** Days after the return a deposit is due back (issue 10); null = the region's (30 UAE, 14 elsewhere). */
  depositReleaseDays: z
    .union(
      [
        z.literal('').transform(() => null),
        z
          .number({ error: SETTINGS_MESSAGES.depositReleaseRange })
          .int(SETTINGS_MESSAGES.depositReleaseRange)
          .min(0, SETTINGS_MESSAGES.depositReleaseRange)
          .max(365, SETTINGS_MESSAGES.depositReleaseRange),
      ],
      { error: SETTINGS_MESSAGES.depositReleaseRange },
    )
    .nullable(),
  // Payments
  paymentGateway: z.enum(PAYMENT_GATEWAYS),
  paymentMode: z.enum(PAYMENT_MODES),
  // Blacklist
  blacklistMode: z.enum(BLACKLIST_MODES),
  enableBlacklistCheck: z.boolean(),
  // Sign-in (issue 16): OWNER and ADMIN must use an authenticator app
  requireMfaForAdmins: z.boolean(),
  // References, terms, tax, invoices
  referenceConfig: referenceConfigSchema,
  termsEnglish: text(20_000),
  termsArabic: text(20_000),
  vatNumber: text(30).regex(VAT_NUMBER, SETTINGS_MESSAGES.vatNumberInvalid),
  /** Structured address for e-invoices (issue 29) and the commercial registration number (KSA seller CRN). */
  taxAddress: taxAddressSchema,
  commercialRegistration: text(30).regex(/^[A-Za-z0-9-]*$/, SETTINGS_MESSAGES.commercialRegistrationInvalid),
  vatRate,
  enableVat: z.boolean(),
  invoiceConfig: invoiceConfigSchema,
  /**
   * When an open-ended rental's period is invoiced (issue 26): at its end (arrears, default) or at its start (advance).
   */
  billingTiming: z.enum(BILLING_TIMINGS),
  preferences: preferencesSchema,
  pricing: pricingSettingsSchema,
};

/** Full company settings as the API answers them (settingsRead roles). */
export const companySettingsSchema = z.object({
  ...editableShape,
  /** Displayable logo URL (short-lived signed GET), or null when no logo is set. */
  logoUrl: z.string().nullable(),
  /** Private S3 key of the logo (tenants/{tenantId}/branding/...), null when none. */
  logoKey: z.string().nullable(),
  /** Follows preferences.region; read-only. */
  currency: z.string(),
  /** Which gateway secrets are set; the secrets themselves are never answered. */
  gatewayKeysConfigured: z.object({ profileId: z.boolean(), serverKey: z.boolean(), clientKey: z.boolean() }),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** What roles without settingsRead get from GET /api/v1/company/settings. */
export const brandingSettingsSchema = companySettingsSchema.pick({
  name: true,
  logoUrl: true,
  primaryColor: true,
  secondaryColor: true,
  accentStyle: true,
  fontFamily: true,
});
/**
 * What every signed-in role reads: the branding, plus the company's currency so every screen
 * shows the company's amounts in the company's currency, whatever region the user browses in.
 */
export type BrandingSettings = z.infer<typeof brandingSettingsSchema> & { currency: CurrencyCode; region: RegionCode };
