import { beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import type { RegisteredTenant } from '../../test/integration/fixtures';
import { yearsAgo, daysFromNow, createCustomer, customersWorld } from '../../test/integration/customer-kit';
import { CUSTOMER_MESSAGES } from '../../shared/schemas/customers';

/** Adding a customer: every field and the spec defaults, required and validated fields, the region's minimum age. */
let owner: RegisteredTenant;

beforeAll(async () => {
  ({ owner } = await customersWorld());
});

const create = (body: Record<string, unknown>, token = owner.token) => createCustomer(body, token);

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
    expect(read.body).toMatchObject({
      id: c.id,
      phone: '+971 50 123 4567',
      licenseNumber: 'DXB-778899',
      blacklistMatches: [],
    });
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
    const ok = await create({
      fullNameEnglish: 'Young Driver',
      dateOfBirth: yearsAgo(23),
      licenseExpiryDate: daysFromNow(10),
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ age: 23, youngDriver: true, eligibleToRent: true, licenseStatus: 'expiring_soon' });
    const expired = await create({ fullNameEnglish: 'Expired Licence', licenseExpiryDate: daysFromNow(-3) });
    expect(expired.body.licenseStatus).toBe('expired');
  });
});
