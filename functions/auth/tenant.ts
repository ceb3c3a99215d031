import { keys } from '../lib/data/keys';
import { batchGet, type Item } from '../lib/data/repo';
import { defaultCompanySettings } from '../../shared/schemas/settings';
import type { RegionCode } from '../../shared/regions';
import { slugCandidates, slugify } from './slug';

/**
 * The tenant (company) item and its default company settings, created together at sign-up.
 * Layout: T#{tenant}#TENANT / META (name, slug, status, brand colours), T#{tenant}#SETTINGS /
 * COMPANY (owned by the settings domain), G#SLUG#{slug} / G (slug uniqueness).
 */
export const TENANT_DEFAULTS = {
  logoUrl: null,
  primaryColor: '#3B82F6',
  secondaryColor: '#8B5CF6',
  textColor: '#1F2937',
  customDomain: null,
} as const;

export interface NewTenant {
  tenantId: string;
  name: string;
  slug: string;
  email?: string | null;
  ownerUserId: string;
  isDemo?: boolean;
  /** Region of the company's defaults (time zone, tax rate); US when not given. */
  region?: RegionCode;
  /** A time zone chosen at sign-up; the region's zone when not given. */
  timezone?: string;
  now?: string;
}

export function tenantItems(t: NewTenant): Item[] {
  const now = t.now ?? new Date().toISOString();
  const tenant: Item = {
    ...keys.tenant(t.tenantId),
    entityType: 'TENANT',
    id: t.tenantId,
    name: t.name,
    slug: t.slug,
    status: 'active',
    ...TENANT_DEFAULTS,
    ownerUserId: t.ownerUserId,
    isDemo: t.isDemo === true,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  // Same shape as the settings domain's settingsItem(): the stored settings, version 1.
  const settings: Item = {
    ...keys.settings(t.tenantId),
    entityType: 'SETTINGS',
    id: t.tenantId,
    ...defaultCompanySettings({
      companyName: t.name,
      ...(t.email ? { email: t.email } : {}),
      ...(t.region ? { region: t.region } : {}),
    }),
    ...(t.timezone ? { timezone: t.timezone } : {}),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const slug: Item = { ...keys.global.slug(t.slug), entityType: 'SLUG', tenantId: t.tenantId, createdAt: now };
  return [
    tenant,
    settings,
    slug,
    directoryEntry({
      tenantId: t.tenantId,
      name: t.name,
      slug: t.slug,
      region: String((settings.preferences as { region?: string } | undefined)?.region ?? 'US'),
      status: 'active',
      createdAt: now,
      isDemo: t.isDemo === true,
    }),
  ];
}

/**
 * The platform's tenant directory (admin tools, issue 16): G#TENANTS / {tenantId}, written in the
 * sign-up transaction and kept in step with the tenant's status by suspend/reactivate, so the
 * operator lists companies with one Query of one partition (never a Scan). the demo reset
 * (run by `npm start` and nightly) backfills companies created before it existed (admin.ts).
 */
export function directoryEntry(d: {
  tenantId: string;
  name: string;
  slug: string;
  region: string;
  status: string;
  createdAt: string;
  isDemo?: boolean;
}): Item {
  return {
    ...keys.global.tenantDirectory(d.tenantId),
    entityType: 'TENANT_DIRECTORY',
    id: d.tenantId,
    name: d.name,
    nameLower: d.name.toLowerCase(),
    slug: d.slug,
    region: d.region,
    status: d.status,
    createdAt: d.createdAt,
    isDemo: d.isDemo === true,
  };
}

/**
 * First free slug among name, name-2 … name-10 (one BatchGet); when all ten are taken, a random
 * suffix. The sign-up transaction's condition on G#SLUG# settles any race.
 */
export async function pickFreeSlug(companyName: string): Promise<string> {
  const candidates = slugCandidates(slugify(companyName), 10);
  const found = await batchGet(candidates.map((s) => keys.global.slug(s)));
  const free = candidates.find((_, i) => !found[i]);
  return free ?? `${candidates[0]}-${Math.random().toString(36).slice(2, 8)}`;
}
