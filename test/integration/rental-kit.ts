import { expect } from 'vitest';
import { post } from './client';
import { customerBody, vehicleBody } from './entity-factories';
import { keys } from '../../functions/lib/data/keys';
import { updateRaw } from '../../functions/lib/data/repo';

/**
 * Helpers the rentals integration files share (functions/rentals/*.int.test.ts): a vehicle and a
 * customer through the API, booking bodies on a fixed future calendar, and a direct settings write
 * for rules the API does not let a test flip mid-run.
 */
let seq = 0;
export const tag = Date.now().toString(36).slice(-4).toUpperCase();
export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const iso = (ms: number) => new Date(ms).toISOString();
/** A window starting `fromDays` days from a fixed future base, `days` long. */
export const base = Date.UTC(2031, 0, 5, 10, 0, 0);
export const windowOf = (fromDays: number, days: number) => ({
  startDate: iso(base + fromDays * DAY),
  endDate: iso(base + (fromDays + days) * DAY),
});

export async function rentalVehicle(token: string, over: Record<string, unknown> = {}) {
  seq += 1;
  const res = await post(
    '/api/v1/vehicles',
    vehicleBody({
      make: 'Nissan',
      model: 'Altima',
      year: 2024,
      odometerKm: 10_000,
      dailyRate: 100,
      monthlyRate: 2400,
      category: 'sedan',
      ...over,
    }),
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; version: number };
}

export async function rentalCustomer(token: string, over: Record<string, unknown> = {}) {
  const res = await post(
    '/api/v1/customers',
    customerBody({ fullNameEnglish: `Renter ${tag} ${++seq}`, dateOfBirth: '1985-04-02', ...over }),
    token,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A booking body for `customerId` (overridable in `over`) on a three-day window. */
export const bookingBody = (customerId: string, vehicleId: string, over: Record<string, unknown> = {}) => ({
  customerId,
  vehicleId,
  ...windowOf(0, 3),
  dailyRate: 100,
  ...over,
});

export async function bookRental(
  token: string,
  customerId: string,
  vehicleId: string,
  over: Record<string, unknown> = {},
) {
  const res = await post('/api/v1/rentals', bookingBody(customerId, vehicleId, over), token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export async function setSettings(tenantId: string, values: Record<string, unknown>) {
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
