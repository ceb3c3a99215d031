import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { FIELD_MESSAGES, calendarDate, dateTime, entityId, isDateTime, text, utcDateTime } from './fields';
import { loginSchema, registerSchema, AUTH_MESSAGES } from './auth';
import { calendarQuery, checkConflictsSchema, createRentalSchema, pickupSchema, returnSchema } from './rentals';
import { customerCreateSchema } from './customers';
import { createVehicleSchema, fleetCalendarQuerySchema } from './vehicles';

const firstMessage = (r: { success: boolean; error?: z.ZodError }, path: string) =>
  r.error?.issues.find((i) => i.path.join('.') === path)?.message;

describe('calendarDate', () => {
  it.each(['2024-02-29', '2026-12-31', '2026-01-01'])('accepts %s', (v) => {
    expect(calendarDate().safeParse(v).success).toBe(true);
  });
  it.each([
    '2027-02-30',
    '2026-13-01',
    '2025-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-1-1',
    '20260101',
    '2026-01-01T00:00:00Z',
    '',
  ])('refuses %s with the field message', (v) => {
    const r = calendarDate().safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(FIELD_MESSAGES.invalidDate);
  });
});

describe('dateTime', () => {
  it.each([
    '2026-03-01T10:00Z',
    '2026-03-01T10:00:00Z',
    '2026-03-01T10:00:00.123Z',
    '2026-03-01T23:59:59+04:00',
    '2024-02-29T00:00:00-05:30',
  ])('accepts %s', (v) => {
    expect(isDateTime(v)).toBe(true);
  });
  it.each([
    '2027-02-30T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-03-01T24:00:00Z',
    '2026-03-01T10:60:00Z',
    '2026-03-01T10:00:60Z',
    '2026-03-01T10:00:00',
    '2026-03-01',
    '2026-03-01T10:00:00+25:00',
    'tomorrow',
  ])('refuses %s', (v) => {
    const r = dateTime().safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(FIELD_MESSAGES.invalidDateTime);
  });
  it('utcDateTime normalises to UTC', () => {
    expect(utcDateTime().parse('2026-03-01T14:00:00+04:00')).toBe('2026-03-01T10:00:00.000Z');
  });
});

describe('text and ids', () => {
  it('refuses strings over the maximum with the shared message', () => {
    const r = text(5).safeParse('123456');
    expect(r.error?.issues[0].message).toBe(FIELD_MESSAGES.tooLong);
    expect(text(5).safeParse(' 12345 ').success).toBe(true);
  });
  it('ids are ULIDs: a key separator or control character never gets through', () => {
    expect(entityId().safeParse('01JAAAAAAAAAAAAAAAAAAAAAAA').success).toBe(true);
    for (const bad of ['a#b', '\u0000', '', 'x'.repeat(26), '01JAAAAAAAAAAAAAAAAAAAAAA#'])
      expect(entityId().safeParse(bad).success).toBe(false);
  });
});

describe('sign-up and sign-in refuse 100,000-character strings', () => {
  const huge = 'a'.repeat(100_000);
  const valid = {
    tenantName: 'Co',
    fullNameEnglish: 'Owner',
    username: 'owner1',
    email: 'o@example.test',
    password: 'secret-1',
  };
  it.each(['tenantName', 'fullNameEnglish', 'fullNameArabic', 'username', 'password', 'email'])(
    'register: %s',
    (field) => {
      const r = registerSchema.safeParse({ ...valid, [field]: huge });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].path).toEqual([field]);
    },
  );
  it.each(['username', 'password'])('login: %s', (field) => {
    expect(loginSchema.safeParse({ username: 'u', password: 'p', [field]: huge }).success).toBe(false);
  });
  it('keeps the spec messages', () => {
    expect(firstMessage(loginSchema.safeParse({ username: '', password: 'x' }), 'username')).toBe(
      AUTH_MESSAGES.usernameRequired,
    );
    expect(firstMessage(loginSchema.safeParse({ password: 'x' }), 'username')).toBe(AUTH_MESSAGES.usernameRequired);
    expect(firstMessage(registerSchema.safeParse({ ...valid, tenantName: ' ' }), 'tenantName')).toBe(
      AUTH_MESSAGES.tenantNameRequired,
    );
  });
});

describe('every date in the schemas is strict', () => {
  const ids = { customerId: '01JAAAAAAAAAAAAAAAAAAAAAAA', vehicleId: '01JBBBBBBBBBBBBBBBBBBBBBBB' };
  it('createRental and checkConflicts refuse 2027-02-30 instead of booking 2 March', () => {
    const body = { ...ids, startDate: '2027-02-30T10:00:00Z', endDate: '2027-03-05T10:00:00Z', dailyRate: 90 };
    expect(firstMessage(createRentalSchema.safeParse(body), 'startDate')).toBe(FIELD_MESSAGES.invalidDateTime);
    expect(
      firstMessage(
        checkConflictsSchema.safeParse({ ...body, startDate: '2027-03-01T10:00:00Z', endDate: '2027-13-01T10:00:00Z' }),
        'endDate',
      ),
    ).toBe(FIELD_MESSAGES.invalidDateTime);
    expect(createRentalSchema.safeParse({ ...body, startDate: '2027-02-28T10:00:00Z' }).success).toBe(true);
  });
  it('a missing start date keeps its own message', () => {
    expect(
      firstMessage(
        createRentalSchema.safeParse({ ...ids, dailyRate: 90, endDate: '2027-03-05T10:00:00Z' }),
        'startDate',
      ),
    ).toBe('Start date is required');
  });
  it('pickup and return times', () => {
    expect(
      pickupSchema.safeParse({ odometerStart: 1, fuelLevelStart: 'full', pickedUpAt: '2026-02-30T10:00:00Z' }).success,
    ).toBe(false);
    expect(
      returnSchema.safeParse({ odometerEnd: 1, condition: 'good', returnDate: '2026-02-29T10:00:00Z' }).success,
    ).toBe(false);
  });
  it('query windows', () => {
    expect(calendarQuery.safeParse({ start: '2026-02-30' }).success).toBe(false);
    expect(calendarQuery.safeParse({ start: '2026-02-28', end: '2026-03-01T00:00:00.000Z' }).success).toBe(true);
    expect(fleetCalendarQuerySchema.safeParse({ start: '2026-02-30', end: '2026-03-02' }).success).toBe(false);
  });
  it('customer and vehicle dates (empty still means "not given")', () => {
    expect(customerCreateSchema.safeParse({ fullNameEnglish: 'A', dateOfBirth: '1990-02-30' }).success).toBe(false);
    expect(customerCreateSchema.parse({ fullNameEnglish: 'A', dateOfBirth: '' }).dateOfBirth).toBeNull();
    const vehicle = {
      make: 'T',
      model: 'C',
      year: 2023,
      licensePlate: 'A 1',
      vin: '1HGCM82633A004352',
      odometerKm: 10,
      dailyRate: 90,
    };
    expect(createVehicleSchema.safeParse({ ...vehicle, insuranceExpiryDate: '2027-13-01' }).success).toBe(false);
    expect(createVehicleSchema.parse({ ...vehicle, insuranceExpiryDate: '' }).insuranceExpiryDate).toBeNull();
  });
});
