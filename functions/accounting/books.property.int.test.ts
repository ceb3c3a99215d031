import { describe, it } from 'vitest';
import * as fc from 'fast-check';
import { book, company, outcomes, run, runJobs, scenario } from '../../test/integration/books-property-kit';
import { assertBooks } from '../../test/integration/books-property-checks';

/**
 * Issue 26 "Done when", the property test: random sequences of what a rental desk does — a booking
 * picked up today and a future booking (and, in some runs, an open-ended monthly rental moved in
 * with a start 40 days back), payments before pickup, pickups, early / on-time / late returns,
 * cancellations, invoices issued, credit notes, deposits received, applied and refunded, and days
 * passing on a fixed clock (the recognise-revenue and invoicing jobs run with `now` = today + k
 * days, as revenue-recognition.int.test.ts and finance/invoicing.int.test.ts run them) — over the
 * real HTTP API, one fresh company per run. After each sequence:
 * 1. the trial balance nets to zero, and the self-check (sub-ledgers = GL, VAT accounts = VAT
 *    report, customer counters = recomputed…) is all green;
 * 2. per rental: unearned rent (GL 2170 for the rental's party) = rent charged (its ledger's rent
 *    charges once hired — picked up, or its tax invoice issued before pickup) − rent recognised
 *    (GL 4110 for the party), never negative;
 * 3. rent recognised to date = the daily rent of the elapsed company days while on hire
 *    (min(days, planned) × the daily rate), all of it once off hire, none while booked;
 * 4. each customer's counters (rentals, completed, spend) = recomputed from its rental;
 * 5. every invoice: lines = quantity × unit price (+ the line's VAT), totals = Σ lines,
 *    balance = total − amountPaid (what was allocated to it), 0 ≤ amountPaid ≤ total; no billing
 *    period invoiced twice;
 * 6. the VAT report = the region's return computed here from the VAT codes of the posted journal
 *    lines (base on non-tax accounts, tax on the VAT accounts).
 * Few runs and short sequences: every operation is an HTTP call on a shared machine. The model and the driver are
 * in test/integration/books-property-kit.ts, the checks in test/integration/books-property-checks.ts.
 */

// One company, one scenario's work, then the jobs once more on the night of the last day at the fixed clock (so what
// the books should hold is known), then every check.
const trueBooks = fc.asyncProperty(scenario, async (s) => {
  const w = await company();
  await book(w, s);
  for (const o of s.ops) await run(w, o);
  await runJobs(w);
  await assertBooks(w);
});

describe('property: true books under random rental work (issue 26)', () => {
  it('trial balance zero; unearned = charged − recognised; recognised = elapsed days × rate; counters; invoices; VAT report = posted codes', async () => {
    const started = Date.now();
    await fc.assert(trueBooks, {
      numRuns: Number(process.env.PROP_RUNS ?? 5),
      endOnFailure: true,
      ...(process.env.PROP_SEED ? { seed: Number(process.env.PROP_SEED) } : {}),
    });
    console.log(
      [...outcomes]
        .sort()
        .map(([k, n]) => `${n} × ${k}`)
        .join('\n'),
    );
    console.log(
      `books.property: ${Number(process.env.PROP_RUNS ?? 5)} runs in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }, 900_000);

  // Seeds random runs found failing, kept so every run checks them: a credit note on open-ended rental C after
  // two days were recognised drove unearned revenue to −200.00 (the earned part was taken from 2170, not 4110).
  it.each([-1969609971, -2031195296])(
    'found seed %i still holds',
    async (seed) => {
      await fc.assert(trueBooks, { numRuns: 1, seed });
    },
    300_000,
  );
});
