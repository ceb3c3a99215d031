import { describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { createCustomer, createRental, createVehicle } from '../../test/integration/entity-factories';
import { queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import {
  invoiceOf,
  issuedInvoice,
  ok,
  owner,
  pay,
  paymentsOf,
  rentalOf,
  selfCheckGreen,
  t,
  setUpPaymentsCompany,
} from '../../test/integration/payments-kit';

/**
 * Payments recorded over HTTP against the local stack: allocation and overpayment credit, idempotency, refunds,
 * receipts and their PDF, bad input, the final settlement of a closed rental, roles and tenancy, and the accounting
 * self-check after it all. The online flow is in payments-online.int.test.ts, the browser return, expiry and online
 * refunds in payments-online-return.int.test.ts; the shared set-up in test/integration/payments-kit.ts.
 */
setUpPaymentsCompany();

describe('recording payments', () => {
  it('a partial payment: REC- receipt, invoice partially paid, rental balance down; the same Idempotency-Key answers the first payment', async () => {
    const { invoice, rentalId } = await issuedInvoice();
    const before = await rentalOf(rentalId);
    const key = `pay-${Date.now()}`;
    const first = ok(await pay(invoice.id, { amount: 10, method: 'cash' }, key), 201);
    expect(first).toMatchObject({
      status: 'paid',
      amount: 10,
      method: 'cash',
      credit: 0,
      invoice: { status: 'partially_paid' },
    });
    expect(first.receipt.number).toMatch(/^REC-\d+$/);
    expect(first.allocations).toEqual([{ invoiceId: invoice.id, invoiceNumber: invoice.number, rentalId, amount: 10 }]);
    const again = ok(await pay(invoice.id, { amount: 10, method: 'cash' }, key), 201);
    expect(again.id).toBe(first.id);
    expect((await paymentsOf(invoice.id)).items).toHaveLength(1);
    const after = await invoiceOf(invoice.id);
    expect(after).toMatchObject({ status: 'partially_paid', amountPaid: 10 });
    expect(after.balance).toBeCloseTo(invoice.balance - 10, 2);
    expect((await rentalOf(rentalId)).balance).toBeCloseTo(before.balance - 10, 2);

    const ledger = ok(await get(`/api/v1/rentals/${rentalId}/ledger`, owner));
    expect(ledger.items.find((e: { receiptId?: string }) => e.receiptId === first.receipt.id)).toMatchObject({
      type: 'payment',
      amount: 10,
      method: 'cash',
      receiptNumber: first.receipt.number,
    });

    const second = ok(await pay(invoice.id, { amount: 1, method: 'bank_transfer' }), 201);
    expect(Number(second.receipt.number.slice(4))).toBeGreaterThan(Number(first.receipt.number.slice(4)));
  });

  it('bad input → 400 with field errors and nothing written; a draft invoice → 409', async () => {
    const { invoice, rentalId } = await issuedInvoice();
    for (const body of [
      { amount: 0, method: 'cash' },
      { amount: -5, method: 'cash' },
      { amount: 1.234, method: 'cash' },
      { amount: 5, method: 'bitcoin' },
      { method: 'cash' },
    ]) {
      const res = await pay(invoice.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await pay(invoice.id, { method: 'cash' })).body.error.fields.amount).toBe('Amount is required');
    expect((await paymentsOf(invoice.id)).items).toHaveLength(0);
    expect((await invoiceOf(invoice.id)).amountPaid).toBe(0);
    const vehicle = await createVehicle(owner);
    const rental2 = await createRental(owner, {
      customerId: (await rentalOf(rentalId)).customerId,
      vehicleId: vehicle.id,
    });
    const draft = ok(await post('/api/v1/invoices', { rentalId: rental2.id }, owner), 201);
    expect((await pay(draft.id, { amount: 1, method: 'cash' })).status).toBe(409);
  });

  it("allocation: this invoice first, then the customer's oldest open invoice; the rest becomes customer credit; refunds unwind credit first", async () => {
    const a = await issuedInvoice();
    const b = await issuedInvoice(a.customerId);
    const amount = Math.round((a.invoice.balance + b.invoice.balance + 50) * 100) / 100;
    const p = ok(await pay(b.invoice.id, { amount, method: 'credit_card' }), 201);
    expect(p.allocations.map((x: { invoiceId: string }) => x.invoiceId)).toEqual([b.invoice.id, a.invoice.id]);
    expect(p.credit).toBe(50);
    expect((await invoiceOf(a.invoice.id)).status).toBe('paid');
    expect((await invoiceOf(b.invoice.id)).status).toBe('paid');
    expect((await paymentsOf(a.invoice.id)).items.map((x: { id: string }) => x.id)).toContain(p.id);
    expect((await paymentsOf(b.invoice.id)).customerCredit).toBe(50);
    expect((await rentalOf(a.rentalId)).balance).toBe(0);
    expect((await rentalOf(b.rentalId)).balance).toBe(0);
    await selfCheckGreen();

    // Refund 70: 50 from the credit, 20 from the last allocation (invoice A).
    const r1 = ok(
      await post(`/api/v1/payments/${p.id}/refund`, { amount: 70, reason: 'Customer returned early' }, owner),
      201,
    );
    expect(r1).toMatchObject({ status: 'paid', refunded: 70, method: 'credit_card' });
    expect(r1.refundReceipts).toHaveLength(1);
    expect(r1.refundReceipts[0].number).toMatch(/^REC-\d+$/);
    expect(r1.refundReceipts[0].kind).toBe('refund_receipt');
    expect((await paymentsOf(a.invoice.id)).customerCredit).toBe(0);
    const aAfter = await invoiceOf(a.invoice.id);
    expect(aAfter.status).toBe('partially_paid');
    expect(aAfter.balance).toBe(20);
    expect((await rentalOf(a.rentalId)).balance).toBe(20);
    // More than is left → 400, nothing written.
    expect((await post(`/api/v1/payments/${p.id}/refund`, { amount: amount }, owner)).status).toBe(400);
    const rest = ok(await post(`/api/v1/payments/${p.id}/refund`, {}, owner, { 'idempotency-key': `rf-${p.id}` }), 201);
    expect(rest).toMatchObject({ status: 'refunded' });
    expect(rest.refunded).toBeCloseTo(amount, 2);
    expect((await invoiceOf(b.invoice.id)).status).toBe('issued');
    expect((await post(`/api/v1/payments/${p.id}/refund`, {}, owner)).status).toBe(409);
    await selfCheckGreen();
  });

  it('money received directly on a rental (payment or deposit) gets its REC- receipt too', async () => {
    const { rentalId } = await issuedInvoice();
    const res = ok(
      await post(`/api/v1/rentals/${rentalId}/payments`, { amount: 25, method: 'debit_card', forDeposit: true }, owner),
      201,
    );
    expect(res.entry.receiptNumber).toMatch(/^REC-\d+$/);
    const { url } = ok(await get(`/api/v1/receipts/${res.entry.receiptId}/pdf`, owner));
    expect(
      Buffer.from(await (await fetch(url)).arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it("the booking wizard's initial payment gets a REC- receipt; a rental refund (money or deposit) gets a refund receipt", async () => {
    const customer = await createCustomer(owner, { fullNameEnglish: 'Receipt Customer' });
    const vehicle = await createVehicle(owner);
    const rental = await createRental(
      owner,
      { customerId: customer.id, vehicleId: vehicle.id },
      { initialPaymentAmount: 80, initialPaymentMethod: 'credit_card', securityDeposit: 100 },
    );
    const path = `/api/v1/rentals/${rental.id}`;
    const initial = ok(await get(`${path}/ledger`, owner)).items.find((e: { type: string }) => e.type === 'payment');
    expect(initial).toMatchObject({
      amount: 80,
      method: 'credit_card',
      receiptNumber: expect.stringMatching(/^REC-\d+$/),
    });
    const receiptOf = async (id: string) =>
      (
        await queryAll<{ id: string; kind: string; amountMinor: number; paymentId: string; reason: string | null }>({
          tenantId: t.owner.tenantId,
          pk: tenantPk(t.owner.tenantId, 'RECEIPT'),
          max: 5000,
        })
      ).find((r) => r.id === id);
    expect(await receiptOf(initial.receiptId)).toMatchObject({
      kind: 'receipt',
      amountMinor: 8000,
      paymentId: `rental:${rental.id}`,
    });

    ok(await post(`${path}/payments`, { amount: 100, method: 'cash', forDeposit: true }, owner), 201);
    const refund = ok(
      await post(`${path}/refunds`, { amount: 30, method: 'credit_card' }, owner, {
        'idempotency-key': `rf-${rental.id}`,
      }),
      201,
    );
    expect(refund.entry).toMatchObject({
      type: 'refund',
      amount: 30,
      receiptNumber: expect.stringMatching(/^REC-\d+$/),
    });
    expect(Number(refund.entry.receiptNumber.slice(4))).toBeGreaterThan(Number(initial.receiptNumber.slice(4)));
    expect(await receiptOf(refund.entry.receiptId)).toMatchObject({
      kind: 'refund_receipt',
      amountMinor: 3000,
      reason: 'Refund',
    });
    // The same Idempotency-Key answers the first refund: one refund receipt.
    const again = ok(
      await post(`${path}/refunds`, { amount: 30, method: 'credit_card' }, owner, {
        'idempotency-key': `rf-${rental.id}`,
      }),
      201,
    );
    expect(again.entry.receiptId).toBe(refund.entry.receiptId);
    const deposit = ok(await post(`${path}/refunds`, { amount: 100, method: 'cash', fromDeposit: true }, owner), 201);
    expect(await receiptOf(deposit.entry.receiptId)).toMatchObject({
      kind: 'refund_receipt',
      amountMinor: 10000,
      reason: 'Security deposit refund',
    });
    const { url } = ok(await get(`/api/v1/receipts/${refund.entry.receiptId}/pdf`, owner));
    expect(
      Buffer.from(await (await fetch(url)).arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await selfCheckGreen();
  });

  it('a receipt PDF is a real PDF at a presigned URL', async () => {
    const { invoice } = await issuedInvoice();
    const p = ok(await pay(invoice.id, { amount: 5, method: 'pos_machine' }), 201);
    const { url } = ok(await get(`/api/v1/receipts/${p.receipt.id}/pdf`, owner));
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5000);
  });
});

describe('final settlement', () => {
  it('a closed rental has a final settlement PDF (charges, payments, deposit applied and refunded); before closing → 409', async () => {
    const customer = await createCustomer(owner, { fullNameEnglish: 'Settlement Customer' });
    const vehicle = await createVehicle(owner);
    const now = Date.now();
    const rental = await createRental(
      owner,
      { customerId: customer.id, vehicleId: vehicle.id },
      {
        securityDeposit: 500,
        startDate: new Date(now - 2 * 86_400_000).toISOString(),
        endDate: new Date(now + 86_400_000).toISOString(),
      },
    );
    const path = `/api/v1/rentals/${rental.id}`;
    ok(await post(`${path}/payments`, { amount: 500, method: 'cash', forDeposit: true }, owner), 201);
    expect((await get(`${path}/final-settlement`, owner)).status).toBe(409);
    ok(await post(`${path}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' }, owner));
    ok(
      await post(
        `${path}/return`,
        {
          odometerEnd: 1100,
          condition: 'good',
          fuelLevelEnd: 'full',
          returnDate: new Date(now - 3_600_000).toISOString(),
        },
        owner,
      ),
    );
    ok(await post(`${path}/close`, { depositRefundMethod: 'cash' }, owner));
    const { url } = ok(await get(`${path}/final-settlement`, owner));
    expect(url).toContain(`settlements/${rental.id}/v`);
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`${path}/final-settlement`, t.tokens.MECHANIC)).status).toBe(403);
    expect((await get(`${path}/final-settlement`, (await registerTenant()).token)).status).toBe(404);
  });
});

describe('roles and tenancy', () => {
  it('MECHANIC → 403 everywhere; STAFF records payments but cannot refund; another company → 404', async () => {
    const { invoice } = await issuedInvoice();
    const p = ok(await pay(invoice.id, { amount: 2, method: 'cash' }), 201);
    const m = t.tokens.MECHANIC;
    expect((await get(`/api/v1/payments/${p.id}`, m)).status).toBe(403);
    expect((await pay(invoice.id, { amount: 1, method: 'cash' }, undefined, m)).status).toBe(403);
    expect((await get(`/api/v1/invoices/${invoice.id}/payments`, m)).status).toBe(403);
    expect((await get(`/api/v1/receipts/${p.receipt.id}/pdf`, m)).status).toBe(403);
    expect((await pay(invoice.id, { amount: 1, method: 'cash' }, undefined, t.tokens.STAFF)).status).toBe(201);
    expect((await post(`/api/v1/payments/${p.id}/refund`, {}, t.tokens.STAFF)).status).toBe(403);

    const other = await registerTenant();
    expect((await get(`/api/v1/payments/${p.id}`, other.token)).status).toBe(404);
    expect((await pay(invoice.id, { amount: 1, method: 'cash' }, undefined, other.token)).status).toBe(404);
    expect((await get(`/api/v1/invoices/${invoice.id}/payments`, other.token)).status).toBe(404);
    expect((await get(`/api/v1/receipts/${p.receipt.id}/pdf`, other.token)).status).toBe(404);
    expect((await post(`/api/v1/payments/${p.id}/refund`, {}, other.token)).status).toBe(404);
    expect(
      (await post(`/api/v1/invoices/${invoice.id}/pay-online`, {}, other.token, { origin: 'http://localhost:3000' }))
        .status,
    ).toBe(404);
    expect((await paymentsOf(invoice.id)).items).toHaveLength(2);
  });
});
