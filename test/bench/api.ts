import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { budget, ms, percentile, type Check, type Section } from './checks';

/**
 * Sections that run against the fresh local stack. Local latencies are not Lambda latencies: they
 * are printed as figures; the budgets judge what is portable (DynamoDB round trips and capacity,
 * and ratios such as concurrent vs sequential booking).
 */
const N = Number(process.env.BENCH_N ?? 200);
/**
 * DESIGN.md §10: the slow-down of 20 concurrent bookings (p50 at 20 ÷ p50 one at a time) at most
 * 2× the slow-down of 20 concurrent reads measured in the same run, and none refused.
 */
const CONCURRENT = 20;
const READ_RATIO_FACTOR = 2;

type Api = typeof import('../integration/client');

async function timed(fn: () => Promise<Response>) {
  const t0 = performance.now();
  const res = await fn();
  await res.arrayBuffer();
  return { ms: performance.now() - t0, res };
}

function capacity(res: Response) {
  return {
    calls: Number(res.headers.get('x-ddb-calls') ?? NaN),
    rcu: Number(res.headers.get('x-ddb-rcu') ?? NaN),
    wcu: Number(res.headers.get('x-ddb-wcu') ?? NaN),
  };
}
const capText = (c: ReturnType<typeof capacity>) => `${c.calls} calls, ${c.rcu} RCU, ${c.wcu} WCU`;

/**
 * The slow-down of a read-only route in the same run: p50 of `n` sequential calls and of three
 * rounds of `n` at once. Measured before AND after the writes it is compared with (the machine is
 * shared: its load drifts during a run), and the two ratios averaged.
 */
export async function readSlowDown(read: () => Promise<{ ms: number }>, n = CONCURRENT) {
  const seq: number[] = [];
  for (let i = 0; i < n; i++) seq.push((await read()).ms);
  const con: number[] = [];
  for (let round = 0; round < 3; round++)
    con.push(...(await Promise.all(Array.from({ length: n }, read))).map((r) => r.ms));
  return percentile(con, 50) / percentile(seq, 50);
}

/**
 * The DESIGN.md §10 verdict of a write path at 20 concurrent: its slow-down beside the read-only
 * slow-down of the same run, at most READ_RATIO_FACTOR× it, none refused.
 */
export function concurrencyChecks(
  label: string,
  ratio: number,
  reads: { before: number; after: number; route: string },
  refused: number,
  extra?: { pass: boolean; text: string },
): Check[] {
  const readRatio = (reads.before + reads.after) / 2;
  const pass = ratio <= READ_RATIO_FACTOR * readRatio && refused === 0 && (extra?.pass ?? true);
  return [
    {
      check: `${label}: slow-down at ${CONCURRENT} concurrent (p50 ÷ p50 one at a time) beside reads'`,
      measured: `${ratio.toFixed(2)}× vs ${readRatio.toFixed(2)}× (= ${(ratio / readRatio).toFixed(2)}× the reads')`,
      budget: budget(
        `≤ ${READ_RATIO_FACTOR}× the read ratio (${(READ_RATIO_FACTOR * readRatio).toFixed(1)}×), none refused${extra ? `, ${extra.text}` : ''}`,
        pass,
      ),
      note:
        `reads: ${reads.route} ${reads.before.toFixed(2)}× before, ${reads.after.toFixed(2)}× after; ` +
        `${refused} refused; shared machine, figures drift with its load`,
    },
  ];
}

/**
 * Per-call timings of the DynamoDB client inside requests (the gateway runs the handlers in this
 * process): p50 by command while `on`. Shows where a booking waits under concurrency.
 */
export async function callTimer() {
  const { dynamo } = await import('../../functions/lib/clients/dynamo');
  const { currentMeter } = await import('../../functions/lib/data/meter');
  const byCommand = new Map<string, number[]>();
  let on = false;
  const stack = dynamo().middlewareStack;
  const name = `benchCallTimer${Math.random()}`;
  stack.add(
    (next, context) => async (args) => {
      const t0 = performance.now();
      try {
        return await next(args);
      } finally {
        if (on && currentMeter()) {
          const list = byCommand.get(context.commandName ?? '?') ?? [];
          list.push(performance.now() - t0);
          byCommand.set(context.commandName ?? '?', list);
        }
      }
    },
    { step: 'initialize', name },
  );
  return {
    start() {
      byCommand.clear();
      on = true;
    },
    stop(): Map<string, number[]> {
      on = false;
      return new Map(byCommand);
    },
    remove: () => stack.remove(name),
  };
}

const callSummary = (calls: Map<string, number[]>) =>
  [...calls]
    .map(([c, t]) => `${c.replace(/Command$/, '').replace(/Item(s?)$/, '')} ${percentile(t, 50).toFixed(0)}`)
    .join(', ');

/** One company for every section, created on first use. */
interface World {
  token: string;
  tenantId: string;
  api: Api;
  vehicle(): Promise<string>;
  customer(): Promise<string>;
}
let world: Promise<World> | undefined;
function getWorld(): Promise<World> {
  world ??= (async () => {
    const api = await import('../integration/client');
    const { registerTenant } = await import('../integration/fixtures');
    const { createCustomer, createVehicle } = await import('../integration/entity-factories');
    const owner = await registerTenant();
    return {
      token: owner.token,
      tenantId: owner.tenantId,
      api,
      async vehicle() {
        return (
          await createVehicle(owner.token, {
            make: 'Bench',
            model: 'Car',
            year: 2024,
            odometerKm: 1000,
            dailyRate: 100,
            category: 'sedan',
          })
        ).id as string;
      },
      async customer() {
        return (await createCustomer(owner.token, { fullNameEnglish: 'Bench Renter', dateOfBirth: '1980-01-01' }))
          .id as string;
      },
    };
  })();
  return world;
}

export const latencySection: Section = {
  name: 'latency',
  needsStack: true,
  async run({ base }) {
    const w = await getWorld();
    const checks: Check[] = [];
    const series = async (label: string, url: string, token?: string) => {
      const times: number[] = [];
      let cap = { calls: 0, rcu: 0, wcu: 0 };
      for (let i = 0; i < N; i++) {
        const { ms: t, res } = await timed(() =>
          fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
        );
        if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
        times.push(t);
        cap = capacity(res);
      }
      checks.push({
        check: `${label} p50 / p95 (n=${N})`,
        measured: `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`,
        note: 'local figure',
      });
      checks.push({
        check: `${label} DynamoDB per request`,
        measured: capText(cap),
        budget: budget('≤ 3 round trips', cap.calls <= 3),
      });
    };
    await series('GET /api/health', `${base}/api/health`);
    await series('GET /api/v1/vehicles/{id}', `${base}/api/v1/vehicles/${await w.vehicle()}`, w.token);
    return checks;
  },
};

export const bookingSection: Section = {
  name: 'booking',
  needsStack: true,
  async run({ base }) {
    const w = await getWorld();
    const checks: Check[] = [];
    const book = (customerId: string, vehicleId: string, day: number) =>
      timed(() =>
        fetch(`${base}/api/v1/rentals`, {
          method: 'POST',
          headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            customerId,
            vehicleId,
            startDate: new Date(Date.UTC(2031, 0, 1 + day)).toISOString(),
            endDate: new Date(Date.UTC(2031, 0, 4 + day)).toISOString(),
            dailyRate: 100,
          }),
        }),
      );

    // The read-only slow-down of this run, before the bookings (again after them).
    const readUrl = `${base}/api/v1/vehicles/${await w.vehicle()}`;
    const read = () => timed(() => fetch(readUrl, { headers: { authorization: `Bearer ${w.token}` } }));
    await read();
    const readsBefore = await readSlowDown(read);

    // Sequential: one booking at a time, each a different vehicle and customer.
    const timer = await callTimer();
    timer.start();
    const single: number[] = [];
    const singleCalls: number[] = [];
    const singleWcu: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 20; i++) {
      const [vehicleId, customerId] = await Promise.all([w.vehicle(), w.customer()]);
      const r = await book(customerId, vehicleId, i);
      if (r.res.status !== 201) throw new Error(`booking: HTTP ${r.res.status}`);
      single.push(r.ms);
      singleCalls.push(capacity(r.res).calls);
      singleWcu.push(capacity(r.res).wcu);
      last = r.res;
    }
    const seqP50 = percentile(single, 50);
    const seqCalls = timer.stop();
    checks.push({
      check: 'POST /api/v1/rentals p50 / p95, one at a time',
      measured: `${ms(seqP50)} / ${ms(percentile(single, 95))}`,
      note: 'local figure',
    });
    if (last)
      checks.push({
        check: 'booking DynamoDB per request (uncontended)',
        measured: capText(capacity(last)),
        note: 'reads + counters + one transaction (WCU: transactional writes count 2×, GSI copies included)',
      });

    // 20 at once, three rounds: different vehicles, different customers, one company.
    const conCalls = new Map<string, number[]>();
    const concurrent: number[] = [];
    const concurrentCalls: number[] = [];
    const concurrentWcu: number[] = [];
    let refused = 0;
    for (let round = 0; round < 3; round++) {
      const pairs = await Promise.all(
        Array.from({ length: CONCURRENT }, async () => Promise.all([w.vehicle(), w.customer()])),
      );
      timer.start();
      const results = await Promise.all(pairs.map(([vehicleId, customerId], i) => book(customerId, vehicleId, i)));
      for (const [c, t] of timer.stop()) conCalls.set(c, [...(conCalls.get(c) ?? []), ...t]);
      for (const r of results) {
        if (r.res.status !== 201) refused++;
        else {
          concurrent.push(r.ms);
          concurrentCalls.push(capacity(r.res).calls);
          concurrentWcu.push(capacity(r.res).wcu);
        }
      }
    }
    const conP50 = percentile(concurrent, 50);
    const ratio = conP50 / seqP50;
    timer.remove();
    const readsAfter = await readSlowDown(read);
    checks.push({
      check: 'booking: DynamoDB call p50 by command (ms), one at a time',
      measured: callSummary(seqCalls),
      note: 'local figure',
    });
    checks.push({
      check: `booking: DynamoDB call p50 by command (ms), ${CONCURRENT} at once`,
      measured: callSummary(conCalls),
      note: 'DynamoDB Local applies writes one at a time (its SQLite store): writes queue, reads much less',
    });
    checks.push({
      check: `POST /api/v1/rentals p50 / p95 at ${CONCURRENT} concurrent (different vehicles)`,
      measured: `${ms(conP50)} / ${ms(percentile(concurrent, 95))}`,
      note: `local figure; ${refused} refused of ${3 * CONCURRENT}`,
    });
    checks.push(
      ...concurrencyChecks(
        'bookings',
        ratio,
        { before: readsBefore, after: readsAfter, route: 'GET /api/v1/vehicles/{id}' },
        refused,
      ),
    );

    // The portable figure: a booking that lost a race re-reads and retries its transaction, so
    // DynamoDB calls per booking above the uncontended count are retries on a shared item.
    const uncontended = percentile(singleCalls, 50);
    checks.push({
      check: `DynamoDB calls / WCU per booking at ${CONCURRENT} concurrent (median; max calls)`,
      measured: `${percentile(concurrentCalls, 50)} calls, ${percentile(concurrentWcu, 50)} WCU; max ${Math.max(...concurrentCalls)}`,
      budget: budget(
        `median = uncontended (${uncontended} calls, ${percentile(singleWcu, 50)} WCU): no hot spot`,
        percentile(concurrentCalls, 50) <= uncontended,
      ),
      note: 'each retry adds a read round and a transaction',
    });

    // Same customer for all 20 (a fleet customer): they meet on the customer's item.
    const fleetCustomer = await w.customer();
    const vehicles = await Promise.all(Array.from({ length: CONCURRENT }, () => w.vehicle()));
    const fleet = await Promise.all(vehicles.map((vehicleId, i) => book(fleetCustomer, vehicleId, i)));
    const fleetTimes = fleet.filter((r) => r.res.status === 201).map((r) => r.ms);
    checks.push({
      check: `… ${CONCURRENT} concurrent for ONE customer`,
      measured: `${ms(percentile(fleetTimes, 50))} / ${ms(percentile(fleetTimes, 95))}`,
      note: `figure only: they share the customer's rentalsCount; ${CONCURRENT - fleetTimes.length} refused`,
    });
    return checks;
  },
};

export const conflictSection: Section = {
  name: 'conflicts',
  needsStack: true,
  async run({ base }) {
    const w = await getWorld();
    const { scheduleBlockItem } = await import('../../functions/vehicles/schedule');
    const { dynamo } = await import('../../functions/lib/clients/dynamo');
    const seedPast = async (vehicleId: string, count: number) => {
      const items = Array.from({ length: count }, (_, i) => {
        const start = Date.UTC(2020, 0, 1) + i * 2 * 86_400_000;
        return scheduleBlockItem(w.tenantId, {
          vehicleId,
          kind: 'rental',
          refId: `PAST${String(i).padStart(6, '0')}`,
          start: new Date(start).toISOString(),
          end: new Date(start + 86_400_000).toISOString(),
          status: 'completed',
        });
      });
      for (let i = 0; i < items.length; i += 25) {
        let req: Record<string, unknown[]> | undefined = {
          [process.env.TABLE_NAME ?? 'sayyara']: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
        };
        while (req && Object.keys(req).length) {
          const res = await dynamo().send(new BatchWriteCommand({ RequestItems: req as never }));
          req = res.UnprocessedItems as typeof req;
        }
      }
    };
    const few = await w.vehicle();
    const many = await w.vehicle();
    await Promise.all([seedPast(few, 10), seedPast(many, 2000)]);
    const checkCost = async (vehicleId: string) => {
      const r = await timed(() =>
        fetch(`${base}/api/v1/rentals/check-conflicts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ vehicleId, startDate: '2032-03-01T10:00:00Z', endDate: '2032-03-04T10:00:00Z' }),
        }),
      );
      if (r.res.status !== 200) throw new Error(`check-conflicts: ${r.res.status}`);
      return { ...capacity(r.res), ms: r.ms };
    };
    const a = await checkCost(few);
    const b = await checkCost(many);
    return [
      { check: 'conflict check, 10 past rentals', measured: `${a.rcu} RCU, ${a.calls} calls, ${ms(a.ms)}` },
      {
        check: 'conflict check, 2,000 past rentals',
        measured: `${b.rcu} RCU, ${b.calls} calls, ${ms(b.ms)}`,
        budget: budget('RCU equal within 20%', Math.abs(a.rcu - b.rcu) <= 0.2 * Math.max(a.rcu, b.rcu)),
      },
    ];
  },
};
