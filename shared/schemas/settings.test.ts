import { describe, expect, it } from 'vitest';
import {
  checkLogoFile,
  companySettingsUpdateSchema,
  defaultCompanySettings,
  effectiveYoungDriverFeeMinor,
  logoUploadRequestSchema,
  pricingSettingsPutSchema,
  pricingToApi,
  SETTINGS_MESSAGES,
  toStoredPricing,
} from './settings';

describe('defaultCompanySettings', () => {
  it('are the spec defaults for a new company (business-data §3)', () => {
    const s = defaultCompanySettings({ companyName: '  Desert Wheels ', email: 'hi@dw.test' });
    expect(s).toMatchObject({
      name: 'Desert Wheels',
      email: 'hi@dw.test',
      logoKey: null,
      primaryColor: '#3B82F6',
      secondaryColor: '#8B5CF6',
      fontFamily: 'Inter',
      accentStyle: 'classic',
      timezone: 'America/New_York',
      defaultRentalDuration: 'daily',
      enableOverbooking: false,
      rentalDurationMode: '24hr',
      gracePeriodHours: 1,
      allowStaffCloseWithBalance: true,
      paymentGateway: 'paytabs',
      paymentMode: 'sandbox',
      blacklistMode: 'warning',
      enableBlacklistCheck: true,
      vatRate: 0.05,
      enableVat: false,
      preferences: { language: 'en', region: 'US' },
    });
    expect(s.referenceConfig).toEqual({
      prefixes: { rental: 'RENT-', contract: 'CNT-', invoice: 'INV-', receipt: 'REC-' },
      counters: { rental: 1001, contract: 1001, invoice: 1001, receipt: 1001 },
      autoGenerate: true,
    });
    expect(s.pricing.extraKmChargeMinor).toBe(50);
    expect(s.pricing.youngDriverFeeOverrideMinor).toBeNull();
  });

  it('takes time zone and tax rate from the region, VAT still off', () => {
    const sa = defaultCompanySettings({ companyName: 'X', region: 'SA' });
    expect(sa).toMatchObject({
      timezone: 'Asia/Riyadh',
      vatRate: 0.15,
      enableVat: false,
      preferences: { region: 'SA' },
    });
  });

  it('every default passes the update schema (a saved form of defaults is valid)', () => {
    const s = defaultCompanySettings({ companyName: 'X' });
    const { pricing, logoKey: _l, gatewayKeysConfigured: _g, ...rest } = s;
    const res = companySettingsUpdateSchema.safeParse({ ...rest, pricing: pricingToApi(pricing), version: 1 });
    expect(res.success, JSON.stringify(res.error?.issues)).toBe(true);
  });
});

describe('update schema', () => {
  it('needs the version read', () => {
    const res = companySettingsUpdateSchema.safeParse({ name: 'X' });
    expect(res.error?.issues[0]).toMatchObject({ path: ['version'], message: SETTINGS_MESSAGES.versionRequired });
  });

  it('accepts a closed day with any hours, refuses an open day closing before it opens', () => {
    expect(
      companySettingsUpdateSchema.safeParse({
        version: 1,
        workingHours: { monday: { open: '18:00', close: '09:00', closed: true } },
      }).success,
    ).toBe(true);
    const bad = companySettingsUpdateSchema.safeParse({
      version: 1,
      workingHours: { monday: { open: '18:00', close: '18:00', closed: false } },
    });
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['workingHours', 'monday', 'close'],
      message: SETTINGS_MESSAGES.closeAfterOpen,
    });
  });

  it('VAT rate: a fraction 0..1 with at most 2 decimals as a percent', () => {
    expect(companySettingsUpdateSchema.safeParse({ version: 1, vatRate: 0.0525 }).success).toBe(true);
    expect(companySettingsUpdateSchema.safeParse({ version: 1, vatRate: 0.05255 }).error?.issues[0].message).toBe(
      SETTINGS_MESSAGES.vatRateDecimals,
    );
    expect(companySettingsUpdateSchema.safeParse({ version: 1, vatRate: 5 }).error?.issues[0].message).toBe(
      SETTINGS_MESSAGES.vatRateRange,
    );
  });

  it('email may be empty, else must be valid', () => {
    expect(companySettingsUpdateSchema.safeParse({ version: 1, email: '' }).success).toBe(true);
    expect(companySettingsUpdateSchema.safeParse({ version: 1, email: 'x@' }).error?.issues[0].message).toBe(
      SETTINGS_MESSAGES.invalidEmail,
    );
  });

  it('logo keys must be branding keys made by the upload route', () => {
    const ok = 'tenants/01ARZ3NDEKTSV4RRFFQ69G5FAV/branding/logo-01ARZ3NDEKTSV4RRFFQ69G5FAW.png';
    expect(companySettingsUpdateSchema.safeParse({ version: 1, logoKey: ok }).success).toBe(true);
    expect(
      companySettingsUpdateSchema.safeParse({ version: 1, logoKey: ok.replace('branding', 'vehicles') }).success,
    ).toBe(false);
    expect(companySettingsUpdateSchema.safeParse({ version: 1, logoKey: '../../etc/passwd' }).success).toBe(false);
  });
});

describe('pricing', () => {
  it('round-trips decimals through minor units exactly', () => {
    const put = pricingSettingsPutSchema.parse({ version: 1 });
    expect(put).toEqual({ version: 1 });
    const api = pricingToApi(defaultCompanySettings({ companyName: 'X' }).pricing);
    api.categoryRates.suv = { dailyRate: 0.29, monthlyRate: 1234.56 };
    api.extraKmCharge = 0.07;
    const stored = toStoredPricing(api);
    expect(stored.categoryRates.suv).toEqual({ dailyRateMinor: 29, monthlyRateMinor: 123456 });
    expect(stored.extraKmChargeMinor).toBe(7);
    expect(pricingToApi(stored)).toEqual(api);
  });

  it('young-driver fee: the override when set, else the region fee', () => {
    const s = defaultCompanySettings({ companyName: 'X', region: 'AE' });
    expect(effectiveYoungDriverFeeMinor(s)).toBe(5000);
    s.pricing.youngDriverFeeOverrideMinor = 3500;
    expect(effectiveYoungDriverFeeMinor(s)).toBe(3500);
  });
});

describe('logo checks', () => {
  it('PNG or JPG only, at most 2 MB', () => {
    expect(checkLogoFile({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkLogoFile({ type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkLogoFile({ type: 'image/svg+xml', size: 10 })).toBe('logoType');
    expect(checkLogoFile({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('logoSize');
    expect(logoUploadRequestSchema.safeParse({ fileName: 'a.png', contentType: 'image/png', size: 1.5 }).success).toBe(
      false,
    );
  });
});
