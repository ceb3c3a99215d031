import { describe, expect, it } from 'vitest';
import {
  pointRevenueMinor,
  spreadOverDays,
  timeBasedRevenueMinor,
  rentalRevenueMinor,
  availableCarDays,
  averageLengthOfRental,
  fleetKpis,
  KPI_HELP,
  KPI_IDS,
  onRentDays,
  onRentSpan,
  periodRange,
  vehicleIdleDays,
} from './kpi';

/** Every KPI definition on fixed data (issue 15 "Done when"). */
const TZ = 'Asia/Dubai'; // UTC+4, no DST

describe('days on rent (more than 30 minutes of the day, company time zone)', () => {
  it('a pickup at 23:45 does not count its evening; a return at 00:20 does not count its morning', () => {
    // 23:45 Dubai on Mar 1 = 19:45Z; 00:20 Dubai on Mar 4 = 20:20Z on Mar 3.
    expect(onRentDays('2026-03-01T19:45:00Z', '2026-03-03T20:20:00Z', TZ)).toEqual(['2026-03-02', '2026-03-03']);
  });
  it('exactly 30 minutes is not a day; 31 minutes is', () => {
    expect(onRentDays('2026-03-01T06:00:00Z', '2026-03-01T06:30:00Z', TZ)).toEqual([]);
    expect(onRentDays('2026-03-01T06:00:00Z', '2026-03-01T06:31:00Z', TZ)).toEqual(['2026-03-01']);
    // 23:30 Dubai start: 30 minutes left in the day → not counted.
    expect(onRentSpan('2026-03-01T19:30:00Z', '2026-03-02T10:00:00Z', TZ)).toEqual({
      first: '2026-03-02',
      last: '2026-03-02',
    });
  });
  it('uses the company day, not UTC', () => {
    // 02:00 Dubai on Mar 2 is still Mar 1 in UTC.
    expect(onRentDays('2026-03-01T22:00:00Z', '2026-03-02T12:00:00Z', TZ)).toEqual(['2026-03-02']);
  });
});

describe('fleet KPIs on a fixed fleet of three cars over 10 days', () => {
  // A: on rent 6 days, revenue 600.00; B: 3 days in maintenance, on rent 2, revenue 300.00; C: idle.
  const fleet = [
    { vehicleId: 'A', daysOnRent: 6, daysOutOfService: 0, revenueMinor: 60_000 },
    { vehicleId: 'B', daysOnRent: 2, daysOutOfService: 3, revenueMinor: 30_000 },
    { vehicleId: 'C', daysOnRent: 0, daysOutOfService: 0, revenueMinor: 0 },
  ];
  it('available car-days = vehicles × days − maintenance days', () => {
    expect(availableCarDays(fleet, 10)).toBe(3 * 10 - 3);
  });
  it('utilisation, ADR, RevPAC, idle days and idle cost', () => {
    const k = fleetKpis(fleet, 10, 5_000);
    expect(k.availableCarDays).toBe(27);
    expect(k.daysOnRent).toBe(8);
    expect(k.utilisation).toBeCloseTo(8 / 27, 10);
    expect(k.adrMinor).toBe(11_250); // 900.00 ÷ 8 days charged
    expect(k.revpacMinor).toBe(Math.round(11_250 * (8 / 27))); // = revenue ÷ available car-days
    expect(k.revpacMinor).toBe(Math.round(90_000 / 27));
    expect(k.idleDays).toBe(4 + 5 + 10);
    expect(k.idleCostMinor).toBe(19 * 5_000);
    expect(vehicleIdleDays(fleet[1]!, 10)).toBe(5);
  });
  it('a vehicle added mid-period counts only its days in the fleet', () => {
    expect(availableCarDays([{ daysOutOfService: 0, daysInFleet: 4 }, { daysOutOfService: 1 }], 10)).toBe(4 + 9);
  });
  it('no available days: utilisation and ADR are 0, not NaN', () => {
    const k = fleetKpis([], 30);
    expect(k).toMatchObject({ utilisation: 0, adrMinor: 0, revpacMinor: 0, idleCostMinor: 0 });
  });
  it('average length of rental', () => {
    expect(averageLengthOfRental(14, 4)).toBe(3.5);
    expect(averageLengthOfRental(0, 0)).toBe(0);
  });
});

describe('periods and help texts', () => {
  it('the period ends today; the previous one is the same length before it', () => {
    expect(periodRange('7d', '2026-03-10')).toEqual({
      from: '2026-03-04',
      to: '2026-03-10',
      previous: { from: '2026-02-25', to: '2026-03-03' },
    });
    expect(periodRange('1y', '2026-03-10').from).toBe('2025-03-11');
  });
  it('every KPI has help text in both languages', () => {
    for (const id of KPI_IDS) {
      expect(KPI_HELP.en[id].length).toBeGreaterThan(10);
      expect(KPI_HELP.ar[id]).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('rental revenue', () => {
  it('rent and fees count; tax, deposits, fines and tolls do not; reversals take back', () => {
    const e = (id: string, category: string, amountMinor: number, reversesId?: string) => ({
      id,
      type: 'charge' as const,
      category: category as never,
      amountMinor,
      reversesId,
    });
    expect(
      rentalRevenueMinor([
        e('1', 'base_rental', 30_000),
        e('2', 'late_fees', 5_000),
        e('3', 'tax', 1_750),
        e('4', 'security_deposit', 50_000),
        e('5', 'traffic_fines', 60_000),
        e('6', 'salik_charges', 400),
        e('7', 'base_rental', 10_000, '1'),
      ]),
    ).toBe(25_000);
  });

  it('issue 26: time-based revenue (rent, insurance, young-driver fee) is spread; the rest is point-in-time', () => {
    const e = (id: string, category: string, amountMinor: number, lineCode?: string) => ({
      id,
      type: 'charge' as const,
      category: category as never,
      amountMinor,
      lineCode,
    });
    const entries = [
      e('1', 'base_rental', 30_000),
      e('2', 'other', 1_500, 'young_driver_fee'),
      e('3', 'late_fees', 5_000),
      e('4', 'tax', 1_825),
      e('5', 'insurance', 2_000),
    ];
    expect(timeBasedRevenueMinor(entries)).toBe(33_500);
    expect(pointRevenueMinor(entries)).toBe(5_000);
    expect(spreadOverDays(1_000, ['a', 'b', 'c'])).toEqual([
      { day: 'a', amountMinor: 333 },
      { day: 'b', amountMinor: 333 },
      { day: 'c', amountMinor: 334 },
    ]);
  });
});
