import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import type { RegisteredTenant } from '../../test/integration/fixtures';
import { yearsAgo, createCustomer, customersWorld } from '../../test/integration/customer-kit';

/** A customer's rental history, read from the rentals domain in pages. */
let owner: RegisteredTenant;

beforeAll(async () => {
  ({ owner } = await customersWorld());
});

const create = (body: Record<string, unknown>, token = owner.token) => createCustomer(body, token);

describe('rental history', () => {
  it('answers an empty first page for a customer without rentals', async () => {
    const id = (await create({ fullNameEnglish: 'No Rentals Yet' })).body.id;
    const res = await get(`/api/v1/customers/${id}/rentals`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], nextCursor: null });
  });

  it("lists the customer's rentals from the rentals domain, newest first, in pages", async () => {
    const id = (await create({ fullNameEnglish: 'Frequent Renter', dateOfBirth: yearsAgo(40) })).body.id;
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const vehicle = await post(
        '/api/v1/vehicles',
        {
          make: 'Toyota',
          model: 'Corolla',
          year: 2023,
          licensePlate: `H ${Date.now().toString().slice(-6)}${i}`,
          vin: `HIST${Date.now().toString(36).toUpperCase()}${i}`.padEnd(17, '7').slice(0, 17),
          odometerKm: 1200,
          dailyRate: 90,
          category: 'sedan',
        },
        owner.token,
      );
      expect(vehicle.status).toBe(201);
      const start = Date.UTC(2031, 0, 1 + i * 10);
      const rental = await post(
        '/api/v1/rentals',
        {
          customerId: id,
          vehicleId: vehicle.body.id,
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + 2 * 86_400_000).toISOString(),
          dailyRate: 90,
        },
        owner.token,
      );
      expect(rental.status).toBe(201);
      refs.push(rental.body.referenceNumber);
    }
    const first = await get(`/api/v1/customers/${id}/rentals?limit=2`, owner.token);
    expect(first.status).toBe(200);
    expect(first.body.items.map((r: any) => r.referenceNumber)).toEqual([refs[2], refs[1]]);
    expect(first.body.items[0].customerId).toBe(id);
    const second = await get(`/api/v1/customers/${id}/rentals?limit=2&cursor=${first.body.nextCursor}`, owner.token);
    expect(second.body.items.map((r: any) => r.referenceNumber)).toEqual([refs[0]]);
  });
});
