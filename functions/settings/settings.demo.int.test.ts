import { describe, expect, it } from 'vitest';
import { get, post, put } from '../../test/integration/client';

/** The demo company's settings (functions/settings/seed.ts, written by the demo reset the harness runs first). */
const SETTINGS = '/api/v1/company/settings';

async function settingsOf(token: string) {
  const res = await get(SETTINGS, token);
  expect(res.status).toBe(200);
  return res.body;
}

describe('demo company', () => {
  async function demoToken(): Promise<string> {
    const res = await post('/api/auth/login', { username: 'demo', password: 'demo1234' });
    expect(res.status).toBe(200);
    return res.body.tokens.accessToken as string;
  }

  it('is seeded as a UAE company: AED, VAT 5% on, terms in both languages, category rates', async () => {
    const s = await settingsOf(await demoToken());
    expect(s).toMatchObject({
      currency: 'AED',
      enableVat: true,
      vatRate: 0.05,
      timezone: 'Asia/Dubai',
      preferences: { region: 'AE' },
    });
    expect(s.termsEnglish).toMatch(/security deposit/);
    expect(s.termsArabic).toMatch(/[\u0600-\u06FF]/);
    expect(s.vatNumber).toMatch(/^\d{15}$/);
    const rated = Object.values(s.pricing.categoryRates as Record<string, { dailyRate: number | null }>).filter(
      (r) => r.dailyRate !== null,
    );
    expect(rated.length).toBeGreaterThan(3);
    expect(s.pricing.fuelChargePerQuarterTank).toBe(45);
  });

  it('may not change security settings (403) but may save a form that repeats them unchanged', async () => {
    const token = await demoToken();
    const s = await settingsOf(token);
    const live = await put(SETTINGS, { version: s.version, paymentMode: 'live' }, token);
    expect(live.status).toBe(403);
    expect(live.body.error.message).toBe('Security settings cannot be changed in the demo account');
    expect((await put(SETTINGS, { version: s.version, gatewayKeys: { serverKey: 'SK-demo' } }, token)).status).toBe(
      403,
    );
    expect((await put(SETTINGS, { version: s.version, enableBlacklistCheck: false }, token)).status).toBe(403);
    const same = await put(
      SETTINGS,
      {
        version: s.version,
        paymentMode: s.paymentMode,
        blacklistMode: s.blacklistMode,
        enableBlacklistCheck: s.enableBlacklistCheck,
      },
      token,
    );
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(s.version); // nothing changed, nothing written
    expect((await settingsOf(token)).paymentMode).toBe('sandbox');
  });
});
