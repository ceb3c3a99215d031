import { dayRange, onRentDays, type VehicleDays } from '../../shared/analytics/kpi';
import { calendarDateInZone } from '../../shared/regions/format';
import { outAt } from './contribution';
import { fleetRoster, listRentalsPage } from './deps';
import { readVehicleMonthAggregates, type VehicleMonthAggregate } from './read';

/**
 * The fleet's day facts over a period, from the aggregates (fleet × months items), plus the live
 * part the stored items cannot hold: a car still out after its expected return (overdue, or an
 * open-ended rental running on) is on rent every day up to today. Those rentals are the company's
 * active and overdue rentals — at most one per vehicle, so the read is bounded by the fleet.
 */
export type Vehicle = Awaited<ReturnType<typeof fleetRoster>>[number];

export interface OutRental {
  id: string;
  referenceNumber: string;
  vehicleId: string;
  vehicleLabel: string;
  customerName: string;
  status: string;
  startDate: string;
  expectedReturnDate: string;
  pickedUpAt: string | null;
}

export interface VehiclePeriod extends VehicleDays {
  vehicle: Vehicle;
  onRent: Set<string>;
  maintenance: Set<string>;
  revenueByDay: Map<string, number>;
  km: number;
  maintenanceCostMinor: number;
  rentals: number;
}

export interface FleetPeriod {
  from: string;
  to: string;
  days: string[];
  vehicles: VehiclePeriod[];
}

/** Rentals whose car is out now (active, overdue): one Query page per status, bounded by the fleet. */
export async function readOutRentals(tenantId: string): Promise<OutRental[]> {
  const out: OutRental[] = [];
  for (const status of ['active', 'overdue'] as const) {
    let cursor: string | undefined;
    do {
      const page = await listRentalsPage(tenantId, { status, limit: 200, cursor });
      for (const r of page.items as Record<string, unknown>[]) {
        out.push({
          id: String(r.id),
          referenceNumber: String(r.referenceNumber ?? ''),
          vehicleId: String(r.vehicleId),
          vehicleLabel: String(r.vehicleLabel ?? ''),
          customerName: String(r.customerName ?? ''),
          status: String(r.status),
          startDate: String(r.startDate),
          expectedReturnDate: String(r.expectedReturnDate),
          pickedUpAt: (r.pickedUpAt as string | undefined) ?? null,
        });
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return out;
}

/** Days on rent of a car still out beyond what the stored contribution holds (its expected return → now). */
export function liveDays(r: OutRental, now: Date, tz: string): string[] {
  if (Date.parse(r.expectedReturnDate) >= now.getTime()) return [];
  const stored = new Set(onRentDays(outAt(r), r.expectedReturnDate, tz));
  return onRentDays(outAt(r), now.toISOString(), tz).filter((d) => !stored.has(d));
}

export async function readFleetPeriod(
  tenantId: string,
  from: string,
  to: string,
  tz: string,
  now = new Date(),
  known?: { roster?: Vehicle[]; out?: OutRental[] },
): Promise<FleetPeriod> {
  const [roster, months, out] = await Promise.all([
    known?.roster ?? fleetRoster(tenantId),
    readVehicleMonthAggregates(tenantId, from.slice(0, 7), to.slice(0, 7)),
    known?.out ?? readOutRentals(tenantId),
  ]);
  return buildFleetPeriod(roster, months, out, from, to, tz, now);
}

/** Pure: the period's per-vehicle facts (exported for the unit tests). */
export function buildFleetPeriod(
  roster: Vehicle[],
  months: VehicleMonthAggregate[],
  out: OutRental[],
  from: string,
  to: string,
  tz: string,
  now: Date,
): FleetPeriod {
  const days = dayRange(from, to);
  const inPeriod = (d: string) => d >= from && d <= to;
  const byVehicle = new Map<string, VehiclePeriod>();
  const entry = (v: Vehicle): VehiclePeriod => {
    let e = byVehicle.get(v.id);
    if (!e) {
      e = {
        vehicleId: v.id,
        vehicle: v,
        onRent: new Set(),
        maintenance: new Set(),
        revenueByDay: new Map(),
        km: 0,
        maintenanceCostMinor: 0,
        rentals: 0,
        daysOnRent: 0,
        daysOutOfService: 0,
        revenueMinor: 0,
        daysInFleet: 0,
      };
      byVehicle.set(v.id, e);
    }
    return e;
  };
  const rosterById = new Map(roster.map((v) => [v.id, v]));
  for (const v of roster) if (!v.isArchived) entry(v);
  const vehicleOf = (id: string): Vehicle =>
    rosterById.get(id) ?? {
      id,
      make: '',
      model: '',
      year: 0,
      licensePlate: '',
      category: null,
      status: 'archived',
      isArchived: true,
      dailyRateMinor: 0,
      createdAt: '',
    };
  for (const m of months) {
    const e = entry(vehicleOf(m.vehicleId));
    for (const d of m.onRentDays) if (inPeriod(d)) e.onRent.add(d);
    for (const d of m.maintenanceDays) if (inPeriod(d)) e.maintenance.add(d);
    for (const [d, r] of Object.entries(m.revenueByDay))
      if (inPeriod(d)) e.revenueByDay.set(d, (e.revenueByDay.get(d) ?? 0) + r);
    // Month figures (km at return, maintenance cost, rentals started) count when the month overlaps the period.
    e.km += m.km;
    e.maintenanceCostMinor += m.maintenanceCostMinor;
    e.rentals += m.rentals;
  }
  for (const r of out)
    for (const d of liveDays(r, now, tz)) if (inPeriod(d)) entry(vehicleOf(r.vehicleId)).onRent.add(d);
  const today = calendarDateInZone(now, tz);
  for (const e of byVehicle.values()) {
    // In the fleet from the day it was added, or its first day on rent if earlier (imported history).
    const added = e.vehicle.createdAt ? calendarDateInZone(e.vehicle.createdAt, tz) : from;
    const firstRent = [...e.onRent].sort()[0];
    const start = [from, firstRent && firstRent < added ? firstRent : added].sort()[1]!;
    const end = to < today ? to : today;
    e.daysInFleet = start > end ? 0 : dayRange(start, end).length;
    // A day on rent is not a workshop day (the car was out with a customer).
    for (const d of e.onRent) e.maintenance.delete(d);
    e.daysOnRent = e.onRent.size;
    e.daysOutOfService = Math.min(e.maintenance.size, e.daysInFleet ?? 0);
    e.revenueMinor = [...e.revenueByDay.values()].reduce((a, b) => a + b, 0);
  }
  return { from, to, days, vehicles: [...byVehicle.values()] };
}
