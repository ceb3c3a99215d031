/**
 * What must commit with another domain's change (DESIGN.md §17 "tx.ts"): the pure builders of the
 * analytics aggregates' updates, added by the caller to ITS OWN transaction (rentals: booking,
 * lifecycle, ledger postings, the overdue job; maintenance: a record's cost and workshop days).
 * Imports no other domain, so a lower tier (rentals, tier 4) can use it without loading the read
 * models above it. Readers are analytics/api.ts.
 */
import type { TransactItem } from '../lib/data/repo';
import { onRentDays } from '../../shared/analytics/kpi';
import {
  ledgerContribution,
  maintenanceContribution,
  negate,
  rentalContribution,
  type LedgerMoney,
  type RentalFacts,
} from './contribution';
import { deltaItems } from './writes';

export type { RentalFacts, LedgerMoney } from './contribution';

/**
 * The aggregate updates of one rental change: contribution(after) − contribution(before), plus
 * the money of the ledger entries posted on `postedDay` (company time zone).
 */
export function rentalAnalyticsItems(
  tenantId: string,
  change: {
    rentalId: string;
    vehicleId: string;
    before: RentalFacts | null;
    after: RentalFacts | null;
    timeZone: string;
    postedDay?: string;
    money?: LedgerMoney;
  },
): TransactItem[] {
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

export function maintenanceAnalyticsItems(
  tenantId: string,
  recordId: string,
  before: MaintenanceFacts | null,
  after: MaintenanceFacts | null,
): TransactItem[] {
  const of = (m: MaintenanceFacts | null) =>
    m ? maintenanceContribution(m.vehicleId, m.costDay, m.costMinor, m.workshopDays) : [];
  return deltaItems(tenantId, recordId, [...negate(of(before)), ...of(after)]);
}
/**
 * A maintenance record's facts (maintenance passes its item): the completed cost on the day it was
 * posted (a cancelled record — its cost reversed — counts nothing), and its workshop days (work in
 * progress or completed: the days of its window, same > 30 minutes rule as days on rent).
 */
export function maintenanceFactsOf(
  r: {
    vehicleId: string;
    status: string;
    blockStart: string | null;
    blockEnd: string | null;
    actualCostMinor: number | null;
    posted: { date: string } | null;
    reversalEntryId?: string | null;
  } | null,
  timeZone: string,
): MaintenanceFacts | null {
  if (!r) return null;
  const working = (r.status === 'in_progress' || r.status === 'completed') && r.blockStart && r.blockEnd;
  return {
    vehicleId: r.vehicleId,
    costDay: r.posted && !r.reversalEntryId ? r.posted.date : null,
    costMinor: r.posted && !r.reversalEntryId ? (r.actualCostMinor ?? 0) : 0,
    workshopDays: working ? onRentDays(r.blockStart!, r.blockEnd!, timeZone) : [],
  };
}
