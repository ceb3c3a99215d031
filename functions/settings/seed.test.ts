import { describe, expect, it } from 'vitest';
import { companySettingsUpdateSchema, pricingToApi } from '../../shared/schemas/settings';
import { demoSettings } from './seed';

describe('demo settings seed', () => {
  const vehicles = [
    { category: 'suv' as const, dailyRateMinor: 30000, isArchived: false },
    { category: 'suv' as const, dailyRateMinor: 40000, isArchived: false },
    { category: 'suv' as const, dailyRateMinor: 90000, isArchived: true },
    { category: 'economy' as const, dailyRateMinor: 9900, isArchived: false },
  ];
  const s = demoSettings({ region: 'AE', companyName: 'Desert Rose Car Rental', vehicles });

  it('is a UAE company with VAT on at 5% and terms in both languages', () => {
    expect(s).toMatchObject({
      name: 'Desert Rose Car Rental',
      enableVat: true,
      vatRate: 0.05,
      timezone: 'Asia/Dubai',
      preferences: { region: 'AE' },
    });
    expect(s.termsEnglish.length).toBeGreaterThan(100);
    expect(s.termsArabic).toMatch(/[\u0600-\u06FF]/);
  });

  it('default rates follow the seeded fleet (median of active vehicles, monthly 22 days)', () => {
    expect(s.pricing.categoryRates.suv).toEqual({ dailyRateMinor: 35000, monthlyRateMinor: 770000 });
    expect(s.pricing.categoryRates.economy.dailyRateMinor).toBe(9900);
    expect(s.pricing.categoryRates.luxury).toEqual({ dailyRateMinor: null, monthlyRateMinor: null });
  });

  it('passes the same validation as a user saving the settings form', () => {
    const { pricing, logoKey: _l, gatewayKeysConfigured: _g, ...rest } = s;
    const res = companySettingsUpdateSchema.safeParse({ ...rest, pricing: pricingToApi(pricing), version: 1 });
    expect(res.success, JSON.stringify(res.error?.issues)).toBe(true);
  });
});
