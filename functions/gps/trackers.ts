/**
 * A vehicle's tracker (issue 14): a device id and a secret generated here, the secret shown once
 * (in the answer that created or rotated it) and stored only as its SHA-256. Rotating keeps the
 * device id (the tracker app's identifier stays) and replaces the secret at once.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { emptyState } from '../../shared/gps/rules';
import type { TrackerApi } from '../../shared/schemas/gps';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { getItem, transact, tx } from '../lib/data/repo';
import { notFound } from '../lib/errors';
import { readVehicle } from './deps';
import { deviceKey, newDeviceId, trackerKey, type DeviceItem } from './model';

export const OSMAND_PATH = '/api/v1/gps/osmand';

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Constant-time comparison of a presented secret with the stored hash (equal-length digests). */
export function secretMatches(presented: string, storedHash: string): boolean {
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = Buffer.from(storedHash, 'hex');
  return b.length === a.length && timingSafeEqual(a, b);
}

export function trackerToApi(d: DeviceItem, secret?: string): TrackerApi {
  return {
    vehicleId: d.vehicleId,
    deviceId: d.deviceId,
    ...(secret ? { secret } : {}),
    createdAt: d.createdAt,
    rotatedAt: d.rotatedAt ?? null,
    lastPositionAt: d.lastPositionAt ?? null,
    batteryPercent: d.batteryPercent ?? null,
    osmandPath: OSMAND_PATH,
  };
}

async function deviceOfVehicle(tenantId: string, vehicleId: string): Promise<DeviceItem | undefined> {
  const ptr = await getItem(trackerKey(tenantId, vehicleId), true);
  if (!ptr?.deviceId) return undefined;
  return (await getItem(deviceKey(tenantId, String(ptr.deviceId)), true)) as DeviceItem | undefined;
}

export async function getTracker(tenantId: string, vehicleId: string): Promise<{ tracker: TrackerApi | null }> {
  if (!(await readVehicle(tenantId, vehicleId))) throw notFound();
  const d = await deviceOfVehicle(tenantId, vehicleId);
  return { tracker: d ? trackerToApi(d) : null };
}

/** The device item of a new tracker (also used by the demo seed). */
export function newDevice(tenantId: string, vehicleId: string, secret: string, now: string): DeviceItem {
  const deviceId = newDeviceId(tenantId, randomBytes);
  return {
    ...deviceKey(tenantId, deviceId),
    entityType: 'GPS_DEVICE',
    deviceId,
    vehicleId,
    secretHash: hashSecret(secret),
    createdAt: now,
    rotatedAt: null,
    lastPositionAt: null,
    lastLat: null,
    lastLon: null,
    batteryPercent: null,
    insideDropZone: false,
    rateWindow: null,
    rateCount: 0,
    version: 1,
    ...emptyState(),
  };
}

export const newSecret = () => randomBytes(24).toString('base64url');

/** Creates the vehicle's tracker, or rotates its secret when it has one. Answers the secret once. */
export async function createOrRotateTracker(actor: Actor, vehicleId: string): Promise<{ tracker: TrackerApi }> {
  const t = actor.tenantId;
  if (!(await readVehicle(t, vehicleId))) throw notFound();
  const secret = newSecret();
  const now = new Date().toISOString();
  const existing = await deviceOfVehicle(t, vehicleId);
  if (existing) {
    await transact([
      tx.update(
        deviceKey(t, existing.deviceId),
        existing.version,
        { secretHash: hashSecret(secret), rotatedAt: now },
        now,
      ),
      tx.putNew(
        auditItem(actor, 'gps.tracker.rotate', 'vehicle', vehicleId, { after: { deviceId: existing.deviceId } }),
      ),
    ]);
    return { tracker: trackerToApi({ ...existing, rotatedAt: now }, secret) };
  }
  const device = newDevice(t, vehicleId, secret, now);
  await transact([
    tx.putNew(device),
    tx.putNew({
      ...trackerKey(t, vehicleId),
      entityType: 'GPS_TRACKER',
      vehicleId,
      deviceId: device.deviceId,
      createdAt: now,
    }),
    tx.putNew(auditItem(actor, 'gps.tracker.create', 'vehicle', vehicleId, { after: { deviceId: device.deviceId } })),
  ]);
  return { tracker: trackerToApi(device, secret) };
}
