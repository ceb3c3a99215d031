import { beforeAll, describe, expect, it } from 'vitest';
import { get, patch, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { RENTAL_MESSAGES } from '../../shared/schemas/rentals-constants';
import { RENTAL_SERVER_MESSAGES } from '../../shared/rentals/messages';
import { runInvoicing } from '../finance/invoicing';

/**
 * PATCH /api/v1/rentals/{id}/invoicing (issue 10): a rental's autoGenerateInvoice and
 * billingFrequency, with the invoicing job's sparse index kept in the same transaction — the job
 * skips a rental once auto-invoicing is off and invoices it again once it is on, never a period
 * twice when the frequency changes. Bad input 400 with nothing written, MECHANIC 403, another
 * company 404, finished / closed-end rentals and a stale version 409. On a fixed clock (2034).
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;
let tenantId: string;
let seq = 0;
const START = '2034-09-01T09:00:00.000Z';
const at = (day: string) => new Date(`${day}T09:00:00.000Z`);
const DAY75 = new Date(Date.parse(START) + 75 * 86_400_000); // 2034-11-15

const ok = <T = any>(res: { status: number; body: T }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body).slice(0, 600)).toBe(status);
  return res.body;
};

async function booked(over: Record<string, unknown> = {}) {
  const [vehicle, customer] = await Promise.all([
    createVehicle(owner),
    createCustomer(owner, { fullNameEnglish: `Settings Renter ${++seq}` }),
  ]);
  return ok(
    await post(
      '/api/v1/rentals',
      {
        vehicleId: vehicle.id,
        customerId: customer.id,
        startDate: START,
        openEnded: true,
        expectedDuration: 30,
        rentalType: 'monthly',
        monthlyRate: 3000,
        dailyRate: 120,
        taxRate: 5,
        ...over,
      },
      owner,
    ),
    201,
  ) as { id: string; version: number };
}

async function longRental() {
  const r = await booked();
  return ok(
    await post(
      `/api/v1/rentals/${r.id}/pickup`,
      { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: START },
      owner,
    ),
  ) as { id: string; version: number };
}

const setInvoicing = (id: string, body: Record<string, unknown>, token = owner) =>
  patch(`/api/v1/rentals/${id}/invoicing`, body, token);
const scheduled = async (id: string) =>
  (
    ok(await get('/api/v1/invoicing/schedule', owner)).items as {
      rentalId: string;
      billingFrequency: string;
      nextPeriodStart: string;
    }[]
  ).find((i) => i.rentalId === id);
const periodsInvoiced = async (id: string) =>
  (ok(await get(`/api/v1/invoices?rentalId=${id}&limit=100`, owner)).items as { periodStart: string }[])
    .map((i) => i.periodStart)
    .sort();

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  tenantId = t.owner.user.tenantId;
}, 120_000);

describe('rental invoicing settings', () => {
  it('off: the rental leaves the due index and the job skips it; on again: the job invoices its ended periods; timeline and audit', async () => {
    const r = await longRental();
    expect(await scheduled(r.id)).toMatchObject({ billingFrequency: 'monthly', nextPeriodStart: '2034-09-01' });

    const off = ok(
      await setInvoicing(r.id, { autoGenerateInvoice: false, billingFrequency: 'monthly', version: r.version }),
    );
    expect(off).toMatchObject({ autoGenerateInvoice: false, billingFrequency: 'monthly', version: r.version + 1 });
    expect(off.timeline.at(-1)).toMatchObject({ action: 'invoicing_settings', by: t.owner.user.username });
    expect(await scheduled(r.id)).toBeUndefined();
    await runInvoicing(DAY75, { tenantId });
    await runInvoicing(DAY75, { onlyTenants: [tenantId] });
    expect(await periodsInvoiced(r.id)).toEqual([]);

    // STAFF edits rentals too.
    const on = ok(await setInvoicing(r.id, { autoGenerateInvoice: true, billingFrequency: 'monthly' }, t.staff.token));
    expect(on.autoGenerateInvoice).toBe(true);
    expect(await scheduled(r.id)).toMatchObject({ billingFrequency: 'monthly', nextPeriodStart: '2034-09-01' });
    const run = await runInvoicing(DAY75, { tenantId });
    expect(run.failures).toBe(0);
    expect(await periodsInvoiced(r.id)).toEqual(['2034-09-01', '2034-10-01']);

    const audit = ok(await get('/api/v1/security/audit?action=rental.invoicing_settings&limit=50', owner));
    const mine = (audit.items as { action: string; entityId: string }[]).filter((a) => a.entityId === r.id);
    expect(mine, JSON.stringify(audit.items).slice(0, 600)).toHaveLength(2);
  });

  it('a frequency change continues from the next un-invoiced day: no period is invoiced twice', async () => {
    const r = await longRental();
    await runInvoicing(DAY75, { tenantId });
    expect(await periodsInvoiced(r.id)).toEqual(['2034-09-01', '2034-10-01']);
    ok(await setInvoicing(r.id, { autoGenerateInvoice: true, billingFrequency: 'daily' }));
    expect(await scheduled(r.id)).toMatchObject({ billingFrequency: 'daily', nextPeriodStart: '2034-11-01' });
    const run = await runInvoicing(at('2034-11-04'), { tenantId });
    expect(run.failures).toBe(0);
    expect(await periodsInvoiced(r.id)).toEqual(['2034-09-01', '2034-10-01', '2034-11-01', '2034-11-02', '2034-11-03']);

    // Off and on again with monthly: the next month from the next un-invoiced day (4 Nov → 1 Dec).
    ok(await setInvoicing(r.id, { autoGenerateInvoice: false, billingFrequency: 'daily' }));
    ok(await setInvoicing(r.id, { autoGenerateInvoice: true, billingFrequency: 'monthly' }));
    expect(await scheduled(r.id)).toMatchObject({ billingFrequency: 'monthly', nextPeriodStart: '2034-12-01' });
    expect((await runInvoicing(at('2034-12-20'), { tenantId })).failures).toBe(0);
    expect(await periodsInvoiced(r.id)).toHaveLength(5);
  });

  it('a pending rental keeps the settings: picked up with auto-invoicing off, it is never in the due index', async () => {
    const r = await booked();
    ok(await setInvoicing(r.id, { autoGenerateInvoice: false, billingFrequency: 'daily' }));
    ok(
      await post(
        `/api/v1/rentals/${r.id}/pickup`,
        { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: START },
        owner,
      ),
    );
    expect(await scheduled(r.id)).toBeUndefined();
    ok(await setInvoicing(r.id, { autoGenerateInvoice: true, billingFrequency: 'daily' }));
    expect(await scheduled(r.id)).toMatchObject({ billingFrequency: 'daily', nextPeriodStart: '2034-09-01' });
  });

  it("bad input: 400 with each field's message, nothing written", async () => {
    const r = await longRental();
    const bad = await setInvoicing(r.id, { autoGenerateInvoice: 'yes', billingFrequency: 'weekly' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      autoGenerateInvoice: RENTAL_MESSAGES.autoInvoiceRequired,
      billingFrequency: RENTAL_MESSAGES.billingFrequencyInvalid,
    });
    expect((await setInvoicing(r.id, {})).body.error.fields.billingFrequency).toBe(
      RENTAL_MESSAGES.billingFrequencyInvalid,
    );
    const after = ok(await get(`/api/v1/rentals/${r.id}`, owner));
    expect(after).toMatchObject({ version: r.version, autoGenerateInvoice: true, billingFrequency: 'monthly' });
    expect(after.timeline.at(-1).action).toBe('pickup');
    expect(await scheduled(r.id)).toMatchObject({ billingFrequency: 'monthly' });
  });

  it('roles and companies: MECHANIC 403, another company 404 — nothing changes', async () => {
    const r = await longRental();
    expect(
      (await setInvoicing(r.id, { autoGenerateInvoice: false, billingFrequency: 'monthly' }, t.mechanic.token)).status,
    ).toBe(403);
    expect(
      (await setInvoicing(r.id, { autoGenerateInvoice: false, billingFrequency: 'monthly' }, other.token)).status,
    ).toBe(404);
    expect(ok(await get(`/api/v1/rentals/${r.id}`, owner))).toMatchObject({
      version: r.version,
      autoGenerateInvoice: true,
    });
    expect(await scheduled(r.id)).toBeTruthy();
  });

  it('409: a stale version, a rental with a return date, a completed rental', async () => {
    const r = await longRental();
    const stale = await setInvoicing(r.id, {
      autoGenerateInvoice: false,
      billingFrequency: 'monthly',
      version: r.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');
    expect(await scheduled(r.id)).toBeTruthy();

    const closedEnd = await booked({
      openEnded: false,
      endDate: '2034-09-05T09:00:00.000Z',
      rentalType: 'daily',
      monthlyRate: undefined,
    });
    const refused = await setInvoicing(closedEnd.id, { autoGenerateInvoice: false, billingFrequency: 'daily' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(RENTAL_SERVER_MESSAGES.invoicingOpenEndedOnly);

    ok(
      await post(
        `/api/v1/rentals/${r.id}/return`,
        { odometerEnd: 1500, condition: 'good', fuelLevelEnd: 'full', returnDate: '2034-09-10T09:00:00.000Z' },
        owner,
      ),
    );
    const finished = await setInvoicing(r.id, { autoGenerateInvoice: true, billingFrequency: 'daily' });
    expect(finished.status).toBe(409);
    expect(finished.body.error.message).toBe(RENTAL_SERVER_MESSAGES.invoicingFinished);
    expect(await scheduled(r.id)).toBeUndefined();
  });
});
