import {
  BRANDING_FIELDS,
  damagePricesToMinor,
  GATEWAY_KEY_NAMES,
  pricingToApi,
  SECURITY_SETTING_FIELDS,
  settingsCurrency,
  VEHICLE_CATEGORIES,
  type BrandingSettings,
  type CompanySettings,
  type CompanySettingsUpdate,
  type PricingSettingsUpdate,
  type StoredCompanySettings,
  type StoredPricing,
} from '../../shared/schemas/settings';
import { getRegionConfig } from '../../shared/regions';
import { deepMerge, normalizeStored } from '../../shared/settings/normalize';
import { toMinor } from '../../shared/money';

/**
 * Pure settings logic: normalising a stored item, merging an update, shaping answers. No I/O, so
 * the rules are unit-tested without a stack.
 */
type Obj = Record<string, unknown>;

// The stored item is parsed in one place, shared with every domain through lib/company-settings.ts.
export { deepMerge, normalizeStored };

/** The pricing part of an update, in stored (minor-unit) form, as a patch. */
export function pricingPatch(update: PricingSettingsUpdate): Partial<StoredPricing> & { categoryRates?: Obj } {
  const minorOrNull = (v: number | null) => (v === null ? null : toMinor(v));
  const patch: Obj = {};
  if (update.categoryRates) {
    const rates: Obj = {};
    for (const c of VEHICLE_CATEGORIES) {
      const r = update.categoryRates[c];
      if (!r) continue;
      rates[c] = {
        ...(r.dailyRate !== undefined ? { dailyRateMinor: minorOrNull(r.dailyRate) } : {}),
        ...(r.monthlyRate !== undefined ? { monthlyRateMinor: minorOrNull(r.monthlyRate) } : {}),
      };
    }
    patch.categoryRates = rates;
  }
  if (update.youngDriverFeeOverride !== undefined)
    patch.youngDriverFeeOverrideMinor = minorOrNull(update.youngDriverFeeOverride);
  if (update.extraKmCharge !== undefined) patch.extraKmChargeMinor = toMinor(update.extraKmCharge);
  if (update.fuelChargePerQuarterTank !== undefined)
    patch.fuelChargePerQuarterTankMinor = toMinor(update.fuelChargePerQuarterTank);
  if (update.fineAdminFee !== undefined) patch.fineAdminFeeMinor = toMinor(update.fineAdminFee);
  if (update.tollAdminFeePerCrossing !== undefined)
    patch.tollAdminFeePerCrossingMinor = toMinor(update.tollAdminFeePerCrossing);
  if (update.damagePrices !== undefined) patch.damagePricesMinor = damagePricesToMinor(update.damagePrices);
  return patch as Partial<StoredPricing>;
}

export interface MergeResult {
  next: StoredCompanySettings;
  /** Top-level settings fields whose value changed. */
  changed: (keyof StoredCompanySettings)[];
  /** Gateway secrets to set (string) or clear (null). */
  secrets: Partial<Record<(typeof GATEWAY_KEY_NAMES)[number], string | null>>;
}

/**
 * Applies a PUT body to the current settings.
 * - Nested groups merge (a body may carry one weekday or one category rate).
 * - Changing the region without sending vatRate / timezone takes the new region's tax rate and
 *   time zone from shared/regions.ts (a company moving its books to the UAE gets 5% and
 *   Asia/Dubai); a value sent in the same body wins. US has no VAT, so its "rate" keeps the
 *   current one. A time zone sent UNCHANGED with a region change is not a choice: a form saving
 *   its whole tab repeats the old zone (that is how a UAE company kept America/New_York), so the
 *   new region's zone is taken; a different zone sent with it is the user's choice and wins.
 * - Gateway keys never enter the settings item; only `gatewayKeysConfigured` flags do.
 */
export function applyUpdate(
  current: StoredCompanySettings,
  update: Omit<CompanySettingsUpdate, 'version'>,
): MergeResult {
  const { gatewayKeys, pricing, ...rest } = update;
  let next = deepMerge(current, rest);
  if (pricing) next = { ...next, pricing: deepMerge(current.pricing, pricingPatch(pricing)) };

  const oldRegion = current.preferences.region;
  const newRegion = next.preferences.region;
  if (newRegion !== oldRegion) {
    const cfg = getRegionConfig(newRegion);
    if (update.vatRate === undefined && cfg.taxRate > 0) next.vatRate = cfg.taxRate / 100;
    if (update.timezone === undefined || update.timezone === current.timezone) next.timezone = cfg.timezone;
  }

  const secrets: MergeResult['secrets'] = {};
  if (gatewayKeys) {
    const flags = { ...current.gatewayKeysConfigured };
    for (const k of GATEWAY_KEY_NAMES) {
      const v = gatewayKeys[k];
      if (v === undefined) continue;
      secrets[k] = v;
      flags[k] = v !== null;
    }
    next.gatewayKeysConfigured = flags;
  }

  const changed = (Object.keys(next) as (keyof StoredCompanySettings)[]).filter(
    (k) => JSON.stringify(next[k]) !== JSON.stringify(current[k]),
  );
  return { next, changed, secrets };
}

/**
 * Security settings a demo account tried to change: gateway keys whenever sent, the others when
 * their value differs (a whole-form save that repeats them unchanged is fine).
 */
export function securityFieldsTouched(
  current: StoredCompanySettings,
  update: Omit<CompanySettingsUpdate, 'version'>,
): string[] {
  return SECURITY_SETTING_FIELDS.filter((f) => {
    if (f === 'gatewayKeys')
      return update.gatewayKeys !== undefined && Object.values(update.gatewayKeys).some((v) => v !== undefined);
    const sent = update[f];
    return sent !== undefined && sent !== current[f];
  });
}

export interface SettingsMeta {
  version: number;
  updatedAt: string;
}

/** Full API answer (settingsRead roles). */
export function toApi(s: StoredCompanySettings, meta: SettingsMeta, logoUrl: string | null): CompanySettings {
  const { pricing, gatewayKeysConfigured, ...rest } = s;
  return {
    ...rest,
    pricing: pricingToApi(pricing),
    logoUrl,
    currency: settingsCurrency(s),
    gatewayKeysConfigured: { ...gatewayKeysConfigured },
    version: meta.version,
    updatedAt: meta.updatedAt,
  };
}

/** Branding subset for roles without settingsRead. */
export function toBranding(s: StoredCompanySettings, logoUrl: string | null): BrandingSettings {
  const full = { ...s, logoUrl } as Record<string, unknown>;
  // Region too: every role's display region defaults to the company's (web/src/lib/display-region.ts).
  return {
    ...Object.fromEntries(BRANDING_FIELDS.map((f) => [f, full[f]])),
    currency: settingsCurrency(s),
    region: getRegionConfig(s.preferences?.region).countryCode,
  } as BrandingSettings;
}

/** Audit summary: which fields changed, with before/after for scalar ones (never secrets). */
export function auditSummary(
  current: StoredCompanySettings,
  next: StoredCompanySettings,
  changed: string[],
  secretsChanged: string[],
) {
  const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  const before: Obj = {};
  const after: Obj = {};
  for (const f of changed) {
    const a = (current as Obj)[f];
    const b = (next as Obj)[f];
    if (f === 'termsEnglish' || f === 'termsArabic') continue; // long text: name only
    if (scalar(a) && scalar(b)) {
      before[f] = a;
      after[f] = b;
    }
  }
  return {
    before,
    after,
    note: [
      `changed: ${changed.join(', ') || 'nothing'}`,
      secretsChanged.length ? `gateway keys updated: ${secretsChanged.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  };
}
