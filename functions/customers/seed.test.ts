import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { matchBlacklist } from '../../shared/customers/blacklist-match';
import { driverEligibility, licenseStatus } from '../../shared/customers/age';
import { loyaltyTier } from '../../shared/customers/loyalty';
import { seedBlacklist, seedCustomers, type CustomerSeedWorld } from './seed';

const TENANT = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
const ddb = mockClient(DynamoDBDocumentClient);
const written: Record<string, any>[] = [];

beforeAll(async () => {
  ddb.on(TransactWriteCommand).callsFake((input) => {
    for (const t of input.TransactItems) written.push(t.Put.Item);
    return {};
  });
});
afterAll(() => ddb.restore());

describe('demo customers and blacklist seed', () => {
  it('writes 60 varied customers, 8 former ones and 4 blacklist entries, one matching a seeded customer', async () => {
    const world: CustomerSeedWorld = {
      tenantId: TENANT,
      now: new Date('2026-11-21T08:00:00Z'),
      region: 'AE',
      customers: [],
    };
    await seedCustomers(world);
    await seedBlacklist(world);
    const customers = written.filter((i) => i.entityType === 'CUSTOMER');
    const entries = written.filter((i) => i.entityType === 'BLACKLIST') as { status: string; fullName?: string }[];
    expect(customers).toHaveLength(68);
    expect(world.customers).toHaveLength(68);
    // Former customers: the rentals seed gives them their only (older) rentals, so no counters of their own.
    const former = world.customers.filter((c) => c.former);
    expect(former).toHaveLength(8);
    for (const f of former)
      expect(customers.find((c) => c.id === f.id)).toMatchObject({
        completedRentals: 0,
        totalSpendMinor: 0,
        isActive: true,
      });
    expect(entries).toHaveLength(4);
    expect(written.some((i) => i.entityType === 'CUSTOMER_NOTE' && i.visibility === 'internal')).toBe(true);

    const tiers = customers.map((c) =>
      loyaltyTier({ completedRentals: c.completedRentals, totalSpendMinor: c.totalSpendMinor }),
    );
    for (const tier of ['bronze', 'silver', 'gold', 'platinum'])
      expect(tiers.filter((t) => t === tier).length).toBeGreaterThanOrEqual(5);
    customers.forEach((c, i) => expect(c.loyaltyTier).toBe(tiers[i]));
    expect(customers.filter((c) => c.isVip)).toHaveLength(8);
    expect(customers.filter((c) => !c.isActive)).toHaveLength(3);
    expect(customers.filter((c) => c.fullNameArabic).length).toBeGreaterThanOrEqual(25);

    const today = '2026-11-21';
    const eligibility = customers.map((c) => driverEligibility(c.dateOfBirth, today, 'AE'));
    expect(eligibility.every((e) => e.eligible)).toBe(true);
    expect(eligibility.filter((e) => e.youngDriver)).toHaveLength(4);
    const licences = customers.map((c) => licenseStatus(c.licenseExpiryDate, today));
    expect(licences.filter((s) => s === 'expiring_soon')).toHaveLength(4);
    expect(licences.filter((s) => s === 'expired')).toHaveLength(2);

    const matched = customers.filter((c) => matchBlacklist(c, entries).length > 0);
    expect(matched.map((c) => c.fullNameEnglish)).toEqual(['Tariq Al-Zahrani']);
    expect(matchBlacklist(matched[0], entries)[0].reasons).toContain('license');
    expect(new Set(customers.map((c) => c.id)).size).toBe(68);
    expect(customers.every((c) => c.pk === `T#${TENANT}#CUSTOMER` && c.searchText)).toBe(true);
  });
});
