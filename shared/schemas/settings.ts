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
export * from './settings/messages';
export * from './settings/options';
export {
  isValidTimeZone,
  hexColor,
  timeOfDay,
  dayHoursSchema,
  workingHoursSchema,
  notificationSettingsSchema,
  referenceConfigSchema,
  invoiceConfigSchema,
  preferencesSchema,
  categoryRateSchema,
  pricingSettingsSchema,
  companySettingsSchema,
  brandingSettingsSchema,
} from './settings/company';
export type {
  DayHours,
  WorkingHours,
  NotificationSettings,
  ReferenceConfig,
  InvoiceConfig,
  Preferences,
  CategoryRate,
  PricingSettings,
  CompanySettings,
  BrandingSettings,
} from './settings/company';
export * from './settings/update';
export * from './settings/logo';
export * from './settings/stored';
