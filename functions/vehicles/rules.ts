import { addDays } from '../../shared/calendar';
import type { FleetCalendarApi } from '../../shared/schemas/vehicles';
import { VEHICLE_MESSAGES, type VehicleStatus } from '../../shared/schemas/vehicles-constants';
import type { VehicleItem } from './data';
import type { ScheduleBlock } from './schedule';

/** Pure rules of the vehicles domain (no I/O), unit-tested in rules.test.ts. */

/**
 * Why a status change is refused (or null): archived vehicles cannot change status; 'rented' is
 * set only by rentals; a vehicle out on an active rental keeps 'rented' until the return.
 */
export function statusChangeRefusal(
  vehicle: Pick<VehicleItem, 'isArchived' | 'status'>,
  next: VehicleStatus,
  rentalActiveNow: boolean,
): string | null {
  if (next === vehicle.status) return null;
  if (vehicle.isArchived) return VEHICLE_MESSAGES.archivedNoStatus;
  if (next === 'rented') return VEHICLE_MESSAGES.rentedIsAutomatic;
  if (vehicle.status === 'rented' && rentalActiveNow) return VEHICLE_MESSAGES.onActiveRental;
  return null;
}

/**
 * Widening of the UTC window so blocks on any local day of the window are included whatever the
 * company's time zone (UTC−12 … UTC+14); the web places blocks on days in the company's zone.
 */
const ZONE_MARGIN_BEHIND_MS = 14 * 3600_000;
const ZONE_MARGIN_AHEAD_MS = 12 * 3600_000;

export function calendarWindow(start: string, end: string): { from: string; to: string } {
  return {
    from: new Date(Date.parse(`${start}T00:00:00.000Z`) - ZONE_MARGIN_BEHIND_MS).toISOString(),
    to: new Date(Date.parse(`${addDays(end, 1)}T00:00:00.000Z`) + ZONE_MARGIN_AHEAD_MS).toISOString(),
  };
}

/** Vehicles sorted by make, model, plate, each with its blocks sorted by start; unknown vehicles' blocks dropped. */
export function assembleCalendar(
  start: string,
  end: string,
  vehicles: VehicleItem[],
  blocks: ScheduleBlock[],
): FleetCalendarApi {
  const byVehicle = new Map<string, ScheduleBlock[]>();
  for (const b of blocks) {
    const list = byVehicle.get(b.vehicleId) ?? [];
    list.push(b);
    byVehicle.set(b.vehicleId, list);
  }
  return {
    start,
    end,
    vehicles: vehicles
      .filter((v) => !v.isArchived)
      .sort(
        (a, b) =>
          a.make.localeCompare(b.make) ||
          a.model.localeCompare(b.model) ||
          a.licensePlate.localeCompare(b.licensePlate),
      )
      .map((v) => ({
        id: v.id,
        make: v.make,
        model: v.model,
        year: v.year,
        licensePlate: v.licensePlate,
        category: v.category ?? null,
        status: v.status,
        blocks: (byVehicle.get(v.id) ?? []).sort((a, b) => a.start.localeCompare(b.start)),
      })),
  };
}
