import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, get, post, put, setupBooks, checkBooks } from '../../test/integration/client';
import { tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { keys } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';

/**
 * Invoices that know what was paid (issue 26), over HTTP against the local stack and the PayTabs
 * emulator, in a UAE company with VAT on:
 * - an invoice issued after a payment (an advance taken before pickup) shows it as paid and its balance;
 * - pay online asks the gateway for the balance only (the emulator's /_emulator/transactions);
 * - an overpayment is customer credit (GL 2160), the rental never goes below zero, and the
 *   credit does not block applying the deposit to a later charge;
 * - lines carry quantity × unit price and each line's own VAT;
 * - the rental, its invoice and the aging report (the outstanding-balances page) give the same open amount.
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let owner: string;
const DAY = 86_400_000;
const SERVER_KEY = `SK-paid26-${Date.now().toString(36)}`;

const ok = <T = any>(res: { status: number; body: T }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body).slice(0, 600)).toBe(status);
  return res.body;
};
const money = (n: number) => Math.round(n * 100) / 100;

async function setCompany(tenantId: string, values: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const vals: Record<string, unknown> = {};
  const sets = Object.entries(values).map(([k, v], i) => {
    names[`#f${i}`] = k;
    vals[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  await updateRaw({
    Key: keys.settings(tenantId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: vals,
  });
}

/** A 2-day rental at 450 a day (5 % VAT on top), picked up now; `paid` taken before pickup. */
async function pickedUp(paid: number, deposit = 0) {
  const [vehicle, customer] = await Promise.all([
    createVehicle(owner),
    createCustomer(owner, { fullNameEnglish: `Paid Customer ${Date.now().toString(36)}` }),
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
  if (paid > 0) ok(await post(`/api/v1/rentals/${rental.id}/payments`, { amount: paid, method: 'cash' }, owner), 201);
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

const rentalOf = async (id: string) => ok(await get(`/api/v1/rentals/${id}`, owner));
const invoiceOf = async (id: string) => ok(await get(`/api/v1/invoices/${id}`, owner));

async function selfCheck() {
  const res = ok(await checkBooks(owner));
  for (const c of res.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

/** What the gateway was asked for: the emulator's record of the payment's transaction. */
async function gatewayAsked(paymentId: string) {
  const p = ok(await get(`/api/v1/payments/${paymentId}`, owner));
  const all = (await (await fetch(new URL('/_emulator/transactions', p.gateway.url))).json()) as {
    tranRef: string;
    cartAmount: string;
    cartCurrency: string;
    cartId: string;
  }[];
  const txn = all.find((x) => x.tranRef === p.gateway.tranRef);
  expect(txn, 'the emulator saw the transaction').toBeTruthy();
  return { payment: p, txn: txn! };
}

/** The signed callback the gateway posts when the customer pays. */
async function gatewayPays(p: { id: string; amount: number; currency: string; gateway: { tranRef: string } }) {
  const body = JSON.stringify({
    tran_ref: p.gateway.tranRef,
    cart_id: `${t.owner.tenantId}.${p.id}`,
    cart_currency: p.currency,
    cart_amount: p.amount.toFixed(2),
    tran_currency: p.currency,
    tran_total: p.amount.toFixed(2),
    payment_result: { response_status: 'A', response_message: 'Authorised' },
  });
  const signature = createHmac('sha256', SERVER_KEY).update(body).digest('hex');
  ok(
    await call('/api/v1/payments/callback/paytabs', {
      method: 'POST',
      raw: body,
      headers: { 'content-type': 'application/json', signature },
    }),
  );
}

async function payOnline(invoiceId: string) {
  const started = ok(
    await post(`/api/v1/invoices/${invoiceId}/pay-online`, { language: 'en' }, owner, {
      origin: 'http://localhost:3000',
    }),
    201,
  );
  return gatewayAsked(started.paymentId);
}

/** The open amount of a rental on the aging report (what the outstanding-balances page shows). */
async function agingOpen(customerId: string) {
  const report = ok(await get(`/api/v1/receivables/aging?customerId=${customerId}`, owner));
  return {
    total: report.totals.total as number,
    invoiceLines: report.rentals.flatMap((r: { lines: { kind: string; amount: number }[] }) => r.lines),
  };
}

beforeAll(async () => {
  t = await tenantWithAllRoles();
  owner = t.owner.token;
  await setCompany(t.owner.tenantId, {
    preferences: { region: 'AE', language: 'en' },
    enableVat: true,
    vatRate: 0.05,
    vatNumber: '100123456700003',
  });
  ok(await setupBooks(owner));
  const s = ok(await get('/api/v1/company/settings', owner));
  ok(
    await put(
      '/api/v1/company/settings',
      { version: s.version, gatewayKeys: { profileId: '98765', serverKey: SERVER_KEY } },
      owner,
    ),
  );
}, 120_000);

describe('an invoice issued after a payment', () => {
  it('shows what was paid and its balance; lines are 2 days × 450 with their own VAT; rental, invoice and aging agree', async () => {
    const r = await pickedUp(700);
    ok(
      await post(
        `/api/v1/rentals/${r.id}/charges`,
        { amount: 210, label: 'Scratch repair', category: 'damage_fees' },
        owner,
      ),
      201,
    );
    const inv = await issue(r.id);
    // 2 × 450 + 5 % = 945, and 210 with its VAT (10) extracted: 1,155; 700 paid before issue.
    expect(inv).toMatchObject({ status: 'partially_paid', total: 1155, amountPaid: 700, balance: 455 });
    const rent = inv.lines.find((l: { category: string }) => l.category === 'base_rental');
    expect(rent).toMatchObject({
      quantity: 2,
      unitPrice: 450,
      net: 900,
      vatCode: 'AE_SR_DU',
      vatRate: 5,
      vatAmount: 45,
      total: 945,
    });
    const damage = inv.lines.find((l: { category: string }) => l.category === 'damage_fees');
    expect(damage).toMatchObject({ quantity: 1, unitPrice: 200, net: 200, vatRate: 5, vatAmount: 10, total: 210 });
    for (const l of inv.lines) expect(money(l.quantity * l.unitPrice)).toBe(l.net);
    expect(money(inv.lines.reduce((s: number, l: { vatAmount: number }) => s + l.vatAmount, 0))).toBe(inv.vat);
    // The detail (screen) and the list answer the same.
    expect(await invoiceOf(inv.id)).toMatchObject({ amountPaid: 700, balance: 455 });
    const listed = ok(await get(`/api/v1/invoices?rentalId=${r.id}`, owner)).items.find(
      (i: { id: string }) => i.id === inv.id,
    );
    expect(listed).toMatchObject({ amountPaid: 700, balance: 455 });
    // The same open amount: rental, invoice, aging (= outstanding balances).
    expect((await rentalOf(r.id)).balance).toBe(455);
    const aging = await agingOpen(r.customerId);
    expect(aging.total).toBe(455);
    expect(aging.invoiceLines).toEqual([expect.objectContaining({ kind: 'invoice', invoiceId: inv.id, amount: 455 })]);
    await selfCheck();
  });

  it('a payment that covers the whole invoice before issue: issued as paid, nothing to pay online', async () => {
    const r = await pickedUp(945);
    const inv = await issue(r.id);
    expect(inv).toMatchObject({ status: 'paid', total: 945, amountPaid: 945, balance: 0 });
    expect(
      (
        await post(`/api/v1/invoices/${inv.id}/pay-online`, { language: 'en' }, owner, {
          origin: 'http://localhost:3000',
        })
      ).status,
    ).toBe(409);
  });
});

describe('pay online', () => {
  it('asks the gateway for the balance only; once paid the rental, the invoice and aging are all at zero', async () => {
    const r = await pickedUp(700);
    const inv = await issue(r.id);
    expect(inv).toMatchObject({ total: 945, amountPaid: 700, balance: 245 });
    const { payment, txn } = await payOnline(inv.id);
    expect(txn).toMatchObject({
      cartAmount: '245.00',
      cartCurrency: 'AED',
      cartId: `${t.owner.tenantId}.${payment.id}`,
    });
    expect(payment.amount).toBe(245);
    await gatewayPays(payment);
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'paid', amountPaid: 945, balance: 0 });
    expect((await rentalOf(r.id)).balance).toBe(0);
    expect((await agingOpen(r.customerId)).total).toBe(0);
    await selfCheck();
  });

  it('money taken on the rental after issue: the gateway is asked for what the rental still owes, and the invoice catches up', async () => {
    const r = await pickedUp(0);
    const inv = await issue(r.id);
    expect(inv).toMatchObject({ total: 945, amountPaid: 0, balance: 945 });
    ok(await post(`/api/v1/rentals/${r.id}/payments`, { amount: 100, method: 'cash' }, owner), 201);
    const { payment, txn } = await payOnline(inv.id);
    expect(txn.cartAmount).toBe('845.00');
    await gatewayPays(payment);
    expect(await invoiceOf(inv.id)).toMatchObject({ status: 'paid', amountPaid: 945, balance: 0 });
    const rental = await rentalOf(r.id);
    expect(rental.balance).toBe(0);
    await selfCheck();
  });
});

describe('overpayment', () => {
  it('becomes customer credit (2160), never a negative receivable; the credit does not block applying the deposit', async () => {
    const r = await pickedUp(700, 300);
    const inv = await issue(r.id);
    expect(inv.balance).toBe(245);
    const paid = ok(await post(`/api/v1/invoices/${inv.id}/payments`, { amount: 345, method: 'cash' }, owner), 201);
    expect(paid).toMatchObject({ amount: 345, credit: 100, invoice: { status: 'paid', balance: 0 } });
    expect((await rentalOf(r.id)).balance).toBe(0);
    const journal = ok(await get('/api/v1/accounting/journal-entries?source=payment&limit=100', owner));
    const credit = journal.items
      .filter((e: { sourceId: string }) => e.sourceId === paid.id)
      .flatMap((e: { lines: { accountCode: string; debit: number; credit: number }[] }) => e.lines)
      .filter((l: { accountCode: string }) => l.accountCode === '2160');
    expect(money(credit.reduce((s: number, l: { credit: number; debit: number }) => s + l.credit - l.debit, 0))).toBe(
      100,
    );
    expect(ok(await get(`/api/v1/invoices/${inv.id}/payments`, owner)).customerCredit).toBe(100);
    // Damage found later, taken from the deposit: the customer's credit does not stand in the way.
    // The rental is tax-exclusive, so the 120 damage charge carries 5 % VAT on top (126): the deposit covers both.
    const applied = ok(
      await post(
        `/api/v1/deposits/${r.id}/apply`,
        { amount: 126, charge: { category: 'damage_fees', label: 'Dent found at cleaning', amount: 120 } },
        owner,
      ),
      201,
    );
    expect(applied.rental.balance).toBe(0);
    expect((await agingOpen(r.customerId)).total).toBe(0);
    await selfCheck();
  });
});
