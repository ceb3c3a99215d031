import { ulid } from 'ulid';
import {
  matchBlacklist,
  nameKey,
  normalizeLicense,
  normalizeName,
  normalizePhone,
  toLatinDigits,
  type BlacklistCustomer,
  type BlacklistMatchReason,
  type BlacklistStatus,
} from '../../shared/customers/blacklist-match';
import type { BlacklistListQuery } from '../../shared/schemas/blacklist';
import { conflict, isConditionFailure, notFound } from '../lib/errors';
import { auditItem } from '../lib/data/audit';
import type { Actor } from '../lib/actor';
import { entityKey, isUlid, tenantPk, type Key } from '../lib/data/keys';
import { getItem, queryAll, queryPage, toEntity, transact, tx, type Item, type Page } from '../lib/data/repo';
import { FilterBuilder } from '../lib/data/filter';

/**
 * Blacklist entries: `entityKey(tenantId, 'BLACKLIST', id)` — one partition per tenant
 * (pk `T#{t}#BLACKLIST`, sk = ULID id, so creation order).
 *
 * Matching (blacklistMatchesFor) reads the tenant's entries with ONE Query on that partition
 * (removed entries filtered out server-side) and matches them in memory with
 * shared/blacklist-match.ts. Why not per-key lookup items (licence/phone → entry)? Names must
 * match too, and case/diacritic/Arabic-insensitive name matching cannot be a key lookup without
 * an index per normalised name; a small company's blacklist is tens to hundreds of entries
 * (a few KB per Query page), so one partition read per check is cheap and simple.
 * Bound: at most MAX_ENTRIES_CHECKED entries are read per check (queryAll follows pages up to
 * it); beyond that size a per-key index would be the next step.
 *
 * Stored next to the spec's fields: normalised match keys (`licenseKey`, `phoneKey`, `nameKey`) for
 * inspection and future key lookups, and `searchText` for the list search.
 */
export const BLACKLIST = 'BLACKLIST';
export const MAX_ENTRIES_CHECKED = 2000;

export const blacklistKey = (tenantId: string, id: string): Key => entityKey(tenantId, BLACKLIST, id);

export interface BlacklistItem extends Item {
  entityType: 'BLACKLIST';
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  fullName: string;
  licenseNumber?: string;
  phoneNumber?: string;
  reason: string;
  status: BlacklistStatus;
  addedBy?: string;
  addedByName?: string;
  licenseKey?: string;
  phoneKey?: string;
  nameKey?: string;
  searchText: string;
}

export interface BlacklistEntryApi {
  id: string;
  fullName: string;
  licenseNumber: string | null;
  phoneNumber: string | null;
  reason: string;
  status: BlacklistStatus;
  addedByName: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface BlacklistMatchApi {
  entry: BlacklistEntryApi;
  reasons: BlacklistMatchReason[];
  strong: boolean;
}

export function toBlacklistApi(item: Item | Record<string, unknown>): BlacklistEntryApi {
  const e = toEntity<Record<string, unknown>>(item)!;
  return {
    id: String(e.id),
    fullName: String(e.fullName ?? ''),
    licenseNumber: (e.licenseNumber as string) ?? null,
    phoneNumber: (e.phoneNumber as string) ?? null,
    reason: String(e.reason ?? ''),
    status: (e.status as BlacklistStatus) ?? 'active',
    addedByName: (e.addedByName as string) ?? null,
    createdAt: String(e.createdAt),
    updatedAt: String(e.updatedAt),
    version: Number(e.version ?? 1),
  };
}

function matchKeys(e: { fullName?: string | null; licenseNumber?: string | null; phoneNumber?: string | null }) {
  const digits = e.phoneNumber ? toLatinDigits(e.phoneNumber).replace(/\D/g, '') : '';
  return {
    licenseKey: normalizeLicense(e.licenseNumber) || undefined,
    phoneKey: normalizePhone(e.phoneNumber) || undefined,
    nameKey: nameKey(e.fullName) || undefined,
    searchText: [
      normalizeName(e.fullName),
      normalizeLicense(e.licenseNumber).toLowerCase(),
      digits,
      normalizePhone(e.phoneNumber),
    ]
      .filter(Boolean)
      .join(' | '),
  };
}

export function newBlacklistItem(
  tenantId: string,
  input: {
    fullName: string;
    licenseNumber?: string | null;
    phoneNumber?: string | null;
    reason: string;
    status?: BlacklistStatus;
  },
  addedBy?: { userId?: string; username?: string },
  id = ulid(),
  now = new Date().toISOString(),
): BlacklistItem {
  const item: Record<string, unknown> = {
    ...blacklistKey(tenantId, id),
    entityType: 'BLACKLIST',
    id,
    version: 1,
    createdAt: now,
    updatedAt: now,
    fullName: input.fullName,
    reason: input.reason,
    status: input.status ?? 'active',
    addedBy: addedBy?.userId,
    addedByName: addedBy?.username,
    ...matchKeys(input),
  };
  if (input.licenseNumber) item.licenseNumber = input.licenseNumber;
  if (input.phoneNumber) item.phoneNumber = input.phoneNumber;
  for (const k of Object.keys(item)) if (item[k] === undefined) delete item[k];
  return item as BlacklistItem;
}

export async function getBlacklistEntry(tenantId: string, id: string): Promise<BlacklistItem | undefined> {
  if (!isUlid(id)) return undefined;
  return (await getItem(blacklistKey(tenantId, id), true)) as BlacklistItem | undefined;
}

export async function createBlacklistEntry(
  actor: Actor,
  input: { fullName: string; licenseNumber?: string | null; phoneNumber?: string | null; reason: string },
): Promise<BlacklistItem> {
  const item = newBlacklistItem(actor.tenantId, input, { userId: actor.userId, username: actor.username });
  await transact([
    tx.putNew(item),
    tx.putNew(
      auditItem(actor, 'blacklist.create', 'blacklist', item.id, {
        after: { fullName: item.fullName, status: item.status },
      }),
    ),
  ]);
  return item;
}

export async function updateBlacklistEntry(
  actor: Actor,
  id: string,
  changes: {
    fullName?: string;
    licenseNumber?: string | null;
    phoneNumber?: string | null;
    reason?: string;
    status?: BlacklistStatus;
  },
  expectedVersion?: number,
): Promise<BlacklistItem> {
  const current = await getBlacklistEntry(actor.tenantId, id);
  if (!current) throw notFound('Blacklist entry not found');
  const stale = 'This record was changed by someone else. Reload and try again.';
  if (expectedVersion !== undefined && expectedVersion !== current.version)
    throw conflict(stale, undefined, 'VERSION_CONFLICT');
  const set: Record<string, unknown> = {};
  for (const f of ['fullName', 'licenseNumber', 'phoneNumber', 'reason', 'status'] as const) {
    const v = changes[f];
    if (v === undefined) continue;
    set[f] = v === null ? undefined : v;
  }
  const next = { ...current } as Record<string, unknown>;
  for (const [k, v] of Object.entries(set)) {
    if (v === undefined) delete next[k];
    else next[k] = v;
  }
  const keysNow = matchKeys(next as { fullName: string });
  Object.assign(set, keysNow);
  const now = new Date().toISOString();
  try {
    await transact([
      tx.update(blacklistKey(actor.tenantId, id), current.version, set, now),
      tx.putNew(
        auditItem(
          actor,
          changes.status && changes.status !== current.status
            ? `blacklist.status.${changes.status}`
            : 'blacklist.update',
          'blacklist',
          id,
          {
            before: { status: current.status, fullName: current.fullName },
            after: { status: next.status, fullName: next.fullName },
          },
        ),
      ),
    ]);
  } catch (err) {
    if (isConditionFailure(err)) throw conflict(stale, undefined, 'VERSION_CONFLICT');
    throw err;
  }
  for (const [k, v] of Object.entries(set)) if (v !== undefined) next[k] = v;
  return { ...(next as BlacklistItem), version: current.version + 1, updatedAt: now };
}

/** One Query page, newest first; search on names (en/ar normalised), licence and phone digits. */
export async function listBlacklist(tenantId: string, q: BlacklistListQuery): Promise<Page<BlacklistItem>> {
  const filter = new FilterBuilder();
  if (q.status !== 'all') filter.eq('status', q.status);
  if (q.q) {
    const raw = q.q.trim();
    const variants = new Set([normalizeName(raw), normalizeLicense(raw).toLowerCase()]);
    const digits = toLatinDigits(raw).replace(/\D/g, '');
    if (digits.length >= 3) variants.add(digits.replace(/^0+/, '') || digits);
    filter.containsAny('searchText', [...variants].filter(Boolean));
  }
  return queryPage<BlacklistItem>({
    tenantId,
    pk: tenantPk(tenantId, BLACKLIST),
    forward: false,
    limit: q.limit,
    cursor: q.cursor,
    filter: filter.build(),
    signature: ['blacklist', q.status, q.q ?? ''],
  });
}

/**
 * The blacklist entries (active or reviewed) a customer matches, each with its reasons
 * ('license', 'phone', 'name') and whether the match is strong (licence or phone).
 * Used by GET /api/v1/customers/{id} and by the rentals domain when a customer is selected
 * (the company's blacklistMode / enableBlacklistCheck decide what the rental does with it).
 * Accepts a stored customer item or its API shape.
 */
export async function blacklistMatchesFor(tenantId: string, customer: BlacklistCustomer): Promise<BlacklistMatchApi[]> {
  const entries = await queryAll<BlacklistItem>({
    tenantId,
    pk: tenantPk(tenantId, BLACKLIST),
    max: MAX_ENTRIES_CHECKED,
    filter: { expression: '#status <> :removed', names: { '#status': 'status' }, values: { ':removed': 'removed' } },
  });
  return matchBlacklist(
    {
      fullNameEnglish: customer.fullNameEnglish,
      fullNameArabic: customer.fullNameArabic,
      licenseNumber: customer.licenseNumber,
      phone: customer.phone,
    },
    entries,
  ).map((m) => ({ entry: toBlacklistApi(m.entry), reasons: m.reasons, strong: m.strong }));
}
