import { ulid } from 'ulid';
import { budget, ms, type Check, type Section } from './checks';

/**
 * Dashboard and reports (issue 15, DESIGN.md §10): the dashboard and each report tab consume the
 * same read capacity for a company with 1,000 rentals and one with 100,000 (±20%) — they read
 * aggregates (company days × shards, vehicles × months), never rentals.
 *
 * Synthetic, written directly: both companies have the same fleet (40 vehicles) and a year of
 * rentals back to back on every vehicle. 1,000 rentals ≈ 2-week rentals billed daily; 100,000 ≈
 * several short rentals a day per vehicle. Their aggregates are computed with the same functions
 * the live writers and the backfill use (functions/analytics/backfill.ts expectedAggregates) and
 * written with BatchWrite, so the bench measures the reads only.
 */
const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_RENTALS_LARGE ?? 100_000);
const FLEET = 40;
const DAY = 86_400_000;
const CATEGORIES = ['economy', 'sedan', 'suv', 'luxury'];

async function writeSyntheticCompany(tenantId: string, rentals: number, now: number): Promise<void> {
  const { expectedAggregates, aggregateItems } = await import('../../functions/analytics/backfill');
  const { writeBatch } = await import('../../functions/lib/demo/world');
  const { tenantPk } = await import('../../functions/lib/data/keys');
  const vehicles = Array.from({ length: FLEET }, (_, i) => ({
    pk: tenantPk(tenantId, 'VEHICLE'),
    sk: ulid(),
    entityType: 'VEHICLE',
    make: 'Bench',
    model: `Car ${i}`,
    year: 2024,
    licensePlate: `B ${i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    status: 'available',
    isArchived: false,
    dailyRateMinor: 20_000,
    createdAt: new Date(now - 400 * DAY).toISOString(),
  }));
  for (const v of vehicles) Object.assign(v, { id: v.sk });
  const perVehicle = Math.ceil(rentals / FLEET);
  const span = 365 * DAY;
  const raw = { rentals: [] as never[], ledgers: new Map<string, never[]>(), maintenance: [] as never[] };
  const rentalsOut: Record<string, unknown>[] = [];
  for (let i = 0; i < rentals; i++) {
    const v = vehicles[i % FLEET]!;
    const k = Math.floor(i / FLEET);
    const start = now - span + Math.floor((k * span) / perVehicle) + 3_600_000;
    const end = start + Math.floor(span / perVehicle) - 2 * 3_600_000;
    const id = ulid(start);
    rentalsOut.push({
      id,
      vehicleId: v.sk,
      status: 'completed',
      createdAt: new Date(start - DAY).toISOString(),
      startDate: new Date(start).toISOString(),
      pickedUpAt: new Date(start).toISOString(),
      expectedReturnDate: new Date(end).toISOString(),
      returnDate: new Date(end).toISOString(),
      odometerStart: 1000,
      odometerEnd: 1200,
    });
    // Billed daily (long rentals) or at the return (short ones): a charge and its payment each time.
    const bills = Math.max(1, Math.floor((end - start) / DAY));
    const entries = Array.from({ length: bills }, (_, b) => [
      {
        id: `${id}c${b}`,
        type: 'charge',
        category: 'rental',
        amountMinor: 20_000,
        postedAt: new Date(start + b * DAY + 60_000).toISOString(),
      },
      {
        id: `${id}p${b}`,
        type: 'payment',
        category: 'rental',
        amountMinor: 20_000,
        postedAt: new Date(start + b * DAY + 120_000).toISOString(),
      },
    ]).flat();
    raw.ledgers.set(id, entries as never[]);
  }
  raw.rentals = rentalsOut as never[];
  const items = aggregateItems(tenantId, expectedAggregates(raw as never, 'UTC'));
  await writeBatch(vehicles as never[]);
  const streams = 4;
  await Promise.all(
    Array.from({ length: streams }, (_, s) => writeBatch(items.filter((_, i) => Math.floor(i / 25) % streams === s))),
  );
}

async function cost(base: string, token: string, path: string) {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return {
    rcu: Number(res.headers.get('x-ddb-rcu')),
    calls: Number(res.headers.get('x-ddb-calls')),
    ms: performance.now() - t0,
  };
}

export const analyticsSection: Section = {
  name: 'analytics',
  needsStack: true,
  async run({ base }) {
    const { registerTenant } = await import('../integration/fixtures');
    const checks: Check[] = [];
    const [small, large] = await Promise.all([registerTenant(), registerTenant()]);
    // Both companies on UTC, so the synthetic days are their days.
    const now = Date.now();
    const t0 = performance.now();
    await Promise.all([
      writeSyntheticCompany(small.tenantId, SMALL, now),
      writeSyntheticCompany(large.tenantId, LARGE, now),
    ]);
    checks.push({
      check: `analytics: ${SMALL.toLocaleString('en-US')} + ${LARGE.toLocaleString('en-US')} synthetic rentals' aggregates written`,
      measured: ms(performance.now() - t0),
      note: 'set-up, figure only',
    });
    const paths: [string, string][] = [
      ['dashboard', '/api/v1/dashboard'],
      ...(['fleet-performance', 'operational-kpis', 'revenue-trends', 'utilization'] as const).flatMap((tab) => [
        [`report ${tab} 30d`, `/api/v1/reports/${tab}?period=30d`] as [string, string],
        [`report ${tab} 1y`, `/api/v1/reports/${tab}?period=1y`] as [string, string],
      ]),
    ];
    for (const [label, path] of paths) {
      await cost(base, small.token, path);
      await cost(base, large.token, path);
      const a = await cost(base, small.token, path);
      const b = await cost(base, large.token, path);
      checks.push({
        check: `${label}, ${SMALL.toLocaleString('en-US')} rentals`,
        measured: `${a.rcu} RCU, ${a.calls} calls, ${ms(a.ms)}`,
      });
      checks.push({
        check: `${label}, ${LARGE.toLocaleString('en-US')} rentals`,
        measured: `${b.rcu} RCU, ${b.calls} calls, ${ms(b.ms)}`,
        budget: budget('RCU equal within 20%', a.rcu > 0 && Math.abs(a.rcu - b.rcu) <= 0.2 * Math.max(a.rcu, b.rcu)),
      });
    }
    return checks;
  },
};
