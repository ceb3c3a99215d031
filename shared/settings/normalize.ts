import { defaultCompanySettings, type StoredCompanySettings } from '../schemas/settings/stored';
import { getRegionConfig } from '../regions';

/**
 * The one parser of a stored company-settings item (pure, no I/O). The settings domain uses it
 * for its own reads and writes; every other domain reads settings through
 * functions/lib/company-settings.ts, which is built on it — so an item is interpreted one way only.
 * (It lives in shared/ rather than in functions/settings/ so lib does not depend on a domain's internals.)
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Deep merge of plain objects: `patch` values win, `undefined` in the patch keeps the base value,
 * `null` sets null. Arrays and scalars replace.
 */
export function deepMerge<T>(base: T, patch: unknown): T {
  if (!isObj(base) || !isObj(patch)) return (patch === undefined ? base : patch) as T;
  const out: Obj = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    out[k] = isObj(v) && isObj(out[k]) ? deepMerge(out[k], v) : v;
  }
  return out as T;
}

/** Fields that are item bookkeeping, not settings. */
const META_FIELDS = new Set(['pk', 'sk', 'entityType', 'id', 'version', 'createdAt', 'updatedAt', 'tenantId']);

/**
 * A stored settings item as a complete StoredCompanySettings: the defaults fill whatever an older
 * item lacks (settings grow fields over time; an item written before a field existed still reads
 * with the field's default).
 */
export function normalizeStored(item: Obj | undefined, fallbackName: string): StoredCompanySettings {
  const stored: Obj = {};
  for (const [k, v] of Object.entries(item ?? {})) if (!META_FIELDS.has(k)) stored[k] = v;
  const name = typeof stored.name === 'string' && stored.name ? stored.name : fallbackName;
  const region = getRegionConfig((stored.preferences as Obj | undefined)?.region as string | undefined).countryCode;
  return deepMerge(defaultCompanySettings({ companyName: name, region }), stored);
}
