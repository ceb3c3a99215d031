import * as z from 'zod';
import {
  ACCENT_STYLES,
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
  LOGO_MAX_BYTES,
  REFERENCE_COUNTER_START,
  REFERENCE_PREFIXES,
  RENTAL_DURATION_OPTIONS,
} from '../constants';
import { fromMinor, moneyAmount, toMinor } from '../money';
import { VEHICLE_CATEGORIES, type VehicleCategory } from './vehicles';
import { getRegionConfig, LANGUAGE_CODES, REGION_CODES, type CurrencyCode, type LanguageCode, type RegionCode } from '../regions';

/**
 * Company settings (business-data-and-rules §3 company_settings), shared by the settings
 * Lambda, the identity engineer's registration (defaultCompanySettings) and the web forms.
 *
 * Shape decisions:
 * - FLAT top level with the spec's own names (name, logoUrl, primaryColor, timezone, vatRate…),
 *   because the shell reads `logoUrl, primaryColor, secondaryColor, accentStyle` straight off
 *   GET /api/v1/company/settings (product-screens §7). Groups the spec leaves open
 *   (workingHours, notificationSettings, referenceConfig, invoiceConfig, preferences, pricing)
 *   are nested objects.
 * - TWO shapes: the API shape (`CompanySettings`, money as decimals with ≤ 2 places, logo as a
 *   displayable URL) and the stored shape (`StoredCompanySettings`, money in integer minor
 *   units with a `Minor` suffix, logo as its private S3 key). `toStoredPricing` /
 *   `pricingToApi` convert; `defaultCompanySettings` returns the STORED shape (what registration
 *   writes into the settings item).
 * - `vatRate` is a FRACTION (0.05) as the spec stores it; the UI edits it as a percent (5).
 * - Gateway keys are secrets: write-only. PUT accepts `gatewayKeys`; GET only answers
 *   `gatewayKeysConfigured` (which ones are set). They live in a separate item so a settings
 *   read never loads them.
 * - Currency is not a setting: it follows `preferences.region` (shared/regions.ts).
 */

// ---------------------------------------------------------------------------------------------
// Messages (the spec gives none for these fields except where noted; ours are plain English)
// ---------------------------------------------------------------------------------------------

export const SETTINGS_MESSAGES = {
  /** Same words as sign-up's tenantName (product-screens §5). */
  nameRequired: 'Company name is required',
  nameTooLong: 'Company name must be at most 120 characters',
  /** Same words as sign-up (product-screens §5). */
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Phone number may contain only digits, spaces and + - ( )',
  textTooLong: 'Text is too long',
  invalidColor: 'Colour must be a hex colour such as #3B82F6',
  invalidTime: 'Time must be in HH:mm format',
  closeAfterOpen: 'Closing time must be after opening time',
  invalidTimezone: 'Unknown time zone',
  gracePeriodRange: 'Grace period must be between 0 and 24 hours',
  gracePeriodWhole: 'Grace period must be a whole number of hours',
  vatRateRange: 'VAT rate must be between 0% and 100%',
  vatRateDecimals: 'VAT rate must have at most 2 decimal places as a percent',
  vatNumberInvalid: 'VAT number may contain only letters, digits, spaces and -',
  prefixInvalid: 'Prefix must be 1 to 10 letters, digits, - or /',
  startNumberRange: 'Starting number must be a whole number between 1 and 999999999',
  paymentTermsRange: 'Payment terms must be between 0 and 365 days',
  keyInvalid: 'Key must be 1 to 200 characters without spaces',
  logoKeyInvalid: 'Logo must be uploaded through the logo upload',
  versionRequired: 'Version is required',
  /** Spec: "Logo upload: PNG or JPG only, at most 2 MB". */
  logoType: 'Logo must be a PNG or JPG image',
  logoSize: 'Logo must be at most 2 MB',
  fileNameRequired: 'File name is required',
} as const;

export type SettingsMessageKey = keyof typeof SETTINGS_MESSAGES;

/** Reverse lookup: English message → key, so the web can translate schema and server errors. */
export const SETTINGS_MESSAGE_KEYS: Record<string, SettingsMessageKey> = Object.fromEntries(
  Object.entries(SETTINGS_MESSAGES).map(([k, v]) => [v, k as SettingsMessageKey]),
);

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

export const BUSINESS_TYPES = ['independent', 'franchise', 'corporate'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const DEFAULT_BUSINESS_TYPE: BusinessType = 'independent';

export { ACCENT_STYLES, RENTAL_DURATION_OPTIONS };
export type AccentStyle = (typeof ACCENT_STYLES)[number];
export type RentalDuration = (typeof RENTAL_DURATION_OPTIONS)[number];

/**
 * How rental days are counted. The spec names only '24hr' (every started 24 h after the grace
 * period is a day); 'calendar' (each calendar day touched in the company time zone) is the other
 * mode rental companies use.
 */
export const RENTAL_DURATION_MODES = ['24hr', 'calendar'] as const;
export type RentalDurationMode = (typeof RENTAL_DURATION_MODES)[number];

export const PAYMENT_GATEWAYS = ['paytabs'] as const;
export const PAYMENT_MODES = ['sandbox', 'live'] as const;
export const BLACKLIST_MODES = ['warning', 'block'] as const;
export type BlacklistMode = (typeof BLACKLIST_MODES)[number];

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'inApp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** Events a company can be notified about (the spec says "channels" only; these are ours). */
export const NOTIFICATION_EVENTS = [
  'rentalCreated',
  'rentalReturned',
  'rentalOverdue',
  'paymentReceived',
  'documentExpiring',
  'maintenanceDue',
  'trafficTicketAdded',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** Vehicle categories priced in pricing settings: the vehicles schema's own list. */
export { VEHICLE_CATEGORIES };
export type { VehicleCategory };

/** Gateway secrets (PayTabs: profile id, server key, client key). */
export const GATEWAY_KEY_NAMES = ['profileId', 'serverKey', 'clientKey'] as const;
export type GatewayKeyName = (typeof GATEWAY_KEY_NAMES)[number];

/**
 * Settings a shared demo account may not change (403): anything that moves real money or weakens
 * a safety check. The demo owner can still try every other setting (branding, hours…).
 */
export const SECURITY_SETTING_FIELDS = ['gatewayKeys', 'paymentGateway', 'paymentMode', 'blacklistMode', 'enableBlacklistCheck'] as const;
export const DEMO_SECURITY_SETTINGS_MESSAGE = 'Security settings cannot be changed in the demo account';

/** Fields every signed-in role may read (to theme the shell); the rest needs settingsRead. */
export const BRANDING_FIELDS = ['name', 'logoUrl', 'primaryColor', 'secondaryColor', 'accentStyle', 'fontFamily'] as const;

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+\d\s()-]*$/;
const PREFIX = /^[A-Za-z0-9/-]{1,10}$/;
const VAT_NUMBER = /^[A-Za-z0-9 -]*$/;
const SECRET = /^\S{1,200}$/;

const text = (max: number) => z.string().trim().max(max, SETTINGS_MESSAGES.textTooLong);

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}

/** Colours are normalised to upper case so comparisons and CSS output are stable. */
export const hexColor = z
  .string()
  .trim()
  .regex(HEX_COLOR, SETTINGS_MESSAGES.invalidColor)
  .transform((v) => v.toUpperCase());

export const timeOfDay = z.string().regex(HH_MM, SETTINGS_MESSAGES.invalidTime);

export const dayHoursSchema = z
  .object({ open: timeOfDay, close: timeOfDay, closed: z.boolean() })
  // A closed day keeps its last hours so reopening it restores them; only open days must make sense.
  .refine((d) => d.closed || d.close > d.open, { message: SETTINGS_MESSAGES.closeAfterOpen, path: ['close'] });
export type DayHours = z.infer<typeof dayHoursSchema>;

export const workingHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<Weekday, typeof dayHoursSchema>,
);
export type WorkingHours = z.infer<typeof workingHoursSchema>;

const channelsSchema = z.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean()])) as Record<NotificationChannel, z.ZodBoolean>,
);
const eventsSchema = z.object(
  Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, z.boolean()])) as Record<NotificationEvent, z.ZodBoolean>,
);
export const notificationSettingsSchema = z.object({ channels: channelsSchema, events: eventsSchema });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const REFERENCE_KINDS = ['rental', 'contract', 'invoice', 'receipt'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

const prefixSchema = z.string().trim().regex(PREFIX, SETTINGS_MESSAGES.prefixInvalid);
const counterStartSchema = z
  .number({ error: SETTINGS_MESSAGES.startNumberRange })
  .int(SETTINGS_MESSAGES.startNumberRange)
  .min(1, SETTINGS_MESSAGES.startNumberRange)
  .max(999_999_999, SETTINGS_MESSAGES.startNumberRange);
const prefixesSchema = z.object(Object.fromEntries(REFERENCE_KINDS.map((k) => [k, prefixSchema])) as Record<ReferenceKind, typeof prefixSchema>);
const countersSchema = z.object(Object.fromEntries(REFERENCE_KINDS.map((k) => [k, counterStartSchema])) as Record<ReferenceKind, typeof counterStartSchema>);

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

export const preferencesSchema = z.object({
  language: z.enum(LANGUAGE_CODES),
  region: z.enum(REGION_CODES),
});
export type Preferences = z.infer<typeof preferencesSchema>;

const nullableMoney = moneyAmount.nullable();

export const categoryRateSchema = z.object({ dailyRate: nullableMoney, monthlyRate: nullableMoney });
export type CategoryRate = z.infer<typeof categoryRateSchema>;

/** Pricing settings (API shape, decimals). A null rate means "no default; enter it per vehicle". */
export const pricingSettingsSchema = z.object({
  categoryRates: z.object(
    Object.fromEntries(VEHICLE_CATEGORIES.map((c) => [c, categoryRateSchema])) as Record<VehicleCategory, typeof categoryRateSchema>,
  ),
  /** Overrides the region's young-driver fee per day (shared/regions.ts); null = region fee. */
  youngDriverFeeOverride: nullableMoney,
  /** Per km over the daily allowance (spec default 0.50). */
  extraKmCharge: moneyAmount,
  /** Per missing quarter tank at return; 0 = fuel shortfalls are not charged. */
  fuelChargePerQuarterTank: moneyAmount,
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

const timezone = z.string().trim().refine(isValidTimeZone, SETTINGS_MESSAGES.invalidTimezone);

/** Editable fields, by group (the same groups as the settings page's tabs). */
const editableShape = {
  // Company details
  name: z.string().trim().min(1, SETTINGS_MESSAGES.nameRequired).max(120, SETTINGS_MESSAGES.nameTooLong),
  businessType: z.enum(BUSINESS_TYPES),
  email: z.string().trim().refine((v) => v === '' || EMAIL.test(v), SETTINGS_MESSAGES.invalidEmail),
  phone: z.string().trim().max(30, SETTINGS_MESSAGES.textTooLong).regex(PHONE, SETTINGS_MESSAGES.invalidPhone),
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
  // Payments
  paymentGateway: z.enum(PAYMENT_GATEWAYS),
  paymentMode: z.enum(PAYMENT_MODES),
  // Blacklist
  blacklistMode: z.enum(BLACKLIST_MODES),
  enableBlacklistCheck: z.boolean(),
  // References, terms, tax, invoices
  referenceConfig: referenceConfigSchema,
  termsEnglish: text(20_000),
  termsArabic: text(20_000),
  vatNumber: z.string().trim().max(30, SETTINGS_MESSAGES.textTooLong).regex(VAT_NUMBER, SETTINGS_MESSAGES.vatNumberInvalid),
  vatRate,
  enableVat: z.boolean(),
  invoiceConfig: invoiceConfigSchema,
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

// ---------------------------------------------------------------------------------------------
// Update (PUT) schema: every field optional; nested groups merge one level deep
// ---------------------------------------------------------------------------------------------

const gatewayKeysUpdate = z.object(
  Object.fromEntries(GATEWAY_KEY_NAMES.map((k) => [k, z.string().trim().regex(SECRET, SETTINGS_MESSAGES.keyInvalid).nullable().optional()])) as Record<
    GatewayKeyName,
    z.ZodOptional<z.ZodNullable<z.ZodString>>
  >,
);

export const pricingSettingsUpdateSchema = z.object({
  categoryRates: z
    .object(
      Object.fromEntries(VEHICLE_CATEGORIES.map((c) => [c, categoryRateSchema.partial()])) as Record<
        VehicleCategory,
        ReturnType<typeof categoryRateSchema.partial>
      >,
    )
    .partial()
    .optional(),
  youngDriverFeeOverride: nullableMoney.optional(),
  extraKmCharge: moneyAmount.optional(),
  fuelChargePerQuarterTank: moneyAmount.optional(),
});
export type PricingSettingsUpdate = z.infer<typeof pricingSettingsUpdateSchema>;

const versionField = z.number({ error: SETTINGS_MESSAGES.versionRequired }).int(SETTINGS_MESSAGES.versionRequired).min(1, SETTINGS_MESSAGES.versionRequired);

/**
 * PUT /api/v1/company/settings body. `version` is the version the client read (409 when it moved).
 * Nested groups may be sent partially (e.g. `{workingHours: {friday: {...}}}`); each weekday,
 * category rate and top-level field is replaced whole when present. `logoKey` takes the key from
 * POST /api/v1/company/logo-upload (or null to remove the logo).
 */
export const companySettingsUpdateSchema = z
  .object({
    ...editableShape,
    workingHours: workingHoursSchema.partial(),
    notificationSettings: z.object({ channels: channelsSchema.partial().optional(), events: eventsSchema.partial().optional() }),
    referenceConfig: z.object({ prefixes: prefixesSchema.partial().optional(), counters: countersSchema.partial().optional(), autoGenerate: z.boolean().optional() }),
    invoiceConfig: invoiceConfigSchema.partial(),
    preferences: preferencesSchema.partial(),
    pricing: pricingSettingsUpdateSchema,
    logoKey: z.string().regex(/^tenants\/[0-9A-HJKMNP-TV-Z]{26}\/branding\/logo-[0-9A-HJKMNP-TV-Z]{26}\.(png|jpg)$/, SETTINGS_MESSAGES.logoKeyInvalid).nullable(),
    gatewayKeys: gatewayKeysUpdate,
  })
  .partial()
  .extend({ version: versionField });
export type CompanySettingsUpdate = z.infer<typeof companySettingsUpdateSchema>;
export type CompanySettingsUpdateInput = z.input<typeof companySettingsUpdateSchema>;

/** PUT /api/v1/pricing-settings body: the pricing group plus the version read. */
export const pricingSettingsPutSchema = pricingSettingsUpdateSchema.extend({ version: versionField });
export type PricingSettingsPut = z.infer<typeof pricingSettingsPutSchema>;

/** Pricing answer: the pricing group with the settings version and currency. */
export const pricingSettingsResponseSchema = pricingSettingsSchema.extend({
  currency: z.string(),
  /** The region's own young-driver fee, shown next to the override field. */
  regionYoungDriverFee: z.number(),
  version: z.number().int(),
});
export type PricingSettingsResponse = z.infer<typeof pricingSettingsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Logo upload
// ---------------------------------------------------------------------------------------------

export const LOGO_CONTENT_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type LogoContentType = keyof typeof LOGO_CONTENT_TYPES;
export { LOGO_MAX_BYTES };

/**
 * POST /api/v1/company/logo-upload body. Type and size are checked by the handler rather than
 * here so a wrong type answers 400 and a too-large file 413 (DESIGN.md §5), each with the spec's words.
 */
export const logoUploadRequestSchema = z.object({
  fileName: z.string().trim().min(1, SETTINGS_MESSAGES.fileNameRequired).max(255, SETTINGS_MESSAGES.textTooLong),
  contentType: z.string().trim().min(1, SETTINGS_MESSAGES.logoType),
  size: z.number({ error: SETTINGS_MESSAGES.logoSize }).int(SETTINGS_MESSAGES.logoSize).positive(SETTINGS_MESSAGES.logoSize),
});
export type LogoUploadRequest = z.infer<typeof logoUploadRequestSchema>;

export const logoUploadResponseSchema = z.object({
  uploadUrl: z.string(),
  fileUrl: z.string(),
  key: z.string(),
  /** Headers the PUT must send (the signature covers them). */
  headers: z.record(z.string(), z.string()),
  expiresIn: z.number(),
});
export type LogoUploadResponse = z.infer<typeof logoUploadResponseSchema>;

/** Client-side check before asking for a presigned URL (the server checks again). */
export function checkLogoFile(file: { type: string; size: number }): SettingsMessageKey | null {
  if (!(file.type in LOGO_CONTENT_TYPES)) return 'logoType';
  if (file.size > LOGO_MAX_BYTES) return 'logoSize';
  return null;
}

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
      VEHICLE_CATEGORIES.map((c) => [c, { dailyRateMinor: minorOrNull(p.categoryRates[c].dailyRate), monthlyRateMinor: minorOrNull(p.categoryRates[c].monthlyRate) }]),
    ) as Record<VehicleCategory, StoredCategoryRate>,
    youngDriverFeeOverrideMinor: minorOrNull(p.youngDriverFeeOverride),
    extraKmChargeMinor: toMinor(p.extraKmCharge),
    fuelChargePerQuarterTankMinor: toMinor(p.fuelChargePerQuarterTank),
  };
}

export function pricingToApi(p: StoredPricing): PricingSettings {
  const decOrNull = (v: number | null | undefined) => (v === null || v === undefined ? null : fromMinor(v));
  return {
    categoryRates: Object.fromEntries(
      VEHICLE_CATEGORIES.map((c) => [c, { dailyRate: decOrNull(p.categoryRates?.[c]?.dailyRateMinor), monthlyRate: decOrNull(p.categoryRates?.[c]?.monthlyRateMinor) }]),
    ) as Record<VehicleCategory, CategoryRate>,
    youngDriverFeeOverride: decOrNull(p.youngDriverFeeOverrideMinor),
    extraKmCharge: fromMinor(p.extraKmChargeMinor),
    fuelChargePerQuarterTank: fromMinor(p.fuelChargePerQuarterTankMinor),
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
    categoryRates: Object.fromEntries(VEHICLE_CATEGORIES.map((c) => [c, { dailyRateMinor: null, monthlyRateMinor: null }])) as Record<
      VehicleCategory,
      StoredCategoryRate
    >,
    youngDriverFeeOverrideMinor: null,
    extraKmChargeMinor: toMinor(DEFAULT_EXTRA_CHARGE_PER_KM),
    fuelChargePerQuarterTankMinor: 0,
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
    paymentGateway: DEFAULT_PAYMENT_GATEWAY,
    paymentMode: DEFAULT_PAYMENT_MODE,
    gatewayKeysConfigured: { profileId: false, serverKey: false, clientKey: false },
    blacklistMode: DEFAULT_BLACKLIST_MODE,
    enableBlacklistCheck: DEFAULT_ENABLE_BLACKLIST_CHECK,
    referenceConfig: {
      prefixes: { ...REFERENCE_PREFIXES },
      counters: Object.fromEntries(REFERENCE_KINDS.map((k) => [k, REFERENCE_COUNTER_START])) as Record<ReferenceKind, number>,
      autoGenerate: DEFAULT_REFERENCE_AUTO_GENERATE,
    },
    termsEnglish: '',
    termsArabic: '',
    vatNumber: '',
    // US has no VAT: keep the spec's 0.05 so turning VAT on starts from the spec default.
    vatRate: region === 'US' ? DEFAULT_VAT_RATE : config.taxRate / 100,
    enableVat: DEFAULT_ENABLE_VAT,
    invoiceConfig: { paymentTermsDays: 7, footerNote: '', showLogo: true },
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
