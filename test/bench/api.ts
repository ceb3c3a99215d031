import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { budget, ms, percentile, type Check, type Section } from './checks';

/**
 * Sections that run against the fresh local stack. Local latencies are not Lambda latencies: they
 * are printed as figures; the budgets judge what is portable (DynamoDB round trips and capacity,
 * and ratios such as concurrent vs sequential booking).
 */
const N = Number(process.env.BENCH_N ?? 200);
/** DESIGN.md §10: p50 of bookings at 20 concurrent ≤ 3× the sequential p50. */
const CONCURRENT = 20;
const CONCURRENT_RATIO_BUDGET = 3;

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

    // Sequential: one booking at a time, each a different vehicle and customer.
    const single: number[] = [];
    const singleCalls: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 20; i++) {
      const [vehicleId, customerId] = await Promise.all([w.vehicle(), w.customer()]);
      const r = await book(customerId, vehicleId, i);
      if (r.res.status !== 201) throw new Error(`booking: HTTP ${r.res.status}`);
      single.push(r.ms);
      singleCalls.push(capacity(r.res).calls);
      last = r.res;
    }
    const seqP50 = percentile(single, 50);
    checks.push({
      check: 'POST /api/v1/rentals p50 / p95, one at a time',
      measured: `${ms(seqP50)} / ${ms(percentile(single, 95))}`,
      note: 'local figure',
    });
    if (last)
      checks.push({
        check: 'booking DynamoDB per request (uncontended)',
        measured: capText(capacity(last)),
        note: 'reads + counters + one transaction',
      });

    // 20 at once, three rounds: different vehicles, different customers, one company.
    const concurrent: number[] = [];
    const concurrentCalls: number[] = [];
    let refused = 0;
    for (let round = 0; round < 3; round++) {
      const pairs = await Promise.all(
        Array.from({ length: CONCURRENT }, async () => Promise.all([w.vehicle(), w.customer()])),
      );
      const results = await Promise.all(pairs.map(([vehicleId, customerId], i) => book(customerId, vehicleId, i)));
      for (const r of results) {
        if (r.res.status !== 201) refused++;
        else {
          concurrent.push(r.ms);
          concurrentCalls.push(capacity(r.res).calls);
        }
      }
    }
    const conP50 = percentile(concurrent, 50);
    const ratio = conP50 / seqP50;
    checks.push({
      check: `POST /api/v1/rentals p50 / p95 at ${CONCURRENT} concurrent (different vehicles)`,
      measured: `${ms(conP50)} / ${ms(percentile(concurrent, 95))}`,
      note: `local figure; ${refused} refused of ${3 * CONCURRENT}`,
    });
    checks.push({
      check: `booking p50 at ${CONCURRENT} concurrent ÷ sequential p50`,
      measured: `${ratio.toFixed(2)}×`,
      budget: budget(
        `≤ ${CONCURRENT_RATIO_BUDGET}× and none refused`,
        ratio <= CONCURRENT_RATIO_BUDGET && refused === 0,
      ),
    });

    // The portable figure: a booking that lost a race re-reads and retries its transaction, so
    // DynamoDB calls per booking above the uncontended count are retries on a shared item.
    const uncontended = percentile(singleCalls, 50);
    checks.push({
      check: `DynamoDB calls per booking at ${CONCURRENT} concurrent (median / max)`,
      measured: `${percentile(concurrentCalls, 50)} / ${Math.max(...concurrentCalls)}`,
      budget: budget(
        `median = uncontended (${uncontended}): no hot spot`,
        percentile(concurrentCalls, 50) <= uncontended,
      ),
      note: 'each retry adds a read round and a transaction',
    });

    // What the local stack itself does at 20 concurrent: the same ratio for a read-only route.
    const readUrl = `${base}/api/v1/vehicles/${await w.vehicle()}`;
    const read = () => timed(() => fetch(readUrl, { headers: { authorization: `Bearer ${w.token}` } }));
    const readSeq: number[] = [];
    for (let i = 0; i < 20; i++) readSeq.push((await read()).ms);
    const readCon: number[] = [];
    for (let round = 0; round < 3; round++)
      readCon.push(...(await Promise.all(Array.from({ length: CONCURRENT }, read))).map((r) => r.ms));
    checks.push({
      check: `… for comparison: GET /api/v1/vehicles/{id} at ${CONCURRENT} concurrent ÷ sequential`,
      measured: `${(percentile(readCon, 50) / percentile(readSeq, 50)).toFixed(2)}×`,
      note: 'figure only: what the emulators and this machine add under concurrency without any shared item',
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
