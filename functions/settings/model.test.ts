import { describe, expect, it } from 'vitest';
import {
  defaultCompanySettings,
  companySettingsUpdateSchema,
  type StoredCompanySettings,
} from '../../shared/schemas/settings';
import {
  applyUpdate,
  deepMerge,
  normalizeStored,
  securityFieldsTouched,
  toApi,
  toBranding,
  auditSummary,
} from './model';

const base = (): StoredCompanySettings => defaultCompanySettings({ companyName: 'Acme Rentals', email: 'a@acme.test' });
const parse = (body: unknown) => {
  const { version: _v, ...rest } = companySettingsUpdateSchema.parse({ version: 1, ...(body as object) });
  return rest;
};

describe('deepMerge', () => {
  it('merges plain objects, keeps base on undefined, sets null, replaces arrays', () => {
    expect(deepMerge({ a: { b: 1, c: 2 }, d: [1, 2], e: 'x' }, { a: { c: 3 }, d: [9], e: null, f: undefined })).toEqual(
      { a: { b: 1, c: 3 }, d: [9], e: null },
    );
  });
});

describe('applyUpdate', () => {
  it('merges one weekday and one category rate without touching the rest', () => {
    const cur = base();
    const { next, changed } = applyUpdate(
      cur,
      parse({
        workingHours: { friday: { open: '10:00', close: '14:00', closed: false } },
        pricing: { categoryRates: { suv: { dailyRate: 99.99 } } },
      }),
    );
    expect(next.workingHours.friday).toEqual({ open: '10:00', close: '14:00', closed: false });
    expect(next.workingHours.monday).toEqual(cur.workingHours.monday);
    expect(next.pricing.categoryRates.suv).toEqual({ dailyRateMinor: 9999, monthlyRateMinor: null });
    expect(next.pricing.extraKmChargeMinor).toBe(50);
    expect(changed.sort()).toEqual(['pricing', 'workingHours']);
  });

  it('reports nothing changed when the body repeats current values', () => {
    const cur = base();
    expect(applyUpdate(cur, parse({ primaryColor: '#3b82f6', name: 'Acme Rentals' })).changed).toEqual([]);
  });

  it('a region change brings the region tax rate and time zone unless the body sets them', () => {
    const cur = base();
    const jo = applyUpdate(cur, parse({ preferences: { region: 'JO' } })).next;
    expect(jo.vatRate).toBe(0.16);
    expect(jo.timezone).toBe('Asia/Amman');
    const own = applyUpdate(
      cur,
      parse({ preferences: { region: 'JO' }, vatRate: 0.1, timezone: 'Europe/London' }),
    ).next;
    expect(own.vatRate).toBe(0.1);
    expect(own.timezone).toBe('Europe/London');
    // Back to the US (no VAT): the rate is kept so turning VAT on later starts from it.
    const us = applyUpdate(jo, parse({ preferences: { region: 'US' } })).next;
    expect(us.vatRate).toBe(0.16);
    expect(us.timezone).toBe('America/New_York');
  });

  it("a region change with the Preferences tab repeating the old time zone takes the new region's zone (issue 17)", () => {
    const cur = base();
    expect(cur.timezone).toBe('America/New_York');
    // The settings form saves its whole tab: region and the unchanged time zone.
    const ae = applyUpdate(
      cur,
      parse({ preferences: { ...cur.preferences, region: 'AE' }, timezone: cur.timezone }),
    ).next;
    expect(ae.timezone).toBe('Asia/Dubai');
    // A different zone sent with the region is a choice and wins.
    const own = applyUpdate(
      cur,
      parse({ preferences: { ...cur.preferences, region: 'AE' }, timezone: 'Asia/Muscat' }),
    ).next;
    expect(own.timezone).toBe('Asia/Muscat');
  });

  it('keeps gateway secrets out of the settings and flags which are set', () => {
    const { next, secrets, changed } = applyUpdate(
      base(),
      parse({ gatewayKeys: { serverKey: 'SK_live_x', clientKey: null } }),
    );
    expect(secrets).toEqual({ serverKey: 'SK_live_x', clientKey: null });
    expect(next.gatewayKeysConfigured).toEqual({ profileId: false, serverKey: true, clientKey: false });
    expect(JSON.stringify(next)).not.toContain('SK_live_x');
    expect(changed).toEqual(['gatewayKeysConfigured']);
  });
});

describe('securityFieldsTouched (demo account guard)', () => {
  it('flags gateway keys whenever sent and other security fields only when they change', () => {
    const cur = base();
    expect(securityFieldsTouched(cur, parse({ gatewayKeys: { profileId: '1' } }))).toEqual(['gatewayKeys']);
    expect(securityFieldsTouched(cur, parse({ paymentMode: 'live', blacklistMode: 'block' }))).toEqual([
      'paymentMode',
      'blacklistMode',
    ]);
    expect(securityFieldsTouched(cur, parse({ enableBlacklistCheck: false }))).toEqual(['enableBlacklistCheck']);
    // A whole-form save that repeats them unchanged is allowed.
    expect(
      securityFieldsTouched(
        cur,
        parse({
          paymentMode: 'sandbox',
          blacklistMode: 'warning',
          enableBlacklistCheck: true,
          primaryColor: '#000000',
        }),
      ),
    ).toEqual([]);
  });
});

describe('normalizeStored, toApi, toBranding', () => {
  it('fills fields an older item lacks with the defaults', () => {
    const s = normalizeStored({ pk: 'x', sk: 'y', version: 3, name: 'Old Co', primaryColor: '#111111' }, 'Fallback');
    expect(s.name).toBe('Old Co');
    expect(s.primaryColor).toBe('#111111');
    expect(s.gracePeriodHours).toBe(1);
    expect((s as Record<string, unknown>).pk).toBeUndefined();
    expect(normalizeStored(undefined, 'Fallback Co').name).toBe('Fallback Co');
  });

  it('answers money as decimals and the branding subset only', () => {
    const s = applyUpdate(base(), parse({ pricing: { fuelChargePerQuarterTank: 12.5 } })).next;
    const api = toApi(s, { version: 2, updatedAt: '2026-01-01T00:00:00.000Z' }, null);
    expect(api.pricing.fuelChargePerQuarterTank).toBe(12.5);
    expect(api.pricing.extraKmCharge).toBe(0.5);
    expect(api.currency).toBe('USD');
    expect(Object.keys(toBranding(s, 'https://x')).sort()).toEqual([
      'accentStyle',
      'currency',
      'fontFamily',
      'logoUrl',
      'name',
      'primaryColor',
      'region',
      'secondaryColor',
    ]);
  });

  it('audit summary names changed fields and never carries secrets or long terms', () => {
    const cur = base();
    const { next, changed } = applyUpdate(
      cur,
      parse({ primaryColor: '#000000', termsEnglish: 'Long terms…', gatewayKeys: { serverKey: 'SECRET' } }),
    );
    const sum = auditSummary(cur, next, changed, ['serverKey']);
    expect(sum.before).toEqual({ primaryColor: '#3B82F6' });
    expect(sum.after).toEqual({ primaryColor: '#000000' });
    expect(sum.note).toContain('termsEnglish');
    expect(JSON.stringify(sum)).not.toContain('SECRET');
  });
});
