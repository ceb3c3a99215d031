import { calendarDateInZone, getRegionConfig, isRegionCode, type RegionCode } from '../../shared/regions';
import { normalizeStored } from '../../shared/settings/normalize';
import type { StoredCompanySettings } from '../../shared/schemas/settings';
import { keys } from './data/keys';
import { batchGet, getItem } from './data/repo';

/**
 * The one company-settings reader (DESIGN.md §13). Every domain that needs VAT, reference
 * prefixes, time zone, region or branding asks here; the stored item is parsed by
 * shared/settings/normalize.ts (the settings domain uses the same parser for its own reads), so
 * there is one interpretation of a settings item with one set of defaults.
 */
export type CompanySettings = StoredCompanySettings;

/** Name used when a company has neither a settings name nor a tenant name (never in practice). */
const FALLBACK_NAME = 'Sayyara';

/** Parses a stored settings item (undefined → the defaults); `tenant` supplies the fallback name. */
export function companySettingsFrom(
  item: Record<string, unknown> | undefined,
  tenant?: Record<string, unknown>,
): CompanySettings {
  const tenantName = typeof tenant?.name === 'string' && tenant.name ? tenant.name : FALLBACK_NAME;
  return normalizeStored(item, tenantName);
}

/**
 * The company's settings. Without `fallbackName` the tenant item is read in the same BatchGet so a
 * company without a settings item is still named; with it (e.g. the caller's auth context already
 * holds the tenant name) only the settings item is read.
 */
export async function readCompanySettings(tenantId: string, fallbackName?: string): Promise<CompanySettings> {
  if (fallbackName !== undefined)
    return normalizeStored(await getItem(keys.settings(tenantId), false), fallbackName || FALLBACK_NAME);
  const [settings, tenant] = await batchGet([keys.settings(tenantId), keys.tenant(tenantId)], false);
  return companySettingsFrom(settings, tenant);
}

/** The company's region (a stored value outside the known regions reads as US). */
export const companyRegion = (s: CompanySettings): RegionCode =>
  isRegionCode(s.preferences?.region) ? s.preferences.region : 'US';

/** The company's time zone: the stored one, else its region's. */
export const companyTimezone = (s: CompanySettings): string => s.timezone || getRegionConfig(companyRegion(s)).timezone;

/** The company's calendar date (YYYY-MM-DD) at `now` in its time zone (UTC if the zone is unusable). */
export function companyToday(s: CompanySettings, now = new Date()): string {
  try {
    return calendarDateInZone(now, companyTimezone(s));
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Region and today: what age, licence and eligibility rules are judged by. */
export interface CompanyCalendar {
  region: RegionCode;
  /** The company's calendar date (its time zone), YYYY-MM-DD. */
  today: string;
}

export const companyCalendar = (s: CompanySettings, now = new Date()): CompanyCalendar => ({
  region: companyRegion(s),
  today: companyToday(s, now),
});
