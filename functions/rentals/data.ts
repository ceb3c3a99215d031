import { timeBasedRevenueMinor } from '../../shared/analytics/kpi';
import { heldOf, rentalDepositFlows } from '../../shared/collections/deposits';
import { monotonicFactory, ulid } from 'ulid';

/** Ledger ids sort in posting order even within one millisecond. */
const nextEntryId = monotonicFactory();
import {
  balanceState,
  effectiveAmounts,
  ledgerTotals,
  allocatePayments,
  type LedgerEntryLike,
} from '../../shared/rentals/ledger';
import { describeLedgerLabel, ledgerDescriptionOf, type LedgerDescription } from '../../shared/rentals/ledger-text';
import { fromMinor } from '../../shared/money';
import { shardOf } from '../../shared/accounting/journal';
import type { RentalStatus } from '../../shared/schemas/rentals-constants';
import { entityKey, sortKey, tenantPk, type Key } from '../lib/data/keys';
import { dueShardPk } from '../lib/data/due-index';
import { getItem, queryAll, queryPage, toEntity, tx, type Item, type Page, type TransactItem } from '../lib/data/repo';

/**
 * Rentals data layout (single table):
 *
 * - Rental: pk `T#{t}#RENTAL`, sk `{id}` (ULID, so the base partition lists newest first when read
 *   backwards). gsi1 = the customer's rentals (`T#{t}#CUSTOMER_RENTALS#{customerId}`, `{start}#{id}`);
 *   gsi2 = rentals by status (`T#{t}#RENTAL_STATUS#{status}`, `{start}#{id}`).
 * - Ledger entry: pk `T#{t}#RENTAL_LEDGER#{rentalId}`, sk `{ulid}` (posting order).
 * - Note: pk `T#{t}#RENTAL_NOTE#{rentalId}`, sk `{ulid}`.
 * - Stats: pk `T#{t}#RENTAL_STATS`, sk `STATUS#{shard}` (count_{status} attributes) and
 *   `MONTH#{yyyy-mm}#{shard}` (ledger totals of the month), updated with ADD in the same
 *   transaction as each change (the rental's shard, see statsShardKey), so the list page's
 *   statistics cost one Query per figure however many rentals exist.
 * - Active-rental index: pk `T#{t}#ACTIVE_RENTAL`, sk `{id}`, gsi2pk `G#ACTIVE_RENTALS`,
 *   gsi2sk `{expectedReturn}#{tenantId}#{id}`: one item per active closed-end rental. This is the
 *   ONE cross-tenant read of the domain — only the overdue job queries it (rentals past their
 *   expected return across all tenants, in pages) — documented exception to "GSI keys start with T#".
 * - Invoicing index (issue 10): pk `T#{t}#INVOICING_DUE`, sk `{id}`, gsi2pk `G#INVOICING_DUE`,
 *   gsi2sk `{nextDueAt}#{tenantId}#{id}`: one item per active open-ended rental with
 *   autoGenerateInvoice, holding its next billing period (index, start, due instant) and
 *   lastInvoicedDate. Put at pickup, advanced by the invoicing job in the same transaction as each
 *   period's invoice, deleted at return (the final invoice is drafted from the whole rental). The
 *   scheduled job reads "next due before now" across tenants; "Run now" reads one tenant's partition.
 *
 * Money is stored in integer minor units in `…Minor` fields; the API shows decimals under the
 * spec's names (dailyRateMinor → dailyRate).
 */
export const rentalKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'RENTAL', id);
export const ledgerPk = (tenantId: string, rentalId: string) => tenantPk(tenantId, 'RENTAL_LEDGER', rentalId);
export const notePk = (tenantId: string, rentalId: string) => tenantPk(tenantId, 'RENTAL_NOTE', rentalId);
export const statsKey = (tenantId: string, sk: string): Key => ({ pk: tenantPk(tenantId, 'RENTAL_STATS'), sk });
/**
 * Stats are sharded so that no item is written by every booking and payment of a company
 * (concurrent transactions on one item conflict in DynamoDB): each rental adds to the shard of
 * its id, readers sum the shards with one Query on the prefix (`STATUS`, `MONTH#{yyyy-mm}`).
 */
export const RENTAL_STATS_SHARDS = 8;
export type StatsName = readonly ['STATUS'] | readonly ['MONTH', string];
export const statsShardKey = (tenantId: string, name: StatsName, shard: number): Key =>
  statsKey(tenantId, sortKey(...name, shard));
const statsShardOf = (tenantId: string, name: StatsName, rentalId: string) =>
  statsShardKey(tenantId, name, shardOf(rentalId, RENTAL_STATS_SHARDS));
export const activeIndexKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'ACTIVE_RENTAL', id);
export const ACTIVE_RENTALS_GSI_PK = 'G#ACTIVE_RENTALS';
export const invoicingIndexKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'INVOICING_DUE', id);
export const INVOICING_DUE_GSI_PK = 'G#INVOICING_DUE';

export interface TimelineEvent {
  at: string;
  action: string;
  by?: string | null;
  note?: string;
  /** Worded at read time (rentals.timelineActions.<action> with these params, dates as YYYY-MM-DD). */
  params?: Record<string, string>;
}

export interface RentalItem extends Item {
  entityType: 'RENTAL';
  id: string;
  tenantId: string;
  referenceNumber: string;
  contractNumber: string;
  customerId: string;
  customerName: string;
  vehicleId: string;
  vehicleLabel: string;
  licensePlate?: string;
  status: RentalStatus;
  startDate: string;
  endDate: string | null;
  expectedReturnDate: string;
  expectedDuration: number;
  openEnded: boolean;
  /**
   * An open-ended rental booked since issue 26: its rent is charged per billing period by its
   * invoices. Absent on open-ended rentals booked before, whose expected rent was charged at
   * booking: their invoices bill the charges already on the ledger and add no period rent, so
   * nothing is charged twice.
   */
  chargesRentByPeriod?: boolean;
  /**
   * Booked since issue 26: nothing is income at booking, rent is charged to unearned revenue at
   * pickup and earned day by day (shared/accounting/posting-rules.ts). A rental booked before
   * lacks it and keeps the rule it was booked under (rent income when charged), so its pickup
   * never posts its charges a second time.
   */
  earnsRentByDay?: boolean;
  /**
   * Its tax invoice was issued while it was still pending (invoices/issue.ts): that issue was the
   * tax point, so its charges were posted then (booked → hired in the books) and the pickup
   * posts nothing of them again.
   */
  chargedBeforePickup?: boolean;
  returnDate?: string | null;
  rentalType: 'daily' | 'monthly';
  dailyRateMinor: number;
  monthlyRateMinor?: number | null;
  dailyKmLimit: number;
  extraChargePerKmMinor: number;
  taxRate: number;
  taxIncluded: boolean;
  youngDriverFeePerDayMinor: number;
  securityDepositMinor: number;
  initialPaymentAmountMinor: number;
  initialPaymentMethod?: string | null;
  chargesMinor: number;
  paymentsMinor: number;
  refundsMinor: number;
  balanceMinor: number;
  depositRequestedMinor: number;
  depositReceivedMinor: number;
  depositRefundedMinor: number;
  depositHeldMinor: number;
  timeline: TimelineEvent[];
  /** The contract's signature status, mirrored from its record (absent = draft; contract/signing.ts). */
  contractStatus?: 'signed' | 'completed';
  contractSignedAt?: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  [k: string]: unknown;
}

export function rentalIndexes(
  tenantId: string,
  r: { id: string; customerId: string; status: string; startDate: string },
) {
  return {
    gsi1pk: tenantPk(tenantId, 'CUSTOMER_RENTALS', r.customerId),
    gsi1sk: sortKey(r.startDate, r.id),
    gsi2pk: tenantPk(tenantId, 'RENTAL_STATUS', r.status),
    gsi2sk: sortKey(r.startDate, r.id),
  };
}

/** Lower-case text the list search matches (reference, contract, customer, vehicle, plate). */
export function searchTextOf(
  r: Pick<RentalItem, 'referenceNumber' | 'contractNumber' | 'customerName' | 'vehicleLabel'>,
): string {
  return [r.referenceNumber, r.contractNumber, r.customerName, r.vehicleLabel].join(' ').toLowerCase();
}

/** Converts an item to the API shape: internal keys dropped, `xMinor` → `x` in decimals. */
export function toApi<T = Record<string, unknown>>(item: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(toEntity<Record<string, unknown>>(item) ?? {})) {
    if (k === 'searchText' || k === 'tenantId') continue;
    if (k.endsWith('Minor') && typeof v === 'number') out[k.slice(0, -5)] = fromMinor(v);
    else if (k.endsWith('Minor') && v === null) out[k.slice(0, -5)] = null;
    else out[k] = v;
  }
  return out as T;
}

export function toRentalApi(item: RentalItem) {
  const api = toApi<Record<string, unknown>>(item);
  return {
    ...api,
    totalAmount: fromMinor(item.chargesMinor),
    // The deposit as /deposits shows it: refunded is what went back to the customer, applied what
    // paid charges (the stored refunded total holds both).
    ...(() => {
      const f = rentalDepositFlows(item as Parameters<typeof rentalDepositFlows>[0]);
      return {
        depositReceived: fromMinor(f.receivedMinor),
        depositApplied: fromMinor(f.appliedMinor),
        depositRefunded: fromMinor(f.returnedMinor),
        depositHeld: fromMinor(heldOf(f)),
      };
    })(),
    balance: fromMinor(item.balanceMinor),
    balanceState: balanceState(item.balanceMinor),
    paymentType: item.initialPaymentMethod ?? null,
  };
}

export async function getRentalItem(tenantId: string, id: string, consistent = true): Promise<RentalItem | undefined> {
  const item = await getItem(rentalKey(tenantId, id), consistent);
  return item as RentalItem | undefined;
}

export interface ListRentalsInput {
  status?: RentalStatus;
  customerId?: string;
  q?: string;
  limit: number;
  cursor?: string;
}

/** One Query page: by status (gsi2), by customer (gsi1) or all (base partition), newest first. */
export async function listRentals(tenantId: string, input: ListRentalsInput): Promise<Page<Record<string, unknown>>> {
  const filterParts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (input.q) {
    filterParts.push('contains(#search, :q)');
    names['#search'] = 'searchText';
    values[':q'] = input.q.toLowerCase();
  }
  let pk = tenantPk(tenantId, 'RENTAL');
  let index: 'gsi1' | 'gsi2' | undefined;
  if (input.customerId) {
    pk = tenantPk(tenantId, 'CUSTOMER_RENTALS', input.customerId);
    index = 'gsi1';
    if (input.status) {
      filterParts.push('#status = :status');
      names['#status'] = 'status';
      values[':status'] = input.status;
    }
  } else if (input.status) {
    pk = tenantPk(tenantId, 'RENTAL_STATUS', input.status);
    index = 'gsi2';
  }
  const page = await queryPage<RentalItem>({
    tenantId,
    pk,
    index,
    limit: input.limit,
    cursor: input.cursor,
    forward: false,
    filter: filterParts.length ? { expression: filterParts.join(' AND '), names, values } : undefined,
    signature: [input.status, input.customerId, input.q],
  });
  return { items: page.items.map(toRentalApi), nextCursor: page.nextCursor };
}

/** A customer's rentals, newest start first (for the customers domain's rental history). */
export async function listRentalsForCustomer(tenantId: string, customerId: string, cursor?: string, limit = 25) {
  return listRentals(tenantId, { customerId, cursor, limit });
}

// ---------------------------------------------------------------------------------------------
// Ledger entries
// ---------------------------------------------------------------------------------------------

export interface LedgerItem extends Item {
  entityType: 'RENTAL_LEDGER_ENTRY';
  id: string;
  rentalId: string;
  type: 'charge' | 'payment' | 'refund';
  context: 'initial' | 'usage' | 'adjustment' | 'refund' | 'end';
  category: LedgerEntryLike['category'];
  /** English text, kept for exports and audit; people read the translated description below. */
  label: string;
  /** Description code and parameters (shared/rentals/ledger-text.ts), translated at display. */
  descriptionCode?: string;
  descriptionParams?: Record<string, string>;
  amountMinor: number;
  method: string | null;
  status: 'paid' | 'pending';
  locked: true;
  version: number;
  reversesId: string | null;
  /** Pricing line code for entries posted from a quote or the final charges (base_rental, tax…). */
  lineCode: string | null;
  /**
   * Units × unit price of a priced charge (a billing period's rent: 1 month × the monthly rate, 31 days × the daily
   * rate).
   */
  quantity?: number;
  unitAmountMinor?: number;
  /** Money received or paid back: its REC- receipt (payments domain). */
  receiptId?: string | null;
  receiptNumber?: string | null;
  postedAt: string;
  postedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

export type NewLedgerEntry = Pick<LedgerItem, 'type' | 'context' | 'category' | 'label' | 'amountMinor'> &
  Partial<
    Pick<
      LedgerItem,
      'method' | 'status' | 'reversesId' | 'lineCode' | 'receiptId' | 'receiptNumber' | 'quantity' | 'unitAmountMinor'
    >
  >;

const descriptionFields = (d: LedgerDescription) => ({ descriptionCode: d.code, descriptionParams: d.params ?? {} });

export function ledgerItem(
  tenantId: string,
  rentalId: string,
  e: NewLedgerEntry,
  by: string | null,
  now: string,
): LedgerItem {
  const id = nextEntryId();
  return {
    pk: ledgerPk(tenantId, rentalId),
    sk: id,
    entityType: 'RENTAL_LEDGER_ENTRY',
    id,
    rentalId,
    type: e.type,
    context: e.context,
    category: e.category,
    label: e.label,
    ...descriptionFields(describeLedgerLabel(e.label)),
    amountMinor: e.amountMinor,
    method: e.method ?? null,
    // A payment or refund is money that moved; a charge is pending until payments cover it.
    status: e.status ?? (e.type === 'charge' ? 'pending' : 'paid'),
    locked: true,
    version: 1,
    reversesId: e.reversesId ?? null,
    lineCode: e.lineCode ?? null,
    ...(e.quantity !== undefined
      ? { quantity: e.quantity, ...(e.unitAmountMinor !== undefined ? { unitAmountMinor: e.unitAmountMinor } : {}) }
      : {}),
    ...(e.receiptId ? { receiptId: e.receiptId, receiptNumber: e.receiptNumber ?? null } : {}),
    postedAt: now,
    postedBy: by,
    createdAt: now,
    updatedAt: now,
  };
}

export async function readLedger(tenantId: string, rentalId: string): Promise<LedgerItem[]> {
  return queryAll<LedgerItem>({ tenantId, pk: ledgerPk(tenantId, rentalId), consistent: true, max: 2000 });
}

/** Rental totals after adding `entries` to what the item holds (incremental, same maths as ledgerTotals). */
export function totalsAfter(
  current: Pick<
    RentalItem,
    | 'chargesMinor'
    | 'paymentsMinor'
    | 'refundsMinor'
    | 'depositRequestedMinor'
    | 'depositReceivedMinor'
    | 'depositRefundedMinor'
  > & { rentChargedMinor?: unknown },
  entries: readonly LedgerEntryLike[],
) {
  const d = ledgerTotals(entries);
  // The time-based revenue charged, earned over the days on rent (analytics, issue 26).
  const rentChargedMinor = Number(current.rentChargedMinor ?? 0) + timeBasedRevenueMinor(entries);
  const chargesMinor = current.chargesMinor + d.chargesMinor;
  const paymentsMinor = current.paymentsMinor + d.paymentsMinor;
  const refundsMinor = current.refundsMinor + d.refundsMinor;
  const depositRequestedMinor = current.depositRequestedMinor + d.deposit.requestedMinor;
  const depositReceivedMinor = current.depositReceivedMinor + d.deposit.receivedMinor;
  const depositRefundedMinor = current.depositRefundedMinor + d.deposit.refundedMinor;
  return {
    chargesMinor,
    paymentsMinor,
    refundsMinor,
    rentChargedMinor,
    balanceMinor: chargesMinor - paymentsMinor + refundsMinor,
    depositRequestedMinor,
    depositReceivedMinor,
    depositRefundedMinor,
    depositHeldMinor: Math.max(0, depositReceivedMinor - depositRefundedMinor),
  };
}

export const ZERO_TOTALS = {
  chargesMinor: 0,
  paymentsMinor: 0,
  refundsMinor: 0,
  depositRequestedMinor: 0,
  depositReceivedMinor: 0,
  depositRefundedMinor: 0,
};

export type EntryDisplayStatus = 'paid' | 'pending' | 'reversed' | 'not_collected';

/**
 * What a charge's status reads: 'reversed' once reversals took all of it; a security deposit still
 * uncollected on a rental that has ended (closed, cancelled, archived) is 'not_collected', not
 * money pending (ledgers closed before the close posted the reversal); else paid/pending by allocation.
 */
function chargeDisplayStatus(
  e: LedgerItem,
  left: Map<string, number>,
  alloc: ReturnType<typeof allocatePayments>,
  ended: boolean,
): EntryDisplayStatus {
  if ((left.get(e.id) ?? 0) <= 0) return 'reversed';
  const status = alloc.chargeStatus[e.id] ?? e.status;
  if (status === 'pending' && ended && e.category === 'security_deposit') return 'not_collected';
  return status;
}

/** Ledger for the API: entries in posting order with each charge's allocation status, and the totals. */
export function ledgerView(entries: LedgerItem[], rental?: { status: RentalStatus; closedAt?: unknown }) {
  const alloc = allocatePayments(entries);
  const totals = ledgerTotals(entries);
  const left = effectiveAmounts(entries);
  const ended = !!rental && (!!rental.closedAt || rental.status === 'cancelled' || rental.status === 'archived');
  return {
    items: entries.map((e) => ({
      ...toApi<Record<string, unknown>>(e),
      ...descriptionFields(ledgerDescriptionOf(e)),
      // A reversal of a charge is not money anyone owes: it reads 'reversed', never 'pending'.
      status: e.type !== 'charge' ? e.status : e.reversesId ? 'reversed' : chargeDisplayStatus(e, left, alloc, ended),
      outstanding: e.type === 'charge' && !e.reversesId ? fromMinor(alloc.outstandingByCharge[e.id] ?? 0) : undefined,
    })),
    allocations: alloc.allocations.map((a) => ({
      paymentId: a.paymentId,
      chargeId: a.chargeId,
      amount: fromMinor(a.amountMinor),
    })),
    charges: fromMinor(totals.chargesMinor),
    payments: fromMinor(totals.paymentsMinor),
    refunds: fromMinor(totals.refundsMinor),
    balance: fromMinor(totals.balanceMinor),
    balanceState: totals.state,
    deposit: {
      requested: fromMinor(totals.deposit.requestedMinor),
      received: fromMinor(totals.deposit.receivedMinor),
      refunded: fromMinor(totals.deposit.refundedMinor),
      held: fromMinor(totals.deposit.heldMinor),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Stats, index, notes
// ---------------------------------------------------------------------------------------------

/** ADDs to the status counters: -1 on `from`, +1 on `to` (either may be absent). */
export function statusCountTx(
  tenantId: string,
  rentalId: string,
  from: RentalStatus | null,
  to: RentalStatus | null,
): TransactItem | null {
  if (from === to) return null;
  const names: Record<string, string> = {};
  const values: Record<string, number> = {};
  const parts: string[] = [];
  if (from) {
    names['#from'] = `count_${from}`;
    values[':minus'] = -1;
    parts.push('#from :minus');
  }
  if (to) {
    names['#to'] = `count_${to}`;
    values[':one'] = 1;
    parts.push('#to :one');
  }
  return tx.raw('Update', {
    Key: statsShardOf(tenantId, ['STATUS'], rentalId),
    UpdateExpression: `SET entityType = :et ADD ${parts.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ...values, ':et': 'RENTAL_STATS' },
  });
}

/** ADDs a month's ledger totals (rental charges, payments, refunds; deposits apart). */
export function monthTotalsTx(
  tenantId: string,
  rentalId: string,
  month: string,
  entries: readonly LedgerEntryLike[],
): TransactItem | null {
  if (entries.length === 0) return null;
  const t = ledgerTotals(entries);
  return tx.raw('Update', {
    Key: statsShardOf(tenantId, ['MONTH', month], rentalId),
    UpdateExpression:
      'SET entityType = :et ADD chargesMinor :c, paymentsMinor :p, refundsMinor :r, depositsReceivedMinor :dr, depositsRefundedMinor :df',
    ExpressionAttributeValues: {
      ':et': 'RENTAL_STATS',
      ':c': t.chargesMinor,
      ':p': t.paymentsMinor,
      ':r': t.refundsMinor,
      ':dr': t.deposit.receivedMinor,
      ':df': t.deposit.refundedMinor,
    },
  });
}

export function activeIndexItem(
  tenantId: string,
  r: Pick<RentalItem, 'id' | 'expectedReturnDate' | 'referenceNumber'>,
): Item {
  const key = activeIndexKey(tenantId, r.id);
  return {
    ...key,
    gsi2pk: dueShardPk(ACTIVE_RENTALS_GSI_PK, key),
    gsi2sk: sortKey(r.expectedReturnDate, tenantId, r.id),
    entityType: 'ACTIVE_RENTAL_INDEX',
    tenantId,
    rentalId: r.id,
    referenceNumber: r.referenceNumber,
    expectedReturnDate: r.expectedReturnDate,
  };
}

export function noteItem(
  tenantId: string,
  rentalId: string,
  note: { content: string; visibility: string },
  by: { userId: string; username: string },
  now: string,
): Item {
  const id = ulid();
  return {
    pk: notePk(tenantId, rentalId),
    sk: id,
    entityType: 'RENTAL_NOTE',
    id,
    rentalId,
    content: note.content,
    visibility: note.visibility,
    authorId: by.userId,
    authorName: by.username,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

export function appendTimeline(timeline: TimelineEvent[] | undefined, event: TimelineEvent): TimelineEvent[] {
  // Bounded: the item must stay far below DynamoDB's 400 KB; the audit log keeps everything.
  return [...(timeline ?? []), event].slice(-100);
}
