import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { RENTAL_MESSAGES } from '../../shared/schemas/rentals-constants';
import { RENTAL_SERVER_MESSAGES } from '../../shared/rentals/messages';
import { updateRaw } from '../lib/data/repo';
import {
  DAY,
  HOUR,
  base,
  bookRental,
  bookingBody,
  iso,
  rentalCustomer,
  rentalVehicle,
  setSettings,
  tag,
  windowOf,
} from '../../test/integration/rental-kit';

/**
 * Rentals over HTTP through the local gateway: every validation message, conflicts (incl.
 * open-ended), 50 concurrent conflicting bookings, 20 concurrent payments, idempotent retries,
 * the full lifecycle, the STAFF close-with-balance rule, other tenant 404, roles 403.
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;
let customerId: string;
const vehicle = rentalVehicle;
const customer = rentalCustomer;
const body = (vehicleId: string, over: Record<string, unknown> = {}) => bookingBody(customerId, vehicleId, over);
const book = (token: string, vehicleId: string, over: Record<string, unknown> = {}) =>
  bookRental(token, customerId, vehicleId, over);

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  customerId = await customer(t.owner.token);
});

describe('booking validation', () => {
  it('answers the wizard messages of the spec and writes nothing', async () => {
    const empty = await post('/api/v1/rentals', {}, t.owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION_FAILED');
    expect(empty.body.error.message).toBe(RENTAL_MESSAGES.validation);
    expect(empty.body.error.fields).toMatchObject({
      customerId: 'Please select a customer',
      vehicleId: 'Please select a vehicle',
      startDate: 'Start date is required',
      dailyRate: RENTAL_MESSAGES.rateRequired,
    });
    const v = await vehicle(t.owner.token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endDate: undefined }, 'endDate', RENTAL_MESSAGES.endRequired],
      [{ ...windowOf(3, -1) }, 'endDate', RENTAL_MESSAGES.endAfterStart],
      [{ dailyRate: 0 }, 'dailyRate', 'Amount must be greater than 0'],
      [{ dailyRate: 10.555 }, 'dailyRate', 'Amount must have at most 2 decimal places'],
      [{ taxRate: 'abc' }, 'taxRate', RENTAL_MESSAGES.taxRateInvalid],
      [{ dailyKmLimit: 0 }, 'dailyKmLimit', RENTAL_MESSAGES.kmLimitPositive],
      [{ initialPaymentAmount: 50 }, 'initialPaymentMethod', RENTAL_MESSAGES.paymentMethodRequired],
      [{ openEnded: true, endDate: null }, 'expectedDuration', RENTAL_MESSAGES.expectedDurationRange],
      [
        { openEnded: true, endDate: null, expectedDuration: 366 },
        'expectedDuration',
        RENTAL_MESSAGES.expectedDurationRange,
      ],
      [
        { openEnded: true, endDate: null, expectedDuration: 0 },
        'expectedDuration',
        RENTAL_MESSAGES.expectedDurationRange,
      ],
      [{ rentalType: 'monthly' }, 'monthlyRate', RENTAL_MESSAGES.monthlyRateRequired],
      [{ ...windowOf(0, 400) }, 'endDate', RENTAL_MESSAGES.expectedDurationRange],
    ];
    for (const [over, field, message] of cases) {
      const res = await post('/api/v1/rentals', body(v.id, over), t.owner.token);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.error.fields?.[field], JSON.stringify(over)).toBe(message);
    }
    const list = await get(`/api/v1/rentals?customerId=${customerId}`, t.owner.token);
    expect(list.body.items.filter((r: { vehicleId: string }) => r.vehicleId === v.id)).toHaveLength(0);
  });

  it("refuses an unknown customer or vehicle, an archived vehicle, and a customer under the region's minimum age", async () => {
    const v = await vehicle(t.owner.token);
    const noCustomer = await post(
      '/api/v1/rentals',
      body(v.id, { customerId: '01JAAAAAAAAAAAAAAAAAAAAAAA' }),
      t.owner.token,
    );
    expect(noCustomer.body.error.fields.customerId).toBe(RENTAL_MESSAGES.customerRequired);
    const noVehicle = await post('/api/v1/rentals', body('01JAAAAAAAAAAAAAAAAAAAAAAA'), t.owner.token);
    expect(noVehicle.body.error.fields.vehicleId).toBe(RENTAL_MESSAGES.vehicleRequired);

    const archived = await vehicle(t.owner.token);
    expect((await post(`/api/v1/vehicles/${archived.id}/archive`, {}, t.owner.token)).status).toBe(200);
    const onArchived = await post('/api/v1/rentals', body(archived.id), t.owner.token);
    expect(onArchived.status).toBe(409);
    expect(onArchived.body.error.code).toBe('VEHICLE_UNAVAILABLE');

    // The customers domain refuses such a date of birth at creation; a customer recorded before
    // (or edited in the table) must still be refused at booking.
    const teen = await customer(t.owner.token);
    const { customerKey } = await import('../customers/api');
    await updateRaw({
      Key: customerKey(t.owner.tenantId, teen),
      UpdateExpression: 'SET dateOfBirth = :d',
      ExpressionAttributeValues: { ':d': '2012-01-01' },
    });
    const underAge = await post('/api/v1/rentals', body(v.id, { customerId: teen }), t.owner.token);
    expect(underAge.status).toBe(400);
    expect(underAge.body.error.fields.customerId).toBe(
      'Customer must be at least 21 years old to rent in United States',
    );
  });

  it('refuses a customer marked inactive in the directory until they are reactivated', async () => {
    const v = await vehicle(t.owner.token);
    const inactive = await customer(t.owner.token);
    expect((await post(`/api/v1/customers/${inactive}/active`, { isActive: false }, t.owner.token)).status).toBe(200);
    const refused = await post('/api/v1/rentals', body(v.id, { customerId: inactive }), t.owner.token);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.customerId).toBe(RENTAL_MESSAGES.customerInactive);
    expect((await post(`/api/v1/customers/${inactive}/active`, { isActive: true }, t.owner.token)).status).toBe(200);
    expect((await post('/api/v1/rentals', body(v.id, { customerId: inactive }), t.owner.token)).status).toBe(201);
  });

  it("charges the region's young-driver fee per day to a driver under 25", async () => {
    const v = await vehicle(t.owner.token);
    const young = await customer(t.owner.token, { dateOfBirth: iso(Date.now() - 22 * 365.25 * DAY).slice(0, 10) });
    const r = await book(t.owner.token, v.id, { customerId: young });
    expect(r.youngDriverFeePerDay).toBe(25);
    expect(r.totalAmount).toBe(3 * 100 + 3 * 25);
  });
});

describe('booking', () => {
  it('creates a pending rental with consecutive references when nothing fails, the initial ledger and the customer counter', async () => {
    const owner = await registerTenant();
    const cust = await customer(owner.token);
    const v = await vehicle(owner.token);
    const res = await post(
      '/api/v1/rentals',
      {
        customerId: cust,
        vehicleId: v.id,
        ...windowOf(0, 3),
        dailyRate: 100,
        taxRate: 5,
        securityDeposit: 500,
        initialPaymentAmount: 100,
        initialPaymentMethod: 'cash',
        pickupLocation: 'Airport',
        agentName: 'Sara',
      },
      owner.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      referenceNumber: 'RENT-1001',
      contractNumber: 'CNT-1001',
      status: 'pending',
      expectedDuration: 3,
      dailyRate: 100,
      dailyKmLimit: 200,
      extraChargePerKm: 0.5,
      totalAmount: 315,
      balance: 215,
      balanceState: 'due',
      securityDeposit: 500,
      depositHeld: 0,
      pickupLocation: 'Airport',
      agentName: 'Sara',
      paymentType: 'cash',
    });
    const ledger = await get(`/api/v1/rentals/${res.body.id}/ledger`, owner.token);
    expect(ledger.status).toBe(200);
    const summary = ledger.body.items.map(
      (e: { type: string; category: string; amount: number; method: string | null }) => [
        e.type,
        e.category,
        e.amount,
        e.method,
      ],
    );
    expect(summary).toEqual([
      ['charge', 'base_rental', 300, null],
      ['charge', 'tax', 15, null],
      ['charge', 'security_deposit', 500, null],
      ['payment', 'payment', 100, 'cash'],
    ]);
    expect(ledger.body.balance).toBe(215);
    const second = await book(owner.token, (await vehicle(owner.token)).id, { customerId: cust });
    expect([second.referenceNumber, second.contractNumber]).toEqual(['RENT-1002', 'CNT-1002']);
    const c = await get(`/api/v1/customers/${cust}`, owner.token);
    expect(c.body.rentalsCount).toBe(2);
  });
});

describe('conflicts', () => {
  it('refuses an overlapping booking with 409 "Booking Conflict" and lists the conflicting booking', async () => {
    const v = await vehicle(t.owner.token);
    const first = await book(t.owner.token, v.id, windowOf(10, 3));
    const overlapping = await post('/api/v1/rentals', body(v.id, windowOf(12, 3)), t.owner.token);
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error).toMatchObject({ code: 'BOOKING_CONFLICT', message: 'Booking Conflict' });
    expect(overlapping.body.error.conflicts.map((c: { refId: string }) => c.refId)).toEqual([first.id]);
    // Back to back is not a conflict: [start, end) intervals.
    await book(t.owner.token, v.id, windowOf(13, 2));
    const check = await post('/api/v1/rentals/check-conflicts', { vehicleId: v.id, ...windowOf(11, 1) }, t.staff.token);
    expect(check.status).toBe(200);
    expect(check.body.hasConflicts).toBe(true);
    const free = await post('/api/v1/rentals/check-conflicts', { vehicleId: v.id, ...windowOf(20, 1) }, t.staff.token);
    expect(free.body).toEqual({ hasConflicts: false, conflicts: [] });
  });

  it('an open-ended rental blocks the vehicle from its start onwards, and is blocked by later bookings', async () => {
    const v = await vehicle(t.owner.token);
    await book(t.owner.token, v.id, windowOf(50, 2));
    const open = await post(
      '/api/v1/rentals',
      body(v.id, { startDate: windowOf(40, 0).startDate, endDate: null, openEnded: true, expectedDuration: 5 }),
      t.owner.token,
    );
    expect(open.status).toBe(409); // runs into the booking at day 50
    const openLater = await book(t.owner.token, v.id, {
      startDate: windowOf(60, 0).startDate,
      endDate: null,
      openEnded: true,
      expectedDuration: 5,
    });
    expect(openLater.endDate).toBeNull();
    const farFuture = await post('/api/v1/rentals', body(v.id, windowOf(400, 2)), t.owner.token);
    expect(farFuture.status).toBe(409);
    expect(farFuture.body.error.conflicts[0]).toMatchObject({ refId: openLater.id, end: null });
  });

  it('50 concurrent conflicting bookings create exactly one rental; every other gets 409 Booking Conflict', async () => {
    const owner = await registerTenant();
    const cust = await customer(owner.token);
    const v = await vehicle(owner.token);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          '/api/v1/rentals',
          {
            customerId: cust,
            vehicleId: v.id,
            startDate: iso(base + i * HOUR),
            endDate: iso(base + 3 * DAY + i * HOUR),
            dailyRate: 100,
          },
          owner.token,
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.message).toBe('Booking Conflict');
    const list = await get('/api/v1/rentals', owner.token);
    expect(list.body.items).toHaveLength(1);
    // References are taken before the transaction (no per-company hot spot): losers may leave gaps,
    // but numbers stay unique and increasing.
    const winner = Number(/^RENT-(\d+)$/.exec(list.body.items[0].referenceNumber)?.[1]);
    expect(winner).toBeGreaterThanOrEqual(1001);
    expect(winner).toBeLessThanOrEqual(1050);
    const next = await book(owner.token, (await vehicle(owner.token)).id, { customerId: cust });
    expect(Number(/^RENT-(\d+)$/.exec(next.referenceNumber)?.[1])).toBeGreaterThan(winner);
  });

  it('20 concurrent bookings of different vehicles all succeed, with distinct references and no gaps when none fails', async () => {
    const owner = await registerTenant();
    const pairs = await Promise.all(
      Array.from({ length: 20 }, async () => [await customer(owner.token), (await vehicle(owner.token)).id] as const),
    );
    const results = await Promise.all(
      pairs.map(([cust, vehicleId]) =>
        post('/api/v1/rentals', { customerId: cust, vehicleId, ...windowOf(0, 3), dailyRate: 100 }, owner.token),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = (field: string) =>
      results.map((r) => Number(String(r.body[field]).replace(/^\D+-/, ''))).sort((a, b) => a - b);
    const expected = Array.from({ length: 20 }, (_, i) => 1001 + i);
    expect(numbers('referenceNumber')).toEqual(expected);
    expect(numbers('contractNumber')).toEqual(expected);
  });

  it('a counter start raised in the company settings moves the next reference up to it', async () => {
    const owner = await registerTenant();
    const cust = await customer(owner.token);
    const first = await book(owner.token, (await vehicle(owner.token)).id, { customerId: cust });
    expect(first.referenceNumber).toBe('RENT-1001');
    await setSettings(owner.tenantId, { referenceConfig: { counters: { rental: 5000 } } });
    const second = await book(owner.token, (await vehicle(owner.token)).id, { customerId: cust });
    const third = await book(owner.token, (await vehicle(owner.token)).id, { customerId: cust });
    expect([second.referenceNumber, second.contractNumber]).toEqual(['RENT-5000', 'CNT-1002']);
    expect(third.referenceNumber).toBe('RENT-5001');
  });

  it('with enableOverbooking on, an overlapping booking is accepted and records the conflict', async () => {
    const owner = await registerTenant();
    const cust = await customer(owner.token);
    const v = await vehicle(owner.token);
    await book(owner.token, v.id, { customerId: cust });
    await setSettings(owner.tenantId, { enableOverbooking: true });
    const second = await book(owner.token, v.id, { customerId: cust });
    expect(second.overbookedConflicts).toHaveLength(1);
  });
});

describe('ledger', () => {
  it('20 concurrent payments on one rental produce the exact balance', async () => {
    const v = await vehicle(t.owner.token);
    const r = await book(t.owner.token, v.id, { ...windowOf(100, 10), dailyRate: 123.45 }); // 1234.50
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(`/api/v1/rentals/${r.id}/payments`, { amount: (1001 + 100 * i) / 100, method: 'cash' }, t.staff.token),
      ),
    );
    expect(results.map((x) => x.status)).toEqual(Array(20).fill(201));
    const paid = Array.from({ length: 20 }, (_, i) => 1001 + 100 * i).reduce((a, b) => a + b, 0);
    const after = await get(`/api/v1/rentals/${r.id}`, t.owner.token);
    expect(Math.round(after.body.balance * 100)).toBe(123_450 - paid);
    expect(Math.round(after.body.payments * 100)).toBe(paid);
    const ledger = await get(`/api/v1/rentals/${r.id}/ledger`, t.owner.token);
    expect(ledger.body.items.filter((e: { type: string }) => e.type === 'payment')).toHaveLength(20);
    expect(ledger.body.balance).toBe(after.body.balance);
  });

  it('a payment retried with the same Idempotency-Key returns the first answer and writes once', async () => {
    const v = await vehicle(t.owner.token);
    const r = await book(t.owner.token, v.id, windowOf(120, 2));
    const key = `pay-${tag}-${Date.now()}`;
    const first = await post(`/api/v1/rentals/${r.id}/payments`, { amount: 50, method: 'credit_card' }, t.owner.token, {
      'idempotency-key': key,
    });
    const again = await post(`/api/v1/rentals/${r.id}/payments`, { amount: 50, method: 'credit_card' }, t.owner.token, {
      'idempotency-key': key,
    });
    const concurrent = await Promise.all(
      [1, 2, 3].map(() =>
        post(`/api/v1/rentals/${r.id}/payments`, { amount: 50, method: 'credit_card' }, t.owner.token, {
          'idempotency-key': key,
        }),
      ),
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    for (const c of concurrent) expect(c.body.entry.id).toBe(first.body.entry.id);
    const ledger = await get(`/api/v1/rentals/${r.id}/ledger`, t.owner.token);
    expect(ledger.body.items.filter((e: { type: string }) => e.type === 'payment')).toHaveLength(1);
    expect(ledger.body.balance).toBe(150);
  });

  it('charges, refunds and reversals move the balance; a locked entry is reversed, never edited', async () => {
    const v = await vehicle(t.owner.token);
    const r = await book(t.owner.token, v.id, windowOf(130, 1)); // 100 due
    const charge = await post(
      `/api/v1/rentals/${r.id}/charges`,
      { amount: 40, category: 'insurance', label: 'Full cover' },
      t.owner.token,
    );
    expect(charge.status).toBe(201);
    expect(charge.body.rental.balance).toBe(140);
    // More than the balance due is refused at the desk (issue 26: never a negative receivable).
    const over = await post(
      `/api/v1/rentals/${r.id}/payments`,
      { amount: 200, method: 'bank_transfer' },
      t.owner.token,
    );
    expect(over.status).toBe(400);
    expect(over.body.error.fields.amount).toBe(RENTAL_SERVER_MESSAGES.paymentOverBalance);
    const pay = await post(`/api/v1/rentals/${r.id}/payments`, { amount: 140, method: 'bank_transfer' }, t.owner.token);
    expect(pay.body.rental.balanceState).toBe('settled');
    const tooMuch = await post(`/api/v1/rentals/${r.id}/refunds`, { amount: 250, method: 'cash' }, t.owner.token);
    expect(tooMuch.status).toBe(400);
    const refund = await post(`/api/v1/rentals/${r.id}/refunds`, { amount: 60, method: 'cash' }, t.owner.token);
    expect(refund.body.rental.balance).toBe(60);
    expect(refund.body.rental.balanceState).toBe('due');
    const again = await post(
      `/api/v1/rentals/${r.id}/payments`,
      { amount: 60, method: 'bank_transfer' },
      t.owner.token,
    );
    expect(again.body.rental.balanceState).toBe('settled');
    const reversal = await post(
      `/api/v1/rentals/${r.id}/ledger/${charge.body.entry.id}/reverse`,
      { reason: 'Customer declined cover' },
      t.owner.token,
    );
    expect(reversal.status).toBe(201);
    expect(reversal.body.rental.balance).toBe(-40);
    const twice = await post(
      `/api/v1/rentals/${r.id}/ledger/${charge.body.entry.id}/reverse`,
      { reason: 'again' },
      t.owner.token,
    );
    expect(twice.status).toBe(409);
    const noLabel = await post(`/api/v1/rentals/${r.id}/charges`, { amount: 5 }, t.owner.token);
    expect(noLabel.body.error.fields.label).toBe(RENTAL_MESSAGES.labelRequired);
  });
});

describe('lifecycle', () => {
  it('pickup → return with extra km → pay → close settles the deposit; archive and restore; other transitions 409', async () => {
    const v = await vehicle(t.owner.token);
    const start = Date.now() - 2 * DAY - HOUR;
    const r = await book(t.owner.token, v.id, {
      startDate: iso(start),
      endDate: iso(start + 2 * DAY),
      dailyRate: 100,
      securityDeposit: 300,
    });
    expect(
      (await post(`/api/v1/rentals/${r.id}/return`, { odometerEnd: 10_100, condition: 'good' }, t.owner.token)).status,
    ).toBe(409);
    const deposit = await post(
      `/api/v1/rentals/${r.id}/payments`,
      { amount: 300, method: 'cash', forDeposit: true },
      t.owner.token,
    );
    expect(deposit.body.rental.depositHeld).toBe(300);
    expect(deposit.body.rental.balance).toBe(200);

    const badPickup = await post(`/api/v1/rentals/${r.id}/pickup`, {}, t.owner.token);
    expect(badPickup.body.error.fields).toMatchObject({
      odometerStart: RENTAL_MESSAGES.odometerStartRequired,
      fuelLevelStart: RENTAL_MESSAGES.fuelLevelRequired,
    });
    const picked = await post(
      `/api/v1/rentals/${r.id}/pickup`,
      { odometerStart: 10_000, fuelLevelStart: 'full' },
      t.owner.token,
    );
    expect(picked.status).toBe(200);
    expect(picked.body.status).toBe('active');
    expect((await get(`/api/v1/vehicles/${v.id}`, t.owner.token)).body.status).toBe('rented');
    expect(
      (await post(`/api/v1/rentals/${r.id}/pickup`, { odometerStart: 1, fuelLevelStart: 'full' }, t.owner.token))
        .status,
    ).toBe(409);
    expect((await post(`/api/v1/rentals/${r.id}/cancel`, {}, t.owner.token)).status).toBe(409);

    const badReturn = await post(`/api/v1/rentals/${r.id}/return`, {}, t.owner.token);
    expect(badReturn.body.error.fields).toMatchObject({
      odometerEnd: 'Return mileage is required',
      condition: 'Condition is required',
    });
    const below = await post(
      `/api/v1/rentals/${r.id}/return`,
      { odometerEnd: 9_000, condition: 'good' },
      t.owner.token,
    );
    expect(below.body.error.fields.odometerEnd).toBe(RENTAL_MESSAGES.odometerBelowStart);

    // 2 days booked, returned now (2 days 1 hour after start: within... more than the grace → 3 days, 1 late).
    const returnBody = {
      odometerEnd: 10_800,
      condition: 'good',
      fuelLevelEnd: 'full',
      salikCharges: 12,
      trafficFines: 0,
      damageFees: 0,
      extraCharges: 0,
    };
    const preview = await post(`/api/v1/rentals/${r.id}/return-preview`, returnBody, t.owner.token);
    expect(preview.status).toBe(200);
    const codes = Object.fromEntries(
      preview.body.lines.map((l: { code: string; amount: number }) => [l.code, l.amount]),
    );
    expect(codes.base_rental).toBe(200);
    expect(preview.body.km).toMatchObject({ driven: 800 });
    expect(codes.extra_km).toBe((800 - preview.body.km.allowance) * 0.5);
    expect(codes.extra_km).toBeGreaterThan(0);
    expect(codes.salik_charges).toBe(12);
    const returned = await post(`/api/v1/rentals/${r.id}/return`, returnBody, t.owner.token);
    expect(returned.status).toBe(200);
    expect(returned.body.status).toBe('completed');
    expect(returned.body.totalAmount).toBe(preview.body.total);
    expect(returned.body.balance).toBe(preview.body.balanceAfter);
    const vehicleAfter = (await get(`/api/v1/vehicles/${v.id}`, t.owner.token)).body;
    expect(vehicleAfter.status).toBe('available');
    expect(vehicleAfter.odometerKm).toBe(10_800);

    expect((await post(`/api/v1/rentals/${r.id}/archive`, {}, t.owner.token)).status).toBe(409); // not closed yet
    const balance = returned.body.balance as number;
    await post(`/api/v1/rentals/${r.id}/payments`, { amount: balance - 50, method: 'debit_card' }, t.owner.token);
    const closed = await post(`/api/v1/rentals/${r.id}/close`, { depositRefundMethod: 'cash' }, t.owner.token);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ contractLocked: true, balance: 0, balanceState: 'settled', depositHeld: 0 });
    const ledger = (await get(`/api/v1/rentals/${r.id}/ledger`, t.owner.token)).body;
    const end = ledger.items.filter(
      (e: { context: string; type: string }) => e.context === 'end' && e.type !== 'charge',
    );
    expect(end.map((e: { category: string; amount: number }) => [e.category, e.amount])).toEqual([
      ['security_deposit_refund', 50],
      ['payment', 50],
      ['security_deposit_refund', 250],
    ]);
    expect((await post(`/api/v1/rentals/${r.id}/close`, {}, t.owner.token)).status).toBe(409);

    const archived = await post(`/api/v1/rentals/${r.id}/archive`, {}, t.owner.token);
    expect(archived.body.status).toBe('archived');
    expect((await post(`/api/v1/rentals/${r.id}/payments`, { amount: 1, method: 'cash' }, t.owner.token)).status).toBe(
      409,
    );
    const restored = await post(`/api/v1/rentals/${r.id}/restore`, {}, t.owner.token);
    expect(restored.body.status).toBe('completed');
    const detail = await get(`/api/v1/rentals/${r.id}`, t.owner.token);
    expect(detail.body.timeline.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'deposit_received',
      'pickup',
      'return',
      'payment',
      'close',
      'archive',
      'restore',
    ]);
  });

  it('cancel frees the vehicle window', async () => {
    const v = await vehicle(t.owner.token);
    const r = await book(t.owner.token, v.id, windowOf(200, 3));
    const cancelled = await post(`/api/v1/rentals/${r.id}/cancel`, { reason: 'Plans changed' }, t.staff.token);
    expect(cancelled.body.status).toBe('cancelled');
    await book(t.owner.token, v.id, windowOf(200, 3));
  });

  it('STAFF cannot close with an outstanding balance when allowStaffCloseWithBalance is off; managers can', async () => {
    const owner = await registerTenant();
    const cust = await customer(owner.token);
    const { createStaffUser } = await import('../../test/integration/fixtures');
    const staff = await createStaffUser(owner.token, 'STAFF');
    const returned = async () => {
      const v = await vehicle(owner.token);
      const start = Date.now() - DAY;
      const r = await book(owner.token, v.id, { customerId: cust, startDate: iso(start), endDate: iso(start + DAY) });
      await post(`/api/v1/rentals/${r.id}/pickup`, { odometerStart: 10_000, fuelLevelStart: 'full' }, owner.token);
      const ret = await post(
        `/api/v1/rentals/${r.id}/return`,
        { odometerEnd: 10_050, condition: 'excellent' },
        owner.token,
      );
      expect(ret.body.balance).toBeGreaterThan(0);
      return r.id as string;
    };
    const allowed = await returned();
    expect((await post(`/api/v1/rentals/${allowed}/close`, {}, staff.token)).status).toBe(200); // default: allowed
    await setSettings(owner.tenantId, { allowStaffCloseWithBalance: false });
    const refused = await returned();
    const staffClose = await post(`/api/v1/rentals/${refused}/close`, {}, staff.token);
    expect(staffClose.status).toBe(403);
    expect((await post(`/api/v1/rentals/${refused}/close`, {}, owner.token)).status).toBe(200);
  });
});

describe('tenancy and roles', () => {
  it("another tenant gets 404 on this tenant's rental; MECHANIC gets 403", async () => {
    const v = await vehicle(t.owner.token);
    const r = await book(t.owner.token, v.id, windowOf(300, 1));
    for (const path of ['', '/ledger', '/notes', '/contract']) {
      expect((await get(`/api/v1/rentals/${r.id}${path}`, other.token)).status, path).toBe(404);
    }
    expect((await post(`/api/v1/rentals/${r.id}/payments`, { amount: 1, method: 'cash' }, other.token)).status).toBe(
      404,
    );
    const foreign = await post('/api/v1/rentals', body(v.id), other.token);
    expect(foreign.status).toBe(400); // neither the customer nor the vehicle exists there
    expect((await get('/api/v1/rentals', t.mechanic.token)).status).toBe(403);
    expect((await post('/api/v1/rentals', body(v.id), t.mechanic.token)).status).toBe(403);
    expect((await get(`/api/v1/rentals/${r.id}`, t.mechanic.token)).status).toBe(403);
  });

  it('lists with status filter, search and stats; notes; contract PDF download', async () => {
    const v = await vehicle(t.owner.token);
    const r = await book(t.owner.token, v.id, {
      ...windowOf(310, 2),
      initialPaymentAmount: 20,
      initialPaymentMethod: 'check',
    });
    const pending = await get('/api/v1/rentals?status=pending&limit=100', t.staff.token);
    expect(pending.body.items.some((x: { id: string }) => x.id === r.id)).toBe(true);
    const search = await get(
      `/api/v1/rentals?q=${encodeURIComponent(r.referenceNumber.toLowerCase())}&limit=100`,
      t.staff.token,
    );
    expect(search.body.items.map((x: { id: string }) => x.id)).toContain(r.id);
    const stats = await get('/api/v1/rentals/stats', t.staff.token);
    expect(stats.body.byStatus.pending).toBeGreaterThan(0);
    expect(stats.body.monthPayments).toBeGreaterThanOrEqual(20);
    const note = await post(
      `/api/v1/rentals/${r.id}/notes`,
      { content: 'Child seat requested', visibility: 'staff_only' },
      t.staff.token,
    );
    expect(note.status).toBe(201);
    expect(
      (await post(`/api/v1/rentals/${r.id}/notes`, { content: ' ' }, t.staff.token)).body.error.fields.content,
    ).toBe(RENTAL_MESSAGES.noteRequired);
    const notes = await get(`/api/v1/rentals/${r.id}/notes`, t.staff.token);
    expect(notes.body.items[0]).toMatchObject({ content: 'Child seat requested', visibility: 'staff_only' });
    const contract = await get(`/api/v1/rentals/${r.id}/contract`, t.staff.token);
    expect(contract.status, JSON.stringify(contract.body)).toBe(200);
    const pdf = await fetch(contract.body.url);
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(5_000);
  });
});
