/**
 * GPS items (issue 14).
 *
 * - device     pk T#{t}#GPS_DEVICE            sk {deviceId}
 *              The hot item of the ingest: vehicleId, secretHash (sha-256 of the secret), the
 *              evaluation state (EvalState), lastPositionAt, batteryPercent, insideDropZone, the
 *              throttle window. One Query of this partition lists every tracker of the company.
 *              deviceId = {tenantId}{8 random Crockford characters}: the public ingest finds the
 *              tenant from the id itself, so no global item is needed (DESIGN.md §4: G# items
 *              belong to the auth domain) and a device can only ever address its own company.
 * - tracker    pk T#{t}#GPS_TRACKER           sk {vehicleId}   → deviceId (a vehicle's tracker)
 * - position   pk T#{t}#GPS_POS#{vehicleId}   sk {timestamp}   lat, lon, speed, heading, …, ttl
 *              (same timestamp twice = the same position: stored once)
 * - geofence   pk T#{t}#GEOFENCE              sk {id}
 * - event      pk T#{t}#GPS_EVENT             sk {at}#{vehicleId}#{fenceId|SPEED}#{kind}
 *              gsi1 T#{t}#GPS_EVENT_V#{vehicleId} / {at}#…   (a vehicle's events)
 *              gsi2 T#{t}#GPS_EVENT_R#{rentalId}  / {at}#…   (a rental's events)
 *              The key is made of what the event is, so the same event written twice is one item.
 * - settings   pk T#{t}#GPS_SETTINGS          sk COMPANY  (retention days, speed limit, overspeed duration)
 */
import { entityKey, sortKey, tenantPk, type Key } from '../lib/data/keys';
import type { Item } from '../lib/data/repo';
import type { EvalFence, EvalState, ZoneEventDraft } from '../../shared/gps/rules';
import type { GeofenceApi, ZoneEventApi } from '../../shared/schemas/gps';

export const deviceKey = (t: string, deviceId: string): Key => ({
  pk: tenantPk(t, 'GPS_DEVICE'),
  sk: sortKey(deviceId),
});
export const trackerKey = (t: string, vehicleId: string): Key => entityKey(t, 'GPS_TRACKER', vehicleId);
export const positionPk = (t: string, vehicleId: string) => tenantPk(t, 'GPS_POS', vehicleId);
export const positionKey = (t: string, vehicleId: string, at: string): Key => ({
  pk: positionPk(t, vehicleId),
  sk: sortKey(at),
});
export const geofenceKey = (t: string, id: string): Key => entityKey(t, 'GEOFENCE', id);
export const geofencePk = (t: string) => tenantPk(t, 'GEOFENCE');
export const eventsPk = (t: string) => tenantPk(t, 'GPS_EVENT');
export const vehicleEventsPk = (t: string, vehicleId: string) => tenantPk(t, 'GPS_EVENT_V', vehicleId);
export const rentalEventsPk = (t: string, rentalId: string) => tenantPk(t, 'GPS_EVENT_R', rentalId);
export const gpsSettingsKey = (t: string): Key => ({ pk: tenantPk(t, 'GPS_SETTINGS'), sk: 'COMPANY' });

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DEVICE = /^([0-9A-HJKMNP-TV-Z]{26})([0-9A-HJKMNP-TV-Z]{8})$/;

/** The tenant a device id belongs to, or undefined when the id is not one of ours. */
export function tenantOfDevice(deviceId: string): string | undefined {
  return DEVICE.exec(deviceId)?.[1];
}

export function newDeviceId(tenantId: string, random: (n: number) => Buffer): string {
  const bytes = random(8);
  return tenantId + [...bytes].map((b) => CROCKFORD[b % 32]).join('');
}

export interface DeviceItem extends Item, EvalState {
  entityType: 'GPS_DEVICE';
  deviceId: string;
  vehicleId: string;
  secretHash: string;
  createdAt: string;
  rotatedAt: string | null;
  lastPositionAt: string | null;
  lastLat: number | null;
  lastLon: number | null;
  batteryPercent: number | null;
  insideDropZone: boolean;
  /** Throttle: the minute (ISO, 16 chars) and how many positions came in it. */
  rateWindow: string | null;
  rateCount: number;
  version: number;
}

export interface GeofenceItem extends Item, EvalFence {
  entityType: 'GEOFENCE';
  isActive: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export function geofenceToApi(g: GeofenceItem): GeofenceApi {
  return {
    id: g.id,
    name: g.name,
    type: g.type,
    shape: g.shape,
    center: g.center ?? null,
    radius: g.radius ?? null,
    coordinates: g.coordinates ?? null,
    speedLimitKmh: g.speedLimitKmh ?? null,
    timeWindow: g.timeWindow ?? null,
    vehicleIds: g.vehicleIds ?? null,
    isActive: g.isActive !== false,
    version: g.version,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
  };
}

export interface RentalLink {
  rentalId: string;
  rentalReference: string | null;
  customerId: string | null;
  customerName: string | null;
}

export interface EventItem extends Item, ZoneEventDraft {
  entityType: 'GPS_EVENT';
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  rentalId: string | null;
  rentalReference: string | null;
  customerId: string | null;
  customerName: string | null;
  createdAt: string;
}

export function eventItem(
  t: string,
  vehicleId: string,
  vehicleLabel: string,
  e: ZoneEventDraft,
  link: RentalLink | null,
  now: string,
): EventItem {
  const sk = sortKey(e.at, vehicleId, e.fenceId ?? 'SPEED', e.kind);
  return {
    pk: eventsPk(t),
    sk,
    gsi1pk: vehicleEventsPk(t, vehicleId),
    gsi1sk: sk,
    ...(link ? { gsi2pk: rentalEventsPk(t, link.rentalId), gsi2sk: sk } : {}),
    entityType: 'GPS_EVENT',
    id: sk.replace(/#/g, '.'),
    vehicleId,
    vehicleLabel,
    ...e,
    rentalId: link?.rentalId ?? null,
    rentalReference: link?.rentalReference ?? null,
    customerId: link?.customerId ?? null,
    customerName: link?.customerName ?? null,
    createdAt: now,
  };
}

export function eventToApi(e: EventItem): ZoneEventApi {
  return {
    id: e.id,
    kind: e.kind,
    at: e.at,
    vehicleId: e.vehicleId,
    vehicleLabel: e.vehicleLabel,
    fenceId: e.fenceId ?? null,
    fenceName: e.fenceName ?? null,
    fenceType: e.fenceType ?? null,
    lat: e.lat,
    lon: e.lon,
    speed: e.speed,
    limitKmh: e.limitKmh ?? null,
    maxSpeedKmh: e.maxSpeedKmh ?? null,
    rentalId: e.rentalId ?? null,
    rentalReference: e.rentalReference ?? null,
    customerId: e.customerId ?? null,
    customerName: e.customerName ?? null,
  };
}
