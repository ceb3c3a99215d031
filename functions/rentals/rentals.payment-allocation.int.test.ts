import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, setupBooks, checkBooks } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { entityKey, keys } from '../lib/data/keys';
import { getItem, updateRaw } from '../lib/data/repo';
import { RENTAL_SERVER_MESSAGES } from '../../shared/rentals/messages';

/**
 * Invoices that know what was paid (issue 26), the desk side, over HTTP against the local stack
 * in a UAE company with VAT on: a payment taken on a rental (POST /rentals/{id}/payments) after
 * its invoice was issued pays the invoice, oldest first, in the rental's own transaction; a
 * refund reopens it, newest first; an amount above the balance due is refused. The rental, its
 * invoices, the invoices list by status and the aging report give the same open amount, and the
 * books pass their self-check.
 */
let owner: string;
let tenantId: string;
const DAY = 86_400_000;

const ok = <T = any>(res: { status: number; body: T }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body).slice(0, 600)).toBe(status);
  return res.body;
};

/** A 2-day rental at 450 a day (5 % VAT on top: 945 in all), picked up now. */
async function pickedUp(deposit = 0) {
  const [vehicle, customer] = await Promise.all([
    createVehicle(owner),
    createCustomer(owner, { fullNameEnglish: `Desk Payer ${Date.now().toString(36)}` }),
  ]);
  const start = Date.now() - 3_600_000;
  const rental = ok(
    await post(
      '/api/v1/rentals',
      {
        vehicleId: vehicle.id,
        customerId: customer.id,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 2 * DAY).toISOString(),
        dailyRate: 450,
        taxRate: 5,
        securityDeposit: deposit,
      },
      owner,
    ),
    201,
  );
  if (deposit > 0)
    ok(
      await post(`/api/v1/rentals/${rental.id}/payments`, { amount: deposit, method: 'cash', forDeposit: true }, owner),
      201,
    );
  ok(await post(`/api/v1/rentals/${rental.id}/pickup`, { odometerStart: 10_000, fuelLevelStart: 'full' }, owner));
  return { id: rental.id as string, customerId: customer.id as string };
}

async function issue(rentalId: string) {
  const draft = ok(await post('/api/v1/invoices', { rentalId }, owner), 201);
  return ok(await post(`/api/v1/invoices/${draft.id}/issue`, {}, owner));
}

const pay = (rentalId: string, amount: number, headers?: Record<string, string>) =>
  post(`/api/v1/rentals/${rentalId}/payments`, { amount, method: 'cash' }, owner, headers);
const rentalOf = async (id: string) => ok(await get(`/api/v1/rentals/${id}`, owner));
const invoiceOf = async (id: string) => ok(await get(`/api/v1/invoices/${id}`, owner));
const listed = async (status: string, rentalId: string) =>
  ok(await get(`/api/v1/invoices?status=${status}&limit=100`, owner))
    .items.filter((i: { rentalId: string }) => i.rentalId === rentalId)
    .map((i: { id: string }) => i.id);

/** The open amount of the customer on the aging report (the outstanding-balances page). */
async function agingOpen(customerId: string) {
  const report = ok(await get(`/api/v1/receivables/aging?customerId=${customerId}`, owner));
  return {
    total: report.totals.total as number,
    invoiceLines: report.rentals
      .flatMap((r: { lines: { kind: string; amount: number }[] }) => r.lines)
      .filter((l: { kind: string }) => l.kind === 'invoice'),
  };
}

async function selfCheck() {
  const res = ok(await checkBooks(owner));
  for (const c of res.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

beforeAll(async () => {
  const t = await tenantWithAllRoles();
  owner = t.owner.token;
  tenantId = t.owner.tenantId;
  await updateRaw({
    Key: keys.settings(t.owner.tenantId),
    UpdateExpression: 'SET preferences = :p, enableVat = :v, vatRate = :r, vatNumber = :n',
    ExpressionAttributeValues: {
      ':p': { region: 'AE', language: 'en' },
      ':v': true,
      ':r': 0.05,
      ':n': '100123456700003',
    },
  });
  ok(await setupBooks(owner));
}, 120_000);

describe('a desk payment after the invoice was issued (payment-allocation)', () => {
  it('pays the invoice: partly paid, then paid; rental, invoice, status lists and aging agree', async () => {
    const r = await pickedUp();
    const inv = await issue(r.id);
    expect(inv).toMatchObject({ status: 'issued', total: 945, amountPaid: 0, balance: 945 });

    const first = ok(await pay(r.id, 630), 201);
    expect(first.rental.balance).toBe(315);
    expect(first.invoices).toEqual([
      expect.objectContaining({ id: inv.id, status: 'partially_paid', amountApplied: 630, balance: 315 }),
    ]);
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'partially_paid', amountPaid: 630, balance: 315 });
    expect(await listed('partially_paid', r.id)).toEqual([inv.id]);
    expect(await listed('issued', r.id)).toEqual([]);
    expect(await listed('open', r.id)).toEqual([inv.id]);
    const aging = await agingOpen(r.customerId);
    expect(aging.total).toBe(315);
    expect(aging.invoiceLines).toEqual([expect.objectContaining({ invoiceId: inv.id, amount: 315 })]);
    // The receipt names the invoice it paid.
    const receipt = await getItem(entityKey(tenantId, 'RECEIPT', first.entry.receiptId), true);
    expect(receipt?.allocations).toEqual([
      expect.objectContaining({ invoiceId: inv.id, invoiceNumber: inv.number, rentalId: r.id, amountMinor: 63_000 }),
    ]);

    ok(await pay(r.id, 315), 201);
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'paid', amountPaid: 945, balance: 0 });
    expect((await rentalOf(r.id)).balance).toBe(0);
    expect(await listed('paid', r.id)).toEqual([inv.id]);
    expect(await listed('open', r.id)).toEqual([]);
    expect((await agingOpen(r.customerId)).total).toBe(0);
    await selfCheck();
  });

  it('two open invoices: the oldest is paid first; what is left stays on the rental for charges not invoiced yet', async () => {
    const r = await pickedUp();
    const older = await issue(r.id);
    ok(
      await post(
        `/api/v1/rentals/${r.id}/charges`,
        { amount: 210, label: 'Scratch repair', category: 'damage_fees' },
        owner,
      ),
      201,
    );
    const newer = await issue(r.id);
    expect(newer).toMatchObject({ status: 'issued', total: 210 });
    ok(
      await post(`/api/v1/rentals/${r.id}/charges`, { amount: 105, label: 'Cleaning', category: 'damage_fees' }, owner),
      201,
    );
    expect((await rentalOf(r.id)).balance).toBe(945 + 210 + 105);

    const res = ok(await pay(r.id, 1000), 201);
    expect(res.invoices.map((i: { id: string }) => i.id)).toEqual([older.id, newer.id]);
    expect(await invoiceOf(older.id)).toMatchObject({ status: 'paid', balance: 0 });
    expect(await invoiceOf(newer.id)).toMatchObject({ status: 'partially_paid', amountPaid: 55, balance: 155 });
    // 260 still owed: 155 on the newer invoice and the 105 not invoiced yet.
    expect((await rentalOf(r.id)).balance).toBe(260);
    expect((await agingOpen(r.customerId)).invoiceLines).toEqual([
      expect.objectContaining({ invoiceId: newer.id, amount: 155 }),
    ]);

    // The rest pays the newer invoice; the 105 stays on the rental and is allocated when invoiced.
    ok(await pay(r.id, 260), 201);
    expect(await invoiceOf(newer.id)).toMatchObject({ status: 'paid', balance: 0 });
    const third = await issue(r.id);
    expect(third).toMatchObject({ status: 'paid', total: 105, amountPaid: 105, balance: 0 });
    expect((await rentalOf(r.id)).balance).toBe(0);
    await selfCheck();
  });

  it("another company's rental is 404 and nothing is paid", async () => {
    const r = await pickedUp();
    const inv = await issue(r.id);
    const other = await registerTenant();
    const res = await post(`/api/v1/rentals/${r.id}/payments`, { amount: 100, method: 'cash' }, other.token);
    expect(res.status).toBe(404);
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'issued', amountPaid: 0, balance: 945 });
  });

  it('a payment retried with the same Idempotency-Key pays the invoice once; concurrent payments each pay it', async () => {
    const r = await pickedUp();
    const inv = await issue(r.id);
    const key = `alloc-${Date.now().toString(36)}`;
    const first = ok(await pay(r.id, 100, { 'idempotency-key': key }), 201);
    const again = await Promise.all([1, 2, 3].map(() => pay(r.id, 100, { 'idempotency-key': key })));
    for (const a of again) expect(a.body).toEqual(first);
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'partially_paid', amountPaid: 100, balance: 845 });
    expect((await rentalOf(r.id)).balance).toBe(845);

    // Concurrent desk payments and a payment at the invoice: each lost race re-plans on the versions.
    const all = await Promise.all([
      pay(r.id, 100),
      pay(r.id, 100),
      pay(r.id, 100),
      post(`/api/v1/invoices/${inv.id}/payments`, { amount: 45, method: 'cash' }, owner),
    ]);
    for (const a of all) expect(a.status, JSON.stringify(a.body).slice(0, 300)).toBe(201);
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'partially_paid', amountPaid: 445, balance: 500 });
    expect((await rentalOf(r.id)).balance).toBe(500);
    expect((await agingOpen(r.customerId)).total).toBe(500);
    await selfCheck();
  });

  it('an amount above the balance due is refused with a field message, nothing written; the deposit is not capped', async () => {
    const r = await pickedUp();
    const inv = await issue(r.id);
    ok(await pay(r.id, 900), 201);
    const before = await rentalOf(r.id);
    const over = await pay(r.id, 45.01);
    expect(over.status).toBe(400);
    expect(over.body.error.fields.amount).toBe(RENTAL_SERVER_MESSAGES.paymentOverBalance);
    const after = await rentalOf(r.id);
    expect({ balance: after.balance, version: after.version }).toEqual({ balance: 45, version: before.version });
    expect(await invoiceOf(inv.id)).toMatchObject({ amountPaid: 900, balance: 45 });
    // Exactly the balance is taken; then nothing more is, but a security deposit still is.
    ok(await pay(r.id, 45), 201);
    expect((await pay(r.id, 1)).status).toBe(400);
    const deposit = ok(
      await post(`/api/v1/rentals/${r.id}/payments`, { amount: 500, method: 'cash', forDeposit: true }, owner),
      201,
    );
    expect(deposit.invoices).toEqual([]);
    expect(deposit.rental.balance).toBe(0);
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'paid', amountPaid: 945, balance: 0 });
  });
});

describe('money paid back on the rental', () => {
  it('a refund reopens the newest paid invoice first, by what the rental no longer holds', async () => {
    const r = await pickedUp();
    const older = await issue(r.id);
    ok(
      await post(
        `/api/v1/rentals/${r.id}/charges`,
        { amount: 210, label: 'Scratch repair', category: 'damage_fees' },
        owner,
      ),
      201,
    );
    const newer = await issue(r.id);
    const paid = ok(await pay(r.id, 1155), 201);
    expect(await invoiceOf(newer.id)).toMatchObject({ status: 'paid' });

    const refund = ok(await post(`/api/v1/rentals/${r.id}/refunds`, { amount: 300, method: 'cash' }, owner), 201);
    expect(refund.rental.balance).toBe(300);
    expect(refund.invoices.map((i: { id: string }) => i.id)).toEqual([newer.id, older.id]);
    expect(await invoiceOf(newer.id)).toMatchObject({ status: 'issued', amountPaid: 0, balance: 210 });
    expect(await invoiceOf(older.id)).toMatchObject({ status: 'partially_paid', amountPaid: 855, balance: 90 });
    expect(await listed('open', r.id)).toEqual(expect.arrayContaining([older.id, newer.id]));
    expect((await agingOpen(r.customerId)).total).toBe(300);

    // A payment reversed does the same; paying again settles the oldest first.
    const reversed = ok(
      await post(
        `/api/v1/rentals/${r.id}/ledger/${paid.entry.id}/reverse`,
        { amount: 90, reason: 'Card charge failed' },
        owner,
      ),
      201,
    );
    expect(reversed.rental.balance).toBe(390);
    expect(await invoiceOf(older.id)).toMatchObject({ status: 'partially_paid', amountPaid: 765, balance: 180 });
    ok(await pay(r.id, 390), 201);
    expect(await invoiceOf(older.id)).toMatchObject({ status: 'paid', balance: 0 });
    expect(await invoiceOf(newer.id)).toMatchObject({ status: 'paid', balance: 0 });
    expect((await agingOpen(r.customerId)).total).toBe(0);
    await selfCheck();
  });

  it('the deposit applied to the balance at close pays the open invoice, shown as paid from the deposit', async () => {
    const r = await pickedUp(300);
    ok(await post(`/api/v1/rentals/${r.id}/return`, { odometerEnd: 10_100, condition: 'good' }, owner));
    const owed = (await rentalOf(r.id)).balance as number;
    const inv = await issue(r.id);
    expect(inv).toMatchObject({ status: 'issued', total: owed, amountPaid: 0 });
    const applied = Math.min(300, owed);
    const closed = ok(await post(`/api/v1/rentals/${r.id}/close`, { depositRefundMethod: 'cash' }, owner));
    expect(closed.balance ?? closed.rental?.balance).toBe(Math.round((owed - applied) * 100) / 100);
    expect(await invoiceOf(inv.id)).toMatchObject({
      amountPaid: applied,
      depositApplied: applied,
      balance: Math.round((owed - applied) * 100) / 100,
      status: owed > applied ? 'partially_paid' : 'paid',
    });
    expect((await agingOpen(r.customerId)).total).toBe(Math.round((owed - applied) * 100) / 100);
    await selfCheck();
  });
});
