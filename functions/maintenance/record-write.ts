import { HOLDS_VEHICLE, type MaintenanceAction } from '../../shared/maintenance/lifecycle';
import { MAINTENANCE_MESSAGES, type MaintenanceStatus } from '../../shared/schemas/maintenance';
import { RENTAL_MESSAGES } from '../../shared/schemas/rentals-constants';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { retryOnConflict } from '../lib/data/counters';
import { getItem, transact, tx, type TransactItem } from '../lib/data/repo';
import { conflict, notFound } from '../lib/errors';
import {
  blocksOverlapping,
  companyTimezone,
  companyToday,
  readCompanySettings,
  maintenanceAnalyticsItems,
  maintenanceFactsOf,
  scheduleBlockItem,
  scheduleBlockKey,
  vehicleKey,
} from './deps';
import { maintenanceKey, toMaintenanceApi, type MaintenanceItem } from './model';

/**
 * The one write path of a maintenance record, shared by the editing use cases (records.ts) and the
 * status transitions (record-transitions.ts) so that every change holds the same guarantees: read
 * (record, vehicle, settings) → plan → ONE transaction (like rentals/mutate.ts) holding the record
 * (condition on its version), the vehicle's schedule block (vehicles domain: the booking-conflict
 * check and the fleet calendar read it), the vehicle (status, odometer, scheduleVersion lock — ONE
 * update item), the journal entry (accounting engine) and the audit item. A lost race re-runs the
 * whole read-plan-write.
 *
 * Decisions where the spec is silent:
 * - The window is `date` … `endDate` (whole days in the company's time zone); `scheduled` and
 *   `in_progress` hold the vehicle, `pending` does not (nothing booked with the workshop yet).
 * - Holding a window that overlaps a booking answers 409 "Booking Conflict" with the bookings, as
 *   a booking over maintenance does: the desk moves one or the other.
 */
const BLOCKING = new Set(['pending', 'active', 'overdue', 'scheduled', 'in_progress']);

export interface VehicleRead {
  id: string;
  make?: string;
  model?: string;
  licensePlate?: string;
  status?: string;
  odometerKm?: number;
  isArchived?: boolean;
  version: number;
  scheduleVersion?: number;
  year?: number;
  insuranceExpiryDate?: string | null;
  registrationExpiryDate?: string | null;
}

export async function readVehicle(tenantId: string, vehicleId: string): Promise<VehicleRead | undefined> {
  return (await getItem(vehicleKey(tenantId, vehicleId), true)) as VehicleRead | undefined;
}

export async function getRecordItem(tenantId: string, id: string): Promise<MaintenanceItem> {
  const item = (await getItem(maintenanceKey(tenantId, id), true)) as MaintenanceItem | undefined;
  if (!item) throw notFound('Maintenance record not found');
  return item;
}

export interface Plan {
  next: MaintenanceItem;
  action: string;
  /** Move the vehicle to this status (in_maintenance on start; available when work ends). */
  vehicleStatus?: string;
  /** Journal items (completion or reversal). */
  journal?: TransactItem[];
  /** Other items of the same transaction (the prediction a record was made from). */
  extra?: TransactItem[];
  /** The vehicle's recomputed health score (fleet health grades, business-data §4). */
  healthScore?: number;
}

/** Conflicting bookings (and other maintenance) in a window, excluding this record's own block. */
async function conflictsIn(tenantId: string, vehicleId: string, start: string, end: string, ownId: string) {
  const blocks = await blocksOverlapping(tenantId, vehicleId, start, end);
  return blocks
    .filter((b) => BLOCKING.has(b.status) && !(b.kind === 'maintenance' && b.refId === ownId))
    .map((b) => ({ kind: b.kind, refId: b.refId, start: b.start, end: b.end, status: b.status, label: b.label }));
}

/** True when something other than this record holds the vehicle right now. */
export async function otherwiseHeldNow(
  tenantId: string,
  vehicleId: string,
  ownId: string,
  nowIso: string,
): Promise<boolean> {
  const blocks = await blocksOverlapping(tenantId, vehicleId, nowIso, new Date(Date.parse(nowIso) + 1).toISOString());
  return blocks.some(
    (b) =>
      (b.kind === 'rental' && (b.status === 'active' || b.status === 'overdue')) ||
      (b.kind === 'maintenance' && b.status === 'in_progress' && b.refId !== ownId),
  );
}

/**
 * Writes `plan.next` against `before` (null for a new record) in one transaction: record, block,
 * vehicle, journal, audit.
 */
export async function commit(
  actor: Actor,
  before: MaintenanceItem | null,
  vehicle: VehicleRead,
  plan: Plan,
  now: string,
  timeZone: string,
): Promise<MaintenanceItem> {
  const { tenantId } = actor;
  const next = plan.next;
  const items: TransactItem[] = [];
  // 1. The schedule block.
  const held = HOLDS_VEHICLE.has(next.status);
  const wasHeld = !!before && HOLDS_VEHICLE.has(before.status) && !!before.blockEnd;
  let lockSchedule = false;
  if (held) {
    const newBlock = {
      vehicleId: next.vehicleId,
      kind: 'maintenance' as const,
      refId: next.id,
      start: next.blockStart!,
      end: next.blockEnd!,
      status: next.status,
      label: next.type.replace(/_/g, ' '),
    };
    const grows = !wasHeld || next.blockStart! < before!.blockStart! || next.blockEnd! > before!.blockEnd!;
    if (grows) {
      const conflicts = await conflictsIn(tenantId, next.vehicleId, next.blockStart!, next.blockEnd!, next.id);
      if (conflicts.length)
        throw conflict(RENTAL_MESSAGES.bookingConflict, { date: RENTAL_MESSAGES.bookingConflict }, 'BOOKING_CONFLICT', {
          conflicts,
        });
      lockSchedule = true;
    }
    if (wasHeld && before!.blockEnd !== next.blockEnd)
      items.push(
        tx.delete(
          scheduleBlockKey(tenantId, {
            vehicleId: before!.vehicleId,
            kind: 'maintenance',
            refId: before!.id,
            end: before!.blockEnd,
          }),
        ),
      );
    items.push(tx.put(scheduleBlockItem(tenantId, newBlock)));
  } else if (wasHeld) {
    const oldKey = scheduleBlockKey(tenantId, {
      vehicleId: before!.vehicleId,
      kind: 'maintenance',
      refId: before!.id,
      end: before!.blockEnd,
    });
    // Pending (unbooked) and cancelled work frees the days; completed work stays on the fleet
    // calendar as history (not a blocking status for the booking check).
    // Work finished early gives the rest of the window back: the history block ends now.
    const end = before!.blockEnd! < now ? before!.blockEnd! : now;
    if (next.status !== 'completed' || end <= before!.blockStart!) items.push(tx.delete(oldKey));
    else {
      if (end !== before!.blockEnd) items.push(tx.delete(oldKey));
      items.push(
        tx.put(
          scheduleBlockItem(tenantId, {
            vehicleId: before!.vehicleId,
            kind: 'maintenance',
            refId: before!.id,
            start: before!.blockStart!,
            end,
            status: next.status,
            label: next.type.replace(/_/g, ' '),
          }),
        ),
      );
    }
  }
  // 2. The vehicle: one update (status, odometer, schedule lock), conditioned on what was read.
  const sets: string[] = ['#version = #version + :one', '#updatedAt = :now'];
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':one': 1, ':now': now, ':v': vehicle.version };
  let touchVehicle = false;
  if (plan.vehicleStatus && plan.vehicleStatus !== vehicle.status) {
    sets.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = plan.vehicleStatus;
    touchVehicle = true;
  }
  if (
    next.status === 'completed' &&
    next.serviceMileage !== null &&
    next.serviceMileage > (vehicle.odometerKm ?? 0) &&
    before?.status !== 'completed'
  ) {
    sets.push('#odo = :odo');
    names['#odo'] = 'odometerKm';
    values[':odo'] = next.serviceMileage;
    touchVehicle = true;
  }
  if (plan.healthScore !== undefined) {
    sets.push('#hs = :hs');
    names['#hs'] = 'healthScore';
    values[':hs'] = plan.healthScore;
    touchVehicle = true;
  }
  let condition = 'attribute_exists(pk) AND #version = :v';
  if (lockSchedule) {
    names['#sv'] = 'scheduleVersion';
    values[':svNext'] = (vehicle.scheduleVersion ?? 0) + 1;
    sets.push('#sv = :svNext');
    condition += vehicle.scheduleVersion === undefined ? ' AND attribute_not_exists(#sv)' : ' AND #sv = :sv';
    if (vehicle.scheduleVersion !== undefined) values[':sv'] = vehicle.scheduleVersion;
    touchVehicle = true;
  }
  if (touchVehicle) {
    items.push(
      tx.raw('Update', {
        Key: vehicleKey(tenantId, vehicle.id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: condition,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  }
  // 3. The record itself.
  if (before) {
    const { pk: _pk, sk: _sk, version: _v, createdAt: _c, ...changes } = next;
    items.push(tx.update(maintenanceKey(tenantId, next.id), before.version, changes as Record<string, unknown>, now));
  } else {
    items.push(tx.putNew(next));
  }
  items.push(...(plan.journal ?? []), ...(plan.extra ?? []));
  // The analytics aggregates (cost per vehicle-month, workshop days), moved with the record.
  items.push(
    ...maintenanceAnalyticsItems(
      tenantId,
      next.id,
      maintenanceFactsOf(before, timeZone),
      maintenanceFactsOf(next, timeZone),
    ),
  );
  items.push(
    tx.putNew(
      auditItem(actor, `maintenance.${plan.action}`, 'maintenance', next.id, {
        before: before ? { status: before.status, date: before.date } : undefined,
        after: { status: next.status, date: next.date, cost: (next.actualCostMinor ?? next.estimatedCostMinor) / 100 },
      }),
    ),
  );
  await transact(items);
  return { ...next, version: before ? before.version + 1 : next.version, updatedAt: now };
}

/** The one read → plan → write loop of an existing record. */
export async function mutate(
  actor: Actor,
  id: string,
  expectedVersion: number | undefined,
  plan: (
    r: MaintenanceItem,
    v: VehicleRead,
    ctx: { tz: string; today: string; now: string; settings: Awaited<ReturnType<typeof readCompanySettings>> },
  ) => Promise<Plan>,
) {
  const { tenantId } = actor;
  const settings = await readCompanySettings(tenantId);
  let first = true;
  const saved = await retryOnConflict(async () => {
    const record = await getRecordItem(tenantId, id);
    if (first && expectedVersion !== undefined && expectedVersion !== record.version) {
      throw conflict(
        'This maintenance record was changed by someone else. Reload and try again.',
        undefined,
        'VERSION_CONFLICT',
      );
    }
    first = false;
    const vehicle = await readVehicle(tenantId, record.vehicleId);
    if (!vehicle) throw notFound(MAINTENANCE_MESSAGES.vehicleNotFound);
    const now = new Date().toISOString();
    const p = await plan(record, vehicle, {
      tz: companyTimezone(settings),
      today: companyToday(settings),
      now,
      settings,
    });
    return commit(actor, record, vehicle, p, now, companyTimezone(settings));
  });
  return toMaintenanceApi(saved);
}

export function refuse(from: MaintenanceStatus, action: MaintenanceAction): never {
  throw conflict(`${MAINTENANCE_MESSAGES.invalidTransition} (${from} → ${action})`, undefined, 'INVALID_TRANSITION');
}
