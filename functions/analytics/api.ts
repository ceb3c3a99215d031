/**
 * The analytics domain's public surface (other domains import only this file).
 *
 * Writers (called inside the caller's own transaction — the aggregates move with the change):
 * - rentalAnalyticsItems: a rental changed (booking, lifecycle, ledger postings, overdue job).
 * - maintenanceAnalyticsItems: a maintenance record's cost / workshop days changed.
 * Readers (bounded: cost depends on the period and the fleet, never on the number of rentals):
 * - readDailyAggregates(tenantId, fromDay, toDay) → one DailyAggregate per day.
 * - readVehicleMonthAggregates(tenantId, fromMonth, toMonth) → VehicleMonthAggregate per vehicle and month.
 * KPI definitions and maths: shared/analytics/kpi.ts.
 */
import type { TransactItem } from '../lib/data/repo';
import { onRentDays } from '../../shared/analytics/kpi';
import { ledgerContribution, maintenanceContribution, negate, rentalContribution, type LedgerMoney, type RentalFacts } from './contribution';
import { deltaItems } from './writes';

export type { RentalFacts, LedgerMoney } from './contribution';
export { DAY_FIELDS, type DayField } from './contribution';
export { readDailyAggregates, readVehicleMonthAggregates, type DailyAggregate, type VehicleMonthAggregate } from './read';

/**
 * The aggregate updates of one rental change: contribution(after) − contribution(before), plus
 * the money of the ledger entries posted on `postedDay` (company time zone).
 */
export function rentalAnalyticsItems(tenantId: string, change: {
  rentalId: string;
  vehicleId: string;
  before: RentalFacts | null;
  after: RentalFacts | null;
  timeZone: string;
  postedDay?: string;
  money?: LedgerMoney;
}): TransactItem[] {
  const deltas = [
    ...negate(rentalContribution(change.before, change.timeZone)),
    ...rentalContribution(change.after, change.timeZone),
    ...(change.money && change.postedDay ? ledgerContribution(change.vehicleId, change.postedDay, change.money) : []),
  ];
  return deltaItems(tenantId, change.rentalId, deltas);
}

/** A maintenance record's aggregate change: (cost on its day, workshop days) after − before. */
export interface MaintenanceFacts {
  vehicleId: string;
  costDay: string | null;
  costMinor: number;
  workshopDays: readonly string[];
}

export function maintenanceAnalyticsItems(tenantId: string, recordId: string, before: MaintenanceFacts | null, after: MaintenanceFacts | null): TransactItem[] {
  const of = (m: MaintenanceFacts | null) => (m ? maintenanceContribution(m.vehicleId, m.costDay, m.costMinor, m.workshopDays) : []);
  return deltaItems(tenantId, recordId, [...negate(of(before)), ...of(after)]);
}
/** The fleet's per-vehicle day facts over a period (stored aggregates plus cars still out), and the company facts: the insights engine's figures. */
export { buildFleetPeriod, readOutRentals, type FleetPeriod } from './period';
export { readCompany } from './deps';

/**
 * A maintenance record's facts (maintenance passes its item): the completed cost on the day it was
 * posted (a cancelled record — its cost reversed — counts nothing), and its workshop days (work in
 * progress or completed: the days of its window, same > 30 minutes rule as days on rent).
 */
export function maintenanceFactsOf(r: {
  vehicleId: string; status: string; blockStart: string | null; blockEnd: string | null; actualCostMinor: number | null;
  posted: { date: string } | null; reversalEntryId?: string | null;
} | null, timeZone: string): MaintenanceFacts | null {
  if (!r) return null;
  const working = (r.status === 'in_progress' || r.status === 'completed') && r.blockStart && r.blockEnd;
  return {
    vehicleId: r.vehicleId,
    costDay: r.posted && !r.reversalEntryId ? r.posted.date : null,
    costMinor: r.posted && !r.reversalEntryId ? r.actualCostMinor ?? 0 : 0,
    workshopDays: working ? onRentDays(r.blockStart!, r.blockEnd!, timeZone) : [],
  };
}

/** Recomputes one company's aggregates from its raw items (demo reset, tests) / every company (the one-off job). */
export { backfillCompany, backfillAllCompanies } from './backfill';
