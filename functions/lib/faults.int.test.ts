import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { createStaff } from '../../test/integration/entity-factories';
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
  expectUnavailable,
  gapFree,
  heldDeposit,
  hits,
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
import type { FaultKind } from './faults';

/**
 * Issue 30, "faults that lose nothing": every multi-step flow × every DynamoDB fault the SDK's retries do not
 * outlast (throttling, a transaction cancelled by a conflict, a timeout, a 5xx), injected on the company's own
 * transaction through the local gateway's /_faults (functions/lib/faults.ts). Each answers 503
 * SERVICE_UNAVAILABLE with Retry-After and no stack; the same request sent again (same Idempotency-Key where the
 * route takes one) does the work once; the books balance. A fault fewer times than the SDK's attempts is absorbed
 * by the standard retry mode; a conflict a few times by the flow's own re-plan. S3 (invoice PDF), SES (invoice
 * email) and Cognito (sign-in, staff creation) answer the same way.
 */
let owner: RegisteredTenant;
let token: string;
let tenantId: string;
let serverKey: string;

/**
 * "Always" for throttling, timeouts and 5xx. A conflict is re-planned by the flow itself (payments and refunds 40
 * attempts, bookings 80, invoice issue 120): 60 conflicts outlast a payment's or a refund's attempts; a booking or
 * an invoice issue outlasts 10 and succeeds (tested as such).
 */
const ALWAYS: Record<FaultKind, number | undefined> = {
  throttle: undefined,
  timeout: undefined,
  '5xx': undefined,
  conflict: 60,
};
const KINDS: FaultKind[] = ['throttle', 'conflict', 'timeout', '5xx'];
const SURVIVING: FaultKind[] = ['throttle', 'timeout', '5xx'];
const txFault = (kind: FaultKind) =>
  arm({ service: 'dynamodb', command: 'TransactWriteItems', kind, times: ALWAYS[kind], match: tenantId });

beforeAll(async () => {
  owner = await registerTenant();
  token = owner.token;
  tenantId = owner.tenantId;
  serverKey = await enableGateway(token);
}, 60_000);
afterEach(async () => {
  for (const scope of [tenantId, owner.username, 'faults@example.test']) await clearFaults(scope);
});

describe('booking (counters, then one transaction) under DynamoDB faults', () => {
  it.each(SURVIVING)('%s on its transaction: 503 + Retry-After; the retry books once', async (kind) => {
    const b = await bookable(token);
    const idem = key('book');
    await txFault(kind);
    expectUnavailable(await book(token, b.body, idem));
    expect(await hits(tenantId)).toBeGreaterThan(0);
    await clearFaults(tenantId);
    expect(await rentalsOfCustomer(token, b.customerId)).toBe(0);
    const first = ok(await book(token, b.body, idem), 201);
    const again = ok(await book(token, b.body, idem), 201);
    expect(again.id).toBe(first.id);
    expect(await rentalsOfCustomer(token, b.customerId)).toBe(1);
    await booksBalance(token);
  });

  it('a throttle twice (< the SDK attempts) and a conflict ten times (re-planned) are absorbed: 201, one rental', async () => {
    const b = await bookable(token);
    await arm({ service: 'dynamodb', command: 'TransactWriteItems', kind: 'throttle', times: 2, match: tenantId });
    ok(await book(token, b.body, key('book')), 201);
    const c = await bookable(token);
    await arm({ service: 'dynamodb', command: 'TransactWriteItems', kind: 'conflict', times: 10, match: tenantId });
    ok(await book(token, c.body, key('book')), 201);
    expect(await hits(tenantId)).toBe(12);
    expect(await rentalsOfCustomer(token, c.customerId)).toBe(1);
  });
});

describe('invoice issue under DynamoDB faults', () => {
  it.each(SURVIVING)('%s: 503; the retry issues it with the next number, no gap', async (kind) => {
    const { draftId } = await draftInvoice(token);
    await txFault(kind);
    expectUnavailable(await issue(token, draftId));
    await clearFaults(tenantId);
    expect(ok(await get(`/api/v1/invoices/${draftId}`, token)).status).toBe('draft');
    const inv = ok(await issue(token, draftId));
    expect(inv.status).toBe('issued');
    expect(gapFree(await invoiceNumbers(token))).toBe(true);
    await booksBalance(token);
  });

  it('a conflict ten times is re-planned: issued once, numbers gap-free', async () => {
    const { draftId } = await draftInvoice(token);
    await arm({ service: 'dynamodb', command: 'TransactWriteItems', kind: 'conflict', times: 10, match: tenantId });
    expect(ok(await issue(token, draftId)).status).toBe('issued');
    expect(await hits(tenantId)).toBe(10);
    expect(gapFree(await invoiceNumbers(token))).toBe(true);
    await booksBalance(token);
  });
});

describe('payment callback (the gateway posting the result) under DynamoDB faults', () => {
  it.each(KINDS)('%s: 503 (the gateway retries); the retried callback posts the money once', async (kind) => {
    const { invoice } = await issued(token);
    const payment = await startOnline(token, invoice.id);
    const send = callback(tenantId, serverKey, payment);
    await txFault(kind);
    expectUnavailable(await send());
    await clearFaults(tenantId);
    expect(ok(await get(`/api/v1/payments/${payment.id}`, token)).status).toBe('pending');
    expect(ok(await send())).toMatchObject({ received: true, status: 'paid' });
    expect(ok(await send())).toMatchObject({ received: true, duplicate: true });
    expect((await paymentsOf(token, invoice.id)).filter((p) => p.status === 'paid')).toHaveLength(1);
    expect(ok(await get(`/api/v1/invoices/${invoice.id}`, token)).status).toBe('paid');
    await booksBalance(token);
  });
});

describe('deposit refund under DynamoDB faults', () => {
  it.each(KINDS)('%s: 503; the retry (same Idempotency-Key) refunds once', async (kind) => {
    const id = await heldDeposit(token);
    const idem = key('refund');
    await txFault(kind);
    expectUnavailable(await refund(token, id, idem));
    await clearFaults(tenantId);
    expect(await depositRefunds(token, id)).toBe(0);
    ok(await refund(token, id, idem), 201);
    ok(await refund(token, id, idem), 201);
    expect(await depositRefunds(token, id)).toBe(1);
    await booksBalance(token);
  });
});

describe('S3, SES and Cognito faults', () => {
  it.each(SURVIVING)(
    'S3 %s writing the invoice PDF: the issue still answers 200 (PDF deferred), the download 503, then the PDF',
    async (kind) => {
      const { draftId } = await draftInvoice(token);
      await arm({ service: 's3', command: 'PutObject', kind, match: tenantId });
      expect(ok(await issue(token, draftId))).toMatchObject({ status: 'issued', hasPdf: false });
      expectUnavailable(await get(`/api/v1/invoices/${draftId}/pdf`, token));
      await clearFaults(tenantId);
      expect(ok(await get(`/api/v1/invoices/${draftId}/pdf`, token)).fileName).toMatch(/^INV-\d+\.pdf$/);
      expect(ok(await get(`/api/v1/invoices/${draftId}`, token)).hasPdf).toBe(true);
    },
  );

  it.each(SURVIVING)(
    'SES %s sending the invoice email: 503, nothing recorded as sent; the retry sends it',
    async (kind) => {
      const { invoice } = await issued(token);
      await arm({ service: 'ses', command: 'SendEmail', kind, match: 'faults@example.test' });
      expectUnavailable(await post(`/api/v1/invoices/${invoice.id}/email`, {}, token));
      await clearFaults('faults@example.test');
      expect(ok(await get(`/api/v1/invoices/${invoice.id}`, token)).emailedAt ?? null).toBeNull();
      ok(await post(`/api/v1/invoices/${invoice.id}/email`, {}, token));
      expect(ok(await get(`/api/v1/invoices/${invoice.id}`, token)).emailedAt).toBeTruthy();
    },
  );

  it.each(SURVIVING)('Cognito %s: sign-in answers 503; then it signs in', async (kind) => {
    await arm({ service: 'cognito', command: 'AdminInitiateAuth', kind, match: owner.username });
    expectUnavailable(await post('/api/auth/login', { username: owner.username, password: owner.password }));
    await clearFaults(owner.username);
    ok(await post('/api/auth/login', { username: owner.username, password: owner.password }));
  });

  it.each(SURVIVING)(
    'Cognito %s creating a staff member: 503, no half-made staff; the retry creates one',
    async (kind) => {
      const username = `flt${Date.now().toString(36)}${kind.length}`;
      const body = { firstName: 'Fault', lastName: 'Probe', username, password: 'probe-pass-1', role: 'STAFF' };
      await arm({ service: 'cognito', command: 'AdminCreateUser', kind, match: username });
      expectUnavailable(await post('/api/v1/staff', body, token));
      await clearFaults(username);
      const named = async () =>
        (ok(await get('/api/v1/staff?limit=100', token)).items as { username: string }[]).filter(
          (s) => s.username === username,
        ).length;
      expect(await named()).toBe(0);
      await createStaff(token, body);
      expect(await named()).toBe(1);
    },
  );
});
