/**
 * The analytics domain's public surface (other domains import only this file and tx.ts).
 *
 * Writers are in tx.ts (pure builders for the caller's own transaction: the aggregates move with
 * the change); this file holds the readers and the company recomputation.
 * Readers (bounded: cost depends on the period and the fleet, never on the number of rentals):
 * - readDailyAggregates(tenantId, fromDay, toDay) → one DailyAggregate per day.
 * - readVehicleMonthAggregates(tenantId, fromMonth, toMonth) → VehicleMonthAggregate per vehicle and month.
 * KPI definitions and maths: shared/analytics/kpi.ts.
 */
export { DAY_FIELDS, type DayField } from './contribution';
export {
  readDailyAggregates,
  readVehicleMonthAggregates,
  type DailyAggregate,
  type VehicleMonthAggregate,
} from './read';
/**
 * The fleet's per-vehicle day facts over a period (stored aggregates plus cars still out), and the company facts: the
 * insights engine's figures.
 */
export { buildFleetPeriod, readOutRentals, type FleetPeriod } from './period';
export { readCompany } from './deps';

/** Recomputes one company's aggregates from its raw items (demo reset, tests) / every company (the one-off job). */
export { backfillCompany, backfillAllCompanies } from './backfill';
