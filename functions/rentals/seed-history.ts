import { DAY_MS } from '../../shared/rentals/pricing';
import type { RentalStatus } from '../../shared/schemas/rentals-constants';
import { seededRandom, DEMO_SEED, type DemoWorld } from '../lib/demo/world';

/**
 * The demo company's older history (functions/rentals/seed.ts): rentals from a year ago up to the
 * start of the recent window the main plan covers (about 90 days), so the reports' "last year"
 * period, the revenue trends by month and the insights that compare periods or look for customers
 * who stopped renting have something true to show.
 *
 * - Its own generator (DEMO_SEED + 365): the recent window's choices, drawn from world.random, stay
 *   exactly what they were, and so does every later seed that reads them.
 * - Per vehicle, walking back from its first recent rental: a rental, an idle gap, the next older
 *   rental… The gaps follow Dubai's seasons (busy December to March, quiet in the summer heat) and
 *   the company's growth (a year ago it rented about half as often as today).
 * - Never before the car could have been on the road (the autumn before its model year), and the
 *   odometer runs backwards from the car's first recent reading without going below 100 km.
 * - All of it is settled: returned, paid and closed (a few archived, a few cancelled). Nothing old
 *   is left open, so deposits, open balances and invoices stay those of the recent window.
 */
export interface HistoryPlan {
  vehicle: DemoWorld['vehicles'][number];
  start: number;
  end: number;
  status: RentalStatus;
  odometer: { start: number; end: number } | null;
}

/** A year, kept inside the reports' "last year" period (so its previous period is honestly empty). */
export const HISTORY_DAYS = 360;

/** Demand by calendar month (index 0 = January) for a Dubai rental company. */
const SEASON = [1.0, 1.0, 0.95, 0.8, 0.7, 0.55, 0.5, 0.5, 0.6, 0.8, 0.95, 1.05];

export function historyRandom(): () => number {
  return seededRandom(DEMO_SEED + 365);
}

/**
 * Plans the history of each vehicle. `firstRecent` is each vehicle's earliest recent rental
 * start and odometer reading (absent when it had none: the history then ends where the recent
 * window starts, at the car's current odometer).
 */
export function planHistory(input: {
  fleet: DemoWorld['vehicles'];
  now: number;
  recentFrom: number;
  firstRecent: Map<string, { start: number; km: number }>;
  rnd: () => number;
}): HistoryPlan[] {
  const { fleet, now, recentFrom, firstRecent, rnd } = input;
  const from = now - HISTORY_DAYS * DAY_MS;
  // Bookings are made up to nine days before the pickup (./seed.ts): the first rental starts ten
  // days into the year, so nothing is posted before it.
  const firstStart = from + 10 * DAY_MS;
  const plans: HistoryPlan[] = [];
  for (const vehicle of fleet) {
    const first = firstRecent.get(vehicle.id);
    // The recent window begins about 90 days ago; the history stops a day before, so reads of
    // the recent window (tolls, fines, GPS) see exactly the rentals they saw before.
    let cursor = Math.min(first?.start ?? recentFrom, recentFrom) - DAY_MS;
    let km = first?.km ?? vehicle.odometerKm;
    const onRoad = Math.max(firstStart, Date.UTC(vehicle.year - 1, 9, 1));
    for (;;) {
      const season = SEASON[new Date(cursor).getUTCMonth()];
      const growth = 0.5 + 0.4 * Math.max(0, Math.min(1, (cursor - from) / (recentFrom - from)));
      // About a week on rent, some for two to four weeks; idle gaps of one to two weeks at the
      // busiest, a month and more in a quiet summer a year ago.
      const idle = Math.round((4 + rnd() * 12) / (season * growth));
      const days = 2 + Math.floor(rnd() * 9) + (rnd() < 0.1 ? 14 + Math.floor(rnd() * 14) : 0);
      const end = Math.floor((cursor - idle * DAY_MS) / DAY_MS) * DAY_MS + (9 + Math.floor(rnd() * 9)) * 3_600_000;
      const start = end - days * DAY_MS;
      if (start < onRoad) break;
      const cancelled = rnd() < 0.06;
      const driven = cancelled ? 0 : Math.round(days * (80 + rnd() * 170));
      if (km - driven < 100) break;
      const status: RentalStatus = cancelled ? 'cancelled' : rnd() < 0.3 ? 'archived' : 'completed';
      plans.push({ vehicle, start, end, status, odometer: cancelled ? null : { start: km - driven, end: km } });
      km -= driven;
      cursor = start;
    }
  }
  return plans.sort((a, b) => a.start - b.start);
}
