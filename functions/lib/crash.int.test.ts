import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import {
  arm,
  book,
  bookable,
  booksBalance,
  callback,
  clearFaults,
  depositRefunds,
  draftInvoice,
  enableGateway,
  expectCrashed,
  gapFree,
  heldDeposit,
  invoiceNumbers,
  issue,
  issued,
  key,
  ok,
  paymentsOf,
  refund,
  rentalsOfCustomer,
  startOnline,
} from '../../test/integration/fault-kit';
import { runInvoicing } from '../finance/invoicing';
import { armFault, clearFaults as clearHere } from './faults';

/**
 * Issue 30: the process dies between two steps of each multi-step flow (a crash point of lib/faults.ts armed
 * once). The request answers what API Gateway answers for a function that died (502, no detail); the client's
 * retry (same Idempotency-Key, or the gateway's repeated callback, or the job's next run) completes the work once.
 * The books balance after each. What a crash may leave: a RENT-/CNT- number or a REC- number taken before the
 * transaction (unique, increasing, gaps allowed by design: lib/data/counters.ts); never an invoice number (INV-
 * numbers are reserved inside the issue transaction, so a crash leaves no gap).
 */
let owner: RegisteredTenant;
let token: string;
let tenantId: string;
let serverKey: string;

const crashOnce = (crash: string) => arm({ crash, times: 1, tenantId });

beforeAll(async () => {
  owner = await registerTenant();
  token = owner.token;
  tenantId = owner.tenantId;
  serverKey = await enableGateway(token);
}, 60_000);
afterEach(async () => {
  await clearFaults(tenantId);
  clearHere();
});

describe('a crash between the steps of a flow', () => {
  it("booking, after the counters: 502; the retry books once (the crashed attempt's RENT- number is a gap)", async () => {
    const b = await bookable(token);
    const idem = key('book');
    await crashOnce('booking:after-counter');
    expectCrashed(await book(token, b.body, idem));
    expect(await rentalsOfCustomer(token, b.customerId)).toBe(0);
    const first = ok(await book(token, b.body, idem), 201);
    expect(ok(await book(token, b.body, idem), 201).id).toBe(first.id);
    expect(await rentalsOfCustomer(token, b.customerId)).toBe(1);
    const next = ok(await book(token, (await bookable(token)).body, key('book')), 201);
    const n = (ref: string) => Number(/(\d+)$/.exec(ref)![1]);
    expect(n(next.referenceNumber)).toBe(n(first.referenceNumber) + 1);
    await booksBalance(token);
  });

  it('invoice issue, after the due marker and before the transaction: 502; the retry issues it, no number gap', async () => {
    const { draftId } = await draftInvoice(token);
    await crashOnce('invoice-issue:before-transaction');
    expectCrashed(await issue(token, draftId));
    expect(ok(await get(`/api/v1/invoices/${draftId}`, token)).status).toBe('draft');
    expect(ok(await issue(token, draftId)).status).toBe('issued');
    expect(gapFree(await invoiceNumbers(token))).toBe(true);
    await booksBalance(token);
  });

  it.each(['payment-callback:after-receipt', 'payment-callback:after-settle'])(
    "payment callback, %s: 502; the gateway's repeated callback settles once",
    async (point) => {
      const { invoice } = await issued(token);
      const payment = await startOnline(token, invoice.id);
      const send = callback(tenantId, serverKey, payment);
      await crashOnce(point);
      expectCrashed(await send());
      const retried = ok(await send());
      expect(retried.received).toBe(true);
      expect(ok(await send())).toMatchObject({ received: true, duplicate: true });
      expect((await paymentsOf(token, invoice.id)).filter((p) => p.status === 'paid')).toHaveLength(1);
      expect(ok(await get(`/api/v1/invoices/${invoice.id}`, token))).toMatchObject({ status: 'paid', balance: 0 });
      await booksBalance(token);
    },
  );

  it("deposit refund, after the refund receipt's number: 502; the retry refunds once", async () => {
    const id = await heldDeposit(token);
    const idem = key('refund');
    await crashOnce('deposit-refund:after-receipt');
    expectCrashed(await refund(token, id, idem));
    expect(await depositRefunds(token, id)).toBe(0);
    ok(await refund(token, id, idem), 201);
    ok(await refund(token, id, idem), 201);
    expect(await depositRefunds(token, id)).toBe(1);
    expect(ok(await get(`/api/v1/rentals/${id}`, token)).depositRefunded).toBe(40);
    await booksBalance(token);
  });

  it('job unit (billing periods of a long rental), between the draft and its issue: the next run issues each period once', async () => {
    const [vehicle, customer] = await Promise.all([createVehicle(token), createCustomer(token)]);
    const start = '2034-09-01T09:00:00.000Z';
    const rental = ok(
      await post(
        '/api/v1/rentals',
        {
          vehicleId: vehicle.id,
          customerId: customer.id,
          startDate: start,
          openEnded: true,
          expectedDuration: 30,
          rentalType: 'monthly',
          monthlyRate: 3000,
          dailyRate: 120,
          taxRate: 5,
        },
        token,
      ),
      201,
    );
    ok(
      await post(
        `/api/v1/rentals/${rental.id}/pickup`,
        { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: start },
        token,
      ),
    );
    const day75 = new Date(Date.parse(start) + 75 * 86_400_000);
    // The job runs in this process (as the local runner does): its crash point is armed here.
    armFault({ crash: 'invoice-long-rentals:after-draft', times: 1, tenantId });
    const crashed = await runInvoicing(day75, { tenantId }).catch(() => undefined);
    expect(crashed?.invoicesCreated ?? 0).toBe(0);
    const invoices = async () =>
      (ok(await get(`/api/v1/invoices?rentalId=${rental.id}&limit=100`, token)).items as { status: string }[]).map(
        (i) => i.status,
      );
    expect(await invoices()).toEqual(['draft']);
    const next = await runInvoicing(day75, { tenantId });
    expect(next.failures).toBe(0);
    expect(next.invoicesCreated).toBe(2);
    expect((await invoices()).sort()).toEqual(['issued', 'issued']);
    expect((await runInvoicing(day75, { tenantId })).invoicesCreated).toBe(0);
    expect(gapFree(await invoiceNumbers(token))).toBe(true);
    await booksBalance(token);
  });
});
