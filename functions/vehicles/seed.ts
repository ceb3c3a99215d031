import { ulid } from 'ulid';
import { transact, tx, type TransactItem } from '../lib/data/repo';
import { healthScore } from '../../shared/vehicles/vehicle-rules';
import type { RegionCode } from '../../shared/regions';
import type { VehicleCategory } from '../../shared/schemas/vehicles';
import type { VehicleStatus } from '../../shared/schemas/vehicles-constants';
import { buildVehicleItem, vehicleMakesKey, vehiclePlateKey, type VehicleItem } from './data';

/**
 * Demo fleet: 30 vehicles of a Dubai rental company across every category and status, UAE
 * plates ("A 12345" Dubai, "5 23456" Abu Dhabi, "3 34567" Sharjah), rates in AED, insurance and
 * registration expiries of which a few expire within 30 days and two have lapsed. Deterministic:
 * one seeded generator, so every reset yields the same fleet (ids aside) relative to `now`.
 *
 * Status: 6 vehicles are 'rented' — the rentals seed gives each of them its active rental (it
 * picks `world.vehicles.filter(v => v.status === 'rented')`); 3 are in maintenance, 1 out of
 * service, 1 archived (sold), the rest available.
 */
import { seededRandom, type SeededVehicle } from '../lib/demo/world';
export type { SeededVehicle };

/** The part of the demo world (functions/lib/demo/world.ts) this seed reads and fills. */
export interface VehicleSeedWorld {
  tenantId: string;
  now: Date;
  vehicles: SeededVehicle[];
  /** The company's region: Saudi plates for the Saudi sister demo (SA), Emirati ones otherwise. */
  region?: RegionCode;
}

/** Saudi plates: three of the Latin letters the plates carry and four digits ("RSD 4821"). */
const SAUDI_PLATE_LETTERS = 'ABDEGHJKLNRSTUVXZ';

interface ModelSpec {
  make: string;
  model: string;
  category: VehicleCategory;
  /** Daily rate in whole AED. */
  rate: number;
  fuel: 'petrol' | 'diesel' | 'hybrid' | 'electric';
}

const MODELS: ModelSpec[] = [
  { make: 'Nissan', model: 'Sunny', category: 'economy', rate: 95, fuel: 'petrol' },
  { make: 'Toyota', model: 'Yaris', category: 'economy', rate: 90, fuel: 'petrol' },
  { make: 'Hyundai', model: 'Accent', category: 'economy', rate: 89, fuel: 'petrol' },
  { make: 'Mitsubishi', model: 'Attrage', category: 'economy', rate: 79, fuel: 'petrol' },
  { make: 'Kia', model: 'Pegas', category: 'economy', rate: 75, fuel: 'petrol' },
  { make: 'Toyota', model: 'Corolla', category: 'compact', rate: 120, fuel: 'hybrid' },
  { make: 'Hyundai', model: 'Elantra', category: 'compact', rate: 115, fuel: 'petrol' },
  { make: 'Kia', model: 'Cerato', category: 'compact', rate: 110, fuel: 'petrol' },
  { make: 'Honda', model: 'Civic', category: 'compact', rate: 130, fuel: 'petrol' },
  { make: 'Toyota', model: 'Camry', category: 'sedan', rate: 165, fuel: 'hybrid' },
  { make: 'Nissan', model: 'Altima', category: 'sedan', rate: 150, fuel: 'petrol' },
  { make: 'Honda', model: 'Accord', category: 'sedan', rate: 170, fuel: 'petrol' },
  { make: 'Hyundai', model: 'Sonata', category: 'sedan', rate: 155, fuel: 'petrol' },
  { make: 'Toyota', model: 'Land Cruiser', category: 'suv', rate: 550, fuel: 'petrol' },
  { make: 'Nissan', model: 'Patrol', category: 'suv', rate: 600, fuel: 'petrol' },
  { make: 'Toyota', model: 'RAV4', category: 'suv', rate: 220, fuel: 'hybrid' },
  { make: 'Hyundai', model: 'Tucson', category: 'suv', rate: 200, fuel: 'petrol' },
  { make: 'Kia', model: 'Sportage', category: 'suv', rate: 190, fuel: 'petrol' },
  { make: 'Mitsubishi', model: 'Pajero', category: 'suv', rate: 250, fuel: 'petrol' },
  { make: 'Tesla', model: 'Model Y', category: 'suv', rate: 380, fuel: 'electric' },
  { make: 'Mercedes-Benz', model: 'S 500', category: 'luxury', rate: 1500, fuel: 'petrol' },
  { make: 'BMW', model: '740Li', category: 'luxury', rate: 1400, fuel: 'petrol' },
  { make: 'Land Rover', model: 'Range Rover Vogue', category: 'luxury', rate: 1800, fuel: 'petrol' },
  { make: 'Lexus', model: 'LX 600', category: 'luxury', rate: 1300, fuel: 'petrol' },
  { make: 'Ford', model: 'Mustang GT', category: 'sports', rate: 700, fuel: 'petrol' },
  { make: 'Chevrolet', model: 'Camaro', category: 'sports', rate: 650, fuel: 'petrol' },
  { make: 'Toyota', model: 'Hiace', category: 'van', rate: 300, fuel: 'diesel' },
  { make: 'Kia', model: 'Carnival', category: 'van', rate: 350, fuel: 'petrol' },
  { make: 'Toyota', model: 'Hilux', category: 'pickup', rate: 220, fuel: 'diesel' },
  { make: 'Nissan', model: 'Navara', category: 'pickup', rate: 200, fuel: 'diesel' },
];

const COLORS = ['White', 'Pearl White', 'Silver', 'Black', 'Grey', 'Dark Blue', 'Red', 'Beige'];
const LOCATIONS = [
  'Dubai Marina branch',
  'Deira branch',
  'Dubai Airport T3',
  'Business Bay branch',
  'Abu Dhabi Khalifa City',
];
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const DAY_MS = 86_400_000;

/** Index-driven statuses so the mix is exact: 6 rented, 3 in maintenance, 1 out of service. */
const STATUS_BY_INDEX: Record<number, VehicleStatus> = {
  1: 'rented',
  5: 'rented',
  9: 'rented',
  13: 'rented',
  16: 'rented',
  27: 'rented',
  3: 'in_maintenance',
  14: 'in_maintenance',
  24: 'in_maintenance',
  4: 'out_of_service',
};
const ARCHIVED_INDEX = 25;
/** Insurance expiring within 30 days for these; lapsed for the first two of EXPIRED. */
const EXPIRING_SOON = new Set([2, 10, 18, 22]);
const EXPIRED = new Set([4, 12]);

const dateOnly = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function demoVehicles(world: Pick<VehicleSeedWorld, 'tenantId' | 'now' | 'region'>): VehicleItem[] {
  const rnd = seededRandom(20260301);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const now = world.now.getTime();
  const thisYear = world.now.getUTCFullYear();

  return MODELS.map((spec, i) => {
    // The out-of-service car is the fleet's oldest (its write-off is being decided).
    const year =
      thisYear -
      int(0, 5) -
      (spec.category === 'economy' && i % 2 ? 1 : 0) -
      (STATUS_BY_INDEX[i] === 'out_of_service' ? 8 : 0);
    const emirate = i % 6 === 5 ? 'Abu Dhabi' : i % 10 === 7 ? 'Sharjah' : 'Dubai';
    const code =
      emirate === 'Dubai'
        ? pick(['A', 'B', 'D', 'F', 'H', 'J', 'K', 'L', 'M', 'P', 'R', 'T', 'AA', 'BB'])
        : emirate === 'Abu Dhabi'
          ? String(int(1, 17))
          : String(int(1, 3));
    const uaePlate = `${code} ${int(10000, 99999)}`;
    // Saudi: drawn after the Emirati plate, so the main demo's generator sequence (and fleet) is unchanged.
    const saudi = world.region === 'SA';
    const licensePlate = saudi
      ? `${Array.from({ length: 3 }, () => pick([...SAUDI_PLATE_LETTERS])).join('')} ${int(1000, 9999)}`
      : uaePlate;
    const vin = Array.from({ length: 17 }, () => VIN_ALPHABET[int(0, VIN_ALPHABET.length - 1)]).join('');
    const odometerKm = Math.max(500, (thisYear - year) * int(18_000, 32_000) + int(500, 9_000));
    const insuranceDays = EXPIRED.has(i) ? -int(3, 20) : EXPIRING_SOON.has(i) ? int(2, 28) : int(45, 360);
    const registrationDays = i === 12 ? -int(1, 10) : i === 7 || i === 20 ? int(5, 25) : int(40, 365);
    const registrationExpiry = now + registrationDays * DAY_MS;
    const createdAtMs = now - int(30, 700) * DAY_MS - int(0, 86_000) * 1000;
    const createdAt = new Date(createdAtMs).toISOString();
    const status = STATUS_BY_INDEX[i] ?? 'available';
    const dailyRateMinor = spec.rate * 100;
    const isArchived = i === ARCHIVED_INDEX;
    const lat = 25.08 + rnd() * 0.2;
    const lng = 55.14 + rnd() * 0.25;
    const item = buildVehicleItem(
      world.tenantId,
      ulid(createdAtMs),
      {
        make: spec.make,
        model: spec.model,
        year,
        licensePlate,
        vin,
        color: pick(COLORS),
        odometerKm,
        fuelType: spec.fuel,
        transmission: spec.category === 'pickup' && i % 2 === 0 ? 'manual' : 'automatic',
        category: spec.category,
        location: pick(LOCATIONS),
        dailyRateMinor,
        // Monthly rate: 22 daily rates, rounded down to 50 AED (in minor units, integers only).
        monthlyRateMinor: Math.floor((dailyRateMinor * 22) / 5000) * 5000,
        dailyKmLimit: spec.category === 'luxury' || spec.category === 'sports' ? 250 : 200,
        insuranceExpiryDate: dateOnly(now + insuranceDays * DAY_MS),
        registrationExpiryDate: dateOnly(registrationExpiry),
        startRegistrationDate: dateOnly(registrationExpiry - 365 * DAY_MS),
        issuedPlace: saudi ? 'Riyadh' : emirate,
        trafficCode: String(int(10_000_000, 99_999_999)),
        plateCategory: code,
        status,
      },
      createdAt,
      {
        isArchived,
        archivedAt: isArchived ? new Date(now - 20 * DAY_MS).toISOString() : null,
        healthScore: healthScore({
          ageYears: thisYear - year,
          odometerKm,
          daysSinceLastService: int(5, 160),
          openMaintenanceCount: status === 'in_maintenance' ? 1 : status === 'out_of_service' ? 3 : 0,
          expiredDocumentsCount: (EXPIRED.has(i) ? 1 : 0) + (i === 12 ? 1 : 0),
        }),
        latitude: isArchived ? null : Math.round(lat * 1e6) / 1e6,
        longitude: isArchived ? null : Math.round(lng * 1e6) / 1e6,
        speed: status === 'rented' ? int(20, 110) : 0,
        heading: int(0, 359),
        lastGpsUpdate: isArchived ? null : new Date(now - int(1, 240) * 60_000).toISOString(),
        updatedAt: createdAt,
      },
    );
    return item;
  });
}

export async function seedVehicles(world: VehicleSeedWorld): Promise<void> {
  const items = demoVehicles(world);
  const writes: TransactItem[] = [];
  for (const v of items) {
    writes.push(tx.put(v));
    writes.push(
      tx.put({
        ...vehiclePlateKey(world.tenantId, v.licensePlate),
        entityType: 'VEHICLE_PLATE',
        vehicleId: v.id,
        licensePlate: v.licensePlate,
        createdAt: v.createdAt,
      }),
    );
  }
  writes.push(
    tx.put({
      ...vehicleMakesKey(world.tenantId),
      entityType: 'VEHICLE_FACET',
      makes: new Set(items.map((v) => v.make)),
    }),
  );
  for (let i = 0; i < writes.length; i += 25) await transact(writes.slice(i, i + 25));
  for (const v of items) {
    world.vehicles.push({
      id: v.id,
      make: v.make,
      model: v.model,
      year: v.year,
      licensePlate: v.licensePlate,
      category: v.category!,
      status: v.status,
      isArchived: v.isArchived,
      dailyRateMinor: v.dailyRateMinor,
      monthlyRateMinor: v.monthlyRateMinor,
      dailyKmLimit: v.dailyKmLimit,
      odometerKm: v.odometerKm,
    });
  }
}
