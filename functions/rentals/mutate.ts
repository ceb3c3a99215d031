import type { RentalStatus } from '../../shared/schemas/rentals-constants';
import { calendarDateInZone } from '../../shared/regions';
import { auditItem } from '../lib/data/audit';
import { retryOnConflict } from '../lib/data/counters';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { getItem, transact, tx, type TransactItem } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { conflict, notFound } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { customerCounterItem, customerKey, needsLastRental, readRentalSettings, type RentalSettings } from './deps';
import { rentalAggregateItems, rentalJournalItems } from './deps-tx';
import { moneyFieldsAfter, moneyIndexItems } from './money-index';
import {
  appendTimeline,
  getRentalItem,
  ledgerItem,
  monthTotalsTx,
  readLedger,
  rentalKey,
  statusCountTx,
  toRentalApi,
  totalsAfter,
  type LedgerItem,
  type NewLedgerEntry,
  type RentalItem,
} from './data';

/**
 * The one way a rental changes after booking: read (consistent) → plan → ONE transaction with
 * the rental's version as condition, the new ledger entries, the rental's recomputed totals,
 * stats, audit and the idempotency record. A lost race (someone else changed the rental) re-runs
 * the whole read-plan-write, so 20 concurrent payments end with the exact balance.
 */
export interface Plan {
  changes?: Record<string, unknown>;
  entries?: NewLedgerEntry[];
  /** Other items of the same transaction (vehicle, schedule, customer…). */
  extra?: (TransactItem | null)[];
  status?: RentalStatus;
  action: string;
  note?: string;
  /** The timeline words' parameters (TimelineEvent.params). */
  params?: Record<string, string>;
  /** Builds the answer from the updated rental and the posted entries (default: the rental). */
  respond?: (rental: ReturnType<typeof toRentalApi>, entries: LedgerItem[]) => unknown;
  /** More of what changed, for the audit item (e.g. settings before and after). */
  audit?: Record<string, unknown>;
  status201?: boolean;
}

export async function mutateRental(
  actor: Actor,
  rentalId: string,
  opts: { scope?: string; idempotencyKey?: string; attempts?: number },
  plan: (rental: RentalItem, settings: RentalSettings, now: Date) => Promise<Plan>,
): Promise<StoredResponse> {
  const settings = await readRentalSettings(actor.tenantId);
  const scope = `${opts.scope ?? 'rental'}#${rentalId}`;
  return runIdempotent(actor.tenantId, scope.replace(/#/g, ':'), opts.idempotencyKey, (record) =>
    retryOnConflict(async () => {
      const change = await planRentalChange(actor, rentalId, plan, settings);
      await transact([...change.items, ...record(change.response)]);
      return change.response;
    }, opts.attempts ?? 40),
  );
}

export interface RentalChange {
  /** Everything the change writes, except an idempotency record (the caller's). */
  items: TransactItem[];
  response: StoredResponse;
  rental: RentalItem;
  entries: LedgerItem[];
}

/**
 * Read (consistent) → plan → the transaction items of one rental change, without writing them:
 * mutateRental writes them alone; another domain (payments, through api.ts) adds them to its own
 * transaction. The rental's version condition makes a concurrent change fail the whole
 * transaction, so callers retry the read-plan-write (retryOnConflict).
 */
export async function planRentalChange(
  actor: Actor,
  rentalId: string,
  plan: (rental: RentalItem, settings: RentalSettings, now: Date) => Promise<Plan>,
  known?: RentalSettings,
): Promise<RentalChange> {
  const settings = known ?? (await readRentalSettings(actor.tenantId));
  const rental = await getRentalItem(actor.tenantId, rentalId);
  if (!rental) throw notFound('Rental not found');
  const now = new Date();
  const p = await plan(rental, settings, now);
  const at = now.toISOString();
  const entries = (p.entries ?? []).map((e) => ledgerItem(actor.tenantId, rental.id, e, actor.userId, at));
  const changes: Record<string, unknown> = { ...(p.changes ?? {}) };
  if (entries.length)
    Object.assign(changes, totalsAfter(rental, entries), moneyFieldsAfter({ ...rental, ...changes }, entries, at));
  if (p.status && p.status !== rental.status) {
    changes.status = p.status;
    changes.gsi2pk = tenantPk(actor.tenantId, 'RENTAL_STATUS', p.status);
  }
  changes.timeline = appendTimeline(rental.timeline, {
    at,
    action: p.action,
    by: actor.username,
    note: p.note,
    ...(p.params ? { params: p.params } : {}),
  });
  const updated = { ...rental, ...changes, version: rental.version + 1, updatedAt: at } as RentalItem;
  const apiRental = toRentalApi(updated);
  const response: StoredResponse = {
    status: p.status201 ? 201 : 200,
    body: p.respond ? p.respond(apiRental, entries) : apiRental,
  };
  // The journal entry of these movements, written with them (accounting's posting rules).
  // A status change posts too (issue 26: the pickup posts the booked charges, going off hire recognises the rest).
  const charging = updated.chargedBeforePickup === true && rental.chargedBeforePickup !== true;
  const journal =
    entries.length || charging || (p.status && p.status !== rental.status)
      ? await rentalJournalItems(actor.tenantId, {
          rental,
          movements: entries,
          date: calendarDateInZone(now, settings.timezone),
          vatEnabled: settings.enableVat,
          createdBy: actor.userId,
          loadEarlier: () => readLedger(actor.tenantId, rental.id),
          statusBefore: rental.status,
          statusAfter: updated.status,
          plannedDays: Number(updated.expectedDuration ?? 0) || undefined,
          chargedBeforePickupAfter: updated.chargedBeforePickup === true,
        })
      : [];
  // The customer's counters (customers domain) move with the rental, in this transaction.
  const storedLast = needsLastRental(rental, updated, settings.timezone)
    ? ((
        (await getItem(customerKey(actor.tenantId, rental.customerId), true)) as { lastRentalDate?: string } | undefined
      )?.lastRentalDate ?? null)
    : undefined;
  const items: (TransactItem | null)[] = [
    tx.update(rentalKey(actor.tenantId, rental.id), rental.version, changes, at),
    customerCounterItem(actor.tenantId, rental, updated, settings.timezone, storedLast),
    ...journal,
    ...entries.map((e) => tx.putNew(e)),
    p.status ? statusCountTx(actor.tenantId, rental.id, rental.status, p.status) : null,
    monthTotalsTx(actor.tenantId, rental.id, calendarDateInZone(now, settings.timezone).slice(0, 7), entries),
    ...rentalAggregateItems(
      actor.tenantId,
      rental,
      updated,
      settings.timezone,
      calendarDateInZone(now, settings.timezone),
      entries,
    ),
    ...(p.extra ?? []),
    // Deposits, open balances, usage shortfalls (./money-index.ts): always as the rental now stands.
    ...moneyIndexItems(rental, updated, settings.timezone),
    tx.putNew(
      auditItem(actor, `rental.${p.action}`, 'rental', rental.id, {
        before: { status: rental.status, balance: rental.balanceMinor / 100 },
        after: {
          status: updated.status,
          balance: updated.balanceMinor / 100,
          entries: entries.map((e) => `${e.type}:${e.category}:${e.amountMinor / 100}`),
        },
        note: p.note,
        ...(p.audit ?? {}),
      }),
    ),
  ];
  return { items: items.filter((i): i is TransactItem => i !== null), response, rental: updated, entries };
}

export function refuseTransition(from: string, action: string): never {
  throw conflict(`A ${from} rental cannot be ${action}`, undefined, 'INVALID_TRANSITION');
}
