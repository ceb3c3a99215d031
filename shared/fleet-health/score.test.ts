import { describe, expect, it } from 'vitest';
import { bookedShare, documentState, scoreHealth, HEALTH_RULES, type HealthFacts } from './score';

const clean: HealthFacts = {
  maintenancePastDue: 0,
  maintenanceDueSoon: 0,
  urgentOpen: 0,
  registrationExpiry: '2027-06-30',
  insuranceExpiry: '2027-03-31',
  today: '2026-11-26',
  year: 2026,
  odometerKm: 5_000,
  damage: { minor: 0, moderate: 0, severe: 0 },
  speeding: 0,
  restrictedEntries: 0,
  utilisation: 0.6,
};
const penalty = (f: HealthFacts, key: string) => scoreHealth(f).factors.find((x) => x.key === key)!.penalty;

describe('fleet health score', () => {
  it('a new, compliant, busy, undamaged vehicle scores 100 (excellent) and every factor is listed with its weight', () => {
    const r = scoreHealth(clean);
    expect(r.score).toBe(100);
    expect(r.grade).toBe('excellent');
    expect(r.factors.map((f) => [f.key, f.weight, f.penalty])).toEqual([
      ['maintenance', 25, 0],
      ['documents', 30, 0],
      ['damage', 20, 0],
      ['incidents', 20, 0],
      ['age', 15, 0],
      ['mileage', 15, 0],
      ['utilisation', 10, 0],
    ]);
  });

  it('each factor takes its documented penalty, capped at its weight', () => {
    expect(penalty({ ...clean, maintenancePastDue: 1, maintenanceDueSoon: 1 }, 'maintenance')).toBe(16);
    expect(penalty({ ...clean, maintenancePastDue: 3 }, 'maintenance')).toBe(25); // 36 capped
    expect(penalty({ ...clean, urgentOpen: 1 }, 'maintenance')).toBe(10);
    expect(penalty({ ...clean, insuranceExpiry: '2026-11-25' }, 'documents')).toBe(15); // expired yesterday
    expect(penalty({ ...clean, insuranceExpiry: '2026-11-26' }, 'documents')).toBe(5); // valid through today, expiring
    expect(penalty({ ...clean, insuranceExpiry: '2026-12-26' }, 'documents')).toBe(5); // 30 days ahead
    expect(penalty({ ...clean, insuranceExpiry: '2026-12-27' }, 'documents')).toBe(0); // 31 days ahead
    expect(penalty({ ...clean, insuranceExpiry: null, registrationExpiry: '2020-01-01' }, 'documents')).toBe(30);
    expect(penalty({ ...clean, damage: { minor: 1, moderate: 1, severe: 0 } }, 'damage')).toBe(7);
    expect(penalty({ ...clean, damage: { minor: 0, moderate: 0, severe: 3 } }, 'damage')).toBe(20);
    expect(penalty({ ...clean, speeding: 3, restrictedEntries: 1 }, 'incidents')).toBe(11);
    expect(penalty({ ...clean, speeding: 50 }, 'incidents')).toBe(20);
    expect(penalty({ ...clean, year: 2022 }, 'age')).toBe(8);
    expect(penalty({ ...clean, year: 2000 }, 'age')).toBe(15);
    expect(penalty({ ...clean, odometerKm: 45_000 }, 'mileage')).toBe(4);
    expect(penalty({ ...clean, odometerKm: 900_000 }, 'mileage')).toBe(15);
    expect(penalty({ ...clean, utilisation: 0.2 }, 'utilisation')).toBe(0);
    expect(penalty({ ...clean, utilisation: 0.1 }, 'utilisation')).toBe(5);
    expect(penalty({ ...clean, utilisation: 0 }, 'utilisation')).toBe(10);
  });

  it('grades follow the thresholds 85 / 70 / 50 / 30 at their edges', () => {
    // year 2019 → −14, so each case below shifts the score from 86 by the other penalties.
    const base = { ...clean, year: 2019 };
    expect(scoreHealth(base)).toMatchObject({ score: 86, grade: 'excellent' });
    expect(scoreHealth({ ...base, odometerKm: 10_000 })).toMatchObject({ score: 85, grade: 'excellent' });
    expect(scoreHealth({ ...base, odometerKm: 20_000 })).toMatchObject({ score: 84, grade: 'good' });
    expect(scoreHealth({ ...base, insuranceExpiry: '2026-01-01', odometerKm: 10_000 })).toMatchObject({
      score: 70,
      grade: 'good',
    });
    expect(scoreHealth({ ...base, insuranceExpiry: '2026-01-01', odometerKm: 20_000 })).toMatchObject({
      score: 69,
      grade: 'fair',
    });
    expect(
      scoreHealth({ ...base, insuranceExpiry: '2026-01-01', registrationExpiry: '2026-01-01', odometerKm: 60_000 }),
    ).toMatchObject({ score: 50, grade: 'fair' });
    expect(
      scoreHealth({ ...base, insuranceExpiry: '2026-01-01', registrationExpiry: '2026-01-01', odometerKm: 70_000 }),
    ).toMatchObject({ score: 49, grade: 'poor' });
    expect(
      scoreHealth({
        ...base,
        insuranceExpiry: '2026-01-01',
        registrationExpiry: '2026-01-01',
        urgentOpen: 2,
        odometerKm: 60_000,
      }),
    ).toMatchObject({ score: 30, grade: 'poor' });
    expect(
      scoreHealth({
        ...base,
        insuranceExpiry: '2026-01-01',
        registrationExpiry: '2026-01-01',
        urgentOpen: 2,
        odometerKm: 70_000,
      }),
    ).toMatchObject({ score: 29, grade: 'critical' });
  });

  it('never goes below 0 however bad every factor is, and bad inputs count as nothing', () => {
    const worst: HealthFacts = {
      ...clean,
      maintenancePastDue: 9,
      registrationExpiry: null,
      insuranceExpiry: null,
      year: 1990,
      odometerKm: 1e6,
      damage: { minor: 0, moderate: 0, severe: 9 },
      speeding: 99,
      restrictedEntries: 9,
      utilisation: 0,
    };
    expect(scoreHealth(worst)).toMatchObject({ score: 0, grade: 'critical' });
    expect(
      scoreHealth({ ...clean, speeding: -4, odometerKm: Number.NaN, utilisation: Number.NaN }).factors.find(
        (f) => f.key === 'incidents',
      )!.penalty,
    ).toBe(0);
    const sum = Object.values(HEALTH_RULES.weights).reduce((a, b) => a + b, 0);
    expect(sum).toBeGreaterThan(100);
  });

  it('documentState: valid through the expiry day, expiring within 30 days, missing when none on file', () => {
    expect(documentState(null, '2026-11-26')).toBe('missing');
    expect(documentState('2026-11-25', '2026-11-26')).toBe('expired');
    expect(documentState('2026-11-26', '2026-11-26')).toBe('expiring');
    expect(documentState('2027-11-26', '2026-11-26')).toBe('valid');
  });

  it('bookedShare merges overlapping bookings and clips them to the window; open ends run to its end', () => {
    const from = '2026-11-01T00:00:00.000Z';
    const to = '2026-11-11T00:00:00.000Z'; // 10 days
    expect(bookedShare([], from, to)).toBe(0);
    expect(bookedShare([{ start: '2026-10-25T00:00:00.000Z', end: '2026-11-03T00:00:00.000Z' }], from, to)).toBeCloseTo(
      0.2,
    );
    expect(
      bookedShare(
        [
          { start: '2026-11-02T00:00:00.000Z', end: '2026-11-05T00:00:00.000Z' },
          { start: '2026-11-04T00:00:00.000Z', end: '2026-11-06T00:00:00.000Z' },
        ],
        from,
        to,
      ),
    ).toBeCloseTo(0.4);
    expect(bookedShare([{ start: '2026-11-09T00:00:00.000Z', end: null }], from, to)).toBeCloseTo(0.2);
  });
});
