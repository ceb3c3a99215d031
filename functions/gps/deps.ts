/**
 * What the gps domain reads from others (DESIGN.md §13: cross-domain reads live in the
 * importer's deps.ts, through the other domain's api.ts only).
 */
import { batchGet, getItem, queryAll, type Item } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { blocksOverlapping, vehicleKey } from '../vehicles/api';
import { readRentalItem } from '../rentals/api';
import type { RentalLink } from './model';

export { raiseAlerts, type NewAlert } from '../alerts/api';
export { readRentalItem, type RentalItem } from '../rentals/api';
export { vehicleKey } from '../vehicles/api';
export { readCompanySettings } from '../lib/company-settings';

export interface VehicleRow extends Item {
  id: string;
  make: string;
  model: string;
  licensePlate: string;
  status: string;
  isArchived: boolean;
  odometerKm: number;
  latitude?: number | null;
  longitude?: number | null;
  speed?: number | null;
  heading?: number | null;
  lastGpsUpdate?: string | null;
}
export const vehicleLabel = (v: Pick<VehicleRow, 'make' | 'model' | 'licensePlate'>) =>
  `${v.make} ${v.model} · ${v.licensePlate}`;

export async function readVehicle(tenantId: string, vehicleId: string): Promise<VehicleRow | undefined> {
  return (await getItem(vehicleKey(tenantId, vehicleId), false)) as VehicleRow | undefined;
}

export async function readVehicles(tenantId: string, ids: string[]): Promise<Map<string, VehicleRow>> {
  const out = new Map<string, VehicleRow>();
  for (let i = 0; i < ids.length; i += 100) {
    for (const v of await batchGet(
      ids.slice(i, i + 100).map((id) => vehicleKey(tenantId, id)),
      false,
    ))
      if (v) out.set(String(v.id), v as VehicleRow);
  }
  return out;
}

/** The company's vehicles (a fleet is hundreds, one partition): the live map's list. */
export async function fleet(tenantId: string): Promise<VehicleRow[]> {
  return queryAll<VehicleRow>({ tenantId, pk: tenantPk(tenantId, 'VEHICLE'), max: 2000 });
}

/** The rental that had the vehicle at `at` (its schedule blocks; a rental still out runs on), with its customer. */
export async function rentalAt(tenantId: string, vehicleId: string, at: string): Promise<RentalLink | null> {
  const blocks = await blocksOverlapping(tenantId, vehicleId, at, new Date(Date.parse(at) + 1).toISOString());
  const b = blocks.find(
    (x) =>
      x.kind === 'rental' &&
      x.start <= at &&
      (x.end === null || x.end >= at || x.status === 'active' || x.status === 'overdue'),
  );
  if (!b) return null;
  const r = await readRentalItem(tenantId, b.refId, false);
  if (!r) return null;
  return {
    rentalId: r.id,
    rentalReference: r.referenceNumber ?? null,
    customerId: r.customerId ?? null,
    customerName: r.customerName ?? null,
  };
}

/**
 * The rentals that had a vehicle between two instants, as a lookup by time (the demo seed links a
 * week of events with one schedule Query and one read per rental, not one per event).
 */
export async function rentalLinksBetween(
  tenantId: string,
  vehicleId: string,
  from: string,
  to: string,
): Promise<(at: string) => RentalLink | null> {
  const blocks = (await blocksOverlapping(tenantId, vehicleId, from, to)).filter((b) => b.kind === 'rental');
  const links = new Map<string, RentalLink>();
  for (const b of blocks) {
    const r = await readRentalItem(tenantId, b.refId, false);
    if (r)
      links.set(b.refId, {
        rentalId: r.id,
        rentalReference: r.referenceNumber ?? null,
        customerId: r.customerId ?? null,
        customerName: r.customerName ?? null,
      });
  }
  return (at) => {
    const b = blocks.find(
      (x) => x.start <= at && (x.end === null || x.end >= at || x.status === 'active' || x.status === 'overdue'),
    );
    return b ? (links.get(b.refId) ?? null) : null;
  };
}
