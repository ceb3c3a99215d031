import { depositSettlementAtClose } from '../../shared/rentals/ledger';
import { usageStart } from '../../shared/rentals/pricing';
import { fromMinor, toMinor } from '../../shared/money';
import type { ReturnBody } from '../../shared/schemas/rentals';
import { RENTAL_MESSAGES, type RentalStatus } from '../../shared/schemas/rentals-constants';
import { auditItem } from '../lib/data/audit';
import { transact, tx, type TransactItem } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { forbidden, conflict, validationFailed } from '../lib/errors';
import { scheduleBlockItem, scheduleBlockKey, type ScheduleBlock } from './deps';
import { systemActor, type Actor } from '../lib/actor';
import { invoicedChargesOf } from './invoiced-charges';
import { lapsingDocuments, readVehicle, vehicleKey, type RentalSettings } from './deps';
import { invoicePaymentUpdate, rentalAggregateItems } from './deps-tx';
import { invoicesPaidBy } from './ledger';
import { calendarDateInZone } from '../../shared/regions';
import { invoicingIndexItem } from './invoicing-index';
import {
  activeIndexItem,
  activeIndexKey,
  invoicingIndexKey,
  appendTimeline,
  readLedger,
  rentalKey,
  statusCountTx,
  type RentalItem,
} from './data';
import { mutateRental, refuseTransition } from './mutate';
import { completeContractItems } from './contract/signing';
import { finalStatement, settlementEntries } from './pricing';
import { returnCreditNotes } from './return-credit';
import { cancellationEntries, closingEntries } from './settlement';
import { RENTAL_SERVER_MESSAGES } from '../../shared/rentals/messages';
import { documentLapsedError } from './document-refusal';

/**
 * Rental lifecycle (business-data §4: pending, active, completed, cancelled, overdue, archived).
 *
 * Allowed transitions — everything else answers 409 INVALID_TRANSITION:
 *
 *   pending   → active     pickup (odometer and fuel at start; the vehicle becomes rented)
 *   pending   → cancelled  cancel (the vehicle's schedule block is removed)
 *   active    → overdue    the overdue-rentals job, once expected return + grace period has passed
 *   active    → completed  return (final charges posted; vehicle available, odometer updated)
 *   overdue   → completed  return
 *   completed → completed  close (deposit settled, contract locked; STAFF needs a settled balance
 *                          unless allowStaffCloseWithBalance)
 *   completed → archived   archive (only once closed: an open balance is never hidden)
 *   cancelled → archived   archive
 *   archived  → (previous) restore
 *
 * The vehicle's schedule block follows: pending/active blocks the booked window, overdue turns it
 * open-ended (the car is still out), return replaces it by a 'completed' block ending at the
 * actual return (history for the calendar; conflict checks ignore it), cancel deletes it.
 */
export const TRANSITIONS: Readonly<Record<string, readonly RentalStatus[]>> = {
  pickup: ['pending'],
  cancel: ['pending'],
  markOverdue: ['active'],
  return: ['active', 'overdue'],
  close: ['completed'],
  archive: ['completed', 'cancelled'],
  restore: ['archived'],
};

export function canTransition(action: keyof typeof TRANSITIONS, from: RentalStatus): boolean {
  return TRANSITIONS[action].includes(from);
}

function blockOf(rental: RentalItem, patch: Partial<ScheduleBlock> = {}): ScheduleBlock {
  return {
    vehicleId: rental.vehicleId,
    kind: 'rental',
    refId: rental.id,
    start: rental.startDate,
    end: currentBlockEnd(rental),
    status: rental.status,
    label: `${rental.referenceNumber} · ${rental.customerName}`,
    ...patch,
  };
}

/**
 * Moves a rental's schedule block to its new shape. The block's key holds its end, so a block
 * whose end does not change (a return at exactly the booked end) is replaced by one Put: a
 * Delete and a Put of the same key in one transaction is refused by DynamoDB.
 */
export function replaceBlock(tenantId: string, before: ScheduleBlock, after: ScheduleBlock): TransactItem[] {
  const oldKey = scheduleBlockKey(tenantId, before);
  const newKey = scheduleBlockKey(tenantId, after);
  const put = tx.put(scheduleBlockItem(tenantId, after));
  return oldKey.pk === newKey.pk && oldKey.sk === newKey.sk ? [put] : [tx.delete(oldKey), put];
}

/** The end the rental's block is keyed by now (null = open-ended). */
export function currentBlockEnd(rental: RentalItem): string | null {
  return rental.blockEnd !== undefined ? (rental.blockEnd as string | null) : rental.endDate;
}

export function pickup(
  actor: Actor,
  rentalId: string,
  body: { odometerStart: number; fuelLevelStart: string; pickedUpAt?: string },
) {
  return mutateRental(actor, rentalId, { scope: 'pickup' }, async (rental, settings, now) => {
    if (!canTransition('pickup', rental.status)) refuseTransition(rental.status, 'picked up');
    // The car's registration/insurance and the driver's licence must still be valid on the pickup day.
    const pickupDay = calendarDateInZone(body.pickedUpAt ?? now, settings.timezone);
    const lapsed = (
      await lapsingDocuments(
        actor.tenantId,
        { vehicleId: rental.vehicleId, customerId: rental.customerId },
        pickupDay,
        null,
      )
    ).filter((d) => d.lapses === 'before_start');
    if (lapsed.length) throw documentLapsedError(lapsed, settings.region);
    const vehicle = await readVehicle(actor.tenantId, rental.vehicleId);
    if (!vehicle || vehicle.isArchived)
      throw conflict(RENTAL_SERVER_MESSAGES.vehicleArchived, undefined, 'VEHICLE_UNAVAILABLE');
    if (vehicle.status !== 'available' && vehicle.status !== undefined) {
      throw conflict(
        `The vehicle is ${String(vehicle.status).replace(/_/g, ' ')} and cannot be picked up`,
        { vehicleId: 'Vehicle not available' },
        'VEHICLE_UNAVAILABLE',
      );
    }
    const active = { ...rental, status: 'active' as const };
    const extra: (TransactItem | null)[] = [
      tx.update(vehicleKey(actor.tenantId, vehicle.id), vehicle.version, {
        status: 'rented',
        currentRentalId: rental.id,
      }),
      tx.put(scheduleBlockItem(actor.tenantId, blockOf(active))),
      // Closed-end rentals are watched by the overdue job; open-ended ones cannot be late.
      rental.openEnded ? null : tx.put(activeIndexItem(actor.tenantId, rental)),
      // Open-ended rentals with autoGenerateInvoice are invoiced by period by the invoicing job (issue 10).
      rental.openEnded && rental.autoGenerateInvoice !== false
        ? tx.put(invoicingIndexItem(actor.tenantId, rental, settings.timezone, settings.billingTiming))
        : null,
    ];
    return {
      action: 'pickup',
      status: 'active',
      changes: {
        odometerStart: body.odometerStart,
        fuelLevelStart: body.fuelLevelStart,
        pickedUpAt: body.pickedUpAt ?? now.toISOString(),
        vehicleOdometerAtPickup: vehicle.odometerKm ?? null,
      },
      extra,
    };
  });
}

export interface ReturnPreview {
  lines: { code: string; category: string; label: string; amount: number; quantity?: number; unitAmount?: number }[];
  subtotal: number;
  tax: number;
  total: number;
  alreadyCharged: number;
  toPost: number;
  days: { planned: number | null; actual: number; base: number; late: number; chargeable: number };
  km: { driven: number; allowance: number | null; extra: number } | null;
  balanceAfter: number;
}

/**
 * A return is checked against when the car actually left: the earlier of the booked start and
 * the pickup (a car picked up early may come back before its booked start). Instants are
 * compared as times, not strings (offsets and fractions differ in spelling).
 */
function checkReturn(rental: RentalItem, body: ReturnBody, returnDate: string) {
  const start = rental.odometerStart as number | undefined;
  if (start !== undefined && start !== null && body.odometerEnd < start)
    throw validationFailed({ odometerEnd: RENTAL_MESSAGES.odometerBelowStart });
  const out = usageStart(rental.startDate, (rental.pickedUpAt as string | undefined) ?? null);
  if (Date.parse(returnDate) < Date.parse(String(out)))
    throw validationFailed({ returnDate: RENTAL_SERVER_MESSAGES.returnBeforePickup });
}

export async function previewReturn(
  tenantId: string,
  rental: RentalItem,
  body: ReturnBody,
  settings: RentalSettings,
): Promise<ReturnPreview> {
  if (!canTransition('return', rental.status)) refuseTransition(rental.status, 'returned');
  const returnDate = body.returnDate ?? new Date().toISOString();
  checkReturn(rental, body, returnDate);
  const statement = finalStatement(rental, body, settings, returnDate);
  const ledger = await readLedger(tenantId, rental.id);
  const entries = settlementEntries(statement, ledger);
  const toPost = entries.reduce((s, e) => s + (e.reversesId ? -e.amountMinor : e.amountMinor), 0);
  return {
    lines: statement.lines.map((l) => ({
      code: l.code,
      category: l.category,
      label: l.label,
      amount: fromMinor(l.amountMinor),
      quantity: l.quantity,
      unitAmount: l.unitAmountMinor !== undefined ? fromMinor(l.unitAmountMinor) : undefined,
    })),
    subtotal: fromMinor(statement.subtotalMinor),
    tax: fromMinor(statement.taxMinor),
    total: fromMinor(statement.totalMinor),
    alreadyCharged: fromMinor(statement.totalMinor - toPost),
    toPost: fromMinor(toPost),
    days: statement.days,
    km: statement.km
      ? { driven: statement.km.drivenKm, allowance: statement.km.allowanceKm, extra: statement.km.extraKm }
      : null,
    balanceAfter: fromMinor(rental.balanceMinor + toPost),
  };
}

/** Extra km and fuel the return's readings imply, priced at the higher of the rental's and the company's rate. */
function impliedUsage(rental: RentalItem, statement: ReturnType<typeof finalStatement>, settings: RentalSettings) {
  const extraKm = statement.km?.extraKm ?? 0;
  const quarters = statement.fuel?.shortfallQuarters ?? 0;
  const perKm = Math.max(rental.extraChargePerKmMinor ?? 0, settings.extraChargePerKmMinor ?? 0);
  return {
    returnExtraKm: extraKm,
    returnFuelQuarters: quarters,
    returnImpliedMinor: extraKm * perKm + quarters * settings.fuelChargePerQuarterMinor,
  };
}

export function returnRental(actor: Actor, rentalId: string, body: ReturnBody, key?: string) {
  return mutateRental(actor, rentalId, { scope: 'return', idempotencyKey: key }, async (rental, settings, now) => {
    if (!canTransition('return', rental.status)) refuseTransition(rental.status, 'returned');
    const returnDate = body.returnDate ?? now.toISOString();
    checkReturn(rental, body, returnDate);
    const statement = finalStatement(rental, body, settings, returnDate);
    const ledger = await readLedger(actor.tenantId, rental.id);
    const entries = settlementEntries(statement, ledger);
    const vehicle = await readVehicle(actor.tenantId, rental.vehicleId);
    // Rent taken back that an issued invoice carried: that invoice's credit note, in this transaction.
    const credit = await returnCreditNotes(actor, rental.id, entries, settings.timezone, now);
    const extra: (TransactItem | null)[] = [
      ...credit.items,
      ...replaceBlock(actor.tenantId, blockOf(rental), blockOf(rental, { end: returnDate, status: 'completed' })),
      tx.delete(activeIndexKey(actor.tenantId, rental.id)),
      tx.delete(invoicingIndexKey(actor.tenantId, rental.id)),
    ];
    if (vehicle) {
      const changes: Record<string, unknown> = { odometerKm: Math.max(vehicle.odometerKm ?? 0, body.odometerEnd) };
      if (vehicle.status === 'rented' && (vehicle.currentRentalId === rental.id || !vehicle.currentRentalId)) {
        changes.status = 'available';
        changes.currentRentalId = undefined;
      }
      extra.push(tx.update(vehicleKey(actor.tenantId, vehicle.id), vehicle.version, changes));
    }
    return {
      action: 'return',
      // The timeline says which invoice the unused rent was credited on.
      note: credit.creditNotes.length
        ? credit.creditNotes.map((c) => `${c.number} credits ${c.invoiceNumber}`).join(', ')
        : undefined,
      status: 'completed',
      entries,
      extra,
      changes: {
        returnDate,
        completedAt: now.toISOString(),
        odometerEnd: body.odometerEnd,
        fuelLevelEnd: body.fuelLevelEnd ?? null,
        returnCondition: body.condition,
        returnNotes: body.returnNotes ?? null,
        salikChargesMinor: toMinor(body.salikCharges),
        salikNotes: body.salikNotes ?? null,
        totalTrafficFinesMinor: toMinor(body.trafficFines),
        totalDamageFeesMinor: toMinor(body.damageFees),
        totalExtraChargesMinor: toMinor(body.extraCharges),
        finalTotalMinor: statement.totalMinor,
        finalTaxMinor: statement.taxMinor,
        // What the readings imply at the company's standard rates (revenue protection compares it
        // with the extra-km and fuel charges the ledger keeps: ./money-index.ts).
        ...impliedUsage(rental, statement, settings),
        blockEnd: returnDate,
      },
    };
  });
}

export function closeRental(actor: Actor, rentalId: string, body: { depositRefundMethod: string }, key?: string) {
  return mutateRental(actor, rentalId, { scope: 'close', idempotencyKey: key }, async (rental, settings, now) => {
    if (!canTransition('close', rental.status) || rental.closedAt)
      refuseTransition(rental.closedAt ? 'closed' : rental.status, 'closed');
    const ledger = await readLedger(actor.tenantId, rental.id);
    const settlement = depositSettlementAtClose(ledger);
    if (settlement.balanceAfterMinor > 0 && actor.role === 'STAFF' && !settings.allowStaffCloseWithBalance) {
      throw forbidden(RENTAL_SERVER_MESSAGES.staffCloseRefused);
    }
    const entries = closingEntries(ledger, body.depositRefundMethod);
    // The customer's counters move in mutateRental (customers/counters.ts), as for every rental change.
    // A signed contract is completed with the close (contract/signing.ts).
    const contract = completeContractItems(actor.tenantId, rental, now.toISOString());
    // The deposit applied to the balance pays the rental's open invoices, oldest first, as a desk
    // payment does (issue 26), kept apart on each invoice as paid from the deposit.
    const paid =
      settlement.appliedToBalanceMinor > 0
        ? await invoicesPaidBy(actor.tenantId, rental, settlement.appliedToBalanceMinor)
        : [];
    return {
      action: 'close',
      entries,
      changes: { closedAt: now.toISOString(), contractLocked: true, closedBy: actor.username, ...contract.changes },
      extra: [
        ...contract.items,
        ...paid.map((a) =>
          invoicePaymentUpdate(actor.tenantId, a.invoice, a.amountMinor, now.toISOString(), { fromDeposit: true }),
        ),
      ],
    };
  });
}

/** Cancel: nothing is owed unless a cancellation fee is charged (policy in ./settlement.ts). */
export function cancelRental(actor: Actor, rentalId: string, body: { reason?: string; cancellationFee?: number }) {
  return mutateRental(actor, rentalId, { scope: 'cancel' }, async (rental, _s, now) => {
    if (!canTransition('cancel', rental.status)) refuseTransition(rental.status, 'cancelled');
    const ledger = await readLedger(actor.tenantId, rental.id);
    const entries = cancellationEntries(ledger, toMinor(body.cancellationFee ?? 0));
    // Charges on an issued invoice are cancelled by the invoice's credit note, not here.
    const invoiced = await invoicedChargesOf(actor.tenantId, rental.id);
    const onInvoice = entries
      .map((e) => (e.reversesId ? invoiced.get(e.reversesId)?.invoiceNumber : undefined))
      .find(Boolean);
    if (onInvoice)
      throw conflict(
        `This rental is invoiced on ${onInvoice}. Issue a credit note for that invoice first.`,
        undefined,
        'INVOICE_LOCKED',
      );
    return {
      action: 'cancel',
      status: 'cancelled',
      note: body.reason,
      entries,
      changes: { cancelledAt: now.toISOString(), cancelReason: body.reason ?? null },
      extra: [tx.delete(scheduleBlockKey(actor.tenantId, blockOf(rental)))],
    };
  });
}

export function archiveRental(actor: Actor, rentalId: string) {
  return mutateRental(actor, rentalId, { scope: 'archive' }, async (rental) => {
    if (!canTransition('archive', rental.status)) refuseTransition(rental.status, 'archived');
    if (rental.status === 'completed' && !rental.closedAt)
      throw conflict('Close the rental before archiving it', undefined, 'INVALID_TRANSITION');
    return { action: 'archive', status: 'archived', changes: { isArchived: true, archivedFromStatus: rental.status } };
  });
}

export function restoreRental(actor: Actor, rentalId: string) {
  return mutateRental(actor, rentalId, { scope: 'restore' }, async (rental) => {
    if (!canTransition('restore', rental.status)) refuseTransition(rental.status, 'restored');
    const to = (rental.archivedFromStatus as RentalStatus | undefined) ?? 'completed';
    return { action: 'restore', status: to, changes: { isArchived: false, archivedFromStatus: undefined } };
  });
}

/**
 * Overdue (the job): active → overdue once expected return + grace has passed. The block becomes
 * open-ended (the car is still out, nobody can book it), the index item goes. Idempotent: a
 * rental no longer active only loses its stale index item. Returns whether it was marked.
 */
export async function markOverdue(tenantId: string, rental: RentalItem, now: Date, timeZone: string): Promise<boolean> {
  const at = now.toISOString();
  if (!canTransition('markOverdue', rental.status)) {
    await transact([tx.delete(activeIndexKey(tenantId, rental.id))]);
    return false;
  }
  const overdue = { ...rental, status: 'overdue' as const };
  const items: (TransactItem | null)[] = [
    tx.update(
      rentalKey(tenantId, rental.id),
      rental.version,
      {
        status: 'overdue',
        gsi2pk: tenantPk(tenantId, 'RENTAL_STATUS', 'overdue'),
        overdueSince: at,
        blockEnd: null,
        timeline: appendTimeline(rental.timeline, { at, action: 'overdue', by: 'system' }),
      },
      at,
    ),
    ...replaceBlock(tenantId, blockOf(rental), blockOf(overdue, { end: null, status: 'overdue' })),
    tx.delete(activeIndexKey(tenantId, rental.id)),
    statusCountTx(tenantId, rental.id, 'active', 'overdue'),
    ...rentalAggregateItems(
      tenantId,
      rental,
      { ...overdue, overdueSince: at },
      timeZone,
      calendarDateInZone(now, timeZone),
    ),
    tx.putNew(
      auditItem(systemActor(tenantId), 'rental.overdue', 'rental', rental.id, {
        before: { status: 'active' },
        after: { status: 'overdue' },
      }),
    ),
  ];
  await transact(items.filter((i): i is TransactItem => i !== null));
  return true;
}
