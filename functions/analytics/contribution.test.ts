import { describe, expect, it } from 'vitest';
import { groupDeltas, rentalContribution, type RentalFacts } from './contribution';
import { buildFleetPeriod, liveDays, type OutRental, type Vehicle } from './period';
import { fleetPerformance, operationalKpis, utilization } from './reports';
import type { VehicleMonthAggregate } from './read';

/**
 * What a rental contributes to the aggregates, and the report maths on fixed aggregates: a vehicle
 * in maintenance, a rental spanning the period boundary, an open-ended rental still out.
 */
const TZ = 'UTC';
const base: RentalFacts = {
  id: '01J0000000000000000000000A',
  vehicleId: 'V1',
  status: 'completed',
  createdAt: '2026-02-20T10:00:00Z',
  startDate: '2026-02-27T10:00:00Z',
  expectedReturnDate: '2026-03-03T10:00:00Z',
  pickedUpAt: '2026-02-27T09:00:00Z',
  returnDate: '2026-03-02T12:00:00Z',
  odometerStart: 1000,
  odometerEnd: 1450,
};
const sum = (ds: ReturnType<typeof rentalContribution>, field: string) =>
  ds.filter((d) => d.field === field).reduce((s, d) => s + d.n, 0);

describe('rental contribution', () => {
  it('a returned rental spanning two months: days on rent per vehicle-month, return facts, km', () => {
    const ds = rentalContribution(base, TZ);
    const feb = ds
      .filter((d) => d.kind === 'vm' && d.month === '2026-02' && d.field.startsWith('d'))
      .map((d) => d.field);
    const mar = ds
      .filter((d) => d.kind === 'vm' && d.month === '2026-03' && d.field.startsWith('d'))
      .map((d) => d.field);
    expect(feb).toEqual(['d27', 'd28']);
    expect(mar).toEqual(['d01', 'd02']);
    expect(sum(ds, 'bookings')).toBe(1);
    expect(sum(ds, 'pickups')).toBe(1);
    expect(sum(ds, 'returns')).toBe(1);
    expect(sum(ds, 'onTimeReturns')).toBe(1);
    expect(sum(ds, 'returnedRentalDays')).toBe(4);
    expect(sum(ds, 'km')).toBe(450);
  });
  it('a cancelled booking stays a booking and has no days on rent', () => {
    const ds = rentalContribution(
      { ...base, status: 'cancelled', cancelledAt: '2026-02-21T08:00:00Z', pickedUpAt: undefined, returnDate: null },
      TZ,
    );
    expect(sum(ds, 'bookings')).toBe(1);
    expect(sum(ds, 'cancellations')).toBe(1);
    expect(ds.filter((d) => d.kind === 'vm')).toEqual([]);
  });
  it('a late return is not on time; contribution(after) − contribution(before) cancels what did not change', () => {
    const late = { ...base, returnDate: '2026-03-05T12:00:00Z' };
    expect(sum(rentalContribution(late, TZ), 'onTimeReturns')).toBe(0);
    const diff = groupDeltas(
      [...rentalContribution(base, TZ).map((d) => ({ ...d, n: -d.n })), ...rentalContribution(late, TZ)],
      0,
    );
    const fields = [...diff.values()].flatMap((g) => [...g.fields.keys()]);
    expect(fields).not.toContain('bookings');
    expect(fields).toEqual(expect.arrayContaining(['d03', 'd04', 'd05', 'onTimeReturns']));
  });

  it('issue 26: rent is revenue of the days on rent (straight-line), a booking adds none (kept apart as booked), no month is inflated by bookings made in it', () => {
    const rent = { ...base, rentChargedMinor: 40_001 };
    const ds = rentalContribution(rent, TZ);
    // Out 27/02 09:00 → back 02/03 12:00: four days on rent, each a quarter (the last completes it).
    expect(['r27', 'r28', 'r01', 'r02'].map((f) => sum(ds, f))).toEqual([10_000, 10_000, 10_000, 10_001]);
    // The booking made on 20/02 puts nothing on that day; the company day keeps point-in-time charges only.
    expect(sum(ds, 'r20')).toBe(0);
    expect(sum(ds, 'revenueMinor')).toBe(0);
    const pending = rentalContribution({ ...rent, status: 'pending', pickedUpAt: undefined, returnDate: null }, TZ);
    expect(['r27', 'r28', 'r01', 'r02'].map((f) => sum(pending, f))).toEqual([0, 0, 0, 0]);
    expect(pending.filter((d) => d.field === 'bookedMinor')).toEqual([
      { kind: 'day', day: '2026-02-27', field: 'bookedMinor', n: 40_001 },
    ]);
    expect(
      sum(
        rentalContribution(
          {
            ...rent,
            status: 'cancelled',
            cancelledAt: '2026-02-21T08:00:00Z',
            pickedUpAt: undefined,
            returnDate: null,
          },
          TZ,
        ),
        'r28',
      ),
    ).toBe(0);
  });
});

const vehicle = (id: string, category = 'sedan'): Vehicle => ({
  id,
  make: 'Toyota',
  model: id,
  year: 2024,
  licensePlate: `P-${id}`,
  category,
  status: 'available',
  isArchived: false,
  dailyRateMinor: 10_000,
  createdAt: '2025-01-01T00:00:00Z',
});
const month = (
  vehicleId: string,
  m: string,
  onRent: string[],
  maint: string[] = [],
  revenue: Record<string, number> = {},
): VehicleMonthAggregate => ({
  vehicleId,
  month: m,
  onRentDays: onRent,
  maintenanceDays: maint,
  revenueByDay: revenue,
  revenueMinor: Object.values(revenue).reduce((a, b) => a + b, 0),
  km: 0,
  maintenanceCostMinor: 0,
  rentals: 0,
});

describe('period facts and report tabs on fixed aggregates (period 2026-03-01..2026-03-10)', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const roster = [vehicle('A'), vehicle('B'), vehicle('C', 'suv')];
  // A: a rental spanning the period start (Feb 27 → Mar 2): only Mar 1, 2 count. B: 3 days in maintenance.
  const months = [
    month('A', '2026-02', ['2026-02-27', '2026-02-28']),
    month('A', '2026-03', ['2026-03-01', '2026-03-02'], [], { '2026-03-02': 40_000 }),
    month('B', '2026-03', ['2026-03-08'], ['2026-03-03', '2026-03-04', '2026-03-05'], { '2026-03-08': 10_000 }),
  ];
  // C: an open-ended rental out since Mar 6 09:00, planned 1 day: the live reader adds Mar 7..10.
  const out: OutRental[] = [
    {
      id: 'R',
      referenceNumber: 'RENT-1',
      vehicleId: 'C',
      vehicleLabel: 'C',
      customerName: 'X',
      status: 'active',
      startDate: '2026-03-06T09:00:00Z',
      expectedReturnDate: '2026-03-07T09:00:00Z',
      pickedUpAt: null,
    },
  ];
  const fleet = buildFleetPeriod(
    roster,
    [...months, month('C', '2026-03', ['2026-03-06', '2026-03-07'])],
    out,
    '2026-03-01',
    '2026-03-10',
    TZ,
    now,
  );
  const byId = Object.fromEntries(fleet.vehicles.map((v) => [v.vehicleId, v]));

  it('the boundary-spanning rental counts only its days inside the period; the open-ended one runs to today', () => {
    expect(byId.A!.daysOnRent).toBe(2);
    expect(liveDays(out[0]!, now, TZ)).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    expect(byId.C!.daysOnRent).toBe(5);
    expect(byId.B!.daysOutOfService).toBe(3);
  });

  it('fleet performance: utilisation per vehicle over its available days, ADR, net; mechanic without money', () => {
    const rep = fleetPerformance(fleet, { dailyFixedCostMinor: 0 });
    const b = rep.rows.find((r) => r.vehicle === 'Toyota B')!;
    expect(b.utilisation).toBe(14.3); // 1 day ÷ (10 − 3)
    expect(b.adr).toBe(100);
    const a = rep.rows.find((r) => r.vehicle === 'Toyota A')!;
    expect(a).toMatchObject({ daysRented: 2, utilisation: 20, revenue: 400, adr: 200 });
    const mech = fleetPerformance(fleet, { dailyFixedCostMinor: 0 }, true);
    expect(mech.columns.map((c) => c.key)).not.toContain('revenue');
    expect(mech.rows[0]).not.toHaveProperty('revenue');
  });

  it('utilization by category with idle days and cost; the heat-map by weekday', () => {
    const rep = utilization(fleet, { dailyFixedCostMinor: 2_500 });
    const sedan = rep.rows.find((r) => r.category === 'sedan')!;
    expect(sedan).toMatchObject({
      vehicles: 2,
      availableCarDays: 17,
      daysOnRent: 3,
      utilisation: 17.6,
      idleDays: 14,
      idleCost: 350,
    });
    const suv = rep.rows.find((r) => r.category === 'suv')!;
    expect(suv).toMatchObject({ vehicles: 1, daysOnRent: 5, utilisation: 50 });
    const heat = rep.charts.find((c) => c.kind === 'heatmap')!;
    expect(heat.categories).toHaveLength(7);
    expect(heat.series.map((s) => s.name)).toEqual(['sedan', 'suv']);
  });

  it('operational KPIs: on-time rate and average length of rental from the day aggregates', () => {
    const day = (d: string, over: Record<string, number>) => ({
      day: d,
      bookings: 0,
      cancellations: 0,
      pickups: 0,
      returns: 0,
      onTimeReturns: 0,
      returnedRentalDays: 0,
      overdue: 0,
      revenueMinor: 0,
      paymentsMinor: 0,
      refundsMinor: 0,
      bookedMinor: 0,
      ...over,
    });
    const rep = operationalKpis(
      [
        day('2026-03-01', { bookings: 3, returns: 2, onTimeReturns: 1, returnedRentalDays: 7 }),
        day('2026-03-02', { cancellations: 1, returns: 2, onTimeReturns: 2, returnedRentalDays: 5 }),
      ],
      1,
    );
    const s = Object.fromEntries(rep.summary.map((x) => [x.key, x.value]));
    expect(s).toMatchObject({ bookings: 3, cancellations: 1, onTimeRate: 75, alr: 3, overdueNow: 1, returnsPerDay: 2 });
    expect(rep.rows).toHaveLength(2);
  });
});
