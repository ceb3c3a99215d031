import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, call, get, patch, post } from '../../test/integration/client';
import { createStaffUser, registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { CUSTOMER_MESSAGES, ID_SCAN_MESSAGES } from '../../shared/schemas/customers';
import { plainPng } from '../../test/fixtures/make-samples';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../../test/fixtures', name));
/** A birth date `years` ago, a few days clear of the birthday: the server ages people on the company's
 *  calendar day (its time zone), which can be a day behind or ahead of UTC's. */
const yearsAgo = (years: number, extraDays = 3) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
};
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let owner: RegisteredTenant;
let other: RegisteredTenant;
let staffToken: string;
let mechanicToken: string;

beforeAll(async () => {
  [owner, other] = await Promise.all([registerTenant(), registerTenant()]);
  const [staff, mechanic] = await Promise.all([createStaffUser(owner.token, 'STAFF'), createStaffUser(owner.token, 'MECHANIC')]);
  staffToken = staff.token;
  mechanicToken = mechanic.token;
});

const create = (body: Record<string, unknown>, token = owner.token) => post('/api/v1/customers', body, token);

describe('POST /api/v1/customers', () => {
  it('adds a customer with every field and the spec defaults, and reads it back', async () => {
    const res = await create({
      fullNameEnglish: 'Mohammed Al-Hashimi',
      fullNameArabic: 'محمد الهاشمي',
      firstName: 'Mohammed',
      lastName: 'Al-Hashimi',
      email: 'Mo@Example.com',
      phone: '+971 50 123 4567',
      licenseNumber: 'DXB-778899',
      licenseIssuer: 'Dubai RTA',
      licenseIssuedDate: '2020-01-10',
      licenseExpiryDate: daysFromNow(400),
      dateOfBirth: yearsAgo(35),
      homeAddress: 'Al Barsha 1',
      fullAddress: 'Villa 12, Al Barsha 1, Dubai, UAE',
      visaNumber: 'V-1234',
      nationalIdOrPassport: '784-1985-1234567-1',
      countryOfOrigin: 'United Arab Emirates',
      emergencyContactName: 'Sara',
      emergencyContactPhone: '+971 55 000 1111',
      emergencyContactRelationship: 'Sister',
      gender: 'male',
      referralSource: 'Google',
      internalNotes: 'Prefers SUVs',
      behaviorFlags: ['late_return'],
    });
    expect(res.status).toBe(201);
    const c = res.body;
    expect(c.id).toMatch(/^[0-9A-Z]{26}$/);
    expect(c).toMatchObject({
      fullNameEnglish: 'Mohammed Al-Hashimi',
      fullNameArabic: 'محمد الهاشمي',
      email: 'mo@example.com',
      preferredLanguage: 'english',
      isVip: false,
      isActive: true,
      loyaltyScore: 0,
      loyaltyTier: 'bronze',
      rentalsCount: 0,
      completedRentals: 0,
      totalSpend: 0,
      youngDriver: false,
      eligibleToRent: true,
      licenseStatus: 'valid',
      behaviorFlags: ['late_return'],
      version: 1,
      blacklistMatches: [],
    });
    expect(c.age).toBe(35);
    expect(c.loyaltyNext).toEqual({ tier: 'silver', rentalsNeeded: 3, spendNeeded: 2500 });
    expect(c.addedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(c.searchText).toBeUndefined();
    expect(c.totalSpendMinor).toBeUndefined();
    const read = await get(`/api/v1/customers/${c.id}`, owner.token);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: c.id, phone: '+971 50 123 4567', licenseNumber: 'DXB-778899', blacklistMatches: [] });
  });

  it('requires fullNameEnglish with the spec message and writes nothing', async () => {
    const before = await get('/api/v1/customers?status=all&limit=100', owner.token);
    for (const body of [{}, { fullNameEnglish: '   ' }]) {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.fields.fullNameEnglish).toBe(CUSTOMER_MESSAGES.fullNameEnglishRequired);
    }
    const after = await get('/api/v1/customers?status=all&limit=100', owner.token);
    expect(after.body.items.length).toBe(before.body.items.length);
  });

  it('validates email, phone, dates and licence dates when given', async () => {
    const res = await create({
      fullNameEnglish: 'Bad Input',
      email: 'not-an-email',
      phone: '12ab',
      dateOfBirth: '1990-02-30',
      licenseIssuedDate: '2024-05-01',
      licenseExpiryDate: '2024-04-01',
      emergencyContactPhone: '123',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      email: CUSTOMER_MESSAGES.invalidEmail,
      phone: CUSTOMER_MESSAGES.invalidPhone,
      dateOfBirth: CUSTOMER_MESSAGES.invalidDate,
      licenseExpiryDate: CUSTOMER_MESSAGES.expiryBeforeIssue,
      emergencyContactPhone: CUSTOMER_MESSAGES.invalidPhone,
    });
    const enums = await create({ fullNameEnglish: 'Enum', gender: 'robot', preferredLanguage: 'klingon' });
    expect(enums.status).toBe(400);
    expect(Object.keys(enums.body.error.fields).sort()).toEqual(['gender', 'preferredLanguage']);
  });

  it('checks the date of birth against the region minimum age and flags young drivers', async () => {
    const young = await create({ fullNameEnglish: 'Too Young', dateOfBirth: yearsAgo(20) });
    expect(young.status).toBe(400);
    expect(young.body.error.fields.dateOfBirth).toMatch(/^Customer must be at least 21 years old to rent in /);
    const future = await create({ fullNameEnglish: 'Not Born', dateOfBirth: daysFromNow(10) });
    expect(future.status).toBe(400);
    expect(future.body.error.fields.dateOfBirth).toBe('Date of birth cannot be in the future');
    const ok = await create({ fullNameEnglish: 'Young Driver', dateOfBirth: yearsAgo(23), licenseExpiryDate: daysFromNow(10) });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ age: 23, youngDriver: true, eligibleToRent: true, licenseStatus: 'expiring_soon' });
    const expired = await create({ fullNameEnglish: 'Expired Licence', licenseExpiryDate: daysFromNow(-3) });
    expect(expired.body.licenseStatus).toBe('expired');
  });
});

describe('GET /api/v1/customers (directory)', () => {
  let t: RegisteredTenant;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await registerTenant();
    const people = [
      { fullNameEnglish: 'Zayed Karim', fullNameArabic: 'زايد كريم', phone: '050 111 2222', isVip: true },
      { fullNameEnglish: 'Amira Haddad', fullNameArabic: 'أميرة حداد', email: 'amira@haddad.test', licenseNumber: 'LIC-445566' },
      { fullNameEnglish: 'John Smith', phone: '+1 (212) 555-0100' },
      { fullNameEnglish: 'José Álvarez', isVip: true },
      { fullNameEnglish: 'Bilal Nasser', isActive: false },
    ];
    for (const p of people) {
      const res = await create(p, t.token);
      expect(res.status).toBe(201);
      ids[p.fullNameEnglish] = res.body.id;
    }
  });

  const names = (res: { body: { items: { fullNameEnglish: string }[] } }) => res.body.items.map((c) => c.fullNameEnglish);

  it('lists active customers newest first by default, inactive and all on request', async () => {
    const res = await get('/api/v1/customers', t.token);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['José Álvarez', 'John Smith', 'Amira Haddad', 'Zayed Karim']);
    expect(res.body.nextCursor).toBeNull();
    expect(names(await get('/api/v1/customers?status=inactive', t.token))).toEqual(['Bilal Nasser']);
    expect(names(await get('/api/v1/customers?status=all&sort=oldest', t.token))).toEqual(['Zayed Karim', 'Amira Haddad', 'John Smith', 'José Álvarez', 'Bilal Nasser']);
  });

  it('sorts by name both ways', async () => {
    expect(names(await get('/api/v1/customers?sort=name_asc', t.token))).toEqual(['Amira Haddad', 'John Smith', 'José Álvarez', 'Zayed Karim']);
    expect(names(await get('/api/v1/customers?sort=name_desc', t.token))).toEqual(['Zayed Karim', 'José Álvarez', 'John Smith', 'Amira Haddad']);
  });

  it('searches English and Arabic names (diacritic- and letter-form-insensitive), phone, email and licence', async () => {
    const search = async (q: string) => names(await get(`/api/v1/customers?q=${encodeURIComponent(q)}`, t.token));
    expect(await search('amira')).toEqual(['Amira Haddad']);
    expect(await search('اميرة')).toEqual(['Amira Haddad']); // alef without hamza finds أميرة
    expect(await search('jose alv')).toEqual(['José Álvarez']);
    expect(await search('0501112222')).toEqual(['Zayed Karim']);
    expect(await search('212-555')).toEqual(['John Smith']);
    expect(await search('amira@haddad')).toEqual(['Amira Haddad']);
    expect(await search('lic445566')).toEqual(['Amira Haddad']);
    expect(await search('nobody-here')).toEqual([]);
  });

  it('filters by VIP and by loyalty tier', async () => {
    expect(names(await get('/api/v1/customers?isVip=true', t.token))).toEqual(['José Álvarez', 'Zayed Karim']);
    expect(names(await get('/api/v1/customers?isVip=false', t.token))).toEqual(['John Smith', 'Amira Haddad']);
    expect(names(await get('/api/v1/customers?tier=bronze', t.token))).toHaveLength(4);
    expect(names(await get('/api/v1/customers?tier=gold', t.token))).toEqual([]);
  });

  it('pages with a cursor bound to the query', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await get(`/api/v1/customers?status=all&limit=2${cursor ? `&cursor=${cursor}` : ''}`, t.token);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...names(res));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen.sort()).toEqual(Object.keys(ids).sort());
    const first = await get('/api/v1/customers?status=all&limit=2', t.token);
    const misuse = await get(`/api/v1/customers?status=all&limit=2&sort=name_asc&cursor=${first.body.nextCursor}`, t.token);
    expect(misuse.status).toBe(400);
    const foreign = await get(`/api/v1/customers?status=all&limit=2&cursor=${first.body.nextCursor}`, other.token);
    expect(foreign.status).toBe(400);
  });

  it('rejects bad query values', async () => {
    const res = await get('/api/v1/customers?tier=diamond&sort=random&limit=0', t.token);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['limit', 'sort', 'tier']);
  });
});

describe('PATCH, VIP and active', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ fullNameEnglish: 'Edit Me', phone: '0501234567', email: 'edit@me.test' })).body.id;
  });

  it('edits fields, clears a field with an empty value, and bumps the version', async () => {
    const res = await patch(`/api/v1/customers/${id}`, { fullNameEnglish: 'Edited Name', email: '', preferredLanguage: 'arabic', version: 1 }, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fullNameEnglish: 'Edited Name', preferredLanguage: 'arabic', phone: '0501234567', version: 2 });
    expect(res.body.email).toBeUndefined();
    const found = await get('/api/v1/customers?q=edited', owner.token);
    expect(found.body.items.map((c: any) => c.id)).toContain(id);
  });

  it('answers 409 for a stale version and 400 for an empty name', async () => {
    const stale = await patch(`/api/v1/customers/${id}`, { firstName: 'X', version: 1 }, owner.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('VERSION_CONFLICT');
    const empty = await patch(`/api/v1/customers/${id}`, { fullNameEnglish: '' }, owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.fullNameEnglish).toBe(CUSTOMER_MESSAGES.fullNameEnglishRequired);
    const young = await patch(`/api/v1/customers/${id}`, { dateOfBirth: yearsAgo(18) }, owner.token);
    expect(young.status).toBe(400);
    expect(young.body.error.fields.dateOfBirth).toMatch(/at least 21/);
  });

  it('toggles VIP and active status (STAFF may)', async () => {
    const vip = await post(`/api/v1/customers/${id}/vip`, { isVip: true }, staffToken);
    expect(vip.status).toBe(200);
    expect(vip.body.isVip).toBe(true);
    const vipList = await get('/api/v1/customers?isVip=true', owner.token);
    expect(vipList.body.items.map((c: any) => c.id)).toContain(id);
    const off = await post(`/api/v1/customers/${id}/active`, { isActive: false }, staffToken);
    expect(off.body.isActive).toBe(false);
    const active = await get('/api/v1/customers?status=active&limit=100', owner.token);
    expect(active.body.items.map((c: any) => c.id)).not.toContain(id);
    const on = await post(`/api/v1/customers/${id}/active`, { isActive: true }, owner.token);
    expect(on.body.isActive).toBe(true);
    const bad = await post(`/api/v1/customers/${id}/vip`, { isVip: 'yes' }, owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.isVip).toBeTruthy();
  });
});

describe('notes', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ fullNameEnglish: 'Noted Customer' })).body.id;
  });

  it('adds notes with visibility and lists them newest first; internal notes are for managers', async () => {
    const a = await post(`/api/v1/customers/${id}/notes`, { content: 'Paid deposit in cash', visibility: 'public' }, owner.token);
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ content: 'Paid deposit in cash', visibility: 'public', authorName: owner.username });
    const b = await post(`/api/v1/customers/${id}/notes`, { content: 'Disputed a damage charge', visibility: 'internal' }, owner.token);
    expect(b.status).toBe(201);
    const c = await post(`/api/v1/customers/${id}/notes`, { content: 'Calls before pickup' }, staffToken);
    expect(c.status).toBe(201);
    expect(c.body.visibility).toBe('staff_only');
    const staffInternal = await post(`/api/v1/customers/${id}/notes`, { content: 'x', visibility: 'internal' }, staffToken);
    expect(staffInternal.status).toBe(403);

    const managerView = await get(`/api/v1/customers/${id}/notes`, owner.token);
    expect(managerView.body.items.map((n: any) => n.content)).toEqual(['Calls before pickup', 'Disputed a damage charge', 'Paid deposit in cash']);
    const staffView = await get(`/api/v1/customers/${id}/notes`, staffToken);
    expect(staffView.body.items.map((n: any) => n.content)).toEqual(['Calls before pickup', 'Paid deposit in cash']);
    const paged = await get(`/api/v1/customers/${id}/notes?limit=2`, owner.token);
    expect(paged.body.items).toHaveLength(2);
    const rest = await get(`/api/v1/customers/${id}/notes?limit=2&cursor=${paged.body.nextCursor}`, owner.token);
    expect(rest.body.items.map((n: any) => n.content)).toEqual(['Paid deposit in cash']);
  });

  it('validates note content and visibility', async () => {
    const empty = await post(`/api/v1/customers/${id}/notes`, { content: '  ' }, owner.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.content).toBe(CUSTOMER_MESSAGES.noteRequired);
    const long = await post(`/api/v1/customers/${id}/notes`, { content: 'x'.repeat(2001) }, owner.token);
    expect(long.body.error.fields.content).toBe(CUSTOMER_MESSAGES.noteTooLong);
    const vis = await post(`/api/v1/customers/${id}/notes`, { content: 'ok', visibility: 'secret' }, owner.token);
    expect(vis.status).toBe(400);
    expect(vis.body.error.fields.visibility).toBeTruthy();
  });
});

describe('rental history', () => {
  it('answers an empty first page for a customer without rentals', async () => {
    const id = (await create({ fullNameEnglish: 'No Rentals Yet' })).body.id;
    const res = await get(`/api/v1/customers/${id}/rentals`, owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], nextCursor: null });
  });

  it("lists the customer's rentals from the rentals domain, newest first, in pages", async () => {
    const id = (await create({ fullNameEnglish: 'Frequent Renter', dateOfBirth: yearsAgo(40) })).body.id;
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const vehicle = await post('/api/v1/vehicles', {
        make: 'Toyota', model: 'Corolla', year: 2023, licensePlate: `H ${Date.now().toString().slice(-6)}${i}`,
        vin: `HIST${Date.now().toString(36).toUpperCase()}${i}`.padEnd(17, '7').slice(0, 17), odometerKm: 1200, dailyRate: 90, category: 'sedan',
      }, owner.token);
      expect(vehicle.status).toBe(201);
      const start = Date.UTC(2031, 0, 1 + i * 10);
      const rental = await post('/api/v1/rentals', {
        customerId: id, vehicleId: vehicle.body.id, startDate: new Date(start).toISOString(), endDate: new Date(start + 2 * 86_400_000).toISOString(), dailyRate: 90,
      }, owner.token);
      expect(rental.status).toBe(201);
      refs.push(rental.body.referenceNumber);
    }
    const first = await get(`/api/v1/customers/${id}/rentals?limit=2`, owner.token);
    expect(first.status).toBe(200);
    expect(first.body.items.map((r: any) => r.referenceNumber)).toEqual([refs[2], refs[1]]);
    expect(first.body.items[0].customerId).toBe(id);
    const second = await get(`/api/v1/customers/${id}/rentals?limit=2&cursor=${first.body.nextCursor}`, owner.token);
    expect(second.body.items.map((r: any) => r.referenceNumber)).toEqual([refs[0]]);
  });
});

describe('ID scan', () => {
  const scan = (body: Buffer, type: string, token = owner.token) =>
    call('/api/v1/customers/id-scan', { method: 'POST', raw: new Uint8Array(body), token, headers: { 'content-type': type } });

  it('reads the generated sample passport PDF', async () => {
    const res = await scan(fixture('sample-passport.pdf'), 'application/pdf');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'mrz',
      confidence: 1,
      documentType: 'passport',
      fields: { fullNameEnglish: 'Anna Maria Eriksson', firstName: 'Anna Maria', lastName: 'Eriksson', nationalIdOrPassport: 'L898902C3', dateOfBirth: '1974-08-12', gender: 'female', countryOfOrigin: 'Utopia' },
    });
    expect(res.body.rawMrz).toHaveLength(2);
  });

  it('reads a photo of the sample passport by OCR (tesseract.js, English model from npm) and its MRZ', async () => {
    const res = await scan(fixture('sample-passport-photo.png'), 'image/png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'mrz', confidence: 1, documentType: 'passport', fields: { fullNameEnglish: 'Anna Maria Eriksson', nationalIdOrPassport: 'L898902C3' } });
  });

  it('reads the labelled fields of the sample licence PDF', async () => {
    const res = await scan(fixture('sample-licence.pdf'), 'application/pdf');
    expect(res.status).toBe(200);
    expect(res.body.fields).toMatchObject({ licenseNumber: 'JO-5512-889', licenseExpiryDate: '2029-06-30' });
  });

  it('answers 422 "Failed to scan ID document" for an image without text', async () => {
    const res = await scan(fixture('sample-photo.png'), 'image/png');
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(ID_SCAN_MESSAGES.failed);
    expect(res.body.error.fields.file).toBe(ID_SCAN_MESSAGES.noText);
  });

  it('refuses other file types, a mismatched type, an empty body and files over 10 MB', async () => {
    expect((await scan(Buffer.from('hello'), 'text/plain')).status).toBe(415);
    expect((await scan(plainPng(), 'application/pdf')).status).toBe(415);
    expect((await scan(Buffer.alloc(0), 'application/pdf')).status).toBe(422);
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0x20);
    big.write('%PDF-1.7');
    expect((await scan(big, 'application/pdf')).status).toBe(413);
  });

  it('scans a file uploaded to S3 first (large files) and deletes it after reading', async () => {
    const file = fixture('sample-passport.pdf');
    const url = await post('/api/v1/customers/id-scan/upload-url', { fileName: 'passport.pdf', contentType: 'application/pdf', size: file.length }, owner.token);
    expect(url.status).toBe(200);
    expect(url.body.key.startsWith(`tenants/${owner.tenantId}/id-scans/`)).toBe(true);
    const put = await fetch(url.body.uploadUrl.replace('localhost', '127.0.0.1'), { method: 'PUT', headers: url.body.headers, body: file });
    expect(put.status).toBe(200);
    const res = await call('/api/v1/customers/id-scan', { method: 'POST', body: { key: url.body.key }, token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.fields.fullNameEnglish).toBe('Anna Maria Eriksson');
    // The scan is not kept: a second read finds nothing.
    const again = await call('/api/v1/customers/id-scan', { method: 'POST', body: { key: url.body.key }, token: owner.token });
    expect(again.status).toBe(400);
    // Another company's key is refused without being read.
    const foreign = await call('/api/v1/customers/id-scan', { method: 'POST', body: { key: url.body.key }, token: other.token });
    expect(foreign.status).toBe(400);
    const bad = await call('/api/v1/customers/id-scan', { method: 'POST', body: {}, token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.key).toBeTruthy();
  });

  it('is for customer editors only', async () => {
    expect((await scan(fixture('sample-passport.pdf'), 'application/pdf', mechanicToken)).status).toBe(403);
    expect((await scan(fixture('sample-passport.pdf'), 'application/pdf', staffToken)).status).toBe(200);
  });
});

describe('tenancy and roles', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ fullNameEnglish: 'Private Customer' })).body.id;
  });

  it('another tenant gets 404 on every customer route with this id', async () => {
    const t = other.token;
    expect((await get(`/api/v1/customers/${id}`, t)).status).toBe(404);
    expect((await patch(`/api/v1/customers/${id}`, { firstName: 'X' }, t)).status).toBe(404);
    expect((await post(`/api/v1/customers/${id}/vip`, { isVip: true }, t)).status).toBe(404);
    expect((await post(`/api/v1/customers/${id}/active`, { isActive: false }, t)).status).toBe(404);
    expect((await get(`/api/v1/customers/${id}/notes`, t)).status).toBe(404);
    expect((await post(`/api/v1/customers/${id}/notes`, { content: 'x' }, t)).status).toBe(404);
    expect((await get(`/api/v1/customers/${id}/rentals`, t)).status).toBe(404);
    const list = await get('/api/v1/customers?status=all&limit=100', t);
    expect(list.body.items.map((c: any) => c.id)).not.toContain(id);
    // and the customer is untouched
    expect((await get(`/api/v1/customers/${id}`, owner.token)).body.version).toBe(1);
  });

  it('answers 404 for ids that are not ids', async () => {
    for (const bad of ['not-an-id', 'x%23y', '01J%00000000000000000000000']) {
      expect((await get(`/api/v1/customers/${bad}`, owner.token)).status).toBe(404);
      expect((await get(`/api/v1/customers/${bad}/notes`, owner.token)).status).toBe(404);
      expect((await get(`/api/v1/blacklist/${bad}`, owner.token)).status).toBe(404);
    }
  });

  it('MECHANIC has no customer access (403 on every route)', async () => {
    const m = mechanicToken;
    expect((await get('/api/v1/customers', m)).status).toBe(403);
    expect((await create({ fullNameEnglish: 'X' }, m)).status).toBe(403);
    expect((await get(`/api/v1/customers/${id}`, m)).status).toBe(403);
    expect((await patch(`/api/v1/customers/${id}`, { firstName: 'X' }, m)).status).toBe(403);
    expect((await post(`/api/v1/customers/${id}/vip`, { isVip: true }, m)).status).toBe(403);
    expect((await post(`/api/v1/customers/${id}/active`, { isActive: true }, m)).status).toBe(403);
    expect((await get(`/api/v1/customers/${id}/notes`, m)).status).toBe(403);
    expect((await post(`/api/v1/customers/${id}/notes`, { content: 'x' }, m)).status).toBe(403);
    expect((await get(`/api/v1/customers/${id}/rentals`, m)).status).toBe(403);
  });

  it('STAFF may add and edit customers', async () => {
    const res = await create({ fullNameEnglish: 'Staff Added' }, staffToken);
    expect(res.status).toBe(201);
    expect((await patch(`/api/v1/customers/${res.body.id}`, { phone: '0551234567' }, staffToken)).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call('/api/v1/customers')).status).toBe(401);
    expect(BASE_URL).toBeTruthy();
  });
});
