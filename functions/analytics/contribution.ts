import { onRentDays, spreadOverDays } from '../../shared/analytics/kpi';
import { calendarDateInZone } from '../../shared/regions/format';

/**
 * What one rental contributes to the aggregates — a pure function of the rental's stored state
 * (rentalContribution), plus the money its ledger entries moved on the day they were posted
 * (ledgerContribution). Writers add contribution(after) − contribution(before) in the SAME
 * transaction as the change (see ./writes.ts), so the aggregates always equal the sum over all
 * rentals of their contribution: the property test recomputes exactly that from the raw items.
 *
 * - bookings: the day the booking was made (createdAt); a cancelled booking stays a booking.
 * - cancellations: the day of cancelledAt.
 * - pickups: the day of pickedUpAt.
 * - returns / onTimeReturns / returnedRentalDays: the day of returnDate; on time = returned on or
 *   before the expected return day; returnedRentalDays = the rental's days on rent (for ALR).
 * - overdue: the day the overdue job marked it (overdueSince).
 * - days on rent (per vehicle and day, `d{DD}` of its vehicle-month item): from the car going out
 *   (pickedUpAt or startDate, whichever is earlier — the rentals domain's usageStart) to returnDate,
 *   or to expectedReturnDate while it has not come back (the planned occupation). A car still out
 *   after its expected return (overdue, open-ended) gets the days after it from the live reader
 *   (the active rentals, bounded by the fleet), not from stored items — time passing writes nothing.
 *   A cancelled rental has none.
 * - km (vehicle-month of the return): odometerEnd − odometerStart.
 * - earned rent (issue 26): once picked up (not pending, never for a cancelled rental), the
 *   rental's time-based revenue (`rentChargedMinor`) spread straight-line over its days on rent,
 *   as revenue of each vehicle-day (`r{DD}`; the company day's `revenueMinor` keeps the
 *   point-in-time charges only, so revenue = the vehicles' r{DD}): a booking adds none, a future
 *   day counts in its own period, a return re-spreads over the days actually used. A pending
 *   booking's value is kept apart (`bookedMinor` on its start day): "Booked (future)", never revenue.
 */
export interface RentalFacts {
  id: string;
  vehicleId: string;
  status: string;
  archivedFromStatus?: unknown;
  createdAt: string;
  startDate: string;
  expectedReturnDate: string;
  pickedUpAt?: unknown;
  returnDate?: string | null;
  cancelledAt?: unknown;
  overdueSince?: unknown;
  odometerStart?: unknown;
  odometerEnd?: unknown;
  /** Time-based revenue charged (rent, insurance, young-driver fee; kpi.ts timeBasedRevenueMinor). */
  rentChargedMinor?: unknown;
}

export const DAY_FIELDS = [
  'bookings',
  'cancellations',
  'pickups',
  'returns',
  'onTimeReturns',
  'returnedRentalDays',
  'overdue',
  'revenueMinor',
  'paymentsMinor',
  'refundsMinor',
  'bookedMinor',
] as const;
export type DayField = (typeof DAY_FIELDS)[number];

/** Vehicle-month fields: per day of month `d01..d31` on-rent count, `r01..r31` revenue, `m01..m31` maintenance. */
export type VehicleMonthField = `d${string}` | `r${string}` | `m${string}` | 'km' | 'maintenanceCostMinor' | 'rentals';

export type Delta =
  | { kind: 'day'; day: string; field: DayField; n: number }
  | { kind: 'vm'; vehicleId: string; month: string; field: VehicleMonthField; n: number };

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const dom = (day: string) => day.slice(8, 10);

function wasCancelled(r: RentalFacts): boolean {
  return (
    r.status === 'cancelled' ||
    (r.status === 'archived' && r.archivedFromStatus === 'cancelled') ||
    !!str(r.cancelledAt)
  );
}

/** The instant the car went out: the earlier of the planned start and the actual pickup. */
export function outAt(r: Pick<RentalFacts, 'startDate' | 'pickedUpAt'>): string {
  const p = str(r.pickedUpAt);
  return p && Date.parse(p) < Date.parse(r.startDate) ? p : r.startDate;
}

/** The stored days on rent of a rental (see the header): [] for a cancelled one. */
export function storedRentDays(r: RentalFacts, tz: string): string[] {
  if (wasCancelled(r)) return [];
  return onRentDays(outAt(r), r.returnDate || r.expectedReturnDate, tz);
}

export function rentalContribution(r: RentalFacts | null, tz: string): Delta[] {
  if (!r) return [];
  const out: Delta[] = [];
  const day = (iso: string) => calendarDateInZone(iso, tz);
  out.push({ kind: 'day', day: day(r.createdAt), field: 'bookings', n: 1 });
  const cancelledAt = str(r.cancelledAt);
  if (cancelledAt) out.push({ kind: 'day', day: day(cancelledAt), field: 'cancellations', n: 1 });
  const pickedUp = str(r.pickedUpAt);
  if (pickedUp) out.push({ kind: 'day', day: day(pickedUp), field: 'pickups', n: 1 });
  const overdue = str(r.overdueSince);
  if (overdue) out.push({ kind: 'day', day: day(overdue), field: 'overdue', n: 1 });
  const days = storedRentDays(r, tz);
  for (const d of days)
    out.push({ kind: 'vm', vehicleId: r.vehicleId, month: d.slice(0, 7), field: `d${dom(d)}`, n: 1 });
  const rent = num(r.rentChargedMinor) ?? 0;
  // Booked, not picked up: its value on the day it starts (`bookedMinor`, "Booked (future)"), never revenue.
  if (rent && r.status === 'pending' && days.length)
    out.push({ kind: 'day', day: day(r.startDate), field: 'bookedMinor', n: rent });
  // On hire or returned: earned day by day on the vehicle-month items (one item per month, so a
  // 90-day rental stays a handful of items in its transaction).
  if (rent && r.status !== 'pending' && days.length) {
    for (const s of spreadOverDays(rent, days))
      out.push({
        kind: 'vm',
        vehicleId: r.vehicleId,
        month: s.day.slice(0, 7),
        field: `r${dom(s.day)}`,
        n: s.amountMinor,
      });
  }
  const returned = r.returnDate ? r.returnDate : null;
  if (returned && !wasCancelled(r)) {
    const rd = day(returned);
    out.push({ kind: 'day', day: rd, field: 'returns', n: 1 });
    if (rd <= day(r.expectedReturnDate)) out.push({ kind: 'day', day: rd, field: 'onTimeReturns', n: 1 });
    out.push({ kind: 'day', day: rd, field: 'returnedRentalDays', n: days.length });
    const start = num(r.odometerStart);
    const end = num(r.odometerEnd);
    if (start !== null && end !== null && end > start)
      out.push({ kind: 'vm', vehicleId: r.vehicleId, month: rd.slice(0, 7), field: 'km', n: end - start });
  }
  return out;
}

/** Money moved by ledger entries posted on `day` (minor units: rental charges, payments, refunds; deposits apart). */
export interface LedgerMoney {
  chargesMinor: number;
  paymentsMinor: number;
  refundsMinor: number;
}

export function ledgerContribution(vehicleId: string, day: string, money: LedgerMoney): Delta[] {
  const out: Delta[] = [];
  if (money.chargesMinor) {
    out.push({ kind: 'day', day, field: 'revenueMinor', n: money.chargesMinor });
    out.push({ kind: 'vm', vehicleId, month: day.slice(0, 7), field: `r${dom(day)}`, n: money.chargesMinor });
  }
  if (money.paymentsMinor) out.push({ kind: 'day', day, field: 'paymentsMinor', n: money.paymentsMinor });
  if (money.refundsMinor) out.push({ kind: 'day', day, field: 'refundsMinor', n: money.refundsMinor });
  return out;
}

/** A maintenance record's cost (posted on `day`) and its days in the workshop. */
export function maintenanceContribution(
  vehicleId: string,
  day: string | null,
  costMinor: number,
  workshopDays: readonly string[],
): Delta[] {
  const out: Delta[] = [];
  if (day && costMinor)
    out.push({ kind: 'vm', vehicleId, month: day.slice(0, 7), field: 'maintenanceCostMinor', n: costMinor });
  for (const d of workshopDays) out.push({ kind: 'vm', vehicleId, month: d.slice(0, 7), field: `m${dom(d)}`, n: 1 });
  return out;
}

export const negate = (ds: readonly Delta[]): Delta[] => ds.map((d) => ({ ...d, n: -d.n }));

/** Item identity of a delta: day shard items are chosen by the writer's shard, vehicle-months by vehicle. */
export const deltaItemId = (d: Delta, shard: number) =>
  d.kind === 'day' ? `D|${d.day}|${shard}` : `V|${d.month}|${d.vehicleId}`;

/** Sums deltas per item and field, dropping zeros: one update per item (a transaction may not touch an item twice). */
export function groupDeltas(
  ds: readonly Delta[],
  shard: number,
): Map<string, { sample: Delta; fields: Map<string, number> }> {
  const out = new Map<string, { sample: Delta; fields: Map<string, number> }>();
  for (const d of ds) {
    const id = deltaItemId(d, shard);
    const g = out.get(id) ?? { sample: d, fields: new Map<string, number>() };
    g.fields.set(d.field, (g.fields.get(d.field) ?? 0) + d.n);
    out.set(id, g);
  }
  for (const [id, g] of out) {
    for (const [f, n] of g.fields) if (n === 0) g.fields.delete(f);
    if (g.fields.size === 0) out.delete(id);
  }
  return out;
}
