import { ulid } from 'ulid';
import { driverEligibility } from '../../shared/customers/age';
import type { CustomerCreate, CustomerUpdate } from '../../shared/schemas/customers';
import { conflict, isConditionFailure, validationFailed } from '../lib/errors';
import { auditItem } from '../lib/data/audit';
import type { Actor } from '../lib/actor';
import { transact, tx } from '../lib/data/repo';
import {
  customerKey,
  customerSearchText,
  loyaltyFields,
  nameIndex,
  type CompanyContext,
  type CustomerItem,
} from './model';
import { requireCustomer } from './directory';

/** Customer writes, each with its audit item in the same transaction. */
/** 400 on dateOfBirth when the driver is under the region's minimum age or born in the future. */
export function assertDriverAge(dateOfBirth: string | null | undefined, ctx: CompanyContext): void {
  if (!dateOfBirth) return;
  const e = driverEligibility(dateOfBirth, ctx.today, ctx.region);
  if (!e.eligible) throw validationFailed({ dateOfBirth: e.reason! });
}

// ---------------------------------------------------------------------------------------------

const STALE = 'This record was changed by someone else. Reload and try again.';

/** Fields of the create/update schema stored as given (null/'' → absent). */
const STORED_FIELDS = [
  'fullNameEnglish',
  'fullNameArabic',
  'firstName',
  'lastName',
  'email',
  'phone',
  'licenseNumber',
  'licenseIssuer',
  'licenseIssuedDate',
  'licenseExpiryDate',
  'dateOfBirth',
  'homeAddress',
  'fullAddress',
  'visaNumber',
  'nationalIdOrPassport',
  'countryOfOrigin',
  'emergencyContactName',
  'emergencyContactPhone',
  'emergencyContactRelationship',
  'gender',
  'preferredLanguage',
  'referralSource',
  'internalNotes',
  'behaviorFlags',
  'isVip',
  'isActive',
] as const;

export function newCustomerItem(
  tenantId: string,
  input: CustomerCreate,
  ctx: CompanyContext,
  id = ulid(),
  now = new Date().toISOString(),
): CustomerItem {
  const fields: Record<string, unknown> = {};
  for (const f of STORED_FIELDS) {
    const v = (input as Record<string, unknown>)[f];
    if (v !== null && v !== undefined) fields[f] = v;
  }
  const base = {
    ...fields,
    fullNameEnglish: input.fullNameEnglish,
    preferredLanguage: input.preferredLanguage ?? 'english',
    isVip: input.isVip ?? false,
    isActive: input.isActive ?? true,
    behaviorFlags: input.behaviorFlags ?? [],
    rentalsCount: 0,
    completedRentals: 0,
    totalSpendMinor: 0,
    ...loyaltyFields(0, 0),
    addedDate: ctx.today,
  } as Partial<CustomerItem>;
  return {
    ...customerKey(tenantId, id),
    ...nameIndex(tenantId, id, input.fullNameEnglish),
    entityType: 'CUSTOMER',
    id,
    version: 1,
    createdAt: now,
    updatedAt: now,
    ...base,
    searchText: customerSearchText(base),
  } as CustomerItem;
}

export async function createCustomer(actor: Actor, input: CustomerCreate, ctx: CompanyContext): Promise<CustomerItem> {
  assertDriverAge(input.dateOfBirth, ctx);
  const item = newCustomerItem(actor.tenantId, input, ctx);
  await transact([
    tx.putNew(item),
    tx.putNew(
      auditItem(actor, 'customer.create', 'customer', item.id, { after: { fullNameEnglish: item.fullNameEnglish } }),
    ),
  ]);
  return item;
}

/**
 * Applies changes with optimistic concurrency: against `expectedVersion` when the client sent
 * the version it read, else against the version just read. Recomputes the search text and name
 * index. 409 VERSION_CONFLICT when someone else changed the customer in between.
 */
export async function updateCustomer(
  actor: Actor,
  id: string,
  changes: Partial<Omit<CustomerUpdate, 'version'>>,
  expectedVersion: number | undefined,
  ctx: CompanyContext | undefined,
  action = 'customer.update',
): Promise<CustomerItem> {
  const current = await requireCustomer(actor.tenantId, id);
  if (expectedVersion !== undefined && expectedVersion !== current.version)
    throw conflict(STALE, undefined, 'VERSION_CONFLICT');
  const set: Record<string, unknown> = {};
  for (const f of STORED_FIELDS) {
    const v = (changes as Record<string, unknown>)[f];
    if (v === undefined) continue;
    // null clears the field (REMOVE); the required name can never be cleared (schema: min 1).
    set[f] = v === null ? undefined : v;
  }
  if (set.dateOfBirth && set.dateOfBirth !== current.dateOfBirth && ctx)
    assertDriverAge(set.dateOfBirth as string, ctx);
  const next = { ...current } as Record<string, unknown>;
  for (const [k, v] of Object.entries(set)) {
    if (v === undefined) delete next[k];
    else next[k] = v;
  }
  set.searchText = customerSearchText(next as Partial<CustomerItem>);
  if (set.fullNameEnglish) Object.assign(set, nameIndex(actor.tenantId, id, set.fullNameEnglish as string));
  const now = new Date().toISOString();
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const k of Object.keys(set)) {
    if (k === 'searchText' || k.startsWith('gsi') || k === 'internalNotes') continue;
    before[k] = current[k];
    after[k] = set[k] ?? null;
  }
  try {
    await transact([
      tx.update(customerKey(actor.tenantId, id), current.version, set, now),
      tx.putNew(auditItem(actor, action, 'customer', id, { before, after })),
    ]);
  } catch (err) {
    if (isConditionFailure(err)) throw conflict(STALE, undefined, 'VERSION_CONFLICT');
    throw err;
  }
  for (const [k, v] of Object.entries(set)) if (v !== undefined) next[k] = v;
  return { ...(next as CustomerItem), version: current.version + 1, updatedAt: now };
}
