import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { runInvoicing } from './invoicing';

/**
 * The scheduled invoicing of long rentals (issue 10), on a fixed clock: a monthly open-ended
 * rental 75 days old gets exactly two invoices (September and October, in arrears); a second run
 * creates nothing; two runs at once create nothing twice; a run killed after its first rental is
 * completed by the next; the GL self-check stays green; the run list and "Run now" over HTTP
 * (roles: STAFF reads, only OWNER/ADMIN run; MECHANIC 403; another company sees none of it).
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;
let tenantId: string;
let seq = 0;
const START = '2034-09-01T09:00:00.000Z';
const DAY75 = new Date(Date.parse(START) + 75 * 86_400_000); // 2034-11-15

async function longRental(start = START) {
  const [vehicle, customer] = await Promise.all([createVehicle(owner), createCustomer(owner, { fullNameEnglish: `Long Renter ${++seq}` })]);
  const booked = await post('/api/v1/rentals', {
    vehicleId: vehicle.id, customerId: customer.id, startDate: start, openEnded: true, expectedDuration: 30,
    rentalType: 'monthly', monthlyRate: 3000, dailyRate: 120, taxRate: 5,
  }, owner);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = (booked.body as { id: string }).id;
  const picked = await post(`/api/v1/rentals/${id}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: start }, owner);
  expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  return booked.body as { id: string; referenceNumber: string };
}

async function invoicesOf(rentalId: string) {
  const res = await get(`/api/v1/invoices?rentalId=${rentalId}&limit=100`, owner);
  expect(res.status).toBe(200);
  return (res.body.items as { id: string; number: string | null; status: string; periodStart: string; periodEnd: string; total: number }[]);
}

async function selfCheckGreen() {
  const res = await get('/api/v1/accounting/self-check', owner);
  expect(res.status).toBe(200);
  for (const c of res.body.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  tenantId = t.owner.user.tenantId;
});

describe('scheduled invoicing of long rentals', () => {
  it('a monthly rental 75 days old gets exactly two invoices; a second run creates nothing', async () => {
    const r = await longRental();
    const first = await runInvoicing(DAY75, { tenantId });
    expect(first.failures).toBe(0);
    expect(first.invoicesCreated).toBe(2);
    const invoices = (await invoicesOf(r.id)).sort((a, b) => a.periodStart.localeCompare(b.periodStart));
    expect(invoices.map((i) => [i.status, i.periodStart, i.periodEnd])).toEqual([
      ['issued', '2034-09-01', '2034-09-30'], ['issued', '2034-10-01', '2034-10-31'],
    ]);
    expect(invoices.every((i) => /^INV-\d+$/.test(i.number ?? ''))).toBe(true);
    // September: the monthly rate + 5 % VAT. October has 31 days: the rental's pricing counts
    // months of 30 days, so its 31st day is one more day at monthlyRate / 30 (100 + VAT).
    expect(invoices.map((i) => i.total)).toEqual([3150, 3255]);
    // Everything charged to the rental so far is on these two invoices.
    const rental = (await get(`/api/v1/rentals/${r.id}`, owner)).body;
    expect(rental.totalAmount).toBe(6405);

    const again = await runInvoicing(DAY75, { tenantId });
    expect(again.invoicesCreated).toBe(0);
    expect(await invoicesOf(r.id)).toHaveLength(2);
    // The global index path (the scheduled run) finds nothing more to do for this rental either.
    await runInvoicing(DAY75);
    expect(await invoicesOf(r.id)).toHaveLength(2);
    await selfCheckGreen();

    const schedule = await get('/api/v1/invoicing/schedule', owner);
    expect(schedule.status).toBe(200);
    const row = schedule.body.items.find((i: { rentalId: string }) => i.rentalId === r.id);
    expect(row).toMatchObject({ billingFrequency: 'monthly', nextPeriodStart: '2034-11-01', nextPeriodEnd: '2034-11-30', lastInvoicedDate: '2034-10-31' });
  });

  it('two runs at the same time create nothing twice', async () => {
    const r = await longRental('2034-09-02T09:00:00.000Z');
    const runs = await Promise.all([runInvoicing(DAY75, { tenantId }), runInvoicing(DAY75, { tenantId }), runInvoicing(DAY75)]);
    expect(runs.reduce((n, x) => n + x.failures, 0)).toBe(0);
    const invoices = await invoicesOf(r.id);
    expect(invoices.filter((i) => i.status === 'issued').map((i) => i.periodStart).sort()).toEqual(['2034-09-02', '2034-10-02']);
    expect(invoices).toHaveLength(2);
    expect(new Set(invoices.map((i) => i.number)).size).toBe(2);
    await selfCheckGreen();
  });

  it('a run killed after its first rental is completed by the next', async () => {
    const a = await longRental('2034-09-03T09:00:00.000Z');
    const b = await longRental('2034-09-03T10:00:00.000Z');
    await expect(runInvoicing(DAY75, { tenantId, crashAfterRentals: 1 })).rejects.toThrow(/Injected failure/);
    const counts = [(await invoicesOf(a.id)).length, (await invoicesOf(b.id)).length].sort();
    expect(counts).toEqual([0, 2]);
    const next = await runInvoicing(DAY75, { tenantId });
    expect(next.invoicesCreated).toBe(2);
    expect((await invoicesOf(a.id)).length).toBe(2);
    expect((await invoicesOf(b.id)).length).toBe(2);
    await selfCheckGreen();
  });

  it('runs over HTTP: the list shows what each run did; Run now for OWNER/ADMIN only; another company sees nothing', async () => {
    const r = await longRental('2034-09-04T09:00:00.000Z');
    await runInvoicing(DAY75, { tenantId });
    const runs = await get('/api/v1/invoicing/runs', t.staff.token);
    expect(runs.status).toBe(200);
    const withOurs = runs.body.items.find((run: { invoices: { rentalId: string }[] }) => run.invoices.some((i) => i.rentalId === r.id));
    expect(withOurs.invoicesCreated).toBe(2);
    expect(withOurs.invoices.map((i: { periodStart: string }) => i.periodStart).sort()).toEqual(['2034-09-04', '2034-10-04']);
    expect((await get('/api/v1/invoicing/runs', t.mechanic.token)).status).toBe(403);
    expect((await post('/api/v1/invoicing/run', {}, t.staff.token)).status).toBe(403);
    expect((await post('/api/v1/invoicing/run', { asOf: '2040-01-01' }, owner)).status).toBe(400);
    // Run now (today's clock: these 2034 periods have not ended) creates nothing and is recorded.
    const now = await post('/api/v1/invoicing/run', {}, t.admin.token);
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body).toMatchObject({ trigger: 'manual', invoicesCreated: 0 });
    const theirs = await get('/api/v1/invoicing/runs', other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
  });
});
