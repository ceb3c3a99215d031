import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  expiryBadge,
  HEALTH_GRADE_THRESHOLDS,
  healthGrade,
  healthScore,
  normalizeVin,
  odometerKmSchema,
  vinError,
  vinSchema,
  type HealthInputs,
} from './vehicle-rules';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('vinSchema', () => {
  it('accepts 17 alphanumerics and upper-cases them', () => {
    expect(vinSchema.parse('1HGCM82633A004352')).toBe('1HGCM82633A004352');
    expect(vinSchema.parse('  wvwzzz1jz3w386752 ')).toBe('WVWZZZ1JZ3W386752');
    // I, O and Q are alphanumeric: accepted (spec rule, not ISO 3779)
    expect(vinSchema.safeParse('IOQIOQIOQIOQIOQIO').success).toBe(true);
  });

  it('too short → the spec message, once', () => {
    expect(messages(vinSchema.safeParse('1HGCM82633A00435'))).toEqual([
      'VIN must be exactly 17 alphanumeric characters',
    ]);
    expect(messages(vinSchema.safeParse(''))).toEqual(['VIN must be exactly 17 alphanumeric characters']);
  });

  it('invalid characters → the spec message', () => {
    expect(messages(vinSchema.safeParse('1HGCM82633A00435-'))).toEqual([
      'VIN must be exactly 17 alphanumeric characters',
    ]);
    expect(messages(vinSchema.safeParse('1HGCM 2633A004352'))).toEqual([
      'VIN must be exactly 17 alphanumeric characters',
    ]);
    expect(messages(vinSchema.safeParse('1HGCM82633A00435É'))).toEqual([
      'VIN must be exactly 17 alphanumeric characters',
    ]);
  });

  it('too long → "VIN cannot exceed 17 characters", once', () => {
    expect(messages(vinSchema.safeParse('1HGCM82633A0043521'))).toEqual(['VIN cannot exceed 17 characters']);
    expect(messages(vinSchema.safeParse('1HGCM82633A00435!!'))).toEqual(['VIN cannot exceed 17 characters']);
  });

  it('non-strings are rejected', () => {
    expect(messages(vinSchema.safeParse(1234567890123456))).toEqual(['VIN must be exactly 17 alphanumeric characters']);
  });

  it('vinError and normalizeVin', () => {
    expect(vinError('1HGCM82633A004352')).toBeNull();
    expect(normalizeVin(' abc ')).toBe('ABC');
  });

  it('exactly the 17-alphanumeric strings pass (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abcXYZ019-_ é'), minLength: 0, maxLength: 25 }), (s) => {
        const ok = /^[A-Za-z0-9]{17}$/.test(s.trim());
        const r = vinSchema.safeParse(s);
        expect(r.success).toBe(ok);
        if (r.success) expect(r.data).toBe(s.trim().toUpperCase());
        else expect(messages(r)).toHaveLength(1);
      }),
    );
  });
});

describe('odometerKmSchema', () => {
  it('accepts whole km ≥ 1', () => {
    expect(odometerKmSchema.parse(1)).toBe(1);
    expect(odometerKmSchema.parse(250_000)).toBe(250_000);
  });
  it('messages', () => {
    expect(messages(odometerKmSchema.safeParse(0))).toEqual(['Odometer must be at least 1 km']);
    expect(messages(odometerKmSchema.safeParse(-5))).toEqual(['Odometer must be at least 1 km']);
    expect(messages(odometerKmSchema.safeParse(10.5))).toEqual(['Odometer must be a whole number of km']);
    expect(messages(odometerKmSchema.safeParse('100'))).toEqual(['Odometer must be a number']);
    expect(odometerKmSchema.safeParse(NaN).success).toBe(false);
  });
});

describe('expiryBadge', () => {
  const today = '2025-06-15';
  it.each([
    [null, 'no_expiry'],
    [undefined, 'no_expiry'],
    ['2025-06-14', 'expired'],
    ['2025-06-15', 'expiring_soon'],
    ['2025-07-15', 'expiring_soon'],
    ['2025-07-16', 'valid'],
  ] as const)('%s → %s', (d, expected) => {
    expect(expiryBadge(d, today)).toBe(expected);
  });
  it('custom threshold', () => {
    expect(expiryBadge('2025-07-15', today, 14)).toBe('valid');
  });
});

describe('healthScore', () => {
  const perfect: HealthInputs = {
    ageYears: 0,
    odometerKm: 0,
    daysSinceLastService: 0,
    openMaintenanceCount: 0,
    expiredDocumentsCount: 0,
  };

  it('a new, serviced vehicle scores 100 (excellent)', () => {
    expect(healthScore(perfect)).toBe(100);
    expect(healthGrade(100)).toBe('excellent');
  });

  it('applies each documented penalty', () => {
    expect(healthScore({ ...perfect, ageYears: 3 })).toBe(94);
    expect(healthScore({ ...perfect, ageYears: 30 })).toBe(80); // capped −20
    expect(healthScore({ ...perfect, odometerKm: 45_000 })).toBe(96);
    expect(healthScore({ ...perfect, odometerKm: 900_000 })).toBe(75); // capped −25
    expect(healthScore({ ...perfect, daysSinceLastService: 90 })).toBe(100);
    expect(healthScore({ ...perfect, daysSinceLastService: 125 })).toBe(97);
    expect(healthScore({ ...perfect, daysSinceLastService: 5000 })).toBe(80); // capped −20
    expect(healthScore({ ...perfect, daysSinceLastService: null })).toBe(90);
    expect(healthScore({ ...perfect, openMaintenanceCount: 2 })).toBe(90);
    expect(healthScore({ ...perfect, openMaintenanceCount: 10 })).toBe(80); // capped −20
    expect(healthScore({ ...perfect, expiredDocumentsCount: 1 })).toBe(85);
    expect(healthScore({ ...perfect, expiredDocumentsCount: 9 })).toBe(55); // capped −45
  });

  it('a worn vehicle', () => {
    const score = healthScore({
      ageYears: 8,
      odometerKm: 180_000,
      daysSinceLastService: 200,
      openMaintenanceCount: 2,
      expiredDocumentsCount: 1,
    });
    // 100 − 16 − 18 − 11 − 10 − 15 = 30
    expect(score).toBe(30);
    expect(healthGrade(score)).toBe('poor');
  });

  it('everything bad → 0, critical', () => {
    const score = healthScore({
      ageYears: 50,
      odometerKm: 1e7,
      daysSinceLastService: 1e4,
      openMaintenanceCount: 50,
      expiredDocumentsCount: 50,
    });
    expect(score).toBe(0);
    expect(healthGrade(score)).toBe('critical');
  });

  it('garbage inputs count as 0', () => {
    expect(healthScore({ ...perfect, ageYears: -3, odometerKm: NaN })).toBe(100);
  });

  const inputsArb = fc.record({
    ageYears: fc.double({ min: 0, max: 40, noNaN: true }),
    odometerKm: fc.integer({ min: 0, max: 1_000_000 }),
    daysSinceLastService: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
    openMaintenanceCount: fc.integer({ min: 0, max: 20 }),
    expiredDocumentsCount: fc.integer({ min: 0, max: 10 }),
  });

  it('is an integer in 0..100 and never improves when an input worsens (property)', () => {
    fc.assert(
      fc.property(
        inputsArb,
        fc.constantFrom(
          'ageYears',
          'odometerKm',
          'daysSinceLastService',
          'openMaintenanceCount',
          'expiredDocumentsCount',
        ),
        fc.integer({ min: 1, max: 1000 }),
        (input, key, delta) => {
          const s = healthScore(input);
          expect(Number.isInteger(s) && s >= 0 && s <= 100).toBe(true);
          const worse = { ...input };
          if (key === 'daysSinceLastService') {
            if (worse.daysSinceLastService === null) return;
            worse.daysSinceLastService += delta;
          } else {
            worse[key] += key === 'odometerKm' ? delta * 1000 : delta;
          }
          expect(healthScore(worse)).toBeLessThanOrEqual(s);
        },
      ),
    );
  });
});

describe('healthGrade', () => {
  it.each([
    [100, 'excellent'],
    [85, 'excellent'],
    [84, 'good'],
    [70, 'good'],
    [69.9, 'fair'],
    [50, 'fair'],
    [49, 'poor'],
    [30, 'poor'],
    [29, 'critical'],
    [0, 'critical'],
    [-5, 'critical'],
    [NaN, 'critical'],
  ] as const)('%s → %s', (s, g) => {
    expect(healthGrade(s)).toBe(g);
  });

  it('grades are monotonic in the score (property)', () => {
    const order = HEALTH_GRADE_THRESHOLDS.map((t) => t.grade);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(order.indexOf(healthGrade(hi))).toBeLessThanOrEqual(order.indexOf(healthGrade(lo)));
      }),
    );
  });
});
