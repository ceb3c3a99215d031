import { describe, expect, it } from 'vitest';
import { get, post, put, unique, checkBooks } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { createVehicle } from '../../test/integration/entity-factories';
import { SETTINGS_MESSAGES } from '../../shared/schemas/settings';
import { AUTH_MESSAGES } from '../../shared/schemas/auth';
import type { RegionCode } from '../../shared/regions';
import { keys } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';
import { handler as localiseBooksJob } from '../jobs/localise-books';

/**
 * Issue 26 "The country, from the first screen", over HTTP: sign-up in each region creates that
 * region's company and books; a region change re-localises everything before the first posting
 * and is refused after it; the localise-books migration (twice, and twice at once); the
 * self-check's booksMatchRegion; maintenance with VAT in a UAE company posts input VAT.
 */
const SETTINGS = '/api/v1/company/settings';

interface Account {
  id: string;
  code: string;
  name: string;
  nameAr: string;
  isActive: boolean;
}

async function signUp(region?: RegionCode, extra: Record<string, unknown> = {}) {
  const username = unique('rg');
  const res = await post('/api/register', {
    tenantName: `Region Rentals ${username}`,
    fullNameEnglish: 'Region Owner',
    username,
    email: `${username}@example.test`,
    password: 'secret-pass-1',
    ...(region ? { region } : {}),
    ...extra,
  });
  return res;
}

async function owner(region?: RegionCode) {
  const res = await signUp(region);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body.tokens.accessToken as string, tenantId: res.body.user.tenantId as string };
}

const accounts = async (token: string) =>
  (await get('/api/v1/accounting/accounts?includeInactive=true', token)).body.items as Account[];
const active = async (token: string) => (await accounts(token)).filter((a) => a.isActive).map((a) => a.code);
const today = async (token: string) => (await get('/api/v1/accounting/summary', token)).body.asOf as string;
const vatLayout = async (token: string) => {
  const res = await get(`/api/v1/accounting/vat-report?from=2000-01-01&to=${await today(token)}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { layout: string; region: string; boxes: { box: string; amount: number; vat: number }[] };
};
const selfCheck = async (token: string) => {
  const res = await checkBooks(token);
  expect(res.status).toBe(200);
  return res.body.checks as { name: string; passed: boolean; details: Record<string, unknown>[] }[];
};
const regionCheck = async (token: string) => (await selfCheck(token)).find((c) => c.name === 'booksMatchRegion')!;
async function expectAllGreen(token: string) {
  for (const c of await selfCheck(token))
    expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 300)}`).toBe(true);
}

const EXPECTED: Record<
  RegionCode,
  { currency: string; timezone: string; vatRate: number; layout: string; vatInput: boolean; output: string }
> = {
  AE: {
    currency: 'AED',
    timezone: 'Asia/Dubai',
    vatRate: 0.05,
    layout: 'UAE_VAT_201',
    vatInput: true,
    output: 'VAT output',
  },
  SA: {
    currency: 'SAR',
    timezone: 'Asia/Riyadh',
    vatRate: 0.15,
    layout: 'KSA_VAT_RETURN',
    vatInput: true,
    output: 'VAT output',
  },
  JO: {
    currency: 'JOD',
    timezone: 'Asia/Amman',
    vatRate: 0.16,
    layout: 'JO_GST_SUMMARY',
    vatInput: true,
    output: 'GST output',
  },
  US: {
    currency: 'USD',
    timezone: 'America/New_York',
    vatRate: 0.05,
    layout: 'US_SALES_TAX',
    vatInput: false,
    output: 'Sales tax payable',
  },
};

async function expectLocalised(token: string, region: RegionCode) {
  const e = EXPECTED[region];
  const s = (await get(SETTINGS, token)).body;
  expect(s).toMatchObject({ currency: e.currency, timezone: e.timezone, vatRate: e.vatRate, preferences: { region } });
  const codes = await active(token);
  expect(codes.includes('1510')).toBe(e.vatInput);
  expect((await accounts(token)).find((a) => a.code === '2310')!.name).toBe(e.output);
  const vat = await vatLayout(token);
  expect(vat).toMatchObject({ layout: e.layout, region });
  expect((await regionCheck(token)).passed).toBe(true);
}

describe('sign-up in a region (POST /api/register region, currency, timezone)', () => {
  it.each(['AE', 'SA', 'JO', 'US'] as const)(
    "%s: the company, its settings and its books are that region's; VAT off until turned on",
    async (region) => {
      const t = await owner(region);
      await expectLocalised(t.token, region);
      expect((await get(SETTINGS, t.token)).body).toMatchObject({ enableVat: false, vatNumber: '' });
      await expectAllGreen(t.token);
    },
  );

  it("no region in the body stays US (API default); currency must be the region's; a time zone overrides the region's", async () => {
    const us = await owner();
    await expectLocalised(us.token, 'US');

    const bad = await signUp('AE', { currency: 'USD' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ currency: AUTH_MESSAGES.currencyMismatch });
    const badRegion = await signUp('GB' as RegionCode);
    expect(badRegion.status).toBe(400);
    expect(badRegion.body.error.fields.region).toBe(AUTH_MESSAGES.regionInvalid);
    const badZone = await signUp('AE', { timezone: 'Mars/Olympus' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.error.fields.timezone).toBe(AUTH_MESSAGES.timezoneInvalid);

    const muscat = await signUp('AE', { currency: 'AED', timezone: 'Asia/Muscat' });
    expect(muscat.status, JSON.stringify(muscat.body)).toBe(201);
    const s = (await get(SETTINGS, muscat.body.tokens.accessToken)).body;
    expect(s).toMatchObject({ currency: 'AED', timezone: 'Asia/Muscat', preferences: { region: 'AE' } });
  });
});

describe('changing the region in settings', () => {
  it('before the first posting re-localises everything, both ways; after it the change is refused with the reason', async () => {
    const t = await owner('US');
    let s = (await get(SETTINGS, t.token)).body;
    const toAe = await put(SETTINGS, { version: s.version, preferences: { region: 'AE' } }, t.token);
    expect(toAe.status, JSON.stringify(toAe.body)).toBe(200);
    await expectLocalised(t.token, 'AE');
    await expectAllGreen(t.token);

    // Back to the US: VAT input is deactivated (accounts are never deleted), 2310 is sales tax again.
    const toUs = await put(SETTINGS, { version: toAe.body.version, preferences: { region: 'US' } }, t.token);
    expect(toUs.status, JSON.stringify(toUs.body)).toBe(200);
    await expectLocalised(t.token, 'US');
    expect((await accounts(t.token)).filter((a) => a.code === '1510')).toHaveLength(1);

    // Saudi Arabia, then the first posting (a manual journal entry).
    s = (await get(SETTINGS, t.token)).body;
    const toSa = await put(SETTINGS, { version: s.version, preferences: { region: 'SA' } }, t.token);
    expect(toSa.status, JSON.stringify(toSa.body)).toBe(200);
    await expectLocalised(t.token, 'SA');
    const acc = Object.fromEntries((await accounts(t.token)).map((a) => [a.code, a.id]));
    const je = await post(
      '/api/v1/accounting/journal-entries',
      {
        date: await today(t.token),
        description: 'Opening cash',
        lines: [
          { accountId: acc['1110'], type: 'debit', amount: 100 },
          { accountId: acc['3100'], type: 'credit', amount: 100 },
        ],
      },
      t.token,
    );
    expect(je.status, JSON.stringify(je.body)).toBe(201);

    const refused = await put(SETTINGS, { version: toSa.body.version, preferences: { region: 'AE' } }, t.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(SETTINGS_MESSAGES.regionLocked);
    expect(refused.body.error.fields).toEqual({ 'preferences.region': SETTINGS_MESSAGES.regionLocked });
    expect(SETTINGS_MESSAGES.regionLocked).toMatch(/currency and tax regime/);
    // Nothing changed: still a Saudi company with Saudi books, same version.
    await expectLocalised(t.token, 'SA');
    expect((await get(SETTINGS, t.token)).body.version).toBe(toSa.body.version);
    // Other settings still save.
    const rename = await put(SETTINGS, { version: toSa.body.version, phone: '+966 11 555 0100' }, t.token);
    expect(rename.status).toBe(200);
  });
});

describe('localise-books migration and the self-check', () => {
  /** The state issue 26 found: signed up as US, region later set to the UAE without the books following. */
  async function brokenUaeCompany() {
    const t = await owner('US');
    await updateRaw({
      Key: keys.settings(t.tenantId),
      UpdateExpression: 'SET preferences = :p, #tz = :tz, vatRate = :r',
      ExpressionAttributeNames: { '#tz': 'timezone' },
      ExpressionAttributeValues: { ':p': { region: 'AE', language: 'en' }, ':tz': 'Asia/Dubai', ':r': 0.05 },
    });
    return t;
  }

  it('a UAE company with the US chart is red; the migration repairs it; a second run changes nothing', async () => {
    const t = await brokenUaeCompany();
    const red = await regionCheck(t.token);
    expect(red.passed).toBe(false);
    expect(red.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ part: 'chart', code: '1510', problem: 'missing' }),
        expect.objectContaining({ part: 'chart', code: '2310', problem: 'name', actual: 'Sales tax payable' }),
        expect.objectContaining({ part: 'taxCodes', companyRegion: 'AE', booksRegion: 'US' }),
        expect.objectContaining({ part: 'vatReport', expected: 'UAE_VAT_201', actual: 'US_SALES_TAX' }),
      ]),
    );
    expect((await vatLayout(t.token)).layout).toBe('US_SALES_TAX');

    const first = await localiseBooksJob({ onlyTenants: [t.tenantId] });
    expect(first).toEqual({ companies: 1, localised: 1, failed: [] });
    await expectLocalised(t.token, 'AE');
    await expectAllGreen(t.token);
    const second = await localiseBooksJob({ onlyTenants: [t.tenantId] });
    expect(second).toEqual({ companies: 1, localised: 0, failed: [] });
    await expectLocalised(t.token, 'AE');
  });

  it('two runs at once repair each company exactly once (one VAT input account, no failure)', async () => {
    const companies = await Promise.all([brokenUaeCompany(), brokenUaeCompany()]);
    const onlyTenants = companies.map((c) => c.tenantId);
    const [a, b] = await Promise.all([localiseBooksJob({ onlyTenants }), localiseBooksJob({ onlyTenants })]);
    expect(a.failed).toEqual([]);
    expect(b.failed).toEqual([]);
    // Each company was localised by exactly one of the two runs.
    expect(a.localised + b.localised).toBe(2);
    for (const c of companies) {
      expect((await accounts(c.token)).filter((x) => x.code === '1510' || x.code === '1500')).toHaveLength(2);
      await expectLocalised(c.token, 'AE');
      await expectAllGreen(c.token);
    }
  });
});

describe('maintenance with VAT in a UAE company', () => {
  it('turning VAT on with the VAT number is all it takes: completion posts input VAT (1510, AE_IN_SR) into VAT 201 box 9', async () => {
    const t = await owner('AE');
    const s = (await get(SETTINGS, t.token)).body;
    const on = await put(SETTINGS, { version: s.version, enableVat: true, vatNumber: '100234567800003' }, t.token);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const v = await createVehicle(t.token);
    const date = await today(t.token);
    const rec = await post(
      '/api/v1/maintenance',
      { vehicleId: v.id, type: 'oil_change', date, estimatedCost: 100, addToFinancials: true, paidFrom: 'bank' },
      t.token,
    );
    expect(rec.status, JSON.stringify(rec.body)).toBe(201);
    const done = await post(
      `/api/v1/maintenance/${rec.body.id}/complete`,
      { actualCost: 105, vatAmount: 5, invoiceId: 'WS-26' },
      t.token,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const entries = (await get('/api/v1/accounting/journal-entries?source=maintenance&limit=10', t.token)).body
      .items as {
      sourceId: string;
      lines: { accountCode: string; debit: number; credit: number; vatCode: string | null }[];
    }[];
    const entry = entries.find((e) => e.sourceId === rec.body.id)!;
    expect(entry.lines.map((l) => [l.accountCode, l.debit, l.credit, l.vatCode])).toEqual(
      expect.arrayContaining([
        ['5110', 100, 0, 'AE_IN_SR'],
        ['1510', 5, 0, 'AE_IN_SR'],
        ['1210', 0, 105, null],
      ]),
    );
    const box9 = (await vatLayout(t.token)).boxes.find((b) => b.box === '9')!;
    expect(box9).toMatchObject({ amount: 100, vat: 5 });
    await expectAllGreen(t.token);
  });
});
