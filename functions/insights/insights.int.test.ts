import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createRental, createVehicle, rentalProbe } from '../../test/integration/entity-factories';
import { insightProbe } from '../../test/integration/insight-probe';
import { updateRaw } from '../lib/data/repo';
import { entityKey } from '../lib/data/keys';
import { handler as insightsJob } from '../jobs/insights';

/**
 * The insights engine over HTTP (issue 15): refresh records an ai_job and is idempotent; status
 * changes keep their history (and planning the inactive audience saves a campaign); roles see only
 * their tabs (403 otherwise); another company's insight is a 404; the nightly job runs a company
 * once a day.
 */
type Insight = {
  id: string;
  rule: string;
  category: string;
  status: string;
  title: string;
  evidence: { label: string; href: string }[];
  estimatedImpact: number;
  version: number;
  campaignId: string | null;
  current: boolean;
};
let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let owner: string;
let insightId: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await tenantWithAllRoles();
  owner = t.owner.token;
  insightId = await insightProbe(owner, 'Dormant Dana');
  // An invoice 40 days past due: the receivables insight.
  // A car out on rent now (the nightly job's work index: companies with a rental out).
  const out = await createRental(
    owner,
    { customerId: (await createCustomer(owner)).id, vehicleId: (await createVehicle(owner)).id },
    {
      startDate: new Date(Date.now() - 3_600_000).toISOString(),
      endDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    },
  );
  const pickup = await post(`/api/v1/rentals/${out.id}/pickup`, { odometerStart: 10, fuelLevelStart: 'full' }, owner);
  expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
  const rental = await rentalProbe(owner);
  const inv = await post('/api/v1/invoices', { rentalId: rental.id }, owner);
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  expect((await post(`/api/v1/invoices/${inv.body.id}/issue`, {}, owner)).status).toBe(200);
  await updateRaw({
    Key: entityKey(t.owner.tenantId, 'INVOICE', inv.body.id),
    UpdateExpression: 'SET dueDate = :d',
    ExpressionAttributeValues: { ':d': day(-40) },
  });
}, 180_000);

describe('insights engine', () => {
  it('refresh records an ai_job with its counts and finds the conditions, each once', async () => {
    const run = await post('/api/v1/ai/insights/refresh', {}, owner);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({
      kind: 'insights',
      trigger: 'manual',
      by: t.owner.username,
      status: 'succeeded',
      failures: [],
    });
    expect(run.body.counts.rules).toBe(13);
    expect(run.body.durationMs).toBeGreaterThanOrEqual(0);
    const finance = (await get('/api/v1/ai/insights?category=finance', owner)).body.items as Insight[];
    const aging = finance.filter((i) => i.rule === 'receivables_aging');
    expect(aging).toHaveLength(1);
    expect(aging[0].evidence[0].href).toMatch(/^\/invoices\/[0-9A-Z]{26}$/);
    expect(aging[0].title).toMatch(/^1 invoices past due: AED|^1 invoices past due: .+/);
    expect(aging[0].estimatedImpact).toBeGreaterThan(0);
    // The same figures again: nothing new, nothing changed; two at once: still one of each.
    const again = await post('/api/v1/ai/insights/refresh', {}, owner);
    expect(again.body.counts).toMatchObject({ created: 0, updated: 0 });
    await Promise.all([post('/api/v1/ai/insights/refresh', {}, owner), post('/api/v1/ai/insights/refresh', {}, owner)]);
    const all = (await get('/api/v1/ai/insights?limit=100', owner)).body.items as Insight[];
    expect(all.filter((i) => i.rule === 'receivables_aging')).toHaveLength(1);
    expect(all.filter((i) => i.rule === 'inactive_customers')).toHaveLength(1);
    const jobs = (await get('/api/v1/ai/jobs', owner)).body.items as { trigger: string; counts: { found: number } }[];
    expect(jobs.length).toBe(5); // the probe's run, then four
    expect(jobs.every((j) => j.trigger === 'manual' && j.counts.found >= 2)).toBe(true);
  });

  it('status changes are recorded with their history; planning the inactive audience saves a campaign', async () => {
    const ack = await post(`/api/v1/ai/insights/${insightId}/status`, { status: 'acknowledged', note: 'Seen' }, owner);
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(ack.body).toMatchObject({ status: 'acknowledged' });
    expect(ack.body.history).toMatchObject([{ from: 'new', to: 'acknowledged', note: 'Seen', by: t.owner.username }]);
    const plan = await post(
      `/api/v1/ai/insights/${insightId}/status`,
      { status: 'planned', version: ack.body.version },
      t.admin.token,
    );
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body.campaignId).toMatch(/^[0-9A-Z]{26}$/);
    expect(plan.body.history.map((h: { to: string }) => h.to)).toEqual(['acknowledged', 'planned']);
    // A stale version is a 409 and writes nothing.
    const stale = await post(
      `/api/v1/ai/insights/${insightId}/status`,
      { status: 'done', version: ack.body.version },
      owner,
    );
    expect(stale.status).toBe(409);
    const done = await post(`/api/v1/ai/insights/${insightId}/status`, { status: 'done', actualImpact: 350.5 }, owner);
    expect(done.body).toMatchObject({ status: 'done', actualImpact: 350.5 });
    expect(done.body.history.at(-1)).toMatchObject({ from: 'planned', to: 'done', actualImpact: 350.5 });
    // Done cannot be planned again (only reopened): 409, nothing written.
    const bad = await post(`/api/v1/ai/insights/${insightId}/status`, { status: 'planned' }, owner);
    expect(bad.status).toBe(409);
    expect(bad.body.error.code).toBe('INVALID_TRANSITION');
    const detail = await get(`/api/v1/ai/insights/${insightId}`, owner);
    expect(detail.body.history).toHaveLength(3);
    // The company's log, newest first.
    const log = await get('/api/v1/ai/insights/history', owner);
    expect(log.body.items.map((h: { to: string }) => h.to).slice(0, 3)).toEqual(['done', 'planned', 'acknowledged']);
    expect(log.body.items[0]).toMatchObject({ insightId, rule: 'inactive_customers' });
    // A closed insight stays closed on the next run (same month): not reopened, not duplicated.
    await post('/api/v1/ai/insights/refresh', {}, owner);
    expect((await get(`/api/v1/ai/insights/${insightId}`, owner)).body.status).toBe('done');
  });

  it('dismiss takes an insight off the open suggestions', async () => {
    const aging = ((await get('/api/v1/ai/insights?category=finance', owner)).body.items as Insight[]).find(
      (i) => i.rule === 'receivables_aging',
    )!;
    const open = async () =>
      ((await get('/api/v1/ai/insights?status=open', owner)).body.items as Insight[]).map((i) => i.id);
    expect(await open()).toContain(aging.id);
    const res = await post(`/api/v1/ai/insights/${aging.id}/status`, { status: 'dismissed' }, owner);
    expect(res.body.status).toBe('dismissed');
    expect(await open()).not.toContain(aging.id);
    expect(
      ((await get('/api/v1/ai/insights?status=dismissed', owner)).body.items as Insight[]).map((i) => i.id),
    ).toEqual([aging.id]);
  });

  it('bad input is a 400 with the field and writes nothing', async () => {
    const before = (await get(`/api/v1/ai/insights/${insightId}`, owner)).body;
    for (const body of [{ status: 'new' }, { status: 'done', actualImpact: 1.234 }, {}]) {
      const res = await post(`/api/v1/ai/insights/${insightId}/status`, body, owner);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const after = (await get(`/api/v1/ai/insights/${insightId}`, owner)).body;
    expect(after.version).toBe(before.version);
    expect(after.history).toHaveLength(before.history.length);
    expect((await get('/api/v1/ai/insights?category=nope', owner)).status).toBe(400);
  });

  it('roles: STAFF reads the Overview and Marketing tabs only; MECHANIC nothing; managers act', async () => {
    const staff = t.staff.token;
    expect((await get('/api/v1/ai/insights?category=marketing', staff)).status).toBe(200);
    expect((await get('/api/v1/ai/insights?category=overview', staff)).status).toBe(200);
    expect((await get('/api/v1/ai/insights?category=finance', staff)).status).toBe(403);
    expect((await get('/api/v1/ai/insights?category=strategy', staff)).status).toBe(403);
    const mine = (await get('/api/v1/ai/insights?limit=100', staff)).body.items as Insight[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((i) => i.category === 'overview' || i.category === 'marketing')).toBe(true);
    const finance = ((await get('/api/v1/ai/insights?category=finance', owner)).body.items as Insight[])[0];
    expect((await get(`/api/v1/ai/insights/${finance.id}`, staff)).status).toBe(404);
    expect((await post(`/api/v1/ai/insights/${insightId}/status`, { status: 'acknowledged' }, staff)).status).toBe(403);
    expect((await post('/api/v1/ai/insights/refresh', {}, staff)).status).toBe(403);
    expect((await get('/api/v1/ai/jobs', staff)).status).toBe(403);
    expect((await get('/api/v1/ai/insights/history', staff)).status).toBe(403);
    for (const path of ['/api/v1/ai/insights', '/api/v1/ai/jobs', `/api/v1/ai/insights/${insightId}`]) {
      expect((await get(path, t.mechanic.token)).status, path).toBe(403);
    }
    expect((await get('/api/v1/ai/jobs', t.admin.token)).status).toBe(200);
  });

  it('another company: its insight is a 404 and its lists are its own', async () => {
    const other = await registerTenant();
    expect((await get(`/api/v1/ai/insights/${insightId}`, other.token)).status).toBe(404);
    expect((await post(`/api/v1/ai/insights/${insightId}/status`, { status: 'dismissed' }, other.token)).status).toBe(
      404,
    );
    expect((await get('/api/v1/ai/insights', other.token)).body.items).toEqual([]);
    expect((await get('/api/v1/ai/jobs', other.token)).body.items).toEqual([]);
    // A brand-new company's run finds nothing: no data, no insight.
    await createCustomer(other.token);
    const run = await post('/api/v1/ai/insights/refresh', {}, other.token);
    expect(run.body.counts).toMatchObject({ found: 0, created: 0 });
    expect((await get('/api/v1/ai/insights', other.token)).body.items).toEqual([]);
  });

  it('the nightly job runs a company with work once a day and records its ai_job', async () => {
    const first = await insightsJob({ onlyTenants: [t.owner.tenantId] });
    expect(first).toMatchObject({ units: 1, totals: { ran: 1, skipped: 0 }, errors: 0 });
    const again = await insightsJob({ onlyTenants: [t.owner.tenantId] });
    expect(again).toMatchObject({ units: 1, totals: { ran: 0, skipped: 1 } });
    const jobs = (await get('/api/v1/ai/jobs', owner)).body.items as { trigger: string; by: string }[];
    expect(jobs.filter((j) => j.trigger === 'schedule')).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ trigger: 'schedule', by: 'system' });
  });
});
