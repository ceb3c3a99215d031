import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOYALTY_THRESHOLDS, LOYALTY_TIERS, loyaltyScore, loyaltySummary, loyaltyTier, rank } from './loyalty';

describe('loyaltyScore', () => {
  it('10 per rental + 1 per 100 spent', () => {
    expect(loyaltyScore({ completedRentals: 0, totalSpendMinor: 0 })).toBe(0);
    expect(loyaltyScore({ completedRentals: 3, totalSpendMinor: 250_000 })).toBe(30 + 25);
    expect(loyaltyScore({ completedRentals: 1, totalSpendMinor: 9_999 })).toBe(10);
    expect(loyaltyScore({ completedRentals: -2, totalSpendMinor: -100 })).toBe(0);
  });
});

describe('loyaltyTier', () => {
  it.each([
    [0, 0, 'bronze'],
    [2, 249_999, 'bronze'],
    [3, 0, 'silver'],
    [0, 250_000, 'silver'],
    [9, 999_999, 'silver'],
    [10, 0, 'gold'],
    [1, 1_000_000, 'gold'],
    [24, 2_499_999, 'gold'],
    [25, 0, 'platinum'],
    [0, 2_500_000, 'platinum'],
    [100, 100_000_000, 'platinum'],
  ] as const)('%s rentals, %s spent → %s', (completedRentals, totalSpendMinor, tier) => {
    expect(loyaltyTier({ completedRentals, totalSpendMinor })).toBe(tier);
  });

  it('thresholds are exported lowest first and increasing', () => {
    expect(LOYALTY_THRESHOLDS.map((t) => t.tier)).toEqual(['bronze', 'silver', 'gold', 'platinum']);
    for (let i = 1; i < LOYALTY_THRESHOLDS.length; i++) {
      expect(LOYALTY_THRESHOLDS[i].minRentals).toBeGreaterThan(LOYALTY_THRESHOLDS[i - 1].minRentals);
      expect(LOYALTY_THRESHOLDS[i].minSpendMinor).toBeGreaterThan(LOYALTY_THRESHOLDS[i - 1].minSpendMinor);
    }
  });

  it('custom thresholds', () => {
    const custom = [
      { tier: 'bronze' as const, minRentals: 0, minSpendMinor: 0 },
      { tier: 'gold' as const, minRentals: 1, minSpendMinor: 1 },
    ];
    expect(loyaltyTier({ completedRentals: 1, totalSpendMinor: 0 }, custom)).toBe('gold');
  });

  const rentals = fc.integer({ min: 0, max: 200 });
  const spend = fc.integer({ min: 0, max: 10_000_000 });

  it('is monotonic in both inputs (property)', () => {
    fc.assert(
      fc.property(rentals, spend, fc.nat(100), fc.nat(5_000_000), (r, s, dr, ds) => {
        const base = rank(loyaltyTier({ completedRentals: r, totalSpendMinor: s }));
        expect(rank(loyaltyTier({ completedRentals: r + dr, totalSpendMinor: s }))).toBeGreaterThanOrEqual(base);
        expect(rank(loyaltyTier({ completedRentals: r, totalSpendMinor: s + ds }))).toBeGreaterThanOrEqual(base);
        expect(loyaltyScore({ completedRentals: r + dr, totalSpendMinor: s + ds })).toBeGreaterThanOrEqual(
          loyaltyScore({ completedRentals: r, totalSpendMinor: s }),
        );
      }),
    );
  });
});

describe('loyaltySummary', () => {
  it('progress to the next tier', () => {
    expect(loyaltySummary({ completedRentals: 1, totalSpendMinor: 100_000 })).toEqual({
      score: 20,
      tier: 'bronze',
      next: { tier: 'silver', rentalsNeeded: 2, spendNeededMinor: 150_000 },
    });
    expect(loyaltySummary({ completedRentals: 30, totalSpendMinor: 0 }).next).toBeNull();
  });

  it('the next tier is always one rank up (property)', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.nat(5_000_000), (r, s) => {
        const sum = loyaltySummary({ completedRentals: r, totalSpendMinor: s });
        if (sum.tier === 'platinum') expect(sum.next).toBeNull();
        else {
          expect(rank(sum.next!.tier)).toBe(rank(sum.tier) + 1);
          expect(sum.next!.rentalsNeeded).toBeGreaterThan(0);
          expect(sum.next!.spendNeededMinor).toBeGreaterThan(0);
        }
        expect(LOYALTY_TIERS).toContain(sum.tier);
      }),
    );
  });
});
