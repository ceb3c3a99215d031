/**
 * Customer loyalty score and tier (bronze, silver, gold, platinum).
 *
 * Decisions:
 * - Inputs are the customer's COMPLETED rentals count and total spend in minor units of the
 *   company's currency (a tenant works in one currency; thresholds are not converted between
 *   currencies — a company may pass its own thresholds).
 * - Tier rule: the highest tier whose rentals threshold OR spend threshold is reached. "Or" so
 *   both frequent renters and high spenders are rewarded; the customers page shows the table as
 *   "3 rentals or 2,500 spent". Reaching either never lowers a tier, so the tier is monotonic in
 *   both inputs.
 * - Score: 10 points per completed rental + 1 point per 100 major units spent (floor). Stored as
 *   the customer's loyaltyScore (default 0).
 */

export const LOYALTY_TIERS = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type LoyaltyTier = (typeof LOYALTY_TIERS)[number];

export interface LoyaltyThreshold {
  tier: LoyaltyTier;
  /** Completed rentals that reach this tier. */
  minRentals: number;
  /** Total spend (minor units) that reaches this tier. */
  minSpendMinor: number;
}

/** Default thresholds, lowest tier first (the customers page shows them). */
export const LOYALTY_THRESHOLDS: readonly LoyaltyThreshold[] = [
  { tier: 'bronze', minRentals: 0, minSpendMinor: 0 },
  { tier: 'silver', minRentals: 3, minSpendMinor: 250_000 }, // 2,500.00
  { tier: 'gold', minRentals: 10, minSpendMinor: 1_000_000 }, // 10,000.00
  { tier: 'platinum', minRentals: 25, minSpendMinor: 2_500_000 }, // 25,000.00
];

/** Score weights: points per completed rental, and per `spendUnitMinor` spent. */
export const LOYALTY_SCORE_RULES = {
  pointsPerRental: 10,
  pointsPerSpendUnit: 1,
  /** 100 major units = 10,000 minor units. */
  spendUnitMinor: 10_000,
} as const;

export interface LoyaltyInput {
  completedRentals: number;
  totalSpendMinor: number;
}

const count = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** Loyalty score: 10 × completed rentals + floor(total spend / 100 major units). Negative inputs count as 0. */
export function loyaltyScore(input: LoyaltyInput): number {
  const r = LOYALTY_SCORE_RULES;
  return (
    count(input.completedRentals) * r.pointsPerRental +
    Math.floor(count(input.totalSpendMinor) / r.spendUnitMinor) * r.pointsPerSpendUnit
  );
}

/**
 * Loyalty tier: the highest tier (in `thresholds`, lowest first) whose minRentals OR
 * minSpendMinor is reached; bronze when none. Negative inputs count as 0.
 */
export function loyaltyTier(
  input: LoyaltyInput,
  thresholds: readonly LoyaltyThreshold[] = LOYALTY_THRESHOLDS,
): LoyaltyTier {
  const rentals = count(input.completedRentals);
  const spend = count(input.totalSpendMinor);
  let tier: LoyaltyTier = 'bronze';
  for (const t of thresholds) {
    if ((rentals >= t.minRentals || spend >= t.minSpendMinor) && rank(t.tier) > rank(tier)) tier = t.tier;
  }
  return tier;
}

/** Position of a tier, bronze = 0 … platinum = 3 (for sorting and comparisons). */
export function rank(tier: LoyaltyTier): number {
  return LOYALTY_TIERS.indexOf(tier);
}

export interface LoyaltySummary {
  score: number;
  tier: LoyaltyTier;
  /** The next tier and what is still missing on each path to it; null at the top tier. */
  next: { tier: LoyaltyTier; rentalsNeeded: number; spendNeededMinor: number } | null;
}

/** Score, tier and progress to the next tier (either path reaches it). */
export function loyaltySummary(
  input: LoyaltyInput,
  thresholds: readonly LoyaltyThreshold[] = LOYALTY_THRESHOLDS,
): LoyaltySummary {
  const tier = loyaltyTier(input, thresholds);
  const nextT = thresholds.filter((t) => rank(t.tier) > rank(tier)).sort((a, b) => rank(a.tier) - rank(b.tier))[0];
  return {
    score: loyaltyScore(input),
    tier,
    next: nextT
      ? {
          tier: nextT.tier,
          rentalsNeeded: Math.max(0, nextT.minRentals - count(input.completedRentals)),
          spendNeededMinor: Math.max(0, nextT.minSpendMinor - count(input.totalSpendMinor)),
        }
      : null,
  };
}
