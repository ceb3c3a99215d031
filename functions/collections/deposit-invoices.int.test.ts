import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, checkBooks } from '../../test/integration/client';
import { tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';

/**
 * A deposit applied to late charges that are already on an ISSUED invoice settles that invoice
 * in the same transaction (collections → invoices api): partly covered → partially_paid with the
 * remaining balance, fully covered → paid; the journal (deposits held against receivables) and
 * the accounting self-check stay green. Over HTTP against the local stack.
 */
let owner: string;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const cents = (n: number) => Math.round(n * 100) / 100;

const ok = <T = any>(res: { status: number; body: T }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body).slice(0, 600)).toBe(status);
  return res.body;
};

async function selfCheckGreen() {
  const res = ok(await checkBooks(owner));
  for (const c of res.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

/**
 * Returned rental with `deposit` held, its rent paid in cash, a late damage charge of `late`, and the invoice of the
 * charge issued.
 */
async function invoicedLateCharge(deposit: number, late: number) {
  const vehicleId = (await createVehicle(owner)).id as string;
  const customerId = (await createCustomer(owner, { fullNameEnglish: 'Late Charge Customer' })).id as string;
  const start = Date.now() - 2 * DAY - 3_600_000;
  const rental = ok(
    await post(
      '/api/v1/rentals',
      {
        customerId,
        vehicleId,
        startDate: iso(start),
        endDate: iso(start + 2 * DAY),
        dailyRate: 100,
        securityDeposit: deposit,
      },
      owner,
    ),
    201,
  );
  ok(
    await post(`/api/v1/rentals/${rental.id}/payments`, { amount: deposit, method: 'cash', forDeposit: true }, owner),
    201,
  );
  ok(await post(`/api/v1/rentals/${rental.id}/pickup`, { odometerStart: 10_000, fuelLevelStart: 'full' }, owner));
  ok(
    await post(
      `/api/v1/rentals/${rental.id}/return`,
      { odometerEnd: 10_100, condition: 'good', fuelLevelEnd: 'full' },
      owner,
    ),
  );
  // The rent is paid on its own invoice, so the late charge's invoice holds the damage only.
  const rentInvoice = ok(await post('/api/v1/invoices', { rentalId: rental.id }, owner), 201);
  const rent = ok(await post(`/api/v1/invoices/${rentInvoice.id}/issue`, {}, owner));
  ok(await post(`/api/v1/invoices/${rentInvoice.id}/payments`, { amount: rent.total, method: 'cash' }, owner), 201);
  expect(ok(await get(`/api/v1/rentals/${rental.id}`, owner)).balance).toBe(0);
  ok(
    await post(
      `/api/v1/rentals/${rental.id}/charges`,
      { category: 'damage_fees', label: 'Bumper scratch found after return', amount: late },
      owner,
    ),
    201,
  );
  const draft = ok(await post('/api/v1/invoices', { rentalId: rental.id }, owner), 201);
  const invoice = ok(await post(`/api/v1/invoices/${draft.id}/issue`, {}, owner));
  expect(invoice).toMatchObject({ status: 'issued', total: late, amountPaid: 0, balance: late });
  return { rentalId: rental.id as string, invoiceId: draft.id as string };
}

beforeAll(async () => {
  owner = (await tenantWithAllRoles()).owner.token;
}, 120_000);

describe('deposit applied to charges on an issued invoice', () => {
  it('partly covered → partially_paid with the rest due; the rest applied → paid; the books agree', async () => {
    const { rentalId, invoiceId } = await invoicedLateCharge(500, 300);
    const part = ok(
      await post(`/api/v1/deposits/${rentalId}/apply`, { amount: 120 }, owner, { 'idempotency-key': 'dep-inv-part' }),
      201,
    );
    expect(part.invoices).toEqual([
      expect.objectContaining({ id: invoiceId, status: 'partially_paid', amountApplied: 120, balance: 180 }),
    ]);
    expect(part.rental.balance).toBe(180);
    expect(ok(await get(`/api/v1/invoices/${invoiceId}`, owner))).toMatchObject({
      status: 'partially_paid',
      amountPaid: 120,
      depositApplied: 120,
      balance: 180,
    });
    // A retry with the same key writes nothing more.
    ok(
      await post(`/api/v1/deposits/${rentalId}/apply`, { amount: 120 }, owner, { 'idempotency-key': 'dep-inv-part' }),
      201,
    );
    expect(ok(await get(`/api/v1/invoices/${invoiceId}`, owner))).toMatchObject({ amountPaid: 120, balance: 180 });
    await selfCheckGreen();

    const rest = ok(await post(`/api/v1/deposits/${rentalId}/apply`, { amount: 180 }, owner), 201);
    expect(rest.invoices).toEqual([
      expect.objectContaining({ id: invoiceId, status: 'paid', amountApplied: 180, balance: 0 }),
    ]);
    expect(rest.rental.balance).toBe(0);
    expect(rest.deposit).toMatchObject({ held: 200, applied: 300 });
    expect(ok(await get(`/api/v1/invoices/${invoiceId}`, owner))).toMatchObject({
      status: 'paid',
      amountPaid: 300,
      depositApplied: 300,
      balance: 0,
    });
    const paidList = ok(await get(`/api/v1/invoices?status=paid&rentalId=${rentalId}`, owner));
    expect(paidList.items.map((i: { id: string }) => i.id)).toContain(invoiceId);
    await selfCheckGreen();
  });

  it('fully covered at once → paid; a new charge posted with the application is covered by what is left, not put on the invoice', async () => {
    const { rentalId, invoiceId } = await invoicedLateCharge(400, 90.5);
    const res = ok(
      await post(
        `/api/v1/deposits/${rentalId}/apply`,
        { amount: 150.5, charge: { category: 'traffic_fines', label: 'Speeding fine after return', amount: 60 } },
        owner,
      ),
      201,
    );
    expect(res.invoices).toEqual([
      expect.objectContaining({ id: invoiceId, status: 'paid', amountApplied: 90.5, balance: 0 }),
    ]);
    expect(res.rental.balance).toBe(0);
    expect(res.deposit.held).toBe(cents(400 - 150.5));
    expect(ok(await get(`/api/v1/invoices/${invoiceId}`, owner))).toMatchObject({
      status: 'paid',
      amountPaid: 90.5,
      balance: 0,
    });
    await selfCheckGreen();
  });

  it('a rental without an open invoice: nothing on any invoice changes', async () => {
    const { rentalId, invoiceId } = await invoicedLateCharge(200, 50);
    ok(await post(`/api/v1/deposits/${rentalId}/apply`, { amount: 50 }, owner), 201);
    const again = ok(
      await post(
        `/api/v1/deposits/${rentalId}/apply`,
        { amount: 20, charge: { category: 'damage_fees', label: 'Cleaning', amount: 20 } },
        owner,
      ),
      201,
    );
    expect(again.invoices).toEqual([]);
    expect(ok(await get(`/api/v1/invoices/${invoiceId}`, owner))).toMatchObject({
      status: 'paid',
      amountPaid: 50,
      balance: 0,
    });
    await selfCheckGreen();
  });
});
