import { auditItem } from '../lib/data/audit';
import { transact, tx, versionedUpdate } from '../lib/data/repo';
import { conflict } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { VEHICLE_MESSAGES, type VehicleStatus } from '../../shared/schemas/vehicles-constants';
import { expectedVersion, requireVehicle, toVehicleApi, vehicleKey, type VehicleItem } from './data';
import { blocksOverlapping } from './schedule';
import { statusChangeRefusal } from './rules';

/**
 * Status and archive use cases.
 * - 'rented' is never set by hand: starting a rental sets it, returning clears it (rentals
 *   domain). A vehicle whose status is 'rented' but has no active rental block (e.g. data fixed
 *   by hand) may be changed, so a stuck status can always be cleared.
 * - Archived vehicles keep their licence plate claim (so unarchiving can never collide), cannot
 *   change status, and are refused by rentals. Archiving is refused while the vehicle is rented
 *   or has a pending/active/overdue rental block that has not ended; future maintenance blocks
 *   do not stop it.
 */
const ACTIVE_RENTAL_STATUSES = new Set(['pending', 'active', 'overdue']);

/** True when a rental block covers this instant (the vehicle is out on a rental now). */
async function onActiveRental(tenantId: string, vehicleId: string, now: string): Promise<boolean> {
  const blocks = await blocksOverlapping(tenantId, vehicleId, now, new Date(Date.parse(now) + 1).toISOString());
  return blocks.some((b) => b.kind === 'rental' && (b.status === 'active' || b.status === 'overdue'));
}

/** 409 with the rule's message when the vehicle may not move to `next` now. */
export async function checkStatusChange(
  tenantId: string,
  vehicle: VehicleItem,
  next: VehicleStatus,
  now: string,
): Promise<void> {
  const needsScheduleRead =
    next !== vehicle.status && vehicle.status === 'rented' && !vehicle.isArchived && next !== 'rented';
  const active = needsScheduleRead ? await onActiveRental(tenantId, vehicle.id, now) : false;
  const refusal = statusChangeRefusal(vehicle, next, active);
  if (refusal) throw conflict(refusal, { status: refusal });
}

export async function changeVehicleStatus(actor: Actor, id: string, body: { status: VehicleStatus; version?: number }) {
  const { tenantId } = actor;
  const vehicle = await requireVehicle(tenantId, id);
  const version = expectedVersion(vehicle, body.version);
  const now = new Date().toISOString();
  if (body.status === vehicle.status) return toVehicleApi(vehicle);
  await checkStatusChange(tenantId, vehicle, body.status, now);
  await transact([
    tx.update(vehicleKey(tenantId, vehicle.id), version, { status: body.status }, now),
    tx.put(
      auditItem(actor, 'vehicle.status', 'vehicle', vehicle.id, {
        before: { status: vehicle.status },
        after: { status: body.status },
      }),
    ),
  ]);
  return toVehicleApi({ ...vehicle, status: body.status, version: version + 1, updatedAt: now });
}

export async function archiveVehicle(actor: Actor, id: string, body: { version?: number }) {
  const { tenantId } = actor;
  const vehicle = await requireVehicle(tenantId, id);
  if (vehicle.isArchived) throw conflict(VEHICLE_MESSAGES.alreadyArchived);
  const version = expectedVersion(vehicle, body.version);
  if (vehicle.status === 'rented') throw conflict(VEHICLE_MESSAGES.archiveRented);
  const now = new Date().toISOString();
  const blocks = await blocksOverlapping(tenantId, vehicle.id, now, null);
  if (blocks.some((b) => b.kind === 'rental' && ACTIVE_RENTAL_STATUSES.has(b.status)))
    throw conflict(VEHICLE_MESSAGES.archiveHasRentals);

  // Condition on scheduleVersion as read: a booking committed since the check above fails this.
  const update = versionedUpdate(vehicleKey(tenantId, vehicle.id), version, { isArchived: true, archivedAt: now }, now);
  const { TableName: _t, ...guarded } = update;
  guarded.ConditionExpression += ' AND (attribute_not_exists(#scheduleVersion) OR #scheduleVersion = :scheduleVersion)';
  guarded.ExpressionAttributeNames['#scheduleVersion'] = 'scheduleVersion';
  (guarded.ExpressionAttributeValues as Record<string, unknown>)[':scheduleVersion'] = vehicle.scheduleVersion ?? 0;
  await transact([
    tx.raw('Update', guarded),
    tx.put(
      auditItem(actor, 'vehicle.archive', 'vehicle', vehicle.id, {
        before: { isArchived: false },
        after: { isArchived: true },
      }),
    ),
  ]);
  return toVehicleApi({ ...vehicle, isArchived: true, archivedAt: now, version: version + 1, updatedAt: now });
}

export async function unarchiveVehicle(actor: Actor, id: string, body: { version?: number }) {
  const { tenantId } = actor;
  const vehicle = await requireVehicle(tenantId, id);
  if (!vehicle.isArchived) throw conflict(VEHICLE_MESSAGES.notArchived);
  const version = expectedVersion(vehicle, body.version);
  const now = new Date().toISOString();
  await transact([
    tx.update(vehicleKey(tenantId, vehicle.id), version, { isArchived: false, archivedAt: null }, now),
    tx.put(
      auditItem(actor, 'vehicle.unarchive', 'vehicle', vehicle.id, {
        before: { isArchived: true },
        after: { isArchived: false },
      }),
    ),
  ]);
  return toVehicleApi({ ...vehicle, isArchived: false, archivedAt: null, version: version + 1, updatedAt: now });
}
