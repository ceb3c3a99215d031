/**
 * What the tickets domain reads from others (DESIGN.md §13: cross-domain reads live in the
 * importer's deps.ts, through the other domain's api.ts only).
 */
import { normalizePlate } from '../../shared/schemas/vehicles-constants';
import {
  MATCH_GRACE_MINUTES,
  matchRental,
  rentalWindowOf,
  type RentalTimes,
  type RentalWindow,
} from '../../shared/tickets/rules';
import { getItem } from '../lib/data/repo';
import { blocksOverlapping, vehicleKey, vehiclePlateKey } from '../vehicles/api';

export { fleetBlocks } from '../vehicles/api';
import { readRentalItem } from '../rentals/api';
import type { MatchFields } from './model';

export { postExternalCharges, readRentalItem, type RentalItem } from '../rentals/api';
export { journalItems, accountIdsByCode as accountIdsOf } from '../accounting/api';

export interface VehicleRef {
  id: string;
  licensePlate: string;
}

/** The company's vehicle with this plate (the plate claim item of the vehicles domain), or undefined. */
export async function vehicleByPlate(tenantId: string, plate: string): Promise<VehicleRef | undefined> {
  if (!normalizePlate(plate)) return undefined;
  const claim = await getItem(vehiclePlateKey(tenantId, plate), false);
  if (!claim?.vehicleId) return undefined;
  return { id: String(claim.vehicleId), licensePlate: String(claim.licensePlate ?? plate) };
}

export async function vehicleById(tenantId: string, id: string): Promise<VehicleRef | undefined> {
  const v = await getItem(vehicleKey(tenantId, id), false);
  return v ? { id: String(v.id), licensePlate: String(v.licensePlate) } : undefined;
}

/** A day: how early before its booked start a rental may have been picked up and still be found. */
const EARLY_PICKUP_MS = 86_400_000;

/**
 * Rental windows of a vehicle around `at`: the schedule blocks near `at` name the candidates, and
 * each candidate's window is read from its record with the one rule (shared/tickets/rules.ts
 * rentalWindowOf: pickup → return, or open while on hire). Cancelled rentals have none.
 */
export async function windowsAround(tenantId: string, vehicleId: string, at: string): Promise<RentalWindow[]> {
  const t = Date.parse(at);
  const from = new Date(t - MATCH_GRACE_MINUTES * 60_000).toISOString();
  const to = new Date(t + EARLY_PICKUP_MS).toISOString();
  const [blocks, vehicle] = await Promise.all([
    blocksOverlapping(tenantId, vehicleId, from, to),
    getItem(vehicleKey(tenantId, vehicleId), false),
  ]);
  // The rental the car is out on now: its block may still end at the booked end (before the overdue job runs).
  const current = typeof vehicle?.currentRentalId === 'string' ? [vehicle.currentRentalId] : [];
  const ids = [...new Set([...blocks.filter((b) => b.kind === 'rental').map((b) => b.refId), ...current])];
  const rentals = await Promise.all(ids.map((id) => readRentalItem(tenantId, id, false)));
  return rentals
    .flatMap((r) => (r ? [rentalWindowOf(r.id, r as RentalTimes)] : []))
    .filter((w): w is RentalWindow => w !== null);
}

const unmatched = (plate: string, vehicleId: string | null, state: MatchFields['matchState']): MatchFields => ({
  vehicleId,
  licensePlate: plate,
  rentalId: null,
  rentalReference: null,
  customerId: null,
  customerName: null,
  matchState: state,
});

/** The rental's reference, customer and window for a rental id (undefined when it is not this tenant's). */
export async function rentalFacts(tenantId: string, rentalId: string) {
  const r = await readRentalItem(tenantId, rentalId, false);
  return r
    ? {
        rentalId: r.id,
        rentalReference: r.referenceNumber,
        customerId: r.customerId,
        customerName: r.customerName,
        vehicleId: r.vehicleId,
        window: rentalWindowOf(r.id, r as RentalTimes),
      }
    : undefined;
}

/**
 * Who had the vehicle with this plate (or id) at `at`: matched to one rental, unmatched (plate
 * unknown, or ambiguous), or no_rental (our vehicle, on no rental).
 */
export async function matchAt(
  tenantId: string,
  vehicle: VehicleRef | undefined,
  plate: string,
  at: string,
): Promise<MatchFields> {
  if (!vehicle) return unmatched(plate, null, 'unmatched');
  const result = matchRental(await windowsAround(tenantId, vehicle.id, at), at);
  if (result.state !== 'matched') return unmatched(vehicle.licensePlate, vehicle.id, result.state);
  const facts = await rentalFacts(tenantId, result.rentalId);
  if (!facts) return unmatched(vehicle.licensePlate, vehicle.id, 'unmatched');
  return {
    vehicleId: vehicle.id,
    licensePlate: vehicle.licensePlate,
    rentalId: facts.rentalId,
    rentalReference: facts.rentalReference,
    customerId: facts.customerId,
    customerName: facts.customerName,
    matchState: 'matched',
  };
}

/** Security: large write-offs land in the risk feed. */
export { recordRiskyAction } from '../security/api';
