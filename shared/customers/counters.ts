import { calendarDateInZone } from '../regions';

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

export interface Counters {
  rentalsCount: number;
  completedRentals: number;
  totalSpendMinor: number;
}

export function rentalContribution(r: CounterRental | null | undefined): Counters {
  if (!r) return { rentalsCount: 0, completedRentals: 0, totalSpendMinor: 0 };
  const status = r.status === 'archived' ? (r.archivedFromStatus ?? 'completed') : r.status;
  const done = status === 'completed';
  return {
    rentalsCount: status === 'cancelled' ? 0 : 1,
    completedRentals: done ? 1 : 0,
    totalSpendMinor: done ? Number(r.chargesMinor ?? 0) : 0,
  };
}

/** The pickup day of a rental on the company's calendar (null before pickup or when cancelled). */
export function pickupDay(r: CounterRental | null | undefined, timezone: string): string | null {
  if (!r?.pickedUpAt || r.status === 'cancelled' || r.status === 'pending') return null;
  return calendarDateInZone(new Date(r.pickedUpAt), timezone);
}

/** The true counters of every customer from the rentals (self-check, demo reset, repair). */
export function countersOf(rentals: readonly CounterRental[], timezone: string) {
  const out = new Map<string, Counters & { lastRentalDate: string | null }>();
  for (const r of rentals) {
    const c = out.get(r.customerId) ?? {
      rentalsCount: 0,
      completedRentals: 0,
      totalSpendMinor: 0,
      lastRentalDate: null,
    };
    const add = rentalContribution(r);
    const day = pickupDay(r, timezone);
    out.set(r.customerId, {
      rentalsCount: c.rentalsCount + add.rentalsCount,
      completedRentals: c.completedRentals + add.completedRentals,
      totalSpendMinor: c.totalSpendMinor + add.totalSpendMinor,
      lastRentalDate: day && (!c.lastRentalDate || day > c.lastRentalDate) ? day : c.lastRentalDate,
    });
  }
  return out;
}

export type TrueCounters = Counters & { lastRentalDate: string | null };

/** Whether a customer item's stored counters differ from `want` (absent counters read as 0 / none). */
export function countersDiffer(
  stored: {
    rentalsCount?: number;
    completedRentals?: number;
    totalSpendMinor?: number;
    lastRentalDate?: string | null;
  },
  want: TrueCounters,
): boolean {
  return (
    Number(stored.rentalsCount ?? 0) !== want.rentalsCount ||
    Number(stored.completedRentals ?? 0) !== want.completedRentals ||
    Number(stored.totalSpendMinor ?? 0) !== want.totalSpendMinor ||
    (stored.lastRentalDate ?? null) !== want.lastRentalDate
  );
}
