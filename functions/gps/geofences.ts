/**
 * Geofences (issue 14): circles and polygons, types RESTRICTED, SERVICE_AREA, DROP_ZONE, optional
 * speed limit, time window (company time zone) and vehicle set. Versioned updates; delete is a
 * real delete (past zone events keep the fence's name and type, so history stays readable).
 */
import { ulid } from 'ulid';
import type { CreateGeofenceBody, UpdateGeofenceBody } from '../../shared/schemas/gps';
import { GPS_MESSAGES as M } from '../../shared/gps/messages';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { getItem, queryAll, transact, tx } from '../lib/data/repo';
import { conflict, notFound, validationFailed, type FieldErrors } from '../lib/errors';
import { dropContext } from './context';
import { readVehicles } from './deps';
import { geofenceKey, geofencePk, geofenceToApi, type GeofenceItem } from './model';

async function checkVehicles(tenantId: string, ids: string[] | null | undefined): Promise<void> {
  if (!ids?.length) return;
  const found = await readVehicles(tenantId, [...new Set(ids)]);
  if (found.size !== new Set(ids).size) throw validationFailed({ vehicleIds: 'Choose vehicles of your fleet' });
}

/** Geometry fields of a shape: a circle keeps center+radius, a polygon its ring; the other is cleared. */
function geometry(b: Pick<CreateGeofenceBody, 'shape' | 'center' | 'radius' | 'coordinates'>) {
  const fields: FieldErrors = {};
  if (b.shape === 'circle') {
    if (!b.center) fields.center = M.centerRequired;
    if (!b.radius) fields.radius = M.radiusRequired;
  } else if (!b.coordinates || b.coordinates.length < 3) fields.coordinates = M.polygonPoints;
  if (Object.keys(fields).length) throw validationFailed(fields);
  return b.shape === 'circle'
    ? { shape: 'circle' as const, center: b.center!, radius: b.radius!, coordinates: null }
    : { shape: 'polygon' as const, center: null, radius: null, coordinates: b.coordinates! };
}

export async function listGeofences(tenantId: string, q: { type?: string }) {
  const items = await queryAll<GeofenceItem>({ tenantId, pk: geofencePk(tenantId), max: 1000 });
  return { items: items.filter((g) => !q.type || g.type === q.type).map(geofenceToApi), nextCursor: null };
}

async function read(tenantId: string, id: string): Promise<GeofenceItem> {
  const g = (await getItem(geofenceKey(tenantId, id), true)) as GeofenceItem | undefined;
  if (!g) throw notFound();
  return g;
}

export const getGeofence = async (tenantId: string, id: string) => geofenceToApi(await read(tenantId, id));

export async function createGeofence(actor: Actor, b: CreateGeofenceBody) {
  await checkVehicles(actor.tenantId, b.vehicleIds);
  const id = ulid();
  const now = new Date().toISOString();
  const item: GeofenceItem = {
    ...geofenceKey(actor.tenantId, id),
    entityType: 'GEOFENCE',
    id,
    name: b.name,
    type: b.type,
    ...geometry(b),
    speedLimitKmh: b.speedLimitKmh ?? null,
    timeWindow: b.timeWindow ?? null,
    vehicleIds: b.vehicleIds?.length ? b.vehicleIds : null,
    isActive: b.isActive ?? true,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await transact([
    tx.putNew(item),
    tx.putNew(
      auditItem(actor, 'geofence.create', 'geofence', id, { after: { name: b.name, type: b.type, shape: item.shape } }),
    ),
  ]);
  dropContext(actor.tenantId);
  return geofenceToApi(item);
}

export async function updateGeofence(actor: Actor, id: string, b: UpdateGeofenceBody) {
  const g = await read(actor.tenantId, id);
  if (b.version !== undefined && b.version !== g.version)
    throw conflict('This geofence was changed by someone else; reload it');
  await checkVehicles(actor.tenantId, b.vehicleIds);
  const touchesShape =
    b.shape !== undefined || b.center !== undefined || b.radius !== undefined || b.coordinates !== undefined;
  const shape = touchesShape
    ? geometry({
        shape: b.shape ?? g.shape,
        center: b.center ?? g.center,
        radius: b.radius ?? g.radius,
        coordinates: b.coordinates ?? g.coordinates,
      })
    : {};
  const changes: Record<string, unknown> = { ...shape };
  for (const k of ['name', 'type', 'speedLimitKmh', 'timeWindow', 'isActive'] as const)
    if (b[k] !== undefined) changes[k] = b[k];
  if (b.vehicleIds !== undefined) changes.vehicleIds = b.vehicleIds?.length ? b.vehicleIds : null;
  const now = new Date().toISOString();
  await transact([
    tx.update(geofenceKey(actor.tenantId, id), g.version, changes, now),
    tx.putNew(
      auditItem(actor, 'geofence.update', 'geofence', id, { before: { name: g.name, type: g.type }, after: changes }),
    ),
  ]);
  dropContext(actor.tenantId);
  return geofenceToApi({ ...g, ...changes, version: g.version + 1, updatedAt: now } as GeofenceItem);
}

export async function deleteGeofence(actor: Actor, id: string) {
  const g = await read(actor.tenantId, id);
  await transact([
    tx.delete(geofenceKey(actor.tenantId, id), 'attribute_exists(pk)'),
    tx.putNew(auditItem(actor, 'geofence.delete', 'geofence', id, { before: { name: g.name, type: g.type } })),
  ]);
  dropContext(actor.tenantId);
}
