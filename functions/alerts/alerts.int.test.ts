import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createDocument, createVehicle, rentalProbe } from '../../test/integration/entity-factories';
import { updateRaw } from '../lib/data/repo';
import { entityKey } from '../lib/data/keys';
import { handler as alertsJob } from '../jobs/alerts';

/**
 * The alerts generator over the documents, maintenance and invoices areas (issue 13): each
 * condition raises one alert linking to its object, once — on re-runs and with two runs at once.
 */
type Alert = {
  id: string;
  type: string;
  category: string;
  actionUrl: string;
  relatedEntityId: string;
  title: string;
  params: Record<string, string>;
};
let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let owner: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ids: Record<string, string> = {};

const mine = async (token = owner) => (await get('/api/v1/alerts?limit=100', token)).body.items as Alert[];

beforeAll(async () => {
  t = await tenantWithAllRoles();
  owner = t.owner.token;
  ids.expired = (await createDocument(owner, { title: 'Old trade licence', expiryDate: day(-3) })).id;
  ids.expiring = (
    await createDocument(owner, { title: 'Office lease', documentType: 'other', expiryDate: day(10) })
  ).id;
  ids.later = (
    await createDocument(owner, { title: 'Chamber membership', documentType: 'other', expiryDate: day(200) })
  ).id;
  const vehicle = await createVehicle(owner);
  const rec = await post(
    '/api/v1/maintenance',
    {
      vehicleId: vehicle.id,
      type: 'oil_change',
      date: day(1),
      estimatedCost: 300,
      status: 'pending',
      priority: 'urgent',
    },
    owner,
  );
  expect(rec.status, JSON.stringify(rec.body)).toBe(201);
  ids.urgent = rec.body.id;
  const rental = await rentalProbe(owner);
  const inv = await post('/api/v1/invoices', { rentalId: rental.id }, owner);
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  ids.invoice = inv.body.id;
  const issued = await post(`/api/v1/invoices/${ids.invoice}/issue`, {}, owner);
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
}, 120_000);

describe('alerts from documents, maintenance and invoices', () => {
  it('"Generate alerts" raises each condition once, with its link and its text', async () => {
    // The invoice fell due five days ago (its due date moved back, as a customer who never paid).
    await updateRaw({
      Key: entityKey(t.owner.tenantId, 'INVOICE', ids.invoice),
      UpdateExpression: 'SET dueDate = :d',
      ExpressionAttributeValues: { ':d': day(-5) },
    });
    const first = await post('/api/v1/alerts/generate', {}, owner);
    expect(first.status).toBe(200);
    const all = await mine();
    const by = (id: string) => all.filter((a) => a.relatedEntityId === id);
    expect(by(ids.expired).map((a) => a.type)).toEqual(['document_expired']);
    expect(by(ids.expired)[0]).toMatchObject({
      category: 'documents',
      title: `Document Old trade licence expired on ${day(-3)}`,
      params: { title: 'Old trade licence', date: day(-3) },
    });
    expect(by(ids.expired)[0].actionUrl).toContain(ids.expired);
    expect(by(ids.expiring).map((a) => a.type)).toEqual(['document_expiring']);
    expect(by(ids.later)).toHaveLength(0);
    expect(by(ids.urgent)).toMatchObject([
      { type: 'maintenance_urgent_open', category: 'maintenance', actionUrl: '/maintenance?tab=alerts' },
    ]);
    expect(by(ids.invoice)).toMatchObject([
      { type: 'invoice_overdue', category: 'invoices', actionUrl: `/invoices/${ids.invoice}` },
    ]);
    expect(by(ids.invoice)[0].title).toMatch(/^Invoice INV-.+ is past due$/);
    // Re-run and two at once: nothing new.
    expect((await post('/api/v1/alerts/generate', {}, owner)).body.created).toBe(0);
    const both = await Promise.all([
      post('/api/v1/alerts/generate', {}, owner),
      post('/api/v1/alerts/generate', {}, owner),
    ]);
    expect(both.map((r) => r.body.created)).toEqual([0, 0]);
    expect((await mine()).length).toBe(all.length);
  });

  it('a role sees the categories of its areas only: the mechanic sees maintenance, not invoices', async () => {
    const seen = await mine(t.mechanic.token);
    expect(seen.some((a) => a.category === 'maintenance')).toBe(true);
    expect(seen.some((a) => a.category === 'invoices')).toBe(false);
    // The page's category filter: documents only; a category the role cannot read gives nothing.
    const docs = (await get('/api/v1/alerts?category=documents&limit=100', owner)).body.items as Alert[];
    expect(docs.length).toBeGreaterThanOrEqual(2);
    expect(docs.every((a) => a.category === 'documents')).toBe(true);
    expect((await get('/api/v1/alerts?category=invoices', t.mechanic.token)).body.items).toHaveLength(0);
    expect((await get('/api/v1/alerts?category=nope', owner)).status).toBe(400);
  });

  it('the hourly job finds a company with an invoice past due through the sparse due index, once even with two runs at once', async () => {
    const other = await registerTenant();
    const rental = await rentalProbe(other.token);
    const inv = (await post('/api/v1/invoices', { rentalId: rental.id }, other.token)).body;
    const issued = (await post(`/api/v1/invoices/${inv.id}/issue`, {}, other.token)).body;
    expect(issued.dueDate).toBeTruthy();
    const after = new Date(Date.parse(`${issued.dueDate}T12:00:00.000Z`) + 2 * 86_400_000).toISOString();
    // Two days past due for this company only: on that clock every other test company's invoices
    // would be past due too, and their alerts are not this test's to write.
    const run = { time: after, onlyTenants: [other.tenantId] };
    await Promise.all([alertsJob(run), alertsJob(run)]);
    expect((await alertsJob(run)).units).toBe(1);
    const theirs = ((await get('/api/v1/alerts?limit=100', other.token)).body.items as Alert[]).filter(
      (a) => a.relatedEntityId === inv.id,
    );
    expect(theirs.map((a) => a.type)).toEqual(['invoice_overdue']);
  }, 120_000);
});
