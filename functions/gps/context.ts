/**
 * What the ingest needs of a company besides the device: its active geofences, its time zone and
 * its GPS settings. Cached per Lambda instance for CONTEXT_TTL_MS so a stream of positions does
 * not re-read them on every request; a geofence write in this instance drops the cache at once,
 * another instance sees it within the TTL (a new fence applies within 15 s).
 */
import { GPS_DEFAULTS, type EvalFence } from '../../shared/gps/rules';
import { companyTimezone, readCompanySettings } from '../lib/company-settings';
import { getItem, queryAll, transact, tx } from '../lib/data/repo';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { geofencePk, gpsSettingsKey, type GeofenceItem } from './model';

export const CONTEXT_TTL_MS = 15_000;

export interface GpsSettings {
  positionRetentionDays: number;
  speedLimitKmh: number;
  overspeedMinSeconds: number;
}

export interface GpsContext extends GpsSettings {
  timeZone: string;
  fences: EvalFence[];
}

const cache = new Map<string, { at: number; value: Promise<GpsContext> }>();

export function dropContext(tenantId: string): void {
  cache.delete(tenantId);
}

export async function readGpsSettings(tenantId: string): Promise<GpsSettings> {
  const item = await getItem(gpsSettingsKey(tenantId), false);
  const num = (v: unknown, d: number, min = 1) => (typeof v === 'number' && Number.isFinite(v) && v >= min ? v : d);
  return {
    positionRetentionDays: num(item?.positionRetentionDays, GPS_DEFAULTS.positionRetentionDays),
    speedLimitKmh: num(item?.speedLimitKmh, GPS_DEFAULTS.speedLimitKmh),
    overspeedMinSeconds: num(item?.overspeedMinSeconds, GPS_DEFAULTS.overspeedMinSeconds, 0),
  };
}

export async function updateGpsSettings(actor: Actor, body: Partial<GpsSettings>): Promise<GpsSettings> {
  const now = new Date().toISOString();
  const next = {
    ...(await readGpsSettings(actor.tenantId)),
    ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
  } as GpsSettings;
  await transact([
    tx.put({ ...gpsSettingsKey(actor.tenantId), entityType: 'GPS_SETTINGS', ...next, updatedAt: now }),
    tx.putNew(auditItem(actor, 'gps.settings.update', 'gps_settings', 'COMPANY', { after: body })),
  ]);
  dropContext(actor.tenantId);
  return next;
}

async function load(tenantId: string): Promise<GpsContext> {
  const [settings, gps, fences] = await Promise.all([
    readCompanySettings(tenantId, ''),
    readGpsSettings(tenantId),
    queryAll<GeofenceItem>({ tenantId, pk: geofencePk(tenantId), max: 1000 }),
  ]);
  return { ...gps, timeZone: companyTimezone(settings), fences: fences.filter((f) => f.isActive !== false) };
}

export function gpsContext(tenantId: string, now = Date.now()): Promise<GpsContext> {
  const hit = cache.get(tenantId);
  if (hit && now - hit.at < CONTEXT_TTL_MS) return hit.value;
  const value = load(tenantId);
  value.catch(() => cache.delete(tenantId));
  cache.set(tenantId, { at: now, value });
  return value;
}
