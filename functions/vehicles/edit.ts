import { ulid } from 'ulid';
import { auditItem } from '../lib/data/audit';
import { transact, tx, type TransactItem } from '../lib/data/repo';
import { cancellationCodes, conflict, isConditionFailure } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { toMinor } from '../../shared/money';
import type { CreateVehicleBody, UpdateVehicleBody } from '../../shared/schemas/vehicles';
import { VEHICLE_MESSAGES, normalizePlate } from '../../shared/schemas/vehicles-constants';
import {
  buildVehicleItem,
  derivedAttributes,
  expectedVersion,
  requireVehicle,
  toVehicleApi,
  vehicleKey,
  vehicleMakesKey,
  vehiclePlateKey,
  type VehicleItem,
} from './data';
import { checkStatusChange } from './status';

/**
 * Adding and editing a vehicle. The licence plate is unique per company through a claim item
 * (VEHICLE_PLATE) written in the same transaction as the vehicle; the makes facet (for the make
 * filter) is kept in step by an ADD on a set.
 */
function plateConflict() {
  return conflict(VEHICLE_MESSAGES.plateTaken, { licensePlate: VEHICLE_MESSAGES.plateTaken }, 'DUPLICATE');
}

function plateClaim(tenantId: string, vehicleId: string, licensePlate: string, now: string) {
  return {
    ...vehiclePlateKey(tenantId, licensePlate),
    entityType: 'VEHICLE_PLATE',
    vehicleId,
    licensePlate,
    createdAt: now,
  };
}

function makesFacetUpdate(tenantId: string, make: string): TransactItem {
  return tx.raw('Update', {
    Key: vehicleMakesKey(tenantId),
    UpdateExpression: 'ADD #makes :make SET #entityType = :type',
    ExpressionAttributeNames: { '#makes': 'makes', '#entityType': 'entityType' },
    ExpressionAttributeValues: { ':make': new Set([make.trim()]), ':type': 'VEHICLE_FACET' },
  });
}

export async function createVehicle(actor: Actor, body: CreateVehicleBody) {
  const { tenantId } = actor;
  const { dailyRate, monthlyRate, ...rest } = body;
  const now = new Date().toISOString();
  const id = ulid();
  const item = buildVehicleItem(
    tenantId,
    id,
    {
      ...rest,
      dailyRateMinor: toMinor(dailyRate),
      monthlyRateMinor: monthlyRate === null ? null : toMinor(monthlyRate),
    },
    now,
  );
  const plateIndex = 1;
  try {
    await transact([
      tx.putNew(item),
      tx.putNew(plateClaim(tenantId, id, item.licensePlate, now)),
      makesFacetUpdate(tenantId, item.make),
      tx.put(
        auditItem(actor, 'vehicle.create', 'vehicle', id, {
          after: { make: item.make, model: item.model, licensePlate: item.licensePlate },
        }),
      ),
    ]);
  } catch (err) {
    if (isConditionFailure(err) && cancellationCodes(err)[plateIndex] === 'ConditionalCheckFailed')
      throw plateConflict();
    throw err;
  }
  return toVehicleApi(item);
}

export async function updateVehicle(actor: Actor, id: string, body: UpdateVehicleBody) {
  const { tenantId } = actor;
  const vehicle = await requireVehicle(tenantId, id);
  const version = expectedVersion(vehicle, body.version);
  const { version: _v, dailyRate, monthlyRate, status, ...fields } = body;
  const now = new Date().toISOString();

  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== (vehicle as Record<string, unknown>)[name]) changes[name] = value;
  }
  if (dailyRate !== undefined && toMinor(dailyRate) !== vehicle.dailyRateMinor)
    changes.dailyRateMinor = toMinor(dailyRate);
  if (monthlyRate !== undefined) {
    const minor = monthlyRate === null ? null : toMinor(monthlyRate);
    if (minor !== vehicle.monthlyRateMinor) changes.monthlyRateMinor = minor;
  }
  if (status !== undefined && status !== vehicle.status) {
    await checkStatusChange(tenantId, vehicle, status, now);
    changes.status = status;
  }
  if (Object.keys(changes).length === 0) return toVehicleApi(vehicle);

  const next = { ...vehicle, ...changes } as VehicleItem;
  Object.assign(changes, derivedAttributes(tenantId, next));

  const items: TransactItem[] = [tx.update(vehicleKey(tenantId, vehicle.id), version, changes, now)];
  const plateChanged = normalizePlate(next.licensePlate) !== normalizePlate(vehicle.licensePlate);
  let plateIndex = -1;
  if (plateChanged) {
    items.push(tx.delete(vehiclePlateKey(tenantId, vehicle.licensePlate)));
    plateIndex = items.length;
    items.push(tx.putNew(plateClaim(tenantId, vehicle.id, next.licensePlate, now)));
  } else if (next.licensePlate !== vehicle.licensePlate) {
    // Same plate, new spelling ("A12345" → "A 12345"): keep the claim's display text in step.
    items.push(tx.put(plateClaim(tenantId, vehicle.id, next.licensePlate, now)));
  }
  if (changes.make !== undefined) items.push(makesFacetUpdate(tenantId, next.make));
  const before: Record<string, unknown> = {};
  for (const k of Object.keys(changes))
    if (!k.startsWith('gsi') && k !== 'searchText' && k !== 'makeKey')
      before[k] = (vehicle as Record<string, unknown>)[k];
  const after = Object.fromEntries(Object.keys(before).map((k) => [k, changes[k]]));
  items.push(tx.put(auditItem(actor, 'vehicle.update', 'vehicle', vehicle.id, { before, after })));

  try {
    await transact(items);
  } catch (err) {
    if (plateIndex >= 0 && isConditionFailure(err) && cancellationCodes(err)[plateIndex] === 'ConditionalCheckFailed')
      throw plateConflict();
    throw err;
  }
  return toVehicleApi({ ...next, version: version + 1, updatedAt: now });
}
