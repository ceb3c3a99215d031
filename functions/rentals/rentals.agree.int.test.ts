import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, checkBooks } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { updateRaw } from '../lib/data/repo';
import { customerKey } from './deps';
import {
  DAY,
  HOUR,
  bookRental,
  bookingBody,
  iso,
  rentalCustomer,
  rentalVehicle,
  setSettings,
} from '../../test/integration/rental-kit';

/**
 * Issue 26, numbers that agree: a booking through the API without `taxRate` takes the company's
 * VAT settings; the customer's counters (rentals, spend, last rental) move with the rentals and the
 * self-check recomputes them.
 */
let t: Awaited<ReturnType<typeof registerTenant>>;

beforeAll(async () => {
  t = await registerTenant();
});

describe('booking tax rate', () => {
  it('without taxRate: the company VAT rate (5 % with VAT on), in the quote and the booking; an explicit 0 stays 0', async () => {
    await setSettings(t.tenantId, { enableVat: true, vatRate: 0.05 });
    const customerId = await rentalCustomer(t.token);
    const v1 = await rentalVehicle(t.token);
    const quote = await post('/api/v1/rentals/quote', bookingBody(customerId, v1.id), t.token);
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body).toMatchObject({ taxRate: 5, subtotal: 300, tax: 15, total: 315 });
    const booked = await bookRental(t.token, customerId, v1.id);
    expect(booked.taxRate).toBe(5);
    expect(booked.totalAmount).toBe(315);
    const v2 = await rentalVehicle(t.token);
    const zero = await bookRental(t.token, customerId, v2.id, { taxRate: 0 });
    expect(zero.taxRate).toBe(0);
    expect(zero.totalAmount).toBe(300);
    await setSettings(t.tenantId, { enableVat: false });
  });
});

describe('customer counters', () => {
  it('move in the rentals transactions on book, cancel, pickup and return; the self-check recomputes them and reports drift', async () => {
    const customerId = await rentalCustomer(t.token);
    const counters = async () => {
      const c = (await get(`/api/v1/customers/${customerId}`, t.token)).body;
      return {
        rentalsCount: c.rentalsCount,
        completedRentals: c.completedRentals,
        totalSpend: c.totalSpend,
        lastRentalDate: c.lastRentalDate ?? null,
      };
    };
    const selfCheck = async () =>
      (
        (await checkBooks(t.token)).body.checks as {
          name: string;
          passed: boolean;
          details: { customerId: string }[];
        }[]
      ).find((c) => c.name === 'customerCounters')!;
    expect(await counters()).toEqual({ rentalsCount: 0, completedRentals: 0, totalSpend: 0, lastRentalDate: null });

    const start = Date.now() - 3 * DAY;
    const kept = await bookRental(t.token, customerId, (await rentalVehicle(t.token)).id, {
      startDate: iso(start),
      endDate: iso(Date.now() + 2 * HOUR),
      taxRate: 0,
    });
    const dropped = await bookRental(t.token, customerId, (await rentalVehicle(t.token)).id, { taxRate: 0 });
    expect(await counters()).toEqual({ rentalsCount: 2, completedRentals: 0, totalSpend: 0, lastRentalDate: null });

    expect((await post(`/api/v1/rentals/${dropped.id}/cancel`, {}, t.token)).status).toBe(200);
    expect((await counters()).rentalsCount).toBe(1);

    const pickedUpAt = iso(start + HOUR);
    const pickup = await post(
      `/api/v1/rentals/${kept.id}/pickup`,
      { odometerStart: 10_000, fuelLevelStart: 'full', pickedUpAt },
      t.token,
    );
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    // The company (US) calendar: America/New_York.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(pickedUpAt));
    expect(await counters()).toEqual({ rentalsCount: 1, completedRentals: 0, totalSpend: 0, lastRentalDate: day });

    const returned = await post(
      `/api/v1/rentals/${kept.id}/return`,
      { odometerEnd: 10_100, condition: 'good', fuelLevelEnd: 'full' },
      t.token,
    );
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    const rental = (await get(`/api/v1/rentals/${kept.id}`, t.token)).body;
    expect(rental.totalAmount).toBeGreaterThan(0);
    expect(await counters()).toEqual({
      rentalsCount: 1,
      completedRentals: 1,
      totalSpend: rental.totalAmount,
      lastRentalDate: day,
    });
    // The customer's rentals list agrees: one rental had (the cancelled booking listed apart).
    const listed = (await get(`/api/v1/customers/${customerId}/rentals`, t.token)).body.items as { status: string }[];
    expect(listed.filter((r) => r.status !== 'cancelled')).toHaveLength(1);

    expect((await selfCheck()).passed).toBe(true);
    await updateRaw({
      Key: customerKey(t.tenantId, customerId),
      UpdateExpression: 'SET rentalsCount = :n',
      ExpressionAttributeValues: { ':n': 37 },
    });
    const drifted = await selfCheck();
    expect(drifted.passed).toBe(false);
    expect(drifted.details.map((d) => d.customerId)).toEqual([customerId]);
    expect(drifted.details[0]).toMatchObject({
      stored: { rentalsCount: 37 },
      recomputed: { rentalsCount: 1, completedRentals: 1 },
    });
    const { recountCustomers } = await import('./api');
    expect(await recountCustomers(t.tenantId)).toBe(1);
    expect((await selfCheck()).passed).toBe(true);
  });
});
