/**
 * Collections data (issue 10 part B). The domain owns one item kind; everything else it reads is
 * kept by the rentals domain in the rental's own transaction (functions/rentals/money-index.ts):
 * DEPOSIT (one per rental that received a deposit; gsi1 DEPOSIT_STATE#open|settled by return day;
 * gsi2 G#DEPOSIT_RELEASE while held after the return: the alerts job's cross-tenant index),
 * OPEN_BALANCE (rentals owing money) and USAGE_SHORTFALL (returns charged less extra km / fuel than
 * their readings imply).
 *
 * - Payment reminder: pk `T#{t}#RECEIVABLE_REMINDER`, sk `{YYYY-MM-DD}#{customerId}` (company day),
 *   put with attribute_not_exists before the email is sent: a customer is reminded once a day. The
 *   aging page reads the last 90 days of them (one Query from that day on).
 */
import { fromMinor } from '../../shared/money';
import { isReleaseOverdue, releaseDueDate, type DepositStatus } from '../../shared/collections/deposits';
import { sortKey, tenantPk, type Key } from '../lib/data/keys';

export const reminderKey = (tenantId: string, customerId: string, day: string): Key => ({
  pk: tenantPk(tenantId, 'RECEIVABLE_REMINDER'),
  sk: sortKey(day, customerId),
});
export const reminderPk = (tenantId: string) => tenantPk(tenantId, 'RECEIVABLE_REMINDER');

export interface DepositIndexItem {
  id: string;
  rentalId: string;
  referenceNumber: string;
  customerId: string;
  customerName: string;
  vehicleLabel: string;
  rentalStatus: string;
  receivedMinor: number;
  appliedMinor: number;
  returnedMinor: number;
  heldMinor: number;
  status: DepositStatus;
  method: string | null;
  receivedAt: string;
  returnDay: string | null;
  closedAt: string | null;
}

export interface OpenBalanceItem {
  rentalId: string;
  referenceNumber: string;
  customerId: string;
  customerName: string;
  vehicleLabel: string;
  rentalStatus: string;
  startDay: string | null;
  expectedReturnDay: string | null;
  returnDay: string | null;
  closedAt: string | null;
}

/** An open-balance index item with the rental's current amounts (read from the rental). */
export interface OpenBalance extends OpenBalanceItem {
  balanceMinor: number;
  depositHeldMinor: number;
  depositReturnedMinor: number;
}

export interface ShortfallItem {
  rentalId: string;
  referenceNumber: string;
  customerName: string;
  returnDay: string | null;
  impliedMinor: number;
  chargedMinor: number;
  shortfallMinor: number;
  extraKm: number;
  fuelQuarters: number;
}

export function depositToApi(d: DepositIndexItem & { balanceMinor?: number }, lagDays: number, today: string) {
  const due = releaseDueDate(d.returnDay, lagDays);
  return {
    id: d.id,
    rentalId: d.rentalId,
    referenceNumber: d.referenceNumber,
    customerId: d.customerId,
    customerName: d.customerName,
    vehicleLabel: d.vehicleLabel,
    rentalStatus: d.rentalStatus,
    received: fromMinor(d.receivedMinor),
    applied: fromMinor(d.appliedMinor),
    refunded: fromMinor(d.returnedMinor),
    held: fromMinor(d.heldMinor),
    balance: fromMinor(d.balanceMinor ?? 0),
    status: d.status,
    method: d.method,
    receivedAt: d.receivedAt,
    returnDate: d.returnDay,
    releaseDueDate: due,
    closedAt: d.closedAt,
    overdue: isReleaseOverdue(
      { receivedMinor: d.receivedMinor, appliedMinor: d.appliedMinor, returnedMinor: d.returnedMinor },
      due,
      today,
    ),
  };
}
