/**
 * What other domains (and jobs) may use from vehicles: the vehicle item's key (rentals update it
 * in the booking transaction) and the schedule blocks (DESIGN.md §4: a booking and a maintenance
 * block share one schedule per vehicle). The only vehicles module imported from outside
 * functions/vehicles/ (functions/lib/boundaries.test.ts enforces it).
 */
import { queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';

export { vehicleKey, vehiclePlateKey } from './data';
export { blocksOverlapping, fleetBlocks, scheduleBlockItem, scheduleBlockKey, type ScheduleBlock } from './schedule';
export type { SeededVehicle } from './seed';
export { activeFleet, type VehicleItem } from './data';

/**
 * The company's fleet, every vehicle (archived included, flagged) — one Query on the vehicle
 * partition, bounded by the fleet (analytics: the dashboard and reports). Not a list page.
 */
export async function fleetRoster(tenantId: string) {
  const items = await queryAll<Record<string, unknown>>({ tenantId, pk: tenantPk(tenantId, 'VEHICLE'), max: 10_000 });
  return items.map((v) => ({
    id: String(v.id),
    make: String(v.make ?? ''),
    model: String(v.model ?? ''),
    year: Number(v.year ?? 0),
    licensePlate: String(v.licensePlate ?? ''),
    category: (v.category as string | null) ?? null,
    status: String(v.status ?? ''),
    isArchived: v.isArchived === true,
    dailyRateMinor: Number(v.dailyRateMinor ?? 0),
    createdAt: String(v.createdAt ?? ''),
  }));
}
/** The older vehicle document items (VEHICLE_DOC), read once by the documents-move migration. */
export { legacyVehicleDocuments } from './documents';
