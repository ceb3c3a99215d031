/**
 * GPS feature API (issue 14): paths, calls and types (from shared/schemas/gps.ts). No map code
 * here: the rental page's trip evidence imports this module without pulling in maplibre.
 */
import { addArea } from '../../../../shared/i18n';
import { gps as gpsCatalog } from '../../../../shared/i18n/gps';
import { GPS_MESSAGES } from '../../../../shared/gps/messages';
import type { GeofenceApi, LiveVehicleApi, PositionApi, TrackerApi, TripsApi, ZoneEventApi } from '../../../../shared/schemas/gps';
import { api } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';
import type { TFunction } from '../../i18n';

addArea('gps', gpsCatalog);
registerMessages('gps.messages', GPS_MESSAGES);

export type { GeofenceApi, LiveVehicleApi, PositionApi, TrackerApi, TripsApi, ZoneEventApi };
export const LIVE_PATH = '/api/v1/gps/live';
export const EVENTS_PATH = '/api/v1/gps/events';
export const GEOFENCES_PATH = '/api/v1/geofences';
export const POSITIONS_PATH = '/api/v1/gps/positions';
export const TRIPS_PATH = '/api/v1/gps/trips';
/** The live map refreshes this often (no page reload). */
export const LIVE_REFRESH_MS = 5_000;

export const gpsApi = {
  createGeofence: (body: unknown) => api.post<GeofenceApi>(GEOFENCES_PATH, body),
  updateGeofence: (id: string, body: unknown) => api.patch<GeofenceApi>(`${GEOFENCES_PATH}/${encodeURIComponent(id)}`, body),
  deleteGeofence: (id: string) => api.delete<void>(`${GEOFENCES_PATH}/${encodeURIComponent(id)}`),
};

/** "3 min ago" from an ISO time (the marker's last-update age). */
export function ageText(t: TFunction, iso: string | null, now = Date.now()): string {
  if (!iso) return t('gps.never');
  const min = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (min < 1) return t('gps.age.now');
  if (min < 60) return t('gps.age.minutes', { n: min });
  if (min < 48 * 60) return t('gps.age.hours', { n: Math.floor(min / 60) });
  return t('gps.age.days', { n: Math.floor(min / 1440) });
}

/** Trail colour by speed (km/h): green, yellow, orange, red above the usual limit. */
export function speedColor(kmh: number): string {
  if (kmh < 60) return '#16a34a';
  if (kmh < 100) return '#ca8a04';
  if (kmh <= 120) return '#ea580c';
  return '#dc2626';
}

export const FENCE_COLORS = { RESTRICTED: '#dc2626', SERVICE_AREA: '#2563eb', DROP_ZONE: '#16a34a' } as const;
export const STATUS_COLORS: Record<string, string> = { available: '#16a34a', rented: '#2563eb', in_maintenance: '#d97706', out_of_service: '#64748b' };
