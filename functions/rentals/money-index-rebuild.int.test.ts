import { describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { getItem, transact, tx, updateRaw } from '../lib/data/repo';
import { depositIndexKey, openBalanceKey } from './money-index';
import { rentalKey } from './data';
import { handler as moneyIndexesJob } from '../jobs/money-indexes';

/**
 * The one-off 'money-indexes' migration (issue 10): a rental written before deposits and
 * outstanding balances shipped (no money fields, no index items) is missing from /deposits;
 * the job gives it back its fields and index items from its ledger, and a second run writes nothing.
 */
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('money-indexes migration', () => {
  it("rebuilds an older rental's deposit and open-balance items from its ledger, once", async () => {
    const t = await registerTenant();
    const vehicleId = (await createVehicle(t.token)).id as string;
    const customerId = (await createCustomer(t.token, { fullNameEnglish: 'Older Customer' })).id as string;
    const start = Date.now() - 2 * DAY;
    const rental = (
      await post(
        '/api/v1/rentals',
        {
          customerId,
          vehicleId,
          startDate: iso(start),
          endDate: iso(start + 2 * DAY),
          dailyRate: 100,
          securityDeposit: 300,
        },
        t.token,
      )
    ).body;
    expect(
      (await post(`/api/v1/rentals/${rental.id}/payments`, { amount: 300, method: 'cash', forDeposit: true }, t.token))
        .status,
    ).toBe(201);
    const deposits = async () =>
      (await get('/api/v1/deposits?limit=100', t.token)).body.items as {
        id: string;
        heldAmount?: number;
        status: string;
      }[];
    const before = (await deposits()).find((d) => d.id === rental.id);
    expect(before).toBeDefined();
    expect(await getItem(openBalanceKey(t.tenantId, rental.id))).toBeDefined(); // the rent is owed

    // As an older company left it: no index items, no money fields on the rental.
    await transact([
      tx.delete(depositIndexKey(t.tenantId, rental.id)),
      tx.delete(openBalanceKey(t.tenantId, rental.id)),
    ]);
    await updateRaw({
      Key: rentalKey(t.tenantId, rental.id),
      UpdateExpression: 'REMOVE depositReceivedAt, depositMethod, depositAppliedMinor, usageChargedMinor',
    });
    expect((await deposits()).find((d) => d.id === rental.id)).toBeUndefined();

    const first = await moneyIndexesJob({ onlyTenants: [t.tenantId] });
    expect(first).toMatchObject({ companies: 1, rentals: 1, rebuilt: 1 });
    expect((await deposits()).find((d) => d.id === rental.id)).toEqual(before);
    expect(await getItem(openBalanceKey(t.tenantId, rental.id))).toBeDefined();

    const second = await moneyIndexesJob({ onlyTenants: [t.tenantId] });
    expect(second).toMatchObject({ rentals: 1, rebuilt: 0 });
  });
});
