import { ulid } from 'ulid';
import { budget, type Check, type Section } from './checks';

/**
 * Work bounded per request (issue 30): every GET list/search/report route of a company, for a company with
 * 100 and one with 100,000 rentals (BENCH_SCALE_LARGE), printed as DynamoDB calls and RCU (the gateway's
 * x-ddb-calls / x-ddb-rcu headers) with a "within 20 %" verdict (the issue's budget).
 *
 * Seeding is kept to minutes: one rental is booked through the API in each company (vehicle, customer, the
 * rental and everything the booking writes), then its rental item is cloned through BatchWrite with new
 * ids, keys and reference numbers — the rental item with its own index keys (what the rental lists, the
 * search and the reports that read rentals read). The clones carry no ledger, contract, invoice or journal
 * items: routes that read those see the same data in both companies.
 *
 * Routes measured: every authenticated GET of the route table without a path parameter (a company's lists,
 * searches, reports, dashboards and settings reads). Left out, and said so in the table's first line: routes
 * with a path parameter (one record and its sub-lists, not a company's list) and public routes. A route that
 * needs query parameters gets them from the 400's field names (dates, an account, a period).
 */
const SMALL = 100;
const LARGE = Number(process.env.BENCH_SCALE_LARGE ?? 100_000);

async function seedRentals(token: string, tenantId: string, count: number) {
  const api = await import('../integration/client');
  const { createCustomer, createVehicle } = await import('../integration/entity-factories');
  const { getItem } = await import('../../functions/lib/data/repo');
  const { entityKey } = await import('../../functions/lib/data/keys');
  const { writeBatch } = await import('../../functions/lib/data/batch');
  const [vehicle, customer] = await Promise.all([
    createVehicle(token, { make: 'Bench', model: 'Scale', year: 2024, odometerKm: 1000, dailyRate: 100 }),
    createCustomer(token, { fullNameEnglish: 'Scale Customer', dateOfBirth: '1980-01-01' }),
  ]);
  const start = Date.now() + 30 * 86_400_000;
  const booked = await api.post(
    '/api/v1/rentals',
    {
      vehicleId: vehicle.id,
      customerId: customer.id,
      dailyRate: 100,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 86_400_000).toISOString(),
    },
    token,
  );
  if (booked.status !== 201) throw new Error(`booking: HTTP ${booked.status} ${JSON.stringify(booked.body)}`);
  const template = (await getItem(entityKey(tenantId, 'RENTAL', booked.body.id)))!;
  if (!template) throw new Error('the booked rental item is not at RENTAL/{id}');
  const templateId = String(template.id);
  const items = [];
  for (let i = 1; i < count; i++) {
    const id = ulid();
    const clone: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(template))
      clone[k] = typeof v === 'string' && v.includes(templateId) ? v.split(templateId).join(id) : v;
    clone.referenceNumber = `RENT-S${i}`;
    items.push(clone as typeof template);
  }
  await writeBatch(items, 4);
  return vehicle.id as string;
}

/** Values for the query fields a report requires (named by its 400), the same in both companies. */
function queryFor(path: string, fields: string[], ids: Ids): Record<string, string> {
  const today = new Date().toISOString().slice(0, 10);
  // A window's bounds: instants for the booking document check, calendar dates for the fleet calendar.
  const instant = path.endsWith('/document-check');
  const values: Record<string, string> = {
    start: instant ? new Date().toISOString() : today,
    end: instant ? new Date(Date.now() + 3 * 86_400_000).toISOString() : today,
    vehicleId: ids.vehicleId,
    from: '2026-01-01',
    to: today,
    asOf: today,
    accountId: ids.accountId,
    period: 'month',
    month: today.slice(0, 7),
    year: today.slice(0, 4),
    date: today,
    q: 'bench',
  };
  return Object.fromEntries(fields.filter((f) => f in values).map((f) => [f, values[f]]));
}

interface Measured {
  status: number;
  calls: number;
  rcu: number;
}

interface Ids {
  accountId: string;
  vehicleId: string;
}

async function measure(base: string, path: string, token: string, ids: Ids): Promise<Measured & { qs: string }> {
  const once = async (qs: string) => {
    const res = await fetch(`${base}${path}${qs}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    return {
      status: res.status,
      calls: Number(res.headers.get('x-ddb-calls') ?? NaN),
      rcu: Number(res.headers.get('x-ddb-rcu') ?? NaN),
      body,
    };
  };
  let qs = '';
  let r = await once(qs);
  if (r.status === 400) {
    const fields = Object.keys((JSON.parse(r.body) as { error?: { fields?: object } }).error?.fields ?? {});
    const q = queryFor(path, fields, ids);
    if (Object.keys(q).length) {
      qs = `?${new URLSearchParams(q)}`;
      r = await once(qs);
    }
  }
  // The second call: caches warm (settings, accounts), as a user's next request.
  if (r.status === 200) r = await once(qs);
  return { status: r.status, calls: r.calls, rcu: r.rcu, qs };
}

export const scaleSection: Section = {
  name: 'scale',
  needsStack: true,
  inMemoryTable: true,
  async run({ base }) {
    const { ROUTES } = await import('../../shared/routes');
    const { registerTenant } = await import('../integration/fixtures');
    const api = await import('../integration/client');
    const [small, large] = await Promise.all([registerTenant(), registerTenant()]);
    const t0 = performance.now();
    const [vehicleSmall, vehicleLarge] = await Promise.all([
      seedRentals(small.token, small.tenantId, SMALL),
      seedRentals(large.token, large.tenantId, LARGE),
    ]);
    const seeded = (performance.now() - t0) / 1000;
    const cash = async (token: string) =>
      ((await api.get('/api/v1/accounting/accounts', token)).body.items as { id: string; code: string }[]).find(
        (a) => a.code === '1110',
      )!.id;
    const [cashSmall, cashLarge] = await Promise.all([cash(small.token), cash(large.token)]);
    // The self-check reads the whole history, so it runs as a background task; its GET reads the stored result.
    // One run in each company first, so the GET measured below reads a stored result and its run, not nothing.
    const runFor = async (token: string) => {
      const t = performance.now();
      const res = await api.checkBooks(token);
      if (res.status !== 200) throw new Error(`self-check: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      return { s: (performance.now() - t) / 1000, done: res.body.latestRun.progress.done as number };
    };
    const [checkSmall, checkLarge] = [await runFor(small.token), await runFor(large.token)];
    const gets = ROUTES.filter((r) => r.method === 'GET' && r.auth === 'authenticated');
    const lists = gets.filter((r) => !r.path.includes('{'));
    const skipped = gets.length - lists.length;
    const n = LARGE.toLocaleString('en-US');
    const checks: Check[] = [
      {
        check: `scale: ${SMALL} and ${n} rentals seeded (one booked through the API, the rest its rental item cloned)`,
        measured: `${seeded.toFixed(0)} s`,
        note: `${lists.length} GET routes without a path parameter measured; ${skipped} with one (a record) skipped`,
      },
    ];
    checks.push({
      check: `scale: the self-check run (background task: POST, task polled) at ${SMALL} and ${n} rentals`,
      measured: `${checkSmall.s.toFixed(1)} s / ${checkLarge.s.toFixed(1)} s`,
      note: `${checkSmall.done} / ${checkLarge.done} rentals and customers checked; GET reads the stored result`,
    });
    for (const route of lists) {
      const a = await measure(base, route.path, small.token, { accountId: cashSmall, vehicleId: vehicleSmall });
      const b = await measure(base, route.path, large.token, { accountId: cashLarge, vehicleId: vehicleLarge });
      const name = `${route.path}${a.qs ? ' ?' + a.qs.slice(1).replace(/=[^&]*/g, '') : ''}`;
      if (a.status !== 200 || b.status !== 200) {
        const note = a.status === 403 ? "the platform operator's route, not a company's" : 'not measured';
        checks.push({ check: `scale GET ${name}`, measured: `HTTP ${a.status} / ${b.status}`, note });
        continue;
      }
      checks.push({
        check: `scale GET ${name}`,
        measured: `${a.calls} → ${b.calls} calls, ${a.rcu} → ${b.rcu} RCU`,
        budget: budget('calls and RCU within 20 %', within(a.calls, b.calls) && within(a.rcu, b.rcu)),
      });
    }
    // The "run now" buttons: each does a scheduled job's unit for this one company. Their work is the company's
    // current state (due rentals, vehicles, open conditions), not its history: flat from 100 to LARGE rentals.
    for (const path of RUN_NOW) {
      const run = async (token: string): Promise<{ calls: number; rcu: number } | { status: number }> => {
        const res = await api.post(path, {}, token);
        return res.status === 200 || res.status === 201 || res.status === 202
          ? { calls: Number(res.headers.get('x-ddb-calls')), rcu: Number(res.headers.get('x-ddb-rcu')) }
          : { status: res.status };
      };
      // Twice: the second run finds the work of the first done (what a user pressing the button again costs).
      await Promise.all([run(small.token), run(large.token)]);
      const [a, b] = await Promise.all([run(small.token), run(large.token)]);
      if (!('calls' in a) || !('calls' in b)) {
        checks.push({ check: `scale POST ${path}`, measured: 'not measured', note: JSON.stringify([a, b]) });
        continue;
      }
      checks.push({
        check: `scale POST ${path}`,
        measured: `${a.calls} → ${b.calls} calls, ${a.rcu} → ${b.rcu} RCU`,
        budget: budget('calls and RCU within 20 %', within(a.calls, b.calls) && within(a.rcu, b.rcu)),
      });
    }
    return checks;
  },
};

const within = (x: number, y: number) => y <= x * 1.2 + 0.5; // half a unit: rounding of tiny reads
/** The company's "run now" routes (a scheduled job's unit for one company). */
const RUN_NOW = [
  '/api/v1/invoicing/run',
  '/api/v1/alerts/generate',
  '/api/v1/fleet-health/recompute',
  '/api/v1/maintenance/predictions/generate',
];
