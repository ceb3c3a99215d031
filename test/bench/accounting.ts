import { ulid } from 'ulid';
import { budget, ms, percentile, type Check, type Section } from './checks';
import { concurrencyChecks, readSlowDown } from './api';

/**
 * Accounting (issue 18, DESIGN.md §14):
 *  - report cost does not grow with the journal: the trial balance and the balance sheet of a
 *    company with 100 journal entries and of one with 10,000 consume the same read capacity
 *    (x-ddb-rcu) within 20% — they read per-account, per-month balance buckets, never entries.
 *    The synthetic entries are written straight through the engine (prepareJournal into the
 *    engine's BulkBooks: the same entry, line and bucket items a posting writes), spread over
 *    two years and over cash, bank, income and expense accounts;
 *  - postings do not queue behind each other: 20 payments on 20 different rentals at once; their
 *    slow-down (p50 at 20 ÷ p50 one at a time) at most 2× the slow-down of 20 concurrent reads of
 *    the same run (DESIGN.md §10; each payment writes its journal in the rental's own transaction,
 *    with sharded buckets and an entry number taken outside it).
 */
const SMALL = 100;
const LARGE = Number(process.env.BENCH_JOURNAL_LARGE ?? 10_000);
const CONCURRENT = 20;

type Api = typeof import('../integration/client');

function capacity(res: Response) {
  return {
    calls: Number(res.headers.get('x-ddb-calls') ?? NaN),
    rcu: Number(res.headers.get('x-ddb-rcu') ?? NaN),
    wcu: Number(res.headers.get('x-ddb-wcu') ?? NaN),
  };
}

async function timed(fn: () => Promise<Response>) {
  const t0 = performance.now();
  const res = await fn();
  const text = await res.text();
  return { ms: performance.now() - t0, res, text };
}

/** Writes `count` balanced entries for the company through the engine, in bulk. */
async function writeSyntheticJournal(tenantId: string, count: number): Promise<void> {
  const { ensureAccounting } = await import('../../functions/accounting/setup');
  const { BulkBooks, prepareJournal } = await import('../../functions/accounting/engine');
  const { journalNumber, JOURNAL_NUMBER_START } = await import('../../shared/accounting/journal');
  const { writeBatch } = await import('../../functions/lib/demo/world');
  const settings = await ensureAccounting(tenantId);
  const ids = settings.accountIds as Record<string, string>;
  const pairs: [string, string][] = [
    ['1110', '4110'],
    ['1210', '4120'],
    ['5110', '1110'],
    ['5210', '1210'],
    ['1310', '4110'],
    ['1110', '1310'],
  ];
  const bulk = new BulkBooks();
  const start = Date.UTC(2024, 0, 1);
  for (let i = 0; i < count; i++) {
    const [debit, credit] = pairs[i % pairs.length];
    const amountMinor = 1_000 + ((i * 7919) % 90_000);
    const date = new Date(start + Math.floor((i / count) * 730) * 86_400_000).toISOString().slice(0, 10);
    await prepareJournal(
      tenantId,
      settings,
      {
        date,
        description: `Bench entry ${i}`,
        source: 'manual',
        createdBy: null,
        lines: [
          { accountId: ids[debit], debitMinor: amountMinor, creditMinor: 0 },
          { accountId: ids[credit], debitMinor: 0, creditMinor: amountMinor },
        ],
      },
      { bulk, id: ulid(), entryNumber: Promise.resolve(journalNumber(JOURNAL_NUMBER_START + i)) },
    );
  }
  const items = bulk.items();
  const streams = 4;
  await Promise.all(
    Array.from({ length: streams }, (_, k) => writeBatch(items.filter((_, i) => Math.floor(i / 25) % streams === k))),
  );
}

async function reportCost(base: string, token: string, path: string) {
  const r = await timed(() => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }));
  if (r.res.status !== 200) throw new Error(`${path}: HTTP ${r.res.status} ${r.text.slice(0, 200)}`);
  return { ...capacity(r.res), ms: r.ms, body: JSON.parse(r.text) as Record<string, unknown> };
}

export const accountingSection: Section = {
  name: 'accounting',
  needsStack: true,
  async run({ base }) {
    const { registerTenant } = await import('../integration/fixtures');
    const checks: Check[] = [];
    const [small, large] = await Promise.all([registerTenant(), registerTenant()]);
    const t0 = performance.now();
    await Promise.all([writeSyntheticJournal(small.tenantId, SMALL), writeSyntheticJournal(large.tenantId, LARGE)]);
    checks.push({
      check: `accounting: ${SMALL} + ${LARGE.toLocaleString('en-US')} synthetic entries written through the engine`,
      measured: ms(performance.now() - t0),
      note: 'set-up, figure only',
    });

    const asOf = '2026-01-31';
    for (const [label, path] of [
      ['trial balance', `/api/v1/accounting/trial-balance?asOf=${asOf}`],
      ['balance sheet', `/api/v1/accounting/balance-sheet?asOf=${asOf}`],
    ] as const) {
      // First call warms the Lambda and the company's settings; the second is measured.
      await reportCost(base, small.token, path);
      await reportCost(base, large.token, path);
      const a = await reportCost(base, small.token, path);
      const b = await reportCost(base, large.token, path);
      if (label === 'trial balance') {
        const totals = b.body.totals as { debit: number; credit: number };
        if (totals.debit !== totals.credit || totals.debit === 0)
          throw new Error(`trial balance of the large company does not net to zero: ${JSON.stringify(totals)}`);
      }
      checks.push({ check: `${label}, ${SMALL} entries`, measured: `${a.rcu} RCU, ${a.calls} calls, ${ms(a.ms)}` });
      checks.push({
        check: `${label}, ${LARGE.toLocaleString('en-US')} entries`,
        measured: `${b.rcu} RCU, ${b.calls} calls, ${ms(b.ms)}`,
        budget: budget('RCU equal within 20%', Math.abs(a.rcu - b.rcu) <= 0.2 * Math.max(a.rcu, b.rcu)),
      });
    }

    checks.push(...(await concurrentPayments(base)));
    return checks;
  },
};

async function concurrentPayments(base: string): Promise<Check[]> {
  const api: Api = await import('../integration/client');
  const { registerTenant } = await import('../integration/fixtures');
  const { createCustomer, createVehicle } = await import('../integration/entity-factories');
  const owner = await registerTenant();
  const rentals: string[] = [];
  for (let i = 0; i < CONCURRENT; i++) {
    const [vehicle, customer] = await Promise.all([
      createVehicle(owner.token, {
        make: 'Bench',
        model: `Pay ${i}`,
        year: 2024,
        odometerKm: 1000,
        dailyRate: 100,
        category: 'sedan',
      }),
      createCustomer(owner.token, { fullNameEnglish: `Payer ${i}`, dateOfBirth: '1980-01-01' }),
    ]);
    const res = await api.post(
      '/api/v1/rentals',
      {
        customerId: customer.id,
        vehicleId: vehicle.id,
        dailyRate: 100,
        startDate: new Date(Date.UTC(2031, 5, 1)).toISOString(),
        endDate: new Date(Date.UTC(2031, 5, 11)).toISOString(),
      },
      owner.token,
    );
    if (res.status !== 201)
      throw new Error(`booking for the payment bench: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    rentals.push(res.body.id as string);
  }
  let n = 0;
  const pay = (rentalId: string) =>
    timed(() =>
      fetch(`${base}/api/v1/rentals/${rentalId}/payments`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': 'application/json',
          'idempotency-key': `bench-pay-${++n}-${rentalId}`,
        },
        body: JSON.stringify({ amount: 10, method: n % 2 ? 'cash' : 'credit_card' }),
      }),
    );
  // The read-only slow-down of this run, before the payments (again after them).
  const readUrl = `${base}/api/v1/accounting/journal-entries?limit=5`;
  const read = () => timed(() => fetch(readUrl, { headers: { authorization: `Bearer ${owner.token}` } }));
  await read();
  const readsBefore = await readSlowDown(read);
  // Warm-up, then one at a time on each rental.
  await pay(rentals[0]);
  const sequential: number[] = [];
  const sequentialCalls: number[] = [];
  const sequentialWcu: number[] = [];
  for (const id of rentals) {
    const r = await pay(id);
    if (r.res.status !== 201) throw new Error(`payment: HTTP ${r.res.status} ${r.text.slice(0, 200)}`);
    sequential.push(r.ms);
    sequentialCalls.push(capacity(r.res).calls);
    sequentialWcu.push(capacity(r.res).wcu);
  }
  const concurrent: number[] = [];
  const concurrentCalls: number[] = [];
  const concurrentWcu: number[] = [];
  let refused = 0;
  for (let round = 0; round < 3; round++) {
    const results = await Promise.all(rentals.map(pay));
    for (const r of results) {
      if (r.res.status === 201) {
        concurrent.push(r.ms);
        concurrentCalls.push(capacity(r.res).calls);
        concurrentWcu.push(capacity(r.res).wcu);
      } else refused++;
    }
  }
  const readsAfter = await readSlowDown(read);
  const tb = await api.get('/api/v1/accounting/trial-balance', owner.token);
  const totals = tb.body.totals as { debit: number; credit: number };
  const seqP50 = percentile(sequential, 50);
  const conP50 = percentile(concurrent, 50);
  const ratio = conP50 / seqP50;
  return [
    {
      check: 'POST /rentals/{id}/payments p50 / p95, one at a time',
      measured: `${ms(seqP50)} / ${ms(percentile(sequential, 95))}`,
      note: 'local figure; each payment posts its journal in the same transaction',
    },
    {
      check: `payments p50 / p95 at ${CONCURRENT} concurrent (different rentals)`,
      measured: `${ms(conP50)} / ${ms(percentile(concurrent, 95))}`,
      note: `local figure; ${refused} refused of ${3 * CONCURRENT}`,
    },
    ...concurrencyChecks(
      'payments',
      ratio,
      { before: readsBefore, after: readsAfter, route: 'GET /accounting/journal-entries' },
      refused,
      { pass: totals.debit === totals.credit, text: `trial balance zero (${totals.debit} / ${totals.credit})` },
    ),
    {
      // The portable figure: a payment that lost a race on a shared item re-reads and retries its
      // transaction, so calls above the uncontended count are retries.
      check: `DynamoDB calls / WCU per payment at ${CONCURRENT} concurrent (median; max calls)`,
      measured: `${percentile(concurrentCalls, 50)} calls, ${percentile(concurrentWcu, 50)} WCU; max ${Math.max(...concurrentCalls)}`,
      budget: budget(
        `median = uncontended (${percentile(sequentialCalls, 50)} calls, ${percentile(sequentialWcu, 50)} WCU): no hot spot`,
        percentile(concurrentCalls, 50) <= percentile(sequentialCalls, 50),
      ),
      note: 'each retry adds a read round and a transaction',
    },
  ];
}
