import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import {
  buildVehicleItem,
  derivedAttributes,
  initialHealthScore,
  toVehicleApi,
  vehicleListQuery,
  vehiclePlateKey,
  type VehicleFields,
} from './data';
import { assembleCalendar, calendarWindow, statusChangeRefusal } from './rules';
import { isKeyInPrefix, safeFileName } from '../lib/storage';
import { listVehiclesQuerySchema } from '../../shared/schemas/vehicles';
import { normalizePlate, VEHICLE_MESSAGES } from '../../shared/schemas/vehicles-constants';
import { querySignature } from '../lib/data/cursor';

const T = ulid();
const fields: VehicleFields = {
  make: 'Toyota',
  model: 'Land Cruiser',
  year: 2022,
  licensePlate: 'A 12345',
  vin: '1HGCM82633A004352',
  color: 'White',
  odometerKm: 45_000,
  fuelType: 'petrol',
  transmission: 'automatic',
  category: 'suv',
  location: 'Dubai Marina',
  dailyRateMinor: 45_050,
  monthlyRateMinor: null,
  dailyKmLimit: 200,
  insuranceExpiryDate: '2027-01-01',
  registrationExpiryDate: null,
  startRegistrationDate: null,
  issuedPlace: 'Dubai',
  trafficCode: '50123',
  plateCategory: 'A',
  status: 'available',
};

describe('vehicle item and API mapping', () => {
  it('builds the item with the contract attributes and maps money to decimals for the API', () => {
    const id = ulid();
    const item = buildVehicleItem(T, id, fields, '2026-03-01T10:00:00.000Z');
    expect(item).toMatchObject({
      pk: `T#${T}#VEHICLE`,
      sk: id,
      entityType: 'VEHICLE',
      version: 1,
      scheduleVersion: 0,
      isArchived: false,
      dailyRateMinor: 45_050,
    });
    const api = toVehicleApi(item);
    expect(api.dailyRate).toBe(450.5);
    expect(api.monthlyRate).toBeNull();
    expect(api.mileage).toBe(45_000);
    expect(api).not.toHaveProperty('pk');
    expect(api).not.toHaveProperty('searchText');
    expect(api).not.toHaveProperty('scheduleVersion');
    expect(api.healthScore).toBe(78); // 4 years −8, 45,000 km −4, never serviced −10
    expect(api.healthGrade).toBe('good');
  });

  it('derives search text (plate with and without spaces, VIN, make, model) and sort keys', () => {
    const d = derivedAttributes(T, {
      id: 'X1',
      make: 'Mercedes#Benz',
      model: 'S 500',
      licensePlate: 'A 12345',
      vin: 'VIN',
      dailyRateMinor: 999,
    });
    expect(d.searchText).toBe('a 12345 a12345 vin mercedes#benz s 500');
    expect(d.makeKey).toBe('mercedes#benz');
    expect(d.gsi1sk).toBe('mercedes benz#s 500#X1');
    expect(d.gsi2sk).toBe('000000000000999#X1');
  });

  it('initial health score penalises age, distance and expired insurance or registration', () => {
    const fresh = initialHealthScore(
      { year: 2026, odometerKm: 10, insuranceExpiryDate: null, registrationExpiryDate: null },
      '2026-03-01',
    );
    const expired = initialHealthScore(
      { year: 2026, odometerKm: 10, insuranceExpiryDate: '2026-01-01', registrationExpiryDate: null },
      '2026-03-01',
    );
    const old = initialHealthScore(
      { year: 2016, odometerKm: 250_000, insuranceExpiryDate: null, registrationExpiryDate: null },
      '2026-03-01',
    );
    expect(fresh).toBe(90); // never serviced: −10
    expect(expired).toBe(75);
    expect(old).toBe(45);
  });

  it('normalises plates for uniqueness across spacing, dashes and case, Arabic letters kept', () => {
    expect(normalizePlate(' a-12 345 ')).toBe('A12345');
    expect(normalizePlate('أ ب ج 1234')).toBe('أبج1234');
    expect(vehiclePlateKey(T, 'dxb a 1').sk).toBe(vehiclePlateKey(T, 'DXB-A1').sk);
  });
});

describe('list query', () => {
  const q = (input: Record<string, string>) => listVehiclesQuerySchema.parse(input);

  it('hides archived vehicles by default and ANDs every filter', () => {
    const def = vehicleListQuery(T, q({}));
    expect(def.filter?.expression).toBe('#isArchived <> :isArchived');
    expect(def.forward).toBe(false);
    const all = vehicleListQuery(
      T,
      q({ showArchived: 'true', make: 'Toyota', status: 'available', category: 'suv', q: 'A12' }),
    );
    expect(all.filter?.expression).toBe(
      '#makeKey = :makeKey AND #status = :status AND #category = :category AND contains(#searchText, :searchText0)',
    );
    expect(all.filter?.values).toEqual({
      ':makeKey': 'toyota',
      ':status': 'available',
      ':category': 'suv',
      ':searchText0': 'a12',
    });
  });

  it('reads sorts from the base table or the GSI projections', () => {
    expect(vehicleListQuery(T, q({ sort: 'oldest' }))).toMatchObject({ pk: `T#${T}#VEHICLE`, forward: true });
    expect(vehicleListQuery(T, q({ sort: 'oldest' })).index).toBeUndefined();
    expect(vehicleListQuery(T, q({ sort: 'make_desc' }))).toMatchObject({
      pk: `T#${T}#VEHICLE_BY_MAKE`,
      index: 'gsi1',
      forward: false,
    });
    expect(vehicleListQuery(T, q({ sort: 'rate_asc' }))).toMatchObject({
      pk: `T#${T}#VEHICLE_BY_RATE`,
      index: 'gsi2',
      forward: true,
    });
  });

  it('binds the cursor to filters and sort but not to the page size', () => {
    const sig = (input: Record<string, string>) => querySignature(vehicleListQuery(T, q(input)).signature);
    expect(sig({ limit: '10' })).toBe(sig({ limit: '50' }));
    expect(sig({})).not.toBe(sig({ status: 'rented' }));
    expect(sig({})).not.toBe(sig({ showArchived: 'true' }));
    expect(sig({ q: 'abc' })).not.toBe(sig({ q: 'abd' }));
  });
});

describe('status rules', () => {
  it('refuses rented by hand, changes of archived vehicles and ending an active rental', () => {
    expect(statusChangeRefusal({ isArchived: false, status: 'available' }, 'in_maintenance', false)).toBeNull();
    expect(statusChangeRefusal({ isArchived: false, status: 'available' }, 'rented', false)).toBe(
      VEHICLE_MESSAGES.rentedIsAutomatic,
    );
    expect(statusChangeRefusal({ isArchived: true, status: 'available' }, 'out_of_service', false)).toBe(
      VEHICLE_MESSAGES.archivedNoStatus,
    );
    expect(statusChangeRefusal({ isArchived: false, status: 'rented' }, 'available', true)).toBe(
      VEHICLE_MESSAGES.onActiveRental,
    );
    expect(statusChangeRefusal({ isArchived: false, status: 'rented' }, 'available', false)).toBeNull();
    expect(statusChangeRefusal({ isArchived: true, status: 'rented' }, 'rented', true)).toBeNull();
  });
});

describe('fleet calendar assembly', () => {
  it('widens the UTC window by the extreme time-zone offsets', () => {
    expect(calendarWindow('2026-03-01', '2026-03-31')).toEqual({
      from: '2026-02-28T10:00:00.000Z',
      to: '2026-04-01T12:00:00.000Z',
    });
  });

  it('groups blocks per vehicle, drops archived and unknown vehicles, sorts both', () => {
    const v = (id: string, make: string, isArchived = false) =>
      buildVehicleItem(T, id, { ...fields, make, licensePlate: id }, '2026-01-01T00:00:00.000Z', { isArchived });
    const vehicles = [v('B1', 'Toyota'), v('A1', 'Audi'), v('Z1', 'Kia', true)];
    const block = (vehicleId: string, refId: string, start: string) => ({
      vehicleId,
      kind: 'rental' as const,
      refId,
      start,
      end: null,
      status: 'active',
    });
    const out = assembleCalendar('2026-03-01', '2026-03-31', vehicles, [
      block('B1', 'late', '2026-03-20T00:00:00.000Z'),
      block('B1', 'early', '2026-03-02T00:00:00.000Z'),
      block('Z1', 'x', '2026-03-02T00:00:00.000Z'),
      block('GONE', 'y', '2026-03-02T00:00:00.000Z'),
    ]);
    expect(out.vehicles.map((x) => x.id)).toEqual(['A1', 'B1']);
    expect(out.vehicles[0].blocks).toEqual([]);
    expect(out.vehicles[1].blocks.map((b) => b.refId)).toEqual(['early', 'late']);
  });
});

describe('file names', () => {
  it('keeps file names key-safe and keys inside the prefix', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('Mulkiya card (front).JPG')).toBe('Mulkiya_card_front_.JPG');
    expect(safeFileName('استمارة.pdf')).toBe('pdf');
    const prefix = `tenants/${T}/vehicles/V1/`;
    expect(isKeyInPrefix(prefix, `${prefix}01ABC-x.pdf`)).toBe(true);
    expect(isKeyInPrefix(prefix, `${prefix}sub/x.pdf`)).toBe(false);
    expect(isKeyInPrefix(`tenants/${T}/vehicles/V2/`, `${prefix}01ABC-x.pdf`)).toBe(false);
    expect(isKeyInPrefix(prefix, prefix)).toBe(false);
  });
});

describe('demo fleet seed', () => {
  it('is 30 valid, varied vehicles with unique plates and a few lapsing documents', async () => {
    const { demoVehicles } = await import('./seed');
    const { vinError, expiryBadge } = await import('../../shared/vehicles/vehicle-rules');
    const { createVehicleSchema, VEHICLE_CATEGORIES } = await import('../../shared/schemas/vehicles');
    const now = new Date('2026-03-01T08:00:00.000Z');
    const fleet = demoVehicles({ tenantId: T, now });
    expect(fleet).toHaveLength(30);
    expect(new Set(fleet.map((v) => normalizePlate(v.licensePlate))).size).toBe(30);
    for (const v of fleet) {
      expect(vinError(v.vin), v.vin).toBeNull();
      expect(Number.isSafeInteger(v.dailyRateMinor)).toBe(true);
      const api = toVehicleApi(v);
      const asInput = createVehicleSchema.safeParse({ ...api, status: 'available' });
      expect(asInput.success, JSON.stringify(asInput.error?.issues)).toBe(true);
    }
    expect(new Set(fleet.map((v) => v.category))).toEqual(new Set(VEHICLE_CATEGORIES));
    const count = (s: string) => fleet.filter((v) => v.status === s).length;
    expect([count('rented'), count('in_maintenance'), count('out_of_service')]).toEqual([6, 3, 1]);
    expect(fleet.filter((v) => v.isArchived)).toHaveLength(1);
    const badges = fleet.map((v) => expiryBadge(v.insuranceExpiryDate, '2026-03-01'));
    expect(badges.filter((b) => b === 'expired')).toHaveLength(2);
    expect(badges.filter((b) => b === 'expiring_soon')).toHaveLength(4);
    // Deterministic money and plates across runs.
    const again = demoVehicles({ tenantId: T, now });
    expect(again.map((v) => [v.licensePlate, v.dailyRateMinor, v.vin])).toEqual(
      fleet.map((v) => [v.licensePlate, v.dailyRateMinor, v.vin]),
    );
  });
});
