/**
 * The rentals' money indexes (issue 10: deposits, outstanding balances, revenue protection):
 * sparse items derived from the rental item, written in the SAME transaction as every rental
 * change (mutate.ts planRentalChange, booking.ts) so they always agree with the rental, and read by
 * the collections domain (through api.ts) without reading every rental (DESIGN.md §15).
 *
 * - Deposit: pk `T#{t}#DEPOSIT`, sk `{rentalId}` — one per rental that ever received a deposit
 *   (ULID ids: the partition read backwards lists newest first). gsi1 = `T#{t}#DEPOSIT_STATE#open|settled`,
 *   `{returnDay|~}#{rentalId}`: open deposits (something still held) sorted by return day, so
 *   "held past its release date" is one Query below `today − lag`. gsi2 = `G#DEPOSIT_RELEASE`,
 *   `{returnDay}#{tenantId}#{rentalId}` while something is held after the return (alerts job).
 * - Open balance: pk `T#{t}#OPEN_BALANCE`, sk `{rentalId}` — exists while the rental's balance is
 *   above zero (the receivables of the aging report and "returned with a balance"); it holds who
 *   and when, not amounts (readers batch-get the rentals), so it is rewritten only when the
 *   rental enters or leaves it or its status or dates change.
 * Each item is written only when its content changes (compared before/after the change).
 * - Usage shortfall: pk `T#{t}#USAGE_SHORTFALL`, sk `{rentalId}` — exists while the extra-km and
 *   fuel charges a return's readings imply exceed what the ledger charges for them (net of
 *   reversals and later charges).
 *
 * Fields kept on the rental for them (maintained from each change's entries): depositAppliedMinor,
 * depositMethod, depositReceivedAt, usageChargedMinor (net extra_km + fuel_charges), and
 * returnImpliedMinor (set by the return).
 */
import { calendarDateInZone } from '../../shared/regions';
import {
  depositFlows,
  depositStatus,
  heldOf,
  rentalDepositFlows,
  type DepositFlows,
} from '../../shared/collections/deposits';
import { signedAmount } from '../../shared/rentals/ledger';
import { entityKey, sortKey, tenantPk, type Key } from '../lib/data/keys';
import { tx, type Item, type TransactItem } from '../lib/data/repo';
import { dueShardPk } from '../lib/data/due-index';
import type { LedgerItem, NewLedgerEntry, RentalItem } from './data';

/** The one cross-tenant read of these indexes: deposits held after their rental's return, by return day. */
export const DEPOSIT_RELEASE_GSI_PK = 'G#DEPOSIT_RELEASE';
export const depositIndexKey = (tenantId: string, rentalId: string): Key => entityKey(tenantId, 'DEPOSIT', rentalId);
export const depositStatePk = (tenantId: string, state: 'open' | 'settled') =>
  tenantPk(tenantId, 'DEPOSIT_STATE', state);
export const openBalanceKey = (tenantId: string, rentalId: string): Key =>
  entityKey(tenantId, 'OPEN_BALANCE', rentalId);
export const usageShortfallKey = (tenantId: string, rentalId: string): Key =>
  entityKey(tenantId, 'USAGE_SHORTFALL', rentalId);

type EntryLike = Pick<LedgerItem, 'type' | 'category' | 'amountMinor' | 'method' | 'reversesId'> &
  Partial<Pick<LedgerItem, 'id' | 'postedAt'>>;

const USAGE_CATEGORIES = new Set(['extra_km', 'fuel_charges']);

/** The rental's money fields after adding `entries` (incremental, like totalsAfter). */
export function moneyFieldsAfter(
  rental: Partial<RentalItem>,
  entries: readonly EntryLike[],
  at: string,
): Record<string, unknown> {
  const flows = depositFlows(entries.map((e) => ({ id: e.id ?? '', ...e })));
  const usage = entries
    .filter((e) => e.type === 'charge' && USAGE_CATEGORIES.has(e.category))
    .reduce((s, e) => s + signedAmount({ id: '', ...e }), 0);
  const out: Record<string, unknown> = {};
  if (flows.appliedMinor) out.depositAppliedMinor = Number(rental.depositAppliedMinor ?? 0) + flows.appliedMinor;
  if (usage) out.usageChargedMinor = Number(rental.usageChargedMinor ?? 0) + usage;
  const received = entries.find((e) => e.type === 'payment' && e.category === 'security_deposit' && !e.reversesId);
  if (received && !rental.depositReceivedAt)
    Object.assign(out, { depositReceivedAt: received.postedAt ?? at, depositMethod: received.method ?? null });
  return out;
}

/** The rental's deposit flows from its denormalised totals. */
export function flowsOf(r: Partial<RentalItem>): DepositFlows {
  return rentalDepositFlows(r as Parameters<typeof rentalDepositFlows>[0]);
}

const dayOf = (iso: unknown, zone: string) =>
  typeof iso === 'string' && iso ? calendarDateInZone(new Date(iso), zone) : null;

function common(r: RentalItem, zone: string) {
  return {
    tenantId: r.tenantId,
    rentalId: r.id,
    referenceNumber: r.referenceNumber,
    customerId: r.customerId,
    customerName: r.customerName,
    vehicleLabel: r.vehicleLabel,
    rentalStatus: r.status,
    returnDay: dayOf(r.returnDate, zone),
    closedAt: (r.closedAt as string | undefined) ?? null,
    searchText: [r.referenceNumber, r.customerName, r.vehicleLabel].join(' ').toLowerCase(),
  };
}

function depositItem(r: RentalItem, zone: string): Item | null {
  const flows = flowsOf(r);
  if (flows.receivedMinor <= 0) return null;
  const held = heldOf(flows);
  const base = common(r, zone);
  const key = depositIndexKey(r.tenantId, r.id);
  return {
    ...key,
    gsi1pk: depositStatePk(r.tenantId, held > 0 ? 'open' : 'settled'),
    gsi1sk: sortKey(base.returnDay ?? '~', r.id),
    // Held after the return: the alerts job's cross-tenant index of releases to watch (DESIGN.md §15).
    ...(held > 0 && base.returnDay
      ? { gsi2pk: dueShardPk(DEPOSIT_RELEASE_GSI_PK, key), gsi2sk: sortKey(base.returnDay, r.tenantId, r.id) }
      : {}),
    entityType: 'DEPOSIT_INDEX',
    id: r.id,
    ...base,
    receivedMinor: flows.receivedMinor,
    appliedMinor: flows.appliedMinor,
    returnedMinor: flows.returnedMinor,
    heldMinor: held,
    status: depositStatus(flows),
    method: (r.depositMethod as string | null | undefined) ?? null,
    receivedAt: (r.depositReceivedAt as string | undefined) ?? r.createdAt,
  };
}

function openBalanceItem(r: RentalItem, zone: string): Item | null {
  if (r.balanceMinor <= 0) return null;
  // Membership only: amounts are read from the rentals themselves (one batch get), so a payment
  // that leaves a balance does not rewrite this item (concurrent payments on one rental).
  return {
    ...openBalanceKey(r.tenantId, r.id),
    entityType: 'OPEN_BALANCE_INDEX',
    ...common(r, zone),
    startDay: dayOf(r.startDate, zone),
    expectedReturnDay: dayOf(r.expectedReturnDate, zone),
  };
}

function shortfallItem(r: RentalItem, zone: string): Item | null {
  const implied = Number(r.returnImpliedMinor ?? 0);
  const charged = Number(r.usageChargedMinor ?? 0);
  if (implied <= charged) return null;
  return {
    ...usageShortfallKey(r.tenantId, r.id),
    entityType: 'USAGE_SHORTFALL_INDEX',
    ...common(r, zone),
    impliedMinor: implied,
    chargedMinor: charged,
    shortfallMinor: implied - charged,
    extraKm: (r.returnExtraKm as number | undefined) ?? 0,
    fuelQuarters: (r.returnFuelQuarters as number | undefined) ?? 0,
  };
}

const INDEXES = [
  [depositItem, depositIndexKey],
  [openBalanceItem, openBalanceKey],
  [shortfallItem, usageShortfallKey],
] as const;

/**
 * Puts (or deletes) the index items of a rental after a change: `before` undefined = a new rental.
 * A delete is written only when the item existed before (its condition held then).
 */
export function moneyIndexItems(before: RentalItem | undefined, after: RentalItem, zone: string): TransactItem[] {
  const out: TransactItem[] = [];
  for (const [build, key] of INDEXES) {
    const next = build(after, zone);
    const prev = before ? build(before, zone) : null;
    // Written only when it changes: most changes (a payment, a charge) touch none of them.
    if (next && JSON.stringify(next) !== JSON.stringify(prev)) out.push(tx.put(next));
    else if (!next && prev) out.push(tx.delete(key(after.tenantId, after.id)));
  }
  return out;
}

/** Every index item of a rental as it stands (the demo seed and the rebuild of older rentals). */
export function moneyIndexPuts(rental: RentalItem, zone: string): Item[] {
  return INDEXES.map(([build]) => build(rental, zone)).filter((i): i is Item => i !== null);
}

/** The money fields of a rental computed from its whole ledger (seed, rebuild). */
export function moneyFieldsOfLedger(
  rental: Partial<RentalItem>,
  ledger: readonly (NewLedgerEntry & Partial<Pick<LedgerItem, 'id' | 'postedAt'>>)[],
  at: string,
) {
  return moneyFieldsAfter(
    { ...rental, depositAppliedMinor: 0, usageChargedMinor: 0, depositReceivedAt: undefined },
    ledger.map((e) => ({ method: null, reversesId: null, ...e })),
    at,
  );
}
