import { calendarDateInZone } from '../../shared/regions';
import { fromMinor } from '../../shared/money';
import { queryAll, tx, type TransactItem } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { customerKey } from './model';

/**
 * The customer counters (issue 26: "numbers that agree with their lists"), kept by the RENTALS
 * domain in the transactions that change a rental, and recomputed by the accounting self-check.
 * What a rental adds to its customer, by its status (an archived rental counts as the status it
 * was archived from):
 * - `rentalsCount`      1 unless cancelled (a cancelled booking was never a rental; the customer's
 *                       rentals list shows it, marked cancelled, but the count is of rentals had);
 * - `completedRentals`  1 once returned (completed);
 * - `totalSpendMinor`   its charges (excluding the security deposit) once returned, so a charge
 *                       added at close (damage, fines) is spend too;
 * - `lastRentalDate`    the company-calendar day it was picked up: the customer's latest.
 * The counts move by ADD (no version: an edit of the customer's details never races with them);
 * the last rental date is SET only when later than the stored one (the caller read it).
 */
export interface CounterRental {
  customerId: string;
  status: string;
  archivedFromStatus?: string | null;
  chargesMinor: number;
  pickedUpAt?: string | null;
}

export interface Counters { rentalsCount: number; completedRentals: number; totalSpendMinor: number }

export function rentalContribution(r: CounterRental | null | undefined): Counters {
  if (!r) return { rentalsCount: 0, completedRentals: 0, totalSpendMinor: 0 };
  const status = r.status === 'archived' ? r.archivedFromStatus ?? 'completed' : r.status;
  const done = status === 'completed';
  return { rentalsCount: status === 'cancelled' ? 0 : 1, completedRentals: done ? 1 : 0, totalSpendMinor: done ? Number(r.chargesMinor ?? 0) : 0 };
}

/** The pickup day of a rental on the company's calendar (null before pickup or when cancelled). */
export function pickupDay(r: CounterRental | null | undefined, timezone: string): string | null {
  if (!r?.pickedUpAt || r.status === 'cancelled' || r.status === 'pending') return null;
  return calendarDateInZone(new Date(r.pickedUpAt), timezone);
}

/**
 * The one Update of the customer item for a rental going from `before` (null: new) to `after`, or
 * null when nothing changes. `storedLast`: the customer's lastRentalDate, read by the caller when
 * the rental was just picked up (`needsLastRental`).
 */
export function customerCounterItem(tenantId: string, before: CounterRental | null, after: CounterRental, timezone: string, storedLast?: string | null): TransactItem | null {
  const a = rentalContribution(after);
  const b = rentalContribution(before);
  const delta = { rentalsCount: a.rentalsCount - b.rentalsCount, completedRentals: a.completedRentals - b.completedRentals, totalSpendMinor: a.totalSpendMinor - b.totalSpendMinor };
  const day = pickupDay(after, timezone);
  const setLast = !!day && day !== pickupDay(before, timezone) && (!storedLast || storedLast < day);
  const adds = (Object.keys(delta) as (keyof Counters)[]).filter((k) => delta[k] !== 0);
  if (!adds.length && !setLast) return null;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const add = adds.map((k, i) => { names[`#c${i}`] = k; values[`:c${i}`] = delta[k]; return `#c${i} :c${i}`; });
  let condition = 'attribute_exists(pk)';
  if (setLast) {
    values[':last'] = day;
    // A concurrent pickup that stored a later day fails this (the rental change re-reads and retries).
    condition += ' AND (attribute_not_exists(lastRentalDate) OR lastRentalDate < :last)';
  }
  return tx.raw('Update', {
    Key: customerKey(tenantId, after.customerId),
    UpdateExpression: [setLast ? 'SET lastRentalDate = :last' : '', add.length ? `ADD ${add.join(', ')}` : ''].filter(Boolean).join(' '),
    ConditionExpression: condition,
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  });
}

/** Whether the rental change needs the customer's stored lastRentalDate (it was just picked up). */
export const needsLastRental = (before: CounterRental | null, after: CounterRental, timezone: string) =>
  !!pickupDay(after, timezone) && pickupDay(after, timezone) !== pickupDay(before, timezone);

/**
 * The self-check (accounting's, issue 26): every customer's stored counters against the ones
 * recomputed from the rentals (all of them, read by the caller). Answers the drifted customers.
 */
export async function customerCounterDrift(tenantId: string, rentals: readonly CounterRental[], timezone: string) {
  const want = countersOf(rentals, timezone);
  const customers = await queryAll<{ id: string; fullNameEnglish?: string; rentalsCount?: number; completedRentals?: number; totalSpendMinor?: number; lastRentalDate?: string }>({
    tenantId, pk: tenantPk(tenantId, 'CUSTOMER'), max: 100_000,
  });
  const drift: Record<string, unknown>[] = [];
  for (const c of customers) {
    const w = want.get(c.id) ?? { rentalsCount: 0, completedRentals: 0, totalSpendMinor: 0, lastRentalDate: null };
    const stored = { rentalsCount: Number(c.rentalsCount ?? 0), completedRentals: Number(c.completedRentals ?? 0), totalSpendMinor: Number(c.totalSpendMinor ?? 0), lastRentalDate: c.lastRentalDate ?? null };
    if (stored.rentalsCount !== w.rentalsCount || stored.completedRentals !== w.completedRentals || stored.totalSpendMinor !== w.totalSpendMinor || stored.lastRentalDate !== w.lastRentalDate) {
      drift.push({
        customerId: c.id, name: c.fullNameEnglish ?? '',
        stored: { ...stored, totalSpend: fromMinor(stored.totalSpendMinor) }, recomputed: { ...w, totalSpend: fromMinor(w.totalSpendMinor) },
      });
    }
  }
  return drift;
}

/** The true counters of every customer from the rentals (demo reset: the seeds' rentals decide). */
export function countersOf(rentals: readonly CounterRental[], timezone: string) {
  const out = new Map<string, Counters & { lastRentalDate: string | null }>();
  for (const r of rentals) {
    const c = out.get(r.customerId) ?? { rentalsCount: 0, completedRentals: 0, totalSpendMinor: 0, lastRentalDate: null };
    const add = rentalContribution(r);
    const day = pickupDay(r, timezone);
    out.set(r.customerId, {
      rentalsCount: c.rentalsCount + add.rentalsCount, completedRentals: c.completedRentals + add.completedRentals,
      totalSpendMinor: c.totalSpendMinor + add.totalSpendMinor, lastRentalDate: day && (!c.lastRentalDate || day > c.lastRentalDate) ? day : c.lastRentalDate,
    });
  }
  return out;
}

/**
 * Sets every customer's counters to the ones recomputed from `rentals` (all the company's):
 * the demo reset after its seeds, and the repair of a company whose counters drifted. Writes
 * only the customers whose counters differ (with the stored loyalty fields in step).
 */
export async function writeTrueCounters(tenantId: string, rentals: readonly CounterRental[], timezone: string): Promise<number> {
  const { updateRaw } = await import('../lib/data/repo');
  const { loyaltyFields } = await import('./model');
  const drift = await customerCounterDrift(tenantId, rentals, timezone);
  for (let i = 0; i < drift.length; i += 16) {
    await Promise.all(drift.slice(i, i + 16).map((d) => {
      const w = d.recomputed as Counters & { lastRentalDate: string | null };
      const loyalty = loyaltyFields(w.completedRentals, w.totalSpendMinor);
      return updateRaw({
        Key: customerKey(tenantId, d.customerId as string),
        UpdateExpression: `SET rentalsCount = :r, completedRentals = :c, totalSpendMinor = :s, loyaltyScore = :ls, loyaltyTier = :lt${w.lastRentalDate ? ', lastRentalDate = :d' : ' REMOVE lastRentalDate'}`,
        ExpressionAttributeValues: { ':r': w.rentalsCount, ':c': w.completedRentals, ':s': w.totalSpendMinor, ':ls': loyalty.loyaltyScore, ':lt': loyalty.loyaltyTier, ...(w.lastRentalDate ? { ':d': w.lastRentalDate } : {}) },
      });
    }));
  }
  return drift.length;
}
