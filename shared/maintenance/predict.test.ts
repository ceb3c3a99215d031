import { describe, expect, it } from 'vitest';
import { bookingAtRisk, measureRate, predictService, urgencyOf, type OdometerReading } from './predict';
import { addMonths } from '../calendar';

const today = '2026-06-30';
const daysBefore = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const r = (daysAgo: number, km: number, source: OdometerReading['source'] = 'return'): OdometerReading => ({
  at: daysBefore(daysAgo),
  km,
  source,
});

/** Fixed histories (issue 12 "Done when": expected due dates, urgency and confidence). */
describe('measureRate', () => {
  it('a steady 100 km/day over 120 days with 9 readings: high confidence', () => {
    const readings = Array.from({ length: 9 }, (_, i) => r(120 - i * 15, 20_000 + (120 - (120 - i * 15)) * 100));
    const rate = measureRate(readings, today);
    expect(rate.kmPerDay).toBe(100);
    expect(rate.confidence).toBe(1);
    expect(rate.insufficient).toBe(false);
  });

  it('an uneven history lowers confidence', () => {
    const readings = [r(100, 10_000), r(80, 10_100), r(60, 13_500), r(40, 13_600), r(20, 17_000), r(0, 17_100)];
    const rate = measureRate(readings, today);
    // 7,100 km in 100 days in bursts: the fitted slope, and less than full steadiness.
    expect(rate.kmPerDay).toBe(80.4);
    expect(rate.confidence).toBe(0.68);
    expect(rate.confidence).toBeLessThan(
      measureRate([r(100, 10_000), r(80, 11_420), r(60, 12_840), r(40, 14_260), r(20, 15_680), r(0, 17_100)], today)
        .confidence,
    );
  });

  it('too few readings, too short a span, or a standing car: no rate', () => {
    expect(measureRate([r(30, 1000), r(0, 2000)], today)).toMatchObject({
      kmPerDay: null,
      insufficient: true,
      confidence: 0,
    });
    expect(measureRate([r(10, 1000), r(5, 1100), r(0, 1200)], today)).toMatchObject({
      kmPerDay: null,
      insufficient: true,
    });
    expect(measureRate([r(60, 1000), r(30, 1000), r(0, 1000)], today)).toMatchObject({
      kmPerDay: null,
      insufficient: true,
    });
  });

  it('ignores readings older than a year and in the future', () => {
    const rate = measureRate([r(800, 0), r(60, 10_000), r(30, 11_500), r(0, 13_000), r(-5, 99_999)], today);
    expect(rate.used).toHaveLength(3);
    expect(rate.kmPerDay).toBe(50);
  });
});

describe('predictService', () => {
  const history = [r(90, 10_000, 'service'), r(60, 11_500), r(30, 13_000)];

  it('distance interval: today + km left ÷ km per day', () => {
    const p = predictService({
      interval: { type: 'oil_change', everyKm: 10_000 },
      readings: history,
      lastService: { date: daysBefore(90), km: 10_000, recordId: 'x' },
      currentKm: 13_000,
      today,
    });
    expect(p).toMatchObject({
      kmPerDay: 50,
      dueKm: 20_000,
      kmLeft: 7000,
      dueDate: '2026-11-17',
      daysLeft: 140,
      urgency: 'not_urgent',
      confidence: 0.25,
      confidenceLevel: 'low',
      insufficientHistory: false,
    });
    expect(p.evidence).toHaveLength(3);
    expect(p.reason).toBe('Due by distance: 7000 km left at 50 km/day');
  });

  it('whichever comes first: time wins when earlier', () => {
    const p = predictService({
      interval: { type: 'oil_change', everyKm: 10_000, everyMonths: 6 },
      readings: history,
      lastService: { date: '2026-01-15', km: 10_000, recordId: 'x' },
      currentKm: 13_000,
      today,
    });
    expect(p.dueDateByTime).toBe('2026-07-15');
    expect(p.dueDate).toBe('2026-07-15');
    expect(p.urgency).toBe('urgent');
  });

  it('urgency levels from days and km', () => {
    expect(urgencyOf(-1, null)).toBe('past_due');
    expect(urgencyOf(100, 0)).toBe('past_due');
    expect(urgencyOf(7, null)).toBe('very_urgent');
    expect(urgencyOf(100, 400)).toBe('very_urgent');
    expect(urgencyOf(30, null)).toBe('urgent');
    expect(urgencyOf(100, 1500)).toBe('urgent');
    expect(urgencyOf(31, 1501)).toBe('not_urgent');
  });

  it('past due by km: due today', () => {
    const p = predictService({
      interval: { type: 'tyres', everyKm: 3000 },
      readings: history,
      lastService: { date: daysBefore(90), km: 10_000, recordId: null },
      currentKm: 13_000,
      today,
    });
    expect(p).toMatchObject({ kmLeft: 0, dueDate: today, urgency: 'past_due' });
  });

  it('too little history says so instead of guessing a date', () => {
    const p = predictService({
      interval: { type: 'tyres', everyKm: 40_000 },
      readings: [r(10, 4000)],
      lastService: { date: daysBefore(10), km: 4000, recordId: null },
      currentKm: 4000,
      today,
    });
    expect(p).toMatchObject({
      insufficientHistory: true,
      kmPerDay: null,
      dueDate: null,
      confidence: 0,
      urgency: 'not_urgent',
      kmLeft: 40_000,
    });
    expect(p.reason).toMatch(/^Too little odometer history/);
  });

  it('a time-only interval needs no history and is certain', () => {
    const p = predictService({
      interval: { type: 'registration', everyMonths: 12 },
      readings: [],
      lastService: { date: '2025-07-03', km: null, recordId: 'r' },
      currentKm: null,
      today,
    });
    expect(p).toMatchObject({
      dueDate: '2026-07-03',
      daysLeft: 3,
      urgency: 'very_urgent',
      confidence: 1,
      insufficientHistory: false,
    });
  });
});

describe('helpers', () => {
  it('addMonths clamps to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2025-08-15', 6)).toBe('2026-02-15');
  });
  it('bookingAtRisk: the window reaches the due date or the km allowance passes the due km', () => {
    expect(bookingAtRisk({ dueDate: '2026-07-10', kmLeft: 5000 }, '2026-07-08', '2026-07-12')).toBe(true);
    expect(bookingAtRisk({ dueDate: '2026-07-20', kmLeft: 5000 }, '2026-07-08', '2026-07-12')).toBe(false);
    expect(bookingAtRisk({ dueDate: '2026-09-20', kmLeft: 500 }, '2026-07-08', '2026-07-12', 1000)).toBe(true);
  });
});
