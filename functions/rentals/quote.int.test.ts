import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, put } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { REGION_CODES, getRegionConfig, type RegionCode } from '../../shared/regions';

/**
 * Property (issue 17): booking what POST /api/v1/rentals/quote answered charges exactly that —
 * for random customer ages, company regions, VAT on/off (the tax rate the wizard proposes),
 * tax included or added, daily/monthly, closed or open-ended. One company per region.
 */
const DAY = 86_400_000;
const tag = Date.now().toString(36).slice(-4).toUpperCase();
let seq = 0;
const companies = new Map<RegionCode, { token: string }>();

async function vehicle(token: string) {
  seq += 1;
  const v = await post(
    '/api/v1/vehicles',
    {
      make: 'Toyota',
      model: 'Yaris',
      year: 2024,
      licensePlate: `Q ${tag}${seq}`,
      vin: `QTE${tag}${String(seq).padStart(10, '0')}`.slice(0, 17).padEnd(17, '0'),
      odometerKm: 5_000,
      dailyRate: 100,
      category: 'economy',
    },
    token,
  );
  expect(v.status, JSON.stringify(v.body)).toBe(201);
  return v.body.id as string;
}

beforeAll(async () => {
  for (const region of REGION_CODES) {
    const t = await registerTenant();
    const s = await get('/api/v1/company/settings', t.token);
    const moved = await put(
      '/api/v1/company/settings',
      { version: s.body.version, preferences: { ...s.body.preferences, region } },
      t.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    companies.set(region, { token: t.token });
  }
}, 60_000);

describe('quote = booking', () => {
  it('books exactly what the quote says, for random inputs', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          region: fc.constantFrom(...REGION_CODES),
          age: fc.integer({ min: 21, max: 75 }),
          vatOn: fc.boolean(),
          taxIncluded: fc.boolean(),
          days: fc.integer({ min: 1, max: 45 }),
          extraHours: fc.integer({ min: 0, max: 23 }),
          dailyRateCents: fc.integer({ min: 100, max: 150_000 }),
          monthly: fc.boolean(),
          openEnded: fc.boolean(),
        }),
        async (input) => {
          run += 1;
          const { token } = companies.get(input.region)!;
          // A vehicle per run: open-ended bookings hold theirs for good.
          const vehicleId = await vehicle(token);
          // Exactly `age` years old in any company's calendar: the birthday was two days ago.
          const dob = new Date(Date.now() - 2 * DAY);
          dob.setUTCFullYear(dob.getUTCFullYear() - input.age);
          const customer = await post(
            '/api/v1/customers',
            { fullNameEnglish: `Quote ${tag} ${++seq}`, dateOfBirth: dob.toISOString().slice(0, 10) },
            token,
          );
          expect(customer.status, JSON.stringify(customer.body)).toBe(201);
          const start = Date.UTC(2032, 0, 1, 8, 0, 0) + run * 60 * DAY;
          const end = start + input.days * DAY + input.extraHours * 3_600_000;
          const dailyRate = input.dailyRateCents / 100;
          const body = {
            customerId: customer.body.id,
            vehicleId,
            startDate: new Date(start).toISOString(),
            ...(input.openEnded
              ? { openEnded: true, expectedDuration: input.days }
              : { endDate: new Date(end).toISOString() }),
            rentalType: input.monthly ? 'monthly' : 'daily',
            dailyRate,
            monthlyRate: input.monthly ? Math.round(dailyRate * 25 * 100) / 100 : null,
            taxRate: input.vatOn ? getRegionConfig(input.region).taxRate || 5 : 0,
            taxIncluded: input.taxIncluded,
          };
          const quote = await post('/api/v1/rentals/quote', body, token);
          expect(quote.status, JSON.stringify(quote.body)).toBe(200);
          const booked = await post('/api/v1/rentals', body, token);
          expect(booked.status, JSON.stringify(booked.body)).toBe(201);
          // Issue 26: an open-ended rental charges nothing at booking; its quote is the expected cost.
          expect(booked.body.totalAmount).toBe(input.openEnded ? 0 : quote.body.total);
          expect(booked.body.quotedTotal).toBe(quote.body.total);
          expect(booked.body.quotedTax).toBe(quote.body.tax);
          expect(booked.body.expectedDuration).toBe(quote.body.days);
          const ledger = await get(`/api/v1/rentals/${booked.body.id}/ledger`, token);
          const charged = ledger.body.items
            .filter((e: { type: string; category: string }) => e.type === 'charge' && e.category !== 'security_deposit')
            .map((e: { lineCode: string; amount: number }) => [e.lineCode, e.amount]);
          expect(charged).toEqual(
            input.openEnded ? [] : quote.body.lines.map((l: { code: string; amount: number }) => [l.code, l.amount]),
          );
          if (input.age < 25)
            expect(quote.body.lines.some((l: { code: string }) => l.code === 'young_driver_fee')).toBe(true);
        },
      ),
      { numRuns: 16 },
    );
  }, 180_000);
});
