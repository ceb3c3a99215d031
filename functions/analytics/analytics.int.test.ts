import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { call, get, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { readCompanySettings, companyTimezone } from '../lib/company-settings';
import { expectedAggregates, readRaw, storedAggregates } from './backfill';
import { REPORT_TABS } from '../../shared/schemas/analytics';

/**
 * Analytics (issue 15 part A): the aggregates the rentals and maintenance writers keep in their
 * own transactions equal a brute-force recomputation from the raw items after random operation
 * sequences; dashboard and report reads do not grow with rentals; CSV parses back; roles.
 */
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let owner: string;

async function brute(tenantId: string) {
  const tz = companyTimezone(await readCompanySettings(tenantId));
  const expected = new Map<string, Record<string, number>>();
  for (const [id, g] of expectedAggregates(await readRaw(tenantId), tz)) expected.set(id, Object.fromEntries(g.fields));
  const stored = await storedAggregates(tenantId);
  return { expected: Object.fromEntries([...expected].sort()), stored: Object.fromEntries([...stored].sort()) };
}

beforeAll(async () => {
  t = await tenantWithAllRoles();
  owner = t.owner.token;
}, 120_000);

describe('aggregates = brute-force recomputation from raw items', () => {
  it('after random sequences of bookings, pickups, returns, cancellations, payments and maintenance', async () => {
    const vehicles = await Promise.all([0, 1, 2].map(() => createVehicle(owner)));
    const customer = await createCustomer(owner);
    const rentals: { id: string; status: string; odometer: number }[] = [];
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('book' as const),
        v: fc.nat(2),
        startDays: fc.integer({ min: -40, max: 10 }),
        hours: fc.integer({ min: 0, max: 23 }),
        days: fc.integer({ min: 1, max: 6 }),
        open: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('pickup' as const), r: fc.nat(20) }),
      fc.record({ kind: fc.constant('return' as const), r: fc.nat(20), km: fc.integer({ min: 0, max: 900 }) }),
      fc.record({ kind: fc.constant('cancel' as const), r: fc.nat(20) }),
      fc.record({ kind: fc.constant('pay' as const), r: fc.nat(20), amount: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ kind: fc.constant('maintenance' as const), v: fc.nat(2), cost: fc.integer({ min: 10, max: 900 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 7 }), async (ops) => {
        for (const o of ops) {
          const r = 'r' in o && rentals.length ? rentals[o.r % rentals.length] : undefined;
          if (o.kind === 'book') {
            const start = Math.floor((Date.now() + o.startDays * DAY) / 3_600_000) * 3_600_000 + o.hours * 60_000;
            const res = await post(
              '/api/v1/rentals',
              {
                vehicleId: vehicles[o.v]!.id,
                customerId: customer.id,
                startDate: iso(start),
                dailyRate: 80,
                ...(o.open ? { openEnded: true, expectedDuration: o.days } : { endDate: iso(start + o.days * DAY) }),
              },
              owner,
            );
            if (res.status === 201) rentals.push({ id: res.body.id, status: 'pending', odometer: 0 });
          } else if (o.kind === 'pickup' && r?.status === 'pending') {
            const res = await post(
              `/api/v1/rentals/${r.id}/pickup`,
              { odometerStart: 5000, fuelLevelStart: 'full' },
              owner,
            );
            if (res.status === 200) {
              r.status = 'active';
              r.odometer = 5000;
            }
          } else if (o.kind === 'return' && r?.status === 'active') {
            const res = await post(
              `/api/v1/rentals/${r.id}/return`,
              { odometerEnd: r.odometer + o.km, condition: 'good', fuelLevelEnd: 'full' },
              owner,
            );
            if (res.status === 200) r.status = 'completed';
          } else if (o.kind === 'cancel' && r?.status === 'pending') {
            const res = await post(`/api/v1/rentals/${r.id}/cancel`, {}, owner);
            if (res.status === 200) r.status = 'cancelled';
          } else if (o.kind === 'pay' && r) {
            await post(`/api/v1/rentals/${r.id}/payments`, { amount: o.amount, method: 'cash' }, owner);
          } else if (o.kind === 'maintenance') {
            const rec = await post(
              '/api/v1/maintenance',
              {
                vehicleId: vehicles[o.v]!.id,
                type: 'oil_change',
                date: iso(Date.now() - 30 * DAY).slice(0, 10),
                estimatedCost: o.cost,
                status: 'pending',
              },
              owner,
            );
            if (rec.status === 201)
              await post(
                `/api/v1/maintenance/${rec.body.id}/complete`,
                { actualCost: o.cost, completedDate: iso(Date.now() - 29 * DAY).slice(0, 10) },
                owner,
              );
          }
        }
        const { expected, stored } = await brute(t.owner.tenantId);
        const diff: string[] = [];
        for (const id of new Set([...Object.keys(expected), ...Object.keys(stored)])) {
          for (const f of new Set([...Object.keys(expected[id] ?? {}), ...Object.keys(stored[id] ?? {})])) {
            if ((expected[id]?.[f] ?? 0) !== (stored[id]?.[f] ?? 0))
              diff.push(`${id}.${f}: stored ${stored[id]?.[f]} expected ${expected[id]?.[f]}`);
          }
        }
        expect(diff, JSON.stringify(ops)).toEqual([]);
      }),
      { numRuns: 10 },
    );
    // Something was really exercised: bookings and days on rent are in the aggregates.
    const { stored } = await brute(t.owner.tenantId);
    expect(Object.values(stored).some((f) => (f.bookings ?? 0) > 0)).toBe(true);
  }, 600_000);
});

describe('reports and dashboard', () => {
  it('each report tab answers JSON; CSV parses back (RFC 4180, BOM) and matches the table; PDF is a PDF', async () => {
    for (const tab of REPORT_TABS) {
      const json = await get(`/api/v1/reports/${tab}?period=30d`, owner);
      expect(json.status, JSON.stringify(json.body)).toBe(200);
      expect(json.body.columns.length).toBeGreaterThan(2);
      const csv = await call(`/api/v1/reports/${tab}?period=30d&format=csv`, { token: owner });
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const raw = await fetch(
        `${(await import('../../test/integration/client')).BASE_URL.replace('localhost', '127.0.0.1')}/api/v1/reports/${tab}?period=30d&format=csv`,
        { headers: { authorization: `Bearer ${owner}` } },
      );
      const bytes = Buffer.from(await raw.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      const rows = parse(text, { bom: true }) as string[][];
      expect(rows[0]!.length).toBe(json.body.columns.length);
      expect(rows.length - 1).toBe(json.body.rows.length);
      // Numeric cells equal the JSON table's values.
      const numericCol = json.body.columns.findIndex(
        (c: { kind: string }) => c.kind === 'number' || c.kind === 'money',
      );
      json.body.rows.forEach((row: Record<string, number>, i: number) => {
        expect(Number(rows[i + 1]![numericCol])).toBeCloseTo(Number(row[json.body.columns[numericCol].key] ?? 0), 2);
      });
      const pdf = await fetch(
        `${(await import('../../test/integration/client')).BASE_URL.replace('localhost', '127.0.0.1')}/api/v1/reports/${tab}?period=30d&format=pdf&lang=ar`,
        { headers: { authorization: `Bearer ${owner}` } },
      );
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  }, 120_000);

  it('the figures are the aggregates: revenue trends total = revenue posted; operational bookings = bookings made', async () => {
    const ops = await get('/api/v1/reports/operational-kpis?period=90d', owner);
    const bookings = ops.body.summary.find((s: { key: string }) => s.key === 'bookings').value;
    const { stored } = await brute(t.owner.tenantId);
    const stBookings = Object.entries(stored)
      .filter(([k]) => k.startsWith('D|'))
      .reduce((s, [, f]) => s + (f.bookings ?? 0), 0);
    expect(bookings).toBe(stBookings);
    expect(bookings).toBeGreaterThan(0);
  });

  it('roles see only their tabs (403 otherwise); unknown tab → 404, bad period → 400', async () => {
    const status = async (token: string, tab: string) => (await get(`/api/v1/reports/${tab}?period=7d`, token)).status;
    for (const tab of REPORT_TABS) expect(await status(t.admin.token, tab)).toBe(200);
    expect(await status(t.staff.token, 'operational-kpis')).toBe(200);
    for (const tab of ['fleet-performance', 'revenue-trends', 'utilization'])
      expect(await status(t.staff.token, tab)).toBe(403);
    expect(await status(t.mechanic.token, 'fleet-performance')).toBe(200);
    for (const tab of ['operational-kpis', 'revenue-trends', 'utilization'])
      expect(await status(t.mechanic.token, tab)).toBe(403);
    const mech = await get('/api/v1/reports/fleet-performance?period=30d', t.mechanic.token);
    expect(mech.body.columns.map((c: { key: string }) => c.key)).not.toContain('revenue');
    expect((await get('/api/v1/reports/nope?period=7d', owner)).status).toBe(404);
    expect((await get('/api/v1/reports/utilization?period=2d', owner)).status).toBe(400);
    // Dashboard: staff sees no money-box cards, mechanic no invoices.
    const staffDash = (await get('/api/v1/dashboard', t.staff.token)).body;
    expect(staffDash.cards.cashBox).toBeUndefined();
    expect(staffDash.cards.unpaidInvoices).toBeDefined();
    const mechDash = (await get('/api/v1/dashboard', t.mechanic.token)).body;
    expect(mechDash.cards.unpaidInvoices).toBeUndefined();
    expect(mechDash.trend).toBeNull();
  });

  it('another company sees none of this one: a new company gets the guided empty state', async () => {
    const other = await registerTenant();
    const dash = await get('/api/v1/dashboard', other.token);
    expect(dash.status).toBe(200);
    expect(dash.body.isNewCompany).toBe(true);
    expect(dash.body.setup).toEqual({ vehicles: 0, customers: false, bookings: 0 });
    const mine = (await get('/api/v1/dashboard', owner)).body;
    expect(mine.isNewCompany).toBe(false);
    const rep = await get('/api/v1/reports/operational-kpis?period=90d', other.token);
    expect(rep.body.summary.find((s: { key: string }) => s.key === 'bookings').value).toBe(0);
  });

  it('dashboard and report reads cost the same with more rentals (bounded: days × shards, fleet × months)', async () => {
    const cost = async (path: string) => {
      const res = await fetch(
        `${(await import('../../test/integration/client')).BASE_URL.replace('localhost', '127.0.0.1')}${path}`,
        { headers: { authorization: `Bearer ${owner}` } },
      );
      await res.text();
      return Number(res.headers.get('x-ddb-rcu'));
    };
    const paths = ['/api/v1/dashboard', ...REPORT_TABS.map((tab) => `/api/v1/reports/${tab}?period=30d`)];
    const before = await Promise.all(paths.map(cost));
    // 12 more completed rentals on the same vehicles and days.
    const vs = (await get('/api/v1/vehicles?limit=50', owner)).body.items as { id: string }[];
    const customer = await createCustomer(owner);
    for (let i = 0; i < 12; i++) {
      const start = Date.now() + (60 + i * 3) * DAY;
      await post(
        '/api/v1/rentals',
        {
          vehicleId: vs[i % vs.length]!.id,
          customerId: customer.id,
          startDate: iso(start),
          endDate: iso(start + DAY),
          dailyRate: 70,
        },
        owner,
      );
    }
    const after = await Promise.all(paths.map(cost));
    paths.forEach((p, i) => {
      expect(before[i], p).toBeGreaterThan(0);
      expect(Math.abs(after[i]! - before[i]!) / before[i]!, `${p}: ${before[i]} → ${after[i]}`).toBeLessThanOrEqual(
        0.2,
      );
    });
  }, 120_000);
});
