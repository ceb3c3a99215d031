import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, checkBooks } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { bookRental, rentalCustomer, rentalVehicle } from '../../test/integration/rental-kit';

/**
 * Issue 26: the rental and /deposits give the same received / applied / refunded figures, and a
 * charge posted with a deposit application follows the rental's tax mode.
 */
let t: Awaited<ReturnType<typeof registerTenant>>;
let customerId: string;

beforeAll(async () => {
  t = await registerTenant();
  customerId = await rentalCustomer(t.token);
});

const ok = (res: { status: number; body: unknown }, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body as Record<string, unknown>;
};

async function depositRow(rentalId: string) {
  const list = ok(await get('/api/v1/deposits?limit=100', t.token)) as {
    items: { rentalId: string; received: number; applied: number; refunded: number; held: number }[];
  };
  return list.items.find((d) => d.rentalId === rentalId)!;
}

describe('deposits agree with their rental', () => {
  it('tax-exclusive rental: the charge applied gets VAT on top (a tax charge); the rental and /deposits show the same figures after apply and refund', async () => {
    const rental = await bookRental(t.token, customerId, (await rentalVehicle(t.token)).id, {
      taxRate: 5,
      taxIncluded: false,
      securityDeposit: 500,
    });
    ok(
      await post(`/api/v1/rentals/${rental.id}/payments`, { amount: 500, method: 'cash', forDeposit: true }, t.token),
      201,
    );
    const applied = ok(
      await post(
        `/api/v1/deposits/${rental.id}/apply`,
        { amount: 105, charge: { category: 'damage_fees', label: 'Scratch', amount: 100 } },
        t.token,
      ),
      201,
    );
    const entries = applied.entries as { type: string; category: string; amount: number }[];
    expect(entries.filter((e) => e.type === 'charge').map((e) => [e.category, e.amount])).toEqual([
      ['damage_fees', 100],
      ['tax', 5],
    ]);
    ok(await post(`/api/v1/deposits/${rental.id}/refund`, { amount: 100 }, t.token), 201);

    const r = ok(await get(`/api/v1/rentals/${rental.id}`, t.token));
    expect(r).toMatchObject({ depositReceived: 500, depositApplied: 105, depositRefunded: 100, depositHeld: 295 });
    const d = await depositRow(rental.id);
    expect(d).toMatchObject({
      received: r.depositReceived,
      applied: r.depositApplied,
      refunded: r.depositRefunded,
      held: r.depositHeld,
    });
    // 3 days × 100 + 5 % = 315, plus the charge 100 + 5 % = 105, less 105 paid from the deposit.
    expect(r.balance).toBe(315);
  });

  it('tax-inclusive rental: the charge applied includes its VAT (no tax charge added)', async () => {
    const rental = await bookRental(t.token, customerId, (await rentalVehicle(t.token)).id, {
      taxRate: 5,
      taxIncluded: true,
      securityDeposit: 200,
    });
    ok(
      await post(`/api/v1/rentals/${rental.id}/payments`, { amount: 200, method: 'cash', forDeposit: true }, t.token),
      201,
    );
    const applied = ok(
      await post(
        `/api/v1/deposits/${rental.id}/apply`,
        { amount: 105, charge: { category: 'damage_fees', label: 'Dent', amount: 105 } },
        t.token,
      ),
      201,
    );
    expect(
      (applied.entries as { type: string; category: string; amount: number }[])
        .filter((e) => e.type === 'charge')
        .map((e) => [e.category, e.amount]),
    ).toEqual([['damage_fees', 105]]);
    const r = ok(await get(`/api/v1/rentals/${rental.id}`, t.token));
    expect(await depositRow(rental.id)).toMatchObject({
      received: r.depositReceived,
      applied: 105,
      refunded: 0,
      held: 95,
    });
    const check = ok(await checkBooks(t.token)) as {
      checks: { name: string; passed: boolean }[];
    };
    expect(check.checks.filter((c) => !c.passed)).toEqual([]);
  });
});
