import { driverEligibility, licenseStatus, type LicenseStatus } from '../../shared/customers/age';
import { normalizeLicense, normalizeName, normalizePhone, toLatinDigits } from '../../shared/customers/blacklist-match';
import { loyaltySummary, type LoyaltyTier } from '../../shared/customers/loyalty';
import { fromMinor } from '../../shared/money';
import type { CustomerCreate, PreferredLanguage } from '../../shared/schemas/customers';
import type { CompanyCalendar } from '../lib/company-settings';
import { entityKey, sortKey, tenantPk, type Key } from '../lib/data/keys';
import { toEntity, type Item } from '../lib/data/repo';

/**
 * Customers model: item type, keys and indexes, search text, API shape.
 *
 * One item per customer, `entityKey(tenantId, 'CUSTOMER', id)` (pk `T#{t}#CUSTOMER`,
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

/**
 * The customer's own fields as stored: every field of the create schema (shared/schemas/customers.ts,
 * not retyped here), a cleared field (null in a request) being absent from the item.
 */
type StoredCustomerFields = { [K in keyof CustomerCreate]?: Exclude<CustomerCreate[K], null> };

export interface CustomerItem extends Item, StoredCustomerFields {
  entityType: 'CUSTOMER';
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  fullNameEnglish: string;
  preferredLanguage: PreferredLanguage;
  isVip: boolean;
  isActive: boolean;
  behaviorFlags: string[];
  loyaltyScore: number;
  loyaltyTier: LoyaltyTier;
  licenseDocumentUrl?: string;
  idDocumentUrl?: string;
  rentalsCount: number;
  completedRentals: number;
  totalSpendMinor: number;
  addedDate: string;
  searchText: string;
}

/** Loyalty score and tier for the stored item, from the counters (shared/loyalty.ts decides). */
export function loyaltyFields(
  completedRentals: number,
  totalSpendMinor: number,
): { loyaltyScore: number; loyaltyTier: LoyaltyTier } {
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

export function nameIndex(tenantId: string, id: string, fullNameEnglish: string) {
  return {
    gsi1pk: tenantPk(tenantId, 'CUSTOMER_BY_NAME'),
    gsi1sk: sortKey(normalizeName(fullNameEnglish).slice(0, 150) || '~', id),
  };
}

/** Region and the company's today (lib/company-settings.ts companyCalendar). */
export type CompanyContext = CompanyCalendar;

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
      ? {
          tier: loyalty.next.tier,
          rentalsNeeded: loyalty.next.rentalsNeeded,
          spendNeeded: fromMinor(loyalty.next.spendNeededMinor),
        }
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
