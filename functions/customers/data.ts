import { ulid } from 'ulid';
import { driverEligibility, licenseStatus, type LicenseStatus } from '../../shared/customers/age';
import { normalizeLicense, normalizeName, normalizePhone, toLatinDigits } from '../../shared/customers/blacklist-match';
import { LOYALTY_THRESHOLDS, loyaltySummary, type LoyaltyTier } from '../../shared/customers/loyalty';
import { fromMinor } from '../../shared/money';
import { calendarDateInZone, getRegionConfig, isRegionCode, type RegionCode } from '../../shared/regions';
import type { CustomerCreate, CustomerListQuery, CustomerUpdate } from '../../shared/schemas/customers';
import { conflict, isConditionFailure, notFound, validationFailed } from '../lib/errors';
import { auditItem, type AuditActor } from '../lib/data/audit';
import { entityKey, isUlid, keys, sortKey, tenantPk, type Key } from '../lib/data/keys';
import { getItem, queryPage, toEntity, transact, tx, type Item, type Page } from '../lib/data/repo';

/**
 * Customers: one item per customer, `entityKey(tenantId, 'CUSTOMER', id)` (pk `T#{t}#CUSTOMER`,
 * sk = ULID id, so the base partition is in creation order).
 *
 * Stored fields: every customer field of business-data §3 under the spec's names (absent when not
 * given), plus
 * - `searchText`: lower-case normalised text the directory search matches with `contains` —
 *   English and Arabic names (shared/blacklist-match normalizeName: case-, diacritic- and
 *   Arabic-letter-form-insensitive), phone digits (as typed and in national form), email,
 *   licence number, ID/passport number;
 * - `gsi1pk = T#{t}#CUSTOMER_BY_NAME`, `gsi1sk = {normalised English name}#{id}`: the name sort;
 * - counters kept by the RENTALS domain in its own transactions (versioned update of this item):
 *     `rentalsCount`      every rental ever created for the customer,
 *     `completedRentals`  rentals closed/completed,
 *     `totalSpendMinor`   total charged on completed rentals, integer minor units;
 *   after changing them, also set `loyaltyScore`/`loyaltyTier` from `loyaltyFields()` below so the
 *   stored values stay in step. (The API always recomputes them from the counters anyway, and the
 *   tier filter is computed from the counters too, so a stale stored tier can never mislead.)
 * - `isActive` (default true) and `isVip` (default false); `addedDate` = the company's calendar
 *   date when the customer was added.
 *
 * Items written here always carry completedRentals/totalSpendMinor/rentalsCount (0 on create) so
 * the tier filter expression can compare them.
 */
export const CUSTOMER = 'CUSTOMER';

export const customerKey = (tenantId: string, id: string): Key => entityKey(tenantId, CUSTOMER, id);

export interface CustomerItem extends Item {
  entityType: 'CUSTOMER';
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  fullNameEnglish: string;
  fullNameArabic?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  licenseNumber?: string;
  licenseIssuer?: string;
  licenseIssuedDate?: string;
  licenseExpiryDate?: string;
  dateOfBirth?: string;
  homeAddress?: string;
  fullAddress?: string;
  visaNumber?: string;
  nationalIdOrPassport?: string;
  countryOfOrigin?: string;
  emergencyContactName?: string;
  emergencyContactPhone?: string;
  emergencyContactRelationship?: string;
  gender?: string;
  preferredLanguage: string;
  referralSource?: string;
  loyaltyScore: number;
  loyaltyTier: LoyaltyTier;
  isVip: boolean;
  isActive: boolean;
  internalNotes?: string;
  licenseDocumentUrl?: string;
  idDocumentUrl?: string;
  behaviorFlags: string[];
  rentalsCount: number;
  completedRentals: number;
  totalSpendMinor: number;
  addedDate: string;
  searchText: string;
}

/** Loyalty score and tier for the stored item, from the counters (shared/loyalty.ts decides). */
export function loyaltyFields(completedRentals: number, totalSpendMinor: number): { loyaltyScore: number; loyaltyTier: LoyaltyTier } {
  const s = loyaltySummary({ completedRentals, totalSpendMinor });
  return { loyaltyScore: s.score, loyaltyTier: s.tier };
}

// ---------------------------------------------------------------------------------------------
// Search text and name index
// ---------------------------------------------------------------------------------------------

const digitsOf = (s: string | null | undefined) => (s ? toLatinDigits(s).replace(/\D/g, '') : '');

export function customerSearchText(c: Partial<CustomerItem>): string {
  const parts = [
    normalizeName(c.fullNameEnglish),
    normalizeName(c.fullNameArabic),
    normalizeName([c.firstName, c.lastName].filter(Boolean).join(' ')),
    digitsOf(c.phone),
    normalizePhone(c.phone),
    c.email?.toLowerCase() ?? '',
    normalizeLicense(c.licenseNumber).toLowerCase(),
    normalizeLicense(c.nationalIdOrPassport).toLowerCase(),
  ];
  return [...new Set(parts.filter(Boolean))].join(' | ');
}

/**
 * The forms a typed search may take in searchText: as typed (lower case, for emails), as a
 * normalised name, as licence/ID (no spaces or dashes), and as digits (phones). Any one matching
 * is a hit.
 */
export function searchVariants(search: string): string[] {
  const q = search.trim();
  if (!q) return [];
  const variants = new Set<string>([q.toLowerCase(), normalizeName(q), normalizeLicense(q).toLowerCase()]);
  const digits = digitsOf(q);
  if (digits.length >= 3 && digits.length >= q.replace(/[\s\-+().]/g, '').length) {
    variants.add(digits);
    variants.add(digits.replace(/^0+/, ''));
  }
  return [...variants].filter((v) => v.length > 0);
}

function nameIndex(tenantId: string, id: string, fullNameEnglish: string) {
  return {
    gsi1pk: tenantPk(tenantId, 'CUSTOMER_BY_NAME'),
    gsi1sk: sortKey(normalizeName(fullNameEnglish).slice(0, 150) || '~', id),
  };
}

// ---------------------------------------------------------------------------------------------
// Company context: region and "today"
// ---------------------------------------------------------------------------------------------

export interface CompanyContext {
  region: RegionCode;
  /** The company's calendar date (its time zone), YYYY-MM-DD. */
  today: string;
}

/** Region (settings preferences.region, default US) and today's date in the company time zone. */
export async function readCompanyContext(tenantId: string, now = new Date()): Promise<CompanyContext> {
  const settings = await getItem(keys.settings(tenantId), false);
  return companyContextFrom(settings, now);
}

export function companyContextFrom(settings: Record<string, unknown> | undefined, now = new Date()): CompanyContext {
  const prefs = (settings?.preferences ?? {}) as Record<string, unknown>;
  const raw = prefs.region ?? settings?.region;
  const region: RegionCode = isRegionCode(raw) ? raw : 'US';
  const tz = typeof settings?.timezone === 'string' ? settings.timezone : getRegionConfig(region).timezone;
  let today: string;
  try {
    today = calendarDateInZone(now, tz);
  } catch {
    today = now.toISOString().slice(0, 10);
  }
  return { region, today };
}

/** 400 on dateOfBirth when the driver is under the region's minimum age or born in the future. */
export function assertDriverAge(dateOfBirth: string | null | undefined, ctx: CompanyContext): void {
  if (!dateOfBirth) return;
  const e = driverEligibility(dateOfBirth, ctx.today, ctx.region);
  if (!e.eligible) throw validationFailed({ dateOfBirth: e.reason! });
}

// ---------------------------------------------------------------------------------------------
// API shape
// ---------------------------------------------------------------------------------------------

export interface CustomerApi extends Record<string, unknown> {
  id: string;
  fullNameEnglish: string;
  isVip: boolean;
  isActive: boolean;
  loyaltyScore: number;
  loyaltyTier: LoyaltyTier;
  /** Progress to the next tier (null at platinum); spend in decimal units. */
  loyaltyNext: { tier: LoyaltyTier; rentalsNeeded: number; spendNeeded: number } | null;
  rentalsCount: number;
  completedRentals: number;
  /** Decimal, two places (from totalSpendMinor). */
  totalSpend: number;
  /** Derived for the company's region and today (null without a date of birth). */
  age: number | null;
  youngDriver: boolean;
  /** Eligible to rent in the region (null without a date of birth). */
  eligibleToRent: boolean | null;
  eligibilityReason: string | null;
  licenseStatus: LicenseStatus;
  version: number;
}

const HIDDEN = new Set(['searchText', 'totalSpendMinor']);

/**
 * The API shape of a stored customer: stored fields under the spec's names, money as decimals,
 * loyalty recomputed from the counters, and age / young driver / licence status for the company's
 * region on `ctx.today` (defaults: US, today's UTC date).
 */
export function toCustomerApi(item: Item | Record<string, unknown>, ctx?: Partial<CompanyContext>): CustomerApi {
  const e = toEntity<Record<string, unknown>>(item)!;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (!HIDDEN.has(k)) out[k] = v;
  const region = ctx?.region ?? 'US';
  const today = ctx?.today ?? new Date().toISOString().slice(0, 10);
  const completedRentals = Number(e.completedRentals ?? 0);
  const totalSpendMinor = Number(e.totalSpendMinor ?? 0);
  const loyalty = loyaltySummary({ completedRentals, totalSpendMinor });
  let age: number | null = null;
  let youngDriver = false;
  let eligibleToRent: boolean | null = null;
  let eligibilityReason: string | null = null;
  if (typeof e.dateOfBirth === 'string' && e.dateOfBirth) {
    try {
      const el = driverEligibility(e.dateOfBirth, today, region);
      age = el.reasonCode === 'dob_in_future' ? null : el.age;
      youngDriver = el.youngDriver;
      eligibleToRent = el.eligible;
      eligibilityReason = el.reason ?? null;
    } catch {
      /* a malformed stored date is shown as unknown rather than failing the read */
    }
  }
  let licStatus: LicenseStatus = 'none';
  try {
    licStatus = licenseStatus(e.licenseExpiryDate as string | undefined, today);
  } catch {
    licStatus = 'none';
  }
  return {
    ...out,
    id: String(e.id),
    fullNameEnglish: String(e.fullNameEnglish ?? ''),
    preferredLanguage: (e.preferredLanguage as string) ?? 'english',
    isVip: e.isVip === true,
    isActive: e.isActive !== false,
    behaviorFlags: Array.isArray(e.behaviorFlags) ? e.behaviorFlags : [],
    loyaltyScore: loyalty.score,
    loyaltyTier: loyalty.tier,
    loyaltyNext: loyalty.next
      ? { tier: loyalty.next.tier, rentalsNeeded: loyalty.next.rentalsNeeded, spendNeeded: fromMinor(loyalty.next.spendNeededMinor) }
      : null,
    rentalsCount: Number(e.rentalsCount ?? 0),
    completedRentals,
    totalSpend: fromMinor(Math.max(0, Math.trunc(totalSpendMinor))),
    age,
    youngDriver,
    eligibleToRent,
    eligibilityReason,
    licenseStatus: licStatus,
    version: Number(e.version ?? 1),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

/** The stored customer item, or undefined (another tenant's id is simply not found). */
export async function getCustomer(tenantId: string, id: string): Promise<CustomerItem | undefined> {
  // Ids are ULIDs; anything else (including another tenant's key material) is simply not found.
  if (!isUlid(id)) return undefined;
  return (await getItem(customerKey(tenantId, id), true)) as CustomerItem | undefined;
}

export async function requireCustomer(tenantId: string, id: string): Promise<CustomerItem> {
  const c = await getCustomer(tenantId, id);
  if (!c) throw notFound('Customer not found');
  return c;
}

/** Filter expression: tier computed from the counters with the shared thresholds (see shared/loyalty.ts: rentals OR spend). */
export function tierCondition(tier: LoyaltyTier, values: Record<string, unknown>): string {
  const idx = LOYALTY_THRESHOLDS.findIndex((t) => t.tier === tier);
  const reaches = (i: number) => {
    const t = LOYALTY_THRESHOLDS[i];
    values[`:tr${i}`] = t.minRentals;
    values[`:ts${i}`] = t.minSpendMinor;
    return `(#completed >= :tr${i} OR #spend >= :ts${i})`;
  };
  const parts: string[] = [];
  if (idx > 0) parts.push(reaches(idx));
  if (idx < LOYALTY_THRESHOLDS.length - 1) parts.push(`NOT ${reaches(idx + 1)}`);
  return parts.join(' AND ');
}

/**
 * One Query page of the directory. Sorts: newest/oldest on the base partition (ULID order),
 * name_asc/name_desc on the name index. Search, VIP, tier and active filters are DynamoDB filter
 * expressions on that page, so a filtered page may hold fewer than `limit` customers while
 * `nextCursor` is still set: the client asks for the next page (the web does so automatically).
 */
export async function listCustomers(tenantId: string, q: CustomerListQuery): Promise<Page<CustomerItem>> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const conds: string[] = [];
  if (q.status !== 'all') {
    names['#active'] = 'isActive';
    values[':active'] = q.status === 'active';
    conds.push('#active = :active');
  }
  if (q.isVip !== undefined) {
    names['#vip'] = 'isVip';
    values[':vip'] = q.isVip;
    conds.push('#vip = :vip');
  }
  if (q.tier) {
    names['#completed'] = 'completedRentals';
    names['#spend'] = 'totalSpendMinor';
    const c = tierCondition(q.tier, values);
    if (c) conds.push(c);
  }
  const variants = q.search ? searchVariants(q.search) : [];
  if (variants.length) {
    names['#search'] = 'searchText';
    conds.push(`(${variants.map((v, i) => ((values[`:q${i}`] = v), `contains(#search, :q${i})`)).join(' OR ')})`);
  }
  const byName = q.sort === 'name_asc' || q.sort === 'name_desc';
  return queryPage<CustomerItem>({
    tenantId,
    pk: byName ? tenantPk(tenantId, 'CUSTOMER_BY_NAME') : tenantPk(tenantId, CUSTOMER),
    index: byName ? 'gsi1' : undefined,
    forward: q.sort === 'oldest' || q.sort === 'name_asc',
    limit: q.limit,
    cursor: q.cursor,
    filter: conds.length ? { expression: conds.join(' AND '), names, values } : undefined,
    signature: ['customers', q.status, q.isVip, q.tier, q.search ?? '', q.sort],
  });
}

// ---------------------------------------------------------------------------------------------
// Writes (each with its audit item in the same transaction)
// ---------------------------------------------------------------------------------------------

const STALE = 'This record was changed by someone else. Reload and try again.';

/** Fields of the create/update schema stored as given (null/'' → absent). */
const STORED_FIELDS = [
  'fullNameEnglish', 'fullNameArabic', 'firstName', 'lastName', 'email', 'phone', 'licenseNumber', 'licenseIssuer',
  'licenseIssuedDate', 'licenseExpiryDate', 'dateOfBirth', 'homeAddress', 'fullAddress', 'visaNumber',
  'nationalIdOrPassport', 'countryOfOrigin', 'emergencyContactName', 'emergencyContactPhone',
  'emergencyContactRelationship', 'gender', 'preferredLanguage', 'referralSource', 'internalNotes', 'behaviorFlags',
  'isVip', 'isActive',
] as const;

export function newCustomerItem(tenantId: string, input: CustomerCreate, ctx: CompanyContext, id = ulid(), now = new Date().toISOString()): CustomerItem {
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

export async function createCustomer(actor: AuditActor, input: CustomerCreate, ctx: CompanyContext): Promise<CustomerItem> {
  assertDriverAge(input.dateOfBirth, ctx);
  const item = newCustomerItem(actor.tenantId, input, ctx);
  await transact([
    tx.putNew(item),
    tx.putNew(auditItem(actor, 'customer.create', 'customer', item.id, { after: { fullNameEnglish: item.fullNameEnglish } })),
  ]);
  return item;
}

/**
 * Applies changes with optimistic concurrency: against `expectedVersion` when the client sent
 * the version it read, else against the version just read. Recomputes the search text and name
 * index. 409 VERSION_CONFLICT when someone else changed the customer in between.
 */
export async function updateCustomer(
  actor: AuditActor,
  id: string,
  changes: Partial<Omit<CustomerUpdate, 'version'>>,
  expectedVersion: number | undefined,
  ctx: CompanyContext | undefined,
  action = 'customer.update',
): Promise<CustomerItem> {
  const current = await requireCustomer(actor.tenantId, id);
  if (expectedVersion !== undefined && expectedVersion !== current.version) throw conflict(STALE, undefined, 'VERSION_CONFLICT');
  const set: Record<string, unknown> = {};
  for (const f of STORED_FIELDS) {
    const v = (changes as Record<string, unknown>)[f];
    if (v === undefined) continue;
    // null clears the field (REMOVE); the required name can never be cleared (schema: min 1).
    set[f] = v === null ? undefined : v;
  }
  if (set.dateOfBirth && set.dateOfBirth !== current.dateOfBirth && ctx) assertDriverAge(set.dateOfBirth as string, ctx);
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
