import { describe, expect, it } from 'vitest';
import {
  customerCreateSchema,
  customerUpdateSchema,
  CUSTOMER_MESSAGES,
  isValidPhone,
} from '../../shared/schemas/customers';
import { customerSearchText, searchVariants, toCustomerApi } from './model';
import { newCustomerItem } from './writes';
import { companyCalendar, companySettingsFrom } from '../lib/company-settings';

const companyContextFrom = (item: Record<string, unknown> | undefined, now: Date) =>
  companyCalendar(companySettingsFrom(item), now);

const TENANT = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
const ctx = { region: 'SA' as const, today: '2026-11-21' };

describe('customer schema', () => {
  it('requires fullNameEnglish with the spec words and drops empty optional fields', () => {
    const bad = customerCreateSchema.safeParse({ fullNameEnglish: '' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].message).toBe(CUSTOMER_MESSAGES.fullNameEnglishRequired);
    const ok = customerCreateSchema.parse({ fullNameEnglish: ' Sara ', email: '', phone: '' });
    expect(ok).toMatchObject({
      fullNameEnglish: 'Sara',
      email: null,
      phone: null,
      preferredLanguage: 'english',
      isVip: false,
      isActive: true,
    });
  });

  it('update: absent leaves a field alone, empty clears it', () => {
    const u = customerUpdateSchema.parse({ email: '' });
    expect(u.email).toBeNull();
    expect('phone' in u ? u.phone : undefined).toBeUndefined();
  });

  it('accepts phones of 7-15 digits with the usual separators, Arabic digits included', () => {
    for (const p of ['+971 50 123 4567', '(212) 555-0100', '٠٥٠١٢٣٤٥٦٧', '0501234567'])
      expect(isValidPhone(p)).toBe(true);
    for (const p of ['12345', '+971 50 123 4567 8901 2', 'call me', '050-12a-4567'])
      expect(isValidPhone(p)).toBe(false);
  });
});

describe('search text', () => {
  it('holds English and Arabic names normalised, phone digits and licence', () => {
    const text = customerSearchText({
      fullNameEnglish: 'José Álvarez',
      fullNameArabic: 'أَحْمَد',
      phone: '+971 50-123 4567',
      licenseNumber: 'dxb 12-34',
      email: 'J@X.com',
    });
    expect(text).toContain('jose alvarez');
    expect(text).toContain('احمد');
    expect(text).toContain('971501234567');
    expect(text).toContain('501234567');
    expect(text).toContain('dxb1234');
    expect(text).toContain('j@x.com');
  });

  it('turns a typed search into the forms stored', () => {
    expect(searchVariants('José')).toContain('jose');
    expect(searchVariants('050 123')).toEqual(expect.arrayContaining(['050123', '50123']));
    expect(searchVariants('DXB-12')).toContain('dxb12');
    expect(searchVariants('  ')).toEqual([]);
  });
});

describe('toCustomerApi', () => {
  it('derives loyalty, age, young driver and licence status for the region, and hides internals', () => {
    const item = newCustomerItem(
      TENANT,
      customerCreateSchema.parse({
        fullNameEnglish: 'Young One',
        dateOfBirth: '2005-01-01',
        licenseExpiryDate: '2026-12-01',
      }),
      ctx,
      '01J00000000000000000000000',
    );
    Object.assign(item, { completedRentals: 4, totalSpendMinor: 123_456 });
    const api = toCustomerApi(item, ctx);
    expect(api).toMatchObject({
      age: 21,
      youngDriver: true,
      eligibleToRent: true,
      licenseStatus: 'expiring_soon',
      loyaltyTier: 'silver',
      loyaltyScore: 52,
      totalSpend: 1234.56,
      loyaltyNext: { tier: 'gold', rentalsNeeded: 6, spendNeeded: 8765.44 },
    });
    expect(api.pk).toBeUndefined();
    expect(api.gsi1sk).toBeUndefined();
    expect(api.searchText).toBeUndefined();
    expect(api.totalSpendMinor).toBeUndefined();
  });

  it('reads region and time zone from the settings item, defaulting to the US', () => {
    expect(companyContextFrom(undefined, new Date('2026-11-21T03:00:00Z'))).toEqual({
      region: 'US',
      today: '2026-11-20',
    });
    expect(
      companyContextFrom({ preferences: { region: 'AE' }, timezone: 'Asia/Dubai' }, new Date('2026-11-21T21:00:00Z')),
    ).toEqual({ region: 'AE', today: '2026-11-22' });
  });
});

describe('tier filter expression', () => {
  it('selects exactly the customers shared/loyalty puts in that tier', async () => {
    const { tierCondition } = await import('./directory');
    const { loyaltyTier, LOYALTY_TIERS } = await import('../../shared/customers/loyalty');
    const fc = (await import('fast-check')).default;
    // Evaluates the DynamoDB filter condition in JS (it only uses >=, OR, AND, NOT and parentheses).
    const evaluate = (expr: string, values: Record<string, unknown>, completed: number, spend: number) => {
      const js = expr
        .replace(/#completed/g, String(completed))
        .replace(/#spend/g, String(spend))
        .replace(/:\w+/g, (v) => String(values[v]))
        .replace(/\bOR\b/g, '||')
        .replace(/\bAND\b/g, '&&')
        .replace(/\bNOT\b/g, '!');
      return Boolean(new Function(`return (${js});`)());
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 4_000_000 }), (completed, spend) => {
        for (const tier of LOYALTY_TIERS) {
          const values: Record<string, unknown> = {};
          const expr = tierCondition(tier, values);
          expect(evaluate(expr, values, completed, spend)).toBe(
            loyaltyTier({ completedRentals: completed, totalSpendMinor: spend }) === tier,
          );
        }
      }),
    );
  });
});
