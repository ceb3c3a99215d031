import { describe, expect, it, beforeAll } from 'vitest';
import { call, get, post, put } from '../../test/integration/client';
import { createStaffUser, registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { SETTINGS_MESSAGES, VEHICLE_CATEGORIES, WEEKDAYS } from '../../shared/schemas/settings';

/**
 * Company settings, pricing settings and logo upload over HTTP against the local stack.
 */
const SETTINGS = '/api/v1/company/settings';
const PRICING = '/api/v1/pricing-settings';
const LOGO = '/api/v1/company/logo-upload';

/** Smallest valid PNG (1×1 transparent pixel). */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function settingsOf(token: string) {
  const res = await get(SETTINGS, token);
  expect(res.status).toBe(200);
  return res.body;
}

describe('company settings', () => {
  let owner: RegisteredTenant;
  beforeAll(async () => {
    owner = await registerTenant({ tenantName: 'Falcon Car Rentals' });
  });

  it('answers the spec defaults right after sign-up', async () => {
    const s = await settingsOf(owner.token);
    expect(s).toMatchObject({
      name: 'Falcon Car Rentals',
      businessType: 'independent',
      email: owner.email,
      logoUrl: null,
      logoKey: null,
      primaryColor: '#3B82F6',
      secondaryColor: '#8B5CF6',
      fontFamily: 'Inter',
      accentStyle: 'classic',
      timezone: 'America/New_York',
      defaultRentalDuration: 'daily',
      autoConfirmRentals: false,
      enableOverbooking: false,
      rentalDurationMode: '24hr',
      gracePeriodHours: 1,
      allowStaffCloseWithBalance: true,
      paymentGateway: 'paytabs',
      paymentMode: 'sandbox',
      gatewayKeysConfigured: { profileId: false, serverKey: false, clientKey: false },
      blacklistMode: 'warning',
      enableBlacklistCheck: true,
      referenceConfig: {
        prefixes: { rental: 'RENT-', contract: 'CNT-', invoice: 'INV-', receipt: 'REC-' },
        counters: { rental: 1001, contract: 1001, invoice: 1001, receipt: 1001 },
        autoGenerate: true,
      },
      vatRate: 0.05,
      enableVat: false,
      preferences: { language: 'en', region: 'US' },
      currency: 'USD',
      version: 1,
    });
    expect(s.pricing.extraKmCharge).toBe(0.5);
    expect(s.pricing.youngDriverFeeOverride).toBeNull();
    expect(Object.keys(s.pricing.categoryRates).sort()).toEqual([...VEHICLE_CATEGORIES].sort());
    expect(Object.keys(s.workingHours)).toEqual([...WEEKDAYS]);
    expect(s.notificationSettings.channels).toEqual({ email: true, sms: false, inApp: true });
    expect(JSON.stringify(s)).not.toMatch(/serverKey"\s*:\s*"/);
  });

  it('updates, merges nested groups and reads back; the version moves by one', async () => {
    const before = await settingsOf(owner.token);
    const res = await put(
      SETTINGS,
      {
        version: before.version,
        name: 'Falcon Rentals LLC',
        phone: '+971 4 123 4567',
        primaryColor: '#0f766e',
        accentStyle: 'rounded',
        workingHours: {
          friday: { open: '14:00', close: '22:00', closed: false },
          sunday: { open: '09:00', close: '18:00', closed: true },
        },
        notificationSettings: { channels: { sms: true } },
        referenceConfig: { prefixes: { rental: 'FAL-' } },
        gracePeriodHours: 2,
        allowStaffCloseWithBalance: false,
        termsArabic: 'يجب إعادة السيارة بخزان ممتلئ.',
      },
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(before.version + 1);

    const after = await settingsOf(owner.token);
    expect(after).toMatchObject({
      name: 'Falcon Rentals LLC',
      phone: '+971 4 123 4567',
      primaryColor: '#0F766E',
      accentStyle: 'rounded',
      gracePeriodHours: 2,
      allowStaffCloseWithBalance: false,
      termsArabic: 'يجب إعادة السيارة بخزان ممتلئ.',
      version: before.version + 1,
    });
    expect(after.workingHours.friday).toEqual({ open: '14:00', close: '22:00', closed: false });
    expect(after.workingHours.sunday.closed).toBe(true);
    expect(after.workingHours.monday).toEqual(before.workingHours.monday);
    expect(after.notificationSettings.channels).toEqual({ email: true, sms: true, inApp: true });
    expect(after.referenceConfig.prefixes).toEqual({
      rental: 'FAL-',
      contract: 'CNT-',
      invoice: 'INV-',
      receipt: 'REC-',
    });

    // The company name follows into the session (tenant item) in the same transaction.
    const me = await get('/api/auth/me', owner.token);
    expect(JSON.stringify(me.body)).toContain('Falcon Rentals LLC');
  });

  it('switching the region takes its tax rate, time zone and currency from the region rules', async () => {
    const t = await registerTenant();
    const s = await settingsOf(t.token);
    const res = await put(SETTINGS, { version: s.version, preferences: { region: 'SA' } }, t.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      vatRate: 0.15,
      timezone: 'Asia/Riyadh',
      currency: 'SAR',
      preferences: { region: 'SA', language: 'en' },
    });
    // A value sent with the region wins over the region's default.
    const res2 = await put(
      SETTINGS,
      {
        version: res.body.version,
        preferences: { region: 'AE' },
        timezone: 'Asia/Muscat',
        vatRate: 0.05,
        enableVat: true,
      },
      t.token,
    );
    expect(res2.body).toMatchObject({ vatRate: 0.05, timezone: 'Asia/Muscat', currency: 'AED', enableVat: true });
  });

  it('stores the tax address of e-invoices and the CR number, and reads them back (issue 29)', async () => {
    const t = await registerTenant({ region: 'SA' });
    const s = await settingsOf(t.token);
    expect(s.taxAddress).toEqual({
      buildingNumber: '',
      street: '',
      district: '',
      city: '',
      postalCode: '',
      additionalNumber: '',
      emirate: '',
    });
    const taxAddress = {
      buildingNumber: '7391',
      street: 'King Fahd Road',
      district: 'Al Olaya',
      city: 'Riyadh',
      postalCode: '12214',
      additionalNumber: '3267',
      emirate: '',
    };
    const res = await put(SETTINGS, { version: s.version, taxAddress, commercialRegistration: '1010010000' }, t.token);
    expect(res.status).toBe(200);
    expect(await settingsOf(t.token)).toMatchObject({ taxAddress, commercialRegistration: '1010010000' });
    const bad = await put(
      SETTINGS,
      {
        version: res.body.version,
        taxAddress: { ...taxAddress, buildingNumber: '12', additionalNumber: 'ABCD', postalCode: '12#14' },
        commercialRegistration: 'CR 1',
      },
      t.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      'taxAddress.buildingNumber': SETTINGS_MESSAGES.buildingNumberInvalid,
      'taxAddress.additionalNumber': SETTINGS_MESSAGES.additionalNumberInvalid,
      'taxAddress.postalCode': SETTINGS_MESSAGES.postalCodeInvalid,
      commercialRegistration: SETTINGS_MESSAGES.commercialRegistrationInvalid,
    });
  });

  it('rejects invalid input with one message per field and writes nothing', async () => {
    const before = await settingsOf(owner.token);
    const res = await put(
      SETTINGS,
      {
        version: before.version,
        name: '   ',
        email: 'not-an-email',
        phone: 'call me',
        primaryColor: 'blue',
        secondaryColor: '#12345',
        timezone: 'Mars/Olympus_Mons',
        gracePeriodHours: 30,
        vatRate: 1.5,
        vatNumber: 'TRN#1',
        workingHours: {
          monday: { open: '18:00', close: '09:00', closed: false },
          tuesday: { open: '9am', close: '18:00', closed: false },
        },
        referenceConfig: { prefixes: { invoice: 'INVOICE-NUMBER-' }, counters: { receipt: 0 } },
        invoiceConfig: { paymentTermsDays: 400 },
        pricing: { extraKmCharge: 0.555, youngDriverFeeOverride: -5 },
        logoKey: 'somewhere/else.png',
        businessType: 'cooperative',
      },
      owner.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields).toMatchObject({
      name: SETTINGS_MESSAGES.nameRequired,
      email: SETTINGS_MESSAGES.invalidEmail,
      phone: SETTINGS_MESSAGES.invalidPhone,
      primaryColor: SETTINGS_MESSAGES.invalidColor,
      secondaryColor: SETTINGS_MESSAGES.invalidColor,
      timezone: SETTINGS_MESSAGES.invalidTimezone,
      gracePeriodHours: SETTINGS_MESSAGES.gracePeriodRange,
      vatRate: SETTINGS_MESSAGES.vatRateRange,
      vatNumber: SETTINGS_MESSAGES.vatNumberInvalid,
      'workingHours.monday.close': SETTINGS_MESSAGES.closeAfterOpen,
      'workingHours.tuesday.open': SETTINGS_MESSAGES.invalidTime,
      'referenceConfig.prefixes.invoice': SETTINGS_MESSAGES.prefixInvalid,
      'referenceConfig.counters.receipt': SETTINGS_MESSAGES.startNumberRange,
      'invoiceConfig.paymentTermsDays': SETTINGS_MESSAGES.paymentTermsRange,
      'pricing.extraKmCharge': 'Amount must have at most 2 decimal places',
      'pricing.youngDriverFeeOverride': 'Amount cannot be negative',
      logoKey: SETTINGS_MESSAGES.logoKeyInvalid,
    });
    expect(res.body.error.fields.businessType).toBeTruthy();
    const missingVersion = await put(SETTINGS, { name: 'No version' }, owner.token);
    expect(missingVersion.status).toBe(400);
    expect(missingVersion.body.error.fields.version).toBe(SETTINGS_MESSAGES.versionRequired);
    const grace = await put(SETTINGS, { version: before.version, gracePeriodHours: 1.5 }, owner.token);
    expect(grace.body.error.fields.gracePeriodHours).toBe(SETTINGS_MESSAGES.gracePeriodWhole);

    const after = await settingsOf(owner.token);
    expect(after).toEqual(before);
  });

  it('answers 409 when the settings moved since they were read (two managers saving at once)', async () => {
    const t = await registerTenant();
    const admin = await createStaffUser(t.token, 'ADMIN');
    const s = await settingsOf(t.token);
    const [a, b] = await Promise.all([
      put(SETTINGS, { version: s.version, primaryColor: '#111111' }, t.token),
      put(SETTINGS, { version: s.version, primaryColor: '#222222' }, admin.token),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error.code).toBe('VERSION_CONFLICT');
    const stale = await put(SETTINGS, { version: s.version, primaryColor: '#333333' }, t.token);
    expect(stale.status).toBe(409);
    const final = await settingsOf(t.token);
    expect(final.version).toBe(s.version + 1);
    expect(['#111111', '#222222']).toContain(final.primaryColor);
  });

  it('stores gateway keys write-only: GET tells only which are set', async () => {
    const t = await registerTenant();
    const s = await settingsOf(t.token);
    const res = await put(
      SETTINGS,
      { version: s.version, gatewayKeys: { serverKey: 'SK-very-secret-123', profileId: '98765' } },
      t.token,
    );
    expect(res.status).toBe(200);
    const after = await get(SETTINGS, t.token);
    expect(after.body.gatewayKeysConfigured).toEqual({ profileId: true, serverKey: true, clientKey: false });
    expect(JSON.stringify(after.body)).not.toContain('SK-very-secret-123');
    const cleared = await put(SETTINGS, { version: after.body.version, gatewayKeys: { serverKey: null } }, t.token);
    expect(cleared.body.gatewayKeysConfigured).toEqual({ profileId: true, serverKey: false, clientKey: false });
    const bad = await put(
      SETTINGS,
      { version: cleared.body.version, gatewayKeys: { clientKey: 'has spaces in it' } },
      t.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['gatewayKeys.clientKey']).toBe(SETTINGS_MESSAGES.keyInvalid);
  });

  it('STAFF and MECHANIC read only the branding subset and may not write (403)', async () => {
    const t = await registerTenant({ tenantName: 'Branding Only Co' });
    const staff = await createStaffUser(t.token, 'STAFF');
    const mechanic = await createStaffUser(t.token, 'MECHANIC');
    const admin = await createStaffUser(t.token, 'ADMIN');
    for (const who of [staff, mechanic]) {
      const res = await get(SETTINGS, who.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        name: 'Branding Only Co',
        logoUrl: null,
        primaryColor: '#3B82F6',
        secondaryColor: '#8B5CF6',
        accentStyle: 'classic',
        fontFamily: 'Inter',
        currency: 'USD',
        // Every role's display region defaults to the company's (issue 17).
        region: 'US',
      });
      expect((await put(SETTINGS, { version: 1, primaryColor: '#000000' }, who.token)).status).toBe(403);
      expect((await get(PRICING, who.token)).status).toBe(403);
      expect((await put(PRICING, { version: 1, extraKmCharge: 1 }, who.token)).status).toBe(403);
      expect((await post(LOGO, { fileName: 'a.png', contentType: 'image/png', size: 10 }, who.token)).status).toBe(403);
    }
    const asAdmin = await get(SETTINGS, admin.token);
    expect(asAdmin.body.vatRate).toBe(0.05);
    expect((await settingsOf(t.token)).primaryColor).toBe('#3B82F6');
  });

  it('another company never sees or changes these settings', async () => {
    const a = await registerTenant({ tenantName: 'Company Alpha' });
    const b = await registerTenant({ tenantName: 'Company Beta' });
    const sa = await settingsOf(a.token);
    await put(SETTINGS, { version: sa.version, primaryColor: '#AA0000' }, a.token);
    const sb = await settingsOf(b.token);
    expect(sb.name).toBe('Company Beta');
    expect(sb.primaryColor).toBe('#3B82F6');
    // B's write touches only B.
    await put(SETTINGS, { version: sb.version, primaryColor: '#00BB00' }, b.token);
    expect((await settingsOf(a.token)).primaryColor).toBe('#AA0000');
    // A logo key of company A is refused for company B.
    const up = await post(LOGO, { fileName: 'logo.png', contentType: 'image/png', size: PNG_1PX.length }, a.token);
    const sb2 = await settingsOf(b.token);
    const stolen = await put(SETTINGS, { version: sb2.version, logoKey: up.body.key }, b.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.fields.logoKey).toBe(SETTINGS_MESSAGES.logoKeyInvalid);
  });

  it('stays within the round-trip budget: GET = auth + 1 read; PUT = auth + 1 read + 1 transaction', async () => {
    const t = await registerTenant();
    await get(SETTINGS, t.token); // warms the sub → user pointer cache like any signed-in session
    const read = await get(SETTINGS, t.token);
    expect(Number(read.headers.get('x-ddb-calls'))).toBeLessThanOrEqual(2);
    const write = await put(SETTINGS, { version: read.body.version, primaryColor: '#123456' }, t.token);
    expect(write.status).toBe(200);
    expect(Number(write.headers.get('x-ddb-calls'))).toBeLessThanOrEqual(3);
  });

  it('refuses requests without a token', async () => {
    expect((await get(SETTINGS)).status).toBe(401);
    expect((await put(SETTINGS, { version: 1 })).status).toBe(401);
  });
});

describe('pricing settings', () => {
  it('reads defaults, updates one category and the extra-km charge, keeps money exact', async () => {
    const t = await registerTenant();
    const p = await get(PRICING, t.token);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      extraKmCharge: 0.5,
      youngDriverFeeOverride: null,
      fuelChargePerQuarterTank: 0,
      currency: 'USD',
      regionYoungDriverFee: 25,
      version: 1,
    });
    expect(p.body.categoryRates.suv).toEqual({ dailyRate: null, monthlyRate: null });

    const res = await put(
      PRICING,
      {
        version: p.body.version,
        categoryRates: { suv: { dailyRate: 149.99, monthlyRate: 3200 }, economy: { dailyRate: 39.9 } },
        youngDriverFeeOverride: 30.5,
        extraKmCharge: 0.75,
        fuelChargePerQuarterTank: 12.25,
      },
      t.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      categoryRates: { suv: { dailyRate: 149.99, monthlyRate: 3200 }, economy: { dailyRate: 39.9, monthlyRate: null } },
      youngDriverFeeOverride: 30.5,
      extraKmCharge: 0.75,
      fuelChargePerQuarterTank: 12.25,
      version: 2,
    });
    // The same values through the company settings route (one item, one version).
    const s = await get(SETTINGS, t.token);
    expect(s.body.pricing.categoryRates.suv).toEqual({ dailyRate: 149.99, monthlyRate: 3200 });
    expect(s.body.version).toBe(2);

    const back = await put(PRICING, { version: 2, youngDriverFeeOverride: null }, t.token);
    expect(back.body.youngDriverFeeOverride).toBeNull();
    expect(back.body.categoryRates.suv.dailyRate).toBe(149.99);

    const bad = await put(
      PRICING,
      { version: 3, extraKmCharge: 0.123, categoryRates: { luxury: { dailyRate: 'a lot' } } },
      t.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['extraKmCharge']).toBe('Amount must have at most 2 decimal places');
    expect(bad.body.error.fields['categoryRates.luxury.dailyRate']).toBe('Amount must be a valid number');
    expect((await put(PRICING, { version: 1, extraKmCharge: 1 }, t.token)).status).toBe(409);
  });
});

describe('logo upload', () => {
  it('rejects a wrong type (400) and a file over 2 MB (413) with the spec words', async () => {
    const t = await registerTenant();
    const gif = await post(LOGO, { fileName: 'logo.gif', contentType: 'image/gif', size: 1000 }, t.token);
    expect(gif.status).toBe(400);
    expect(gif.body.error.message).toBe('Logo must be a PNG or JPG image');
    const svg = await post(LOGO, { fileName: 'logo.svg', contentType: 'image/png', size: 1000 }, t.token);
    expect(svg.status).toBe(400);
    const big = await post(
      LOGO,
      { fileName: 'logo.png', contentType: 'image/png', size: 2 * 1024 * 1024 + 1 },
      t.token,
    );
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('Logo must be at most 2 MB');
    const exactly2mb = await post(
      LOGO,
      { fileName: 'logo.jpeg', contentType: 'image/jpeg', size: 2 * 1024 * 1024 },
      t.token,
    );
    expect(exactly2mb.status).toBe(200);
    expect(exactly2mb.body.key).toMatch(new RegExp(`^tenants/${t.tenantId}/branding/logo-[0-9A-Z]{26}\\.jpg$`));
  });

  it('uploads through the presigned URL to S3, saves the key and serves the logo through a signed URL', async () => {
    const t = await registerTenant();
    const up = await post(LOGO, { fileName: 'My Logo.PNG', contentType: 'image/png', size: PNG_1PX.length }, t.token);
    expect(up.status).toBe(200);
    expect(up.body.uploadUrl).toContain(up.body.key);
    const putRes = await fetch(up.body.uploadUrl, { method: 'PUT', headers: up.body.headers, body: PNG_1PX });
    expect(putRes.status).toBe(200);

    const s = await get(SETTINGS, t.token);
    const saved = await put(SETTINGS, { version: s.body.version, logoKey: up.body.key }, t.token);
    expect(saved.status).toBe(200);
    expect(saved.body.logoKey).toBe(up.body.key);
    expect(saved.body.logoUrl).toContain(encodeURI(up.body.key).split('/').pop());

    // Everyone in the company sees the logo, including STAFF (branding subset).
    const staff = await createStaffUser(t.token, 'STAFF');
    const branding = await get(SETTINGS, staff.token);
    expect(branding.body.logoUrl).toBeTruthy();
    const img = await fetch(branding.body.logoUrl);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG_1PX)).toBe(true);
    // (Unsigned reads are refused by the cloud bucket's public-access block; s3rver does not
    // enforce it, so that is asserted by the infra tests, not here.)
    expect(branding.body.logoUrl).toMatch(/X-Amz-Signature=/);

    // Removing the logo.
    const removed = await put(SETTINGS, { version: saved.body.version, logoKey: null }, t.token);
    expect(removed.body.logoUrl).toBeNull();
  });

  it('refuses to save a key whose object was never uploaded', async () => {
    const t = await registerTenant();
    const up = await post(LOGO, { fileName: 'logo.png', contentType: 'image/png', size: 100 }, t.token);
    const s = await get(SETTINGS, t.token);
    const res = await put(SETTINGS, { version: s.body.version, logoKey: up.body.key }, t.token);
    expect(res.status).toBe(400);
    expect(res.body.error.fields.logoKey).toBe(SETTINGS_MESSAGES.logoKeyInvalid);
  });

  it('refuses an uploaded object over 2 MB when it is saved (a presigned PUT cannot cap size)', async () => {
    const t = await registerTenant();
    const up = await post(LOGO, { fileName: 'logo.png', contentType: 'image/png', size: 1000 }, t.token);
    const tooBig = Buffer.alloc(2 * 1024 * 1024 + 10, 1);
    const putRes = await fetch(up.body.uploadUrl, { method: 'PUT', headers: up.body.headers, body: tooBig });
    expect(putRes.status).toBe(200);
    const s = await get(SETTINGS, t.token);
    const res = await put(SETTINGS, { version: s.body.version, logoKey: up.body.key }, t.token);
    expect(res.status).toBe(413);
    expect((await get(SETTINGS, t.token)).body.logoKey).toBeNull();
  });

  it('validates the request body', async () => {
    const t = await registerTenant();
    const res = await call(LOGO, {
      method: 'POST',
      body: { fileName: '', contentType: 'image/png', size: -1 },
      token: t.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      fileName: SETTINGS_MESSAGES.fileNameRequired,
      size: SETTINGS_MESSAGES.logoSize,
    });
  });
});
