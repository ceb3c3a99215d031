import { fromMinor } from '../../shared/money';
import { calendarDateInZone, getRegionConfig } from '../../shared/regions';
import { DEFAULT_DAILY_KM_LIMIT, DEFAULT_EXTRA_CHARGE_PER_KM_MINOR } from '../../shared/constants';
import { RENTAL_STATUSES } from '../../shared/schemas/rentals-constants';
import { sortKey } from '../lib/data/keys';
import { queryAll } from '../lib/data/repo';
import { readRentalSettings } from './deps';
import { RENTAL_STATS_SHARDS, statsShardKey, type StatsName } from './data';

/** What the booking wizard prefills from company settings and region. */
export async function rentalDefaults(tenantId: string) {
  // Staff cannot read company settings; the wizard still needs what they decide.
  const s = await readRentalSettings(tenantId);
  const region = getRegionConfig(s.region);
  return {
    region: s.region,
    /** The company's clock: rental dates are shown and entered in it. */
    timezone: s.timezone,
    currency: region.currency,
    taxRate: s.defaultTaxRatePercent,
    taxIncludedByConvention: false,
    dailyKmLimit: DEFAULT_DAILY_KM_LIMIT,
    extraChargePerKm: fromMinor(s.extraChargePerKmMinor ?? DEFAULT_EXTRA_CHARGE_PER_KM_MINOR),
    gracePeriodHours: s.gracePeriodHours,
    maxRentalDays: region.businessRules.maxRentalDays,
    enableBlacklistCheck: s.enableBlacklistCheck,
    blacklistMode: s.blacklistMode,
    enableOverbooking: s.enableOverbooking,
    allowStaffCloseWithBalance: s.allowStaffCloseWithBalance,
  };
}

/** Sums the numeric attributes of a sharded stats item (one Query on its prefix; data.ts statsShardKey). */
async function sumShards(tenantId: string, name: StatsName): Promise<Record<string, number>> {
  const shards = await queryAll<Record<string, unknown>>({
    tenantId,
    pk: statsShardKey(tenantId, name, 0).pk,
    skPrefix: `${sortKey(...name)}#`,
    max: RENTAL_STATS_SHARDS,
  });
  const sum: Record<string, number> = {};
  for (const shard of shards)
    for (const [k, v] of Object.entries(shard)) if (typeof v === 'number') sum[k] = (sum[k] ?? 0) + v;
  return sum;
}

/** Counts per status and this month's ledger totals (kept by the writes in their transactions). */
export async function rentalStats(tenantId: string) {
  const settings = await readRentalSettings(tenantId);
  const month = calendarDateInZone(new Date(), settings.timezone).slice(0, 7);
  const [counts, totals] = await Promise.all([sumShards(tenantId, ['STATUS']), sumShards(tenantId, ['MONTH', month])]);
  const byStatus = Object.fromEntries(
    RENTAL_STATUSES.map((s) => [s, Math.max(0, Number(counts?.[`count_${s}`] ?? 0))]),
  );
  const n = (k: string) => fromMinor(Number(totals?.[k] ?? 0));
  return {
    byStatus,
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    month,
    monthCharges: n('chargesMinor'),
    monthPayments: n('paymentsMinor'),
    monthRefunds: n('refundsMinor'),
    /** Revenue collected this month: rental payments minus rental refunds (deposits are not revenue). */
    monthRevenue: fromMinor(Number(totals?.paymentsMinor ?? 0) - Number(totals?.refundsMinor ?? 0)),
    currencyRegion: settings.region,
  };
}
