import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import {
  DAY,
  HOUR,
  bookRental,
  bookingBody,
  iso,
  rentalCustomer,
  rentalVehicle,
  setSettings,
  tag,
  windowOf,
} from '../../test/integration/rental-kit';

/** Rentals over HTTP: the overdue job, and the region and blacklist rules at booking. */
let t: { owner: Awaited<ReturnType<typeof registerTenant>> };
let customerId: string;
const vehicle = rentalVehicle;
const customer = rentalCustomer;
const body = (vehicleId: string, over: Record<string, unknown> = {}) => bookingBody(customerId, vehicleId, over);
const book = (token: string, vehicleId: string, over: Record<string, unknown> = {}) =>
  bookRental(token, customerId, vehicleId, over);

beforeAll(async () => {
  t = { owner: await registerTenant() };
  customerId = await customer(t.owner.token);
});

describe('overdue job', () => {
  it('marks an active rental past expected return + grace as overdue, keeps the car blocked, and a re-run changes nothing', async () => {
    const { handler: runOverdueRentals } = await import('../jobs/overdue-rentals');
    const v = await vehicle(t.owner.token);
    const start = Date.now() - 3 * DAY;
    const late = await book(t.owner.token, v.id, { startDate: iso(start), endDate: iso(Date.now() - 2 * HOUR) });
    const v2 = await vehicle(t.owner.token);
    const inGrace = await book(t.owner.token, v2.id, { startDate: iso(start), endDate: iso(Date.now() - 30 * 60_000) });
    for (const r of [late, inGrace])
      await post(`/api/v1/rentals/${r.id}/pickup`, { odometerStart: 10_000, fuelLevelStart: 'full' }, t.owner.token);

    const first = await runOverdueRentals();
    expect(first.totals.marked).toBeGreaterThanOrEqual(1);
    expect((await get(`/api/v1/rentals/${late.id}`, t.owner.token)).body.status).toBe('overdue');
    expect((await get(`/api/v1/rentals/${inGrace.id}`, t.owner.token)).body.status).toBe('active');
    // The overdue car is still out: its block is open-ended now.
    const later = await post('/api/v1/rentals', body(v.id, windowOf(500, 2)), t.owner.token);
    expect(later.status).toBe(409);
    const again = await runOverdueRentals();
    expect(
      (await get(`/api/v1/rentals/${late.id}`, t.owner.token)).body.timeline.filter(
        (e: { action: string }) => e.action === 'overdue',
      ),
    ).toHaveLength(1);
    expect(again.errors).toBe(0);
    // Returning an overdue rental completes it and frees the vehicle.
    const ret = await post(
      `/api/v1/rentals/${late.id}/return`,
      { odometerEnd: 10_100, condition: 'good' },
      t.owner.token,
    );
    expect(ret.body.status).toBe('completed');
    await book(t.owner.token, v.id, windowOf(500, 2));
  });
});

describe('region and blacklist rules', () => {
  it('a blacklisted customer needs the warning acknowledged (warning mode) or is refused (block mode)', async () => {
    const owner = await registerTenant();
    const name = `Blocked Renter ${tag}`;
    const cust = await customer(owner.token, { fullNameEnglish: name });
    const entry = await post('/api/v1/blacklist', { fullName: name, reason: 'Unpaid damages' }, owner.token);
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const v = await vehicle(owner.token);
    const warned = await post('/api/v1/rentals', { ...body(v.id), customerId: cust }, owner.token);
    expect(warned.status).toBe(409);
    expect(warned.body.error.code).toBe('BLACKLIST_WARNING');
    expect(warned.body.error.conflicts[0].reason).toBe('Unpaid damages');
    await book(owner.token, v.id, { customerId: cust, blacklistAcknowledged: true });
    await setSettings(owner.tenantId, { blacklistMode: 'block' });
    const refused = await post(
      '/api/v1/rentals',
      { ...body(v.id, windowOf(30, 2)), customerId: cust, blacklistAcknowledged: true },
      owner.token,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('CUSTOMER_BLACKLISTED');
    await setSettings(owner.tenantId, { enableBlacklistCheck: false });
    await book(owner.token, v.id, { ...windowOf(30, 2), customerId: cust });
  });

  it("never books beyond the region's maximum rental days (UAE: 90)", async () => {
    const owner = await registerTenant();
    const cust = await customer(owner.token);
    const v = await vehicle(owner.token);
    await setSettings(owner.tenantId, { preferences: { region: 'AE' } });
    const defaults = await get('/api/v1/rentals/defaults', owner.token);
    expect(defaults.body).toMatchObject({
      region: 'AE',
      currency: 'AED',
      taxRate: 5,
      maxRentalDays: 90,
      dailyKmLimit: 200,
    });
    const tooLong = await post('/api/v1/rentals', { ...body(v.id, windowOf(0, 95)), customerId: cust }, owner.token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.endDate).toBe('Expected duration cannot exceed 90 days in United Arab Emirates');
    const openTooLong = await post(
      '/api/v1/rentals',
      { ...body(v.id), customerId: cust, endDate: null, openEnded: true, expectedDuration: 120 },
      owner.token,
    );
    expect(openTooLong.body.error.fields.expectedDuration).toBe(
      'Expected duration cannot exceed 90 days in United Arab Emirates',
    );
    const ok = await book(owner.token, v.id, { ...windowOf(0, 90), customerId: cust });
    expect(ok.maxRentalDuration).toBe(90);
  });
});
