import { entityKey, isUlid, sortKey, tenantPk, type Key } from '../lib/data/keys';
import { getItem, queryAll, queryPage, type Item, type Page, type PageQuery } from '../lib/data/repo';
import { FilterBuilder } from '../lib/data/filter';
import { fromMinor } from '../../shared/money';
import { conflict, notFound } from '../lib/errors';
import { expiryBadge, healthGrade, healthScore } from '../../shared/vehicles/vehicle-rules';
import type { CreateVehicleBody, ListVehiclesQuery, VehicleApi, VehicleCategory } from '../../shared/schemas/vehicles';
import { normalizePlate, type VehicleStatus } from '../../shared/schemas/vehicles-constants';

/**
 * The vehicle item and its satellites, the data contract other domains rely on:
 *
 *  - vehicle        pk T#{t}#VEHICLE               sk {id (ULID, time-sortable)}
 *                   gsi1 T#{t}#VEHICLE_BY_MAKE / {make}#{model}#{id}   (sort by make)
 *                   gsi2 T#{t}#VEHICLE_BY_RATE / {dailyRateMinor, 15 digits}#{id}  (sort by rate)
 *  - plate claim    pk T#{t}#VEHICLE_PLATE         sk {normalised plate}   (uniqueness per tenant)
 *  - makes facet    pk T#{t}#VEHICLE_FACET         sk MAKES   (string set for the make filter)
 *  - documents      pk T#{t}#VEHICLE_DOC#{vehicleId} sk {document id} (older items only, read by the
 *                   documents-move migration; documents now live in functions/documents)
 *
 * Rentals read the item with getVehicle, and in their booking transaction update it by
 * vehicleKey with a condition on `version` (status 'rented', odometerKm at pickup/return) and on
 * `scheduleVersion` (incremented on every booking, see schedule.ts). They must also refuse an
 * archived vehicle (`isArchived = true`). Archiving here conditions on `scheduleVersion` too, so
 * a booking and an archive racing each other cannot both succeed.
 *
 * Sorting: newest/oldest come from the base table (ULID sort keys are creation-ordered); make and
 * daily rate from the two GSI projections above. Filters (make, status, category, archived,
 * search) are FilterExpressions on one Query page, so a page may hold fewer than `limit` items
 * with a cursor still set; the client pages on (a rental company's fleet is hundreds of
 * vehicles, not millions, so a filtered page costs at most `limit` item reads).
 */
export const VEHICLE_COLLECTION = 'VEHICLE';

export interface VehicleItem extends Item {
  entityType: 'VEHICLE';
  id: string;
  tenantId: string;
  make: string;
  model: string;
  year: number;
  licensePlate: string;
  vin: string;
  color: string | null;
  odometerKm: number;
  fuelType: string | null;
  transmission: string | null;
  category: VehicleCategory | null;
  location: string | null;
  dailyRateMinor: number;
  monthlyRateMinor: number | null;
  dailyKmLimit: number;
  insuranceExpiryDate: string | null;
  registrationExpiryDate: string | null;
  startRegistrationDate: string | null;
  issuedPlace: string | null;
  trafficCode: string | null;
  plateCategory: string | null;
  status: VehicleStatus;
  isArchived: boolean;
  archivedAt?: string | null;
  healthScore: number | null;
  latitude?: number | null;
  longitude?: number | null;
  speed?: number | null;
  heading?: number | null;
  lastGpsUpdate?: string | null;
  /** Incremented by every booking transaction (see schedule.ts); starts at 0. */
  scheduleVersion: number;
  /** Lower-case plate, normalised plate, VIN, make and model, for contains() search. */
  searchText: string;
  /** Lower-case make, for the make filter. */
  makeKey: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export function vehicleKey(tenantId: string, id: string): Key {
  return entityKey(tenantId, VEHICLE_COLLECTION, id);
}

export function vehiclePlateKey(tenantId: string, licensePlate: string): Key {
  return { pk: tenantPk(tenantId, 'VEHICLE_PLATE'), sk: sortKey(normalizePlate(licensePlate)) };
}

export function vehicleMakesKey(tenantId: string): Key {
  return { pk: tenantPk(tenantId, 'VEHICLE_FACET'), sk: 'MAKES' };
}

export function vehicleDocumentsPk(tenantId: string, vehicleId: string): string {
  return tenantPk(tenantId, 'VEHICLE_DOC', vehicleId);
}

/** The vehicle, or undefined when it does not exist in this tenant (ids that are not ULIDs never do). */
export async function getVehicle(tenantId: string, id: string): Promise<VehicleItem | undefined> {
  if (!isUlid(id)) return undefined;
  const item = await getItem(vehicleKey(tenantId, id), true);
  return item?.entityType === 'VEHICLE' ? (item as VehicleItem) : undefined;
}

export async function requireVehicle(tenantId: string, id: string): Promise<VehicleItem> {
  const vehicle = await getVehicle(tenantId, id);
  if (!vehicle) throw notFound('Vehicle not found');
  return vehicle;
}

/** The version an edit is based on: the one the client loaded when it says so, else the current. */
export function expectedVersion(vehicle: VehicleItem, clientVersion: number | undefined): number {
  if (clientVersion !== undefined && clientVersion !== vehicle.version) {
    throw conflict('This vehicle was changed by someone else. Reload and try again.', undefined, 'VERSION_CONFLICT');
  }
  return vehicle.version;
}

/** Key-safe lower-case text: no separator, no control characters, never empty. */
function keyText(value: string): string {
  const s = value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[#\u0000-\u001f]/g, ' ')
    .trim();
  return s || '-';
}

/** Attributes derived from the editable fields: search text, make key, sort projections. */
export function derivedAttributes(
  tenantId: string,
  v: Pick<VehicleItem, 'id' | 'make' | 'model' | 'licensePlate' | 'vin' | 'dailyRateMinor'>,
) {
  return {
    searchText: [v.licensePlate, normalizePlate(v.licensePlate), v.vin, v.make, v.model].join(' ').toLowerCase(),
    makeKey: v.make.trim().toLowerCase(),
    gsi1pk: tenantPk(tenantId, 'VEHICLE_BY_MAKE'),
    gsi1sk: sortKey(keyText(v.make), keyText(v.model), v.id),
    gsi2pk: tenantPk(tenantId, 'VEHICLE_BY_RATE'),
    gsi2sk: sortKey(String(v.dailyRateMinor).padStart(15, '0'), v.id),
  };
}

/**
 * Initial health score: what is known when a vehicle is added (age, odometer, expired insurance
 * or registration; no service record yet). The maintenance domain recomputes it with service
 * history later; edits here leave it alone so they do not clobber that.
 */
export function initialHealthScore(
  v: { year: number; odometerKm: number; insuranceExpiryDate: string | null; registrationExpiryDate: string | null },
  today: string,
): number {
  const expired = [v.insuranceExpiryDate, v.registrationExpiryDate].filter(
    (d) => expiryBadge(d, today) === 'expired',
  ).length;
  return healthScore({
    ageYears: Math.max(0, Number(today.slice(0, 4)) - v.year),
    odometerKm: v.odometerKm,
    daysSinceLastService: null,
    openMaintenanceCount: 0,
    expiredDocumentsCount: expired,
  });
}

export type VehicleFields = Omit<CreateVehicleBody, 'dailyRate' | 'monthlyRate' | 'status'> & {
  dailyRateMinor: number;
  monthlyRateMinor: number | null;
  status: VehicleStatus;
};

export function buildVehicleItem(
  tenantId: string,
  id: string,
  fields: VehicleFields,
  now: string,
  extra: Partial<VehicleItem> = {},
): VehicleItem {
  const base = {
    ...vehicleKey(tenantId, id),
    entityType: 'VEHICLE' as const,
    id,
    tenantId,
    make: fields.make,
    model: fields.model,
    year: fields.year,
    licensePlate: fields.licensePlate,
    vin: fields.vin,
    color: fields.color,
    odometerKm: fields.odometerKm,
    fuelType: fields.fuelType,
    transmission: fields.transmission,
    category: fields.category,
    location: fields.location,
    dailyRateMinor: fields.dailyRateMinor,
    monthlyRateMinor: fields.monthlyRateMinor,
    dailyKmLimit: fields.dailyKmLimit,
    insuranceExpiryDate: fields.insuranceExpiryDate,
    registrationExpiryDate: fields.registrationExpiryDate,
    startRegistrationDate: fields.startRegistrationDate,
    issuedPlace: fields.issuedPlace,
    trafficCode: fields.trafficCode,
    plateCategory: fields.plateCategory,
    status: fields.status,
    isArchived: false,
    archivedAt: null,
    healthScore: initialHealthScore(fields, now.slice(0, 10)),
    latitude: null,
    longitude: null,
    speed: null,
    heading: null,
    lastGpsUpdate: null,
    scheduleVersion: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
  return { ...base, ...derivedAttributes(tenantId, base) } as VehicleItem;
}

const orNull = <T>(v: T | undefined | null): T | null => (v === undefined ? null : v);

/** Item → API answer: money in decimal major units, internal attributes dropped. */
export function toVehicleApi(item: Record<string, unknown>): VehicleApi {
  const v = item as unknown as VehicleItem;
  const score = typeof v.healthScore === 'number' ? v.healthScore : null;
  return {
    id: v.id,
    make: v.make,
    model: v.model,
    year: v.year,
    licensePlate: v.licensePlate,
    vin: v.vin,
    color: orNull(v.color),
    mileage: v.odometerKm,
    odometerKm: v.odometerKm,
    fuelType: orNull(v.fuelType) as VehicleApi['fuelType'],
    transmission: orNull(v.transmission) as VehicleApi['transmission'],
    category: orNull(v.category),
    location: orNull(v.location),
    dailyRate: fromMinor(v.dailyRateMinor),
    monthlyRate: typeof v.monthlyRateMinor === 'number' ? fromMinor(v.monthlyRateMinor) : null,
    dailyKmLimit: v.dailyKmLimit,
    insuranceExpiryDate: orNull(v.insuranceExpiryDate),
    registrationExpiryDate: orNull(v.registrationExpiryDate),
    startRegistrationDate: orNull(v.startRegistrationDate),
    issuedPlace: orNull(v.issuedPlace),
    trafficCode: orNull(v.trafficCode),
    plateCategory: orNull(v.plateCategory),
    status: v.status,
    isArchived: v.isArchived === true,
    archivedAt: orNull(v.archivedAt),
    healthScore: score,
    healthGrade: score === null ? null : healthGrade(score),
    latitude: orNull(v.latitude),
    longitude: orNull(v.longitude),
    speed: orNull(v.speed),
    heading: orNull(v.heading),
    lastGpsUpdate: orNull(v.lastGpsUpdate),
    version: v.version,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

/**
 * The one Query page a vehicle list reads: partition and direction from the sort, filters as a
 * FilterExpression, and a signature that binds the cursor to these filters and this sort.
 */
export function vehicleListQuery(tenantId: string, q: ListVehiclesQuery): PageQuery {
  const filter = new FilterBuilder();
  if (!q.showArchived) filter.ne('isArchived', true);
  filter.eq('makeKey', q.make?.toLowerCase()).eq('status', q.status).eq('category', q.category);
  if (q.q) filter.containsAny('searchText', [q.q.toLowerCase()]);
  const sortSource: Pick<PageQuery, 'pk' | 'index' | 'forward'> =
    q.sort === 'make_asc' || q.sort === 'make_desc'
      ? { pk: tenantPk(tenantId, 'VEHICLE_BY_MAKE'), index: 'gsi1', forward: q.sort === 'make_asc' }
      : q.sort === 'rate_asc' || q.sort === 'rate_desc'
        ? { pk: tenantPk(tenantId, 'VEHICLE_BY_RATE'), index: 'gsi2', forward: q.sort === 'rate_asc' }
        : { pk: tenantPk(tenantId, VEHICLE_COLLECTION), forward: q.sort === 'oldest' };
  return {
    tenantId,
    ...sortSource,
    limit: q.limit,
    cursor: q.cursor ?? null,
    filter: filter.build(),
    signature: {
      v: 1,
      search: q.q ?? null,
      make: q.make ?? null,
      status: q.status ?? null,
      category: q.category ?? null,
      showArchived: q.showArchived,
      sort: q.sort,
    },
  };
}

export async function listVehicles(tenantId: string, q: ListVehiclesQuery): Promise<Page<VehicleApi>> {
  const page = await queryPage<Record<string, unknown>>(vehicleListQuery(tenantId, q));
  return { items: page.items.map(toVehicleApi), nextCursor: page.nextCursor };
}

/** Every non-archived vehicle of the tenant (bounded by fleet size), for the fleet calendar. */
export async function activeFleet(tenantId: string): Promise<VehicleItem[]> {
  return queryAll<VehicleItem>({
    tenantId,
    pk: tenantPk(tenantId, VEHICLE_COLLECTION),
    filter: {
      expression: '#isArchived <> :archived',
      names: { '#isArchived': 'isArchived' },
      values: { ':archived': true },
    },
    max: 5000,
  });
}

/** Distinct makes ever used in this tenant, case-insensitively, sorted. */
export async function vehicleMakes(tenantId: string): Promise<string[]> {
  const item = await getItem(vehicleMakesKey(tenantId), false);
  const raw =
    item?.makes instanceof Set
      ? [...(item.makes as Set<string>)]
      : Array.isArray(item?.makes)
        ? (item!.makes as string[])
        : [];
  const byKey = new Map<string, string>();
  for (const m of raw.sort()) if (!byKey.has(m.toLowerCase())) byKey.set(m.toLowerCase(), m);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}
