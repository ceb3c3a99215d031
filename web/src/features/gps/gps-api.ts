/**
 * GPS feature API (issue 14): paths, calls and types (from shared/schemas/gps.ts). No map code
 * here: the rental page's trip evidence imports this module without pulling in maplibre.
 */
import { addArea } from '../../../../shared/i18n';
import { gps as gpsCatalog } from '../../../../shared/i18n/gps';
import { GPS_MESSAGES } from '../../../../shared/gps/messages';
import type {
  GeofenceApi,
  LiveVehicleApi,
  PositionApi,
  TrackerApi,
  TripsApi,
  ZoneEventApi,
} from '../../../../shared/schemas/gps';
import { apiPath, apiStem, callApi, type BodyOf } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';
import type { TFunction } from '../../i18n';

addArea('gps', gpsCatalog);
registerMessages('gps.messages', GPS_MESSAGES);

export type { GeofenceApi, LiveVehicleApi, PositionApi, TrackerApi, TripsApi, ZoneEventApi };
export const LIVE_PATH = apiPath('gpsLive');
export const EVENTS_PATH = apiPath('listGpsEvents');
export const GEOFENCES_PATH = apiStem('listGeofences');
export const POSITIONS_PATH = apiPath('listPositions');
export const TRIPS_PATH = apiPath('listTrips');
/** The live map refreshes this often (no page reload). */
export const LIVE_REFRESH_MS = 5_000;

export const gpsApi = {
  createGeofence: (body: BodyOf<'createGeofence'>) =>
    callApi<'createGeofence', GeofenceApi>('createGeofence', { body }),
  updateGeofence: (id: string, body: BodyOf<'updateGeofence'>) =>
    callApi<'updateGeofence', GeofenceApi>('updateGeofence', { params: { id }, body }),
  deleteGeofence: (id: string) => callApi<'deleteGeofence', void>('deleteGeofence', { params: { id } }),
  /** Creates the vehicle's tracker or rotates its secret; the answer holds the secret (once). */
  tracker: (vehicleId: string) =>
    callApi<'createTracker', { tracker: TrackerApi }>('createTracker', { params: { id: vehicleId }, body: {} }),
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
export const STATUS_COLORS: Record<string, string> = {
  available: '#16a34a',
  rented: '#2563eb',
  in_maintenance: '#d97706',
  out_of_service: '#64748b',
};
