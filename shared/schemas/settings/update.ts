import * as z from 'zod';
import { moneyAmount } from '../../money';
import { text as boundedText } from '../fields';
import { SETTINGS_MESSAGES } from './messages';
import { GATEWAY_KEY_NAMES, VEHICLE_CATEGORIES, type GatewayKeyName, type VehicleCategory } from './options';
import {
  categoryRateSchema,
  channelsSchema,
  damagePricesSchema,
  countersSchema,
  editableShape,
  eventsSchema,
  invoiceConfigSchema,
  nullableMoney,
  preferencesSchema,
  prefixesSchema,
  pricingSettingsSchema,
  SECRET,
  workingHoursSchema,
} from './company';

/** PUT bodies of company and pricing settings (part of shared/schemas/settings.ts). */
// ---------------------------------------------------------------------------------------------
// Update (PUT) schema: every field optional; nested groups merge one level deep
// ---------------------------------------------------------------------------------------------

const gatewayKeysUpdate = z.object(
  Object.fromEntries(
    GATEWAY_KEY_NAMES.map((k) => [
      k,
      boundedText(200, { tooLong: SETTINGS_MESSAGES.keyInvalid })
        .regex(SECRET, SETTINGS_MESSAGES.keyInvalid)
        .nullable()
        .optional(),
    ]),
  ) as Record<GatewayKeyName, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
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
  fineAdminFee: moneyAmount.optional(),
  tollAdminFeePerCrossing: moneyAmount.optional(),
  /** The whole damage price list (every type × severity). */
  damagePrices: damagePricesSchema.optional(),
});
export type PricingSettingsUpdate = z.infer<typeof pricingSettingsUpdateSchema>;

const versionField = z
  .number({ error: SETTINGS_MESSAGES.versionRequired })
  .int(SETTINGS_MESSAGES.versionRequired)
  .min(1, SETTINGS_MESSAGES.versionRequired);

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
    notificationSettings: z.object({
      channels: channelsSchema.partial().optional(),
      events: eventsSchema.partial().optional(),
    }),
    referenceConfig: z.object({
      prefixes: prefixesSchema.partial().optional(),
      counters: countersSchema.partial().optional(),
      autoGenerate: z.boolean().optional(),
    }),
    invoiceConfig: invoiceConfigSchema.partial(),
    preferences: preferencesSchema.partial(),
    pricing: pricingSettingsUpdateSchema,
    logoKey: boundedText(200, { tooLong: SETTINGS_MESSAGES.logoKeyInvalid, trim: false })
      .regex(
        /^tenants\/[0-9A-HJKMNP-TV-Z]{26}\/branding\/logo-[0-9A-HJKMNP-TV-Z]{26}\.(png|jpg)$/,
        SETTINGS_MESSAGES.logoKeyInvalid,
      )
      .nullable(),
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
