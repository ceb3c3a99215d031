import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo';
import { config } from '../lib/config';
import type { Key } from '../lib/data/keys';
import type { Item } from '../lib/data/repo';
import type { RegionCode } from '../../shared/regions';
import type { Role } from '../../shared/permissions';
import type { SeededVehicle } from '../vehicles/api';
import type { SeededCustomer } from '../customers/api';

/**
 * The demo company as the seeds build it, passed from one area's seed to the next
 * (functions/jobs/demo-reset.ts calls them in order). Earlier seeds fill the lists later ones
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
export const DEMO_SIGNATURE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAIAAAC6iKlyAAABDElEQVR42u2ZQQ7CMAwE9xGceQn//1a4IaSGEiWxvZFmxTG1xwMqaapGUiIUIBrRBNGIRjRBNKIJohH9ncfz1f242fnFOYEqH3Q33Xs55WbZwfU45ziqSuhX1jhwTqDKB/263tbyxGK5WS50Pdd08Cp50ue7Xmk3cq0S6EuGT270t4JsLae53tXivo4iZti7eYjbimyvfFNN2weI8BLkOrOmgr7So399EZWVdpMyvJ9mcirtb/egHUIEp9I2kgfteSM4lfZoVO665CDl01FpD/u1rgtR+6Lb5ZDQ0/I4g8MBbF90izmQTXDtzKmVGZpHjnhro+kxmlnMOXkLjmhEE0QjGtEoQDSiCaJt8wYevXG1SYZBsgAAAABJRU5ErkJggg==';

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

export function newDemoWorld(init: { tenantId: string; now: Date; region: RegionCode; companyName: string; owner: { userId: string; username: string } }): DemoWorld {
  return { ...init, staff: [], vehicles: [], customers: [], random: seededRandom(DEMO_SEED), counts: {} };
}

/** Writes (puts and deletes) in BatchWriteItem calls of at most 25, retrying unprocessed items. */
async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  const table = config().tableName;
  for (let i = 0; i < requests.length; i += 25) {
    let pending = requests.slice(i, i + 25);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= 8) throw new Error('BatchWrite kept leaving items unprocessed');
      const res = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
      pending = (res.UnprocessedItems?.[table] ?? []) as Record<string, unknown>[];
      if (pending.length) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
    }
  }
}

/** Unconditional puts in batches of 25 (seeds write a fresh partition set, nothing to guard). */
/**
 * Puts items in BatchWriteItem calls of 25. `streams` > 1 sends that many batches at a time —
 * only for lists whose keys are all different (with a key put twice, the later put must land
 * last, which parallel streams do not promise).
 */
export async function writeBatch(items: Item[], streams = 1): Promise<void> {
  const requests = items.map((Item) => ({ PutRequest: { Item } }));
  if (streams <= 1) return batchWrite(requests);
  await Promise.all(Array.from({ length: streams }, (_, k) => batchWrite(requests.filter((_, i) => Math.floor(i / 25) % streams === k))));
}

export async function deleteBatch(keys: Key[], streams = 1): Promise<void> {
  const requests = keys.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } }));
  await Promise.all(Array.from({ length: Math.max(1, streams) }, (_, k) => batchWrite(requests.filter((_, i) => Math.floor(i / 25) % Math.max(1, streams) === k))));
}
