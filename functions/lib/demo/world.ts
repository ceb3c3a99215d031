import type { RegionCode } from '../../../shared/regions';
import type { Role } from '../../../shared/permissions';
import type { VehicleCategory } from '../../../shared/schemas/vehicles';
import type { VehicleStatus } from '../../../shared/schemas/vehicles-constants';

/** Batch writers the seeds use (lib/data/batch.ts). */
export { deleteBatch, writeBatch } from '../data/batch';

/**
 * The demo company as the seeds build it, passed from one area's seed to the next
 * (functions/jobs/demo-reset.ts calls them in order). It lives in lib (tier 0) so every domain's
 * seed reaches it without importing the jobs above them. Earlier seeds fill the lists later ones
 * read: vehicles before rentals, customers before rentals, and so on. Each area's seed declares
 * the slice it needs (e.g. VehicleSeedWorld); DemoWorld is the union of them all: add a field
 * here when your seed fills something others read.
 *
 * Rules for seeds: realistic and varied data, deterministic (use `world.random`, never
 * Math.random, for anything shown — especially money), dates relative to `world.now`, written in
 * batches (transact ≤ 25 or `writeBatch`).
 */
export interface DemoUser {
  userId: string;
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  status: 'active' | 'pending' | 'suspended';
}

/** A vehicle the vehicles seed wrote (functions/vehicles/seed.ts), as later seeds read it. */
export interface SeededVehicle {
  id: string;
  make: string;
  model: string;
  year: number;
  licensePlate: string;
  category: VehicleCategory;
  status: VehicleStatus;
  isArchived: boolean;
  dailyRateMinor: number;
  monthlyRateMinor: number | null;
  dailyKmLimit: number;
  odometerKm: number;
}

/** A customer the customers seed wrote (functions/customers/seed.ts), as later seeds read it. */
export interface SeededCustomer {
  id: string;
  fullNameEnglish: string;
  fullNameArabic?: string;
  phone?: string;
  email?: string;
  licenseNumber?: string;
  dateOfBirth?: string;
  isVip: boolean;
  isActive: boolean;
  /** Rented before the demo's recent window and not since (functions/rentals/seed-history.ts). */
  former?: boolean;
}

export interface DemoWorld {
  tenantId: string;
  /** The reset's clock: every seeded date is relative to it. */
  now: Date;
  region: RegionCode;
  companyName: string;
  /** The demo login itself (username "demo", OWNER, isDemo). */
  owner: { userId: string; username: string };
  /** Seeded staff (functions/auth/seed.ts), owner excluded. */
  staff: DemoUser[];
  vehicles: SeededVehicle[];
  customers: SeededCustomer[];
  /** Deterministic pseudo-random numbers in [0, 1). */
  random: () => number;
  /** Items written per area, for the job's run record. */
  counts: Record<string, number>;
}

/** A drawn signature (PNG, base64) for the demo's signed inspections and contracts. */
export const DEMO_SIGNATURE_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAIAAAC6iKlyAAABDElEQVR42u2ZQQ7CMAwE9xGceQn//1a4IaSGEiWxvZFmxTG1xwMqaapGUiIUIBrRBNGIRjRBNKIJohH9ncfz1f242fnFOYEqH3Q33Xs55WbZwfU45ziqSuhX1jhwTqDKB/263tbyxGK5WS50Pdd08Cp50ue7Xmk3cq0S6EuGT270t4JsLae53tXivo4iZti7eYjbimyvfFNN2weI8BLkOrOmgr7So399EZWVdpMyvJ9mcirtb/egHUIEp9I2kgfteSM4lfZoVO665CDl01FpD/u1rgtR+6Lb5ZDQ0/I4g8MBbF90izmQTXDtzKmVGZpHjnhro+kxmlnMOXkLjmhEE0QjGtEoQDSiCaJt8wYevXG1SYZBsgAAAABJRU5ErkJggg==';

/** mulberry32: small, fast, deterministic. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DEMO_SEED = 20_260_101;

export function newDemoWorld(init: {
  tenantId: string;
  now: Date;
  region: RegionCode;
  companyName: string;
  owner: { userId: string; username: string };
}): DemoWorld {
  return { ...init, staff: [], vehicles: [], customers: [], random: seededRandom(DEMO_SEED), counts: {} };
}
