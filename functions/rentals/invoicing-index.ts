import {
  billingPeriod,
  periodInvoiceAt,
  type BillingFrequency,
  type BillingTiming,
} from '../../shared/invoicing/periods';
import { calendarDateInZone } from '../../shared/regions';
import { sortKey } from '../lib/data/keys';
import { dueShardPk } from '../lib/data/due-index';
import type { Item } from '../lib/data/repo';
import { INVOICING_DUE_GSI_PK, invoicingIndexKey, type RentalItem } from './data';

/**
 * The invoicing index of open-ended rentals (issue 10, billing timing issue 26): one item per
 * rental with autoGenerateInvoice, put at pickup, its next period due on gsi2 `G#INVOICING_DUE`
 * (the invoicing job's sparse due index), advanced in the same transaction as each period's invoice.
 */
export interface InvoicingIndexItem extends Item {
  tenantId: string;
  rentalId: string;
  referenceNumber: string;
  customerName: string;
  startISO: string;
  startDay: string;
  frequency: BillingFrequency;
  nextIndex: number;
  nextPeriodStart: string;
  nextPeriodEnd: string;
  nextDueAt: string;
  /** The company's billingTiming the next due instant was computed with (absent = arrears). */
  timing?: BillingTiming;
  lastInvoicedDate: string | null;
  version: number;
}

/** The invoicing-index item of an open-ended rental with autoGenerateInvoice (pickup). */
export function invoicingIndexItem(
  tenantId: string,
  r: Pick<RentalItem, 'id' | 'referenceNumber' | 'customerName' | 'startDate'> & { billingFrequency?: unknown },
  timeZone: string,
  timing: BillingTiming = 'arrears',
): InvoicingIndexItem {
  const startDay = calendarDateInZone(new Date(r.startDate), timeZone);
  const frequency: BillingFrequency = r.billingFrequency === 'monthly' ? 'monthly' : 'daily';
  return {
    ...invoicingIndexKey(tenantId, r.id),
    entityType: 'INVOICING_DUE',
    tenantId,
    rentalId: r.id,
    referenceNumber: r.referenceNumber,
    customerName: String(r.customerName ?? ''),
    startISO: r.startDate,
    startDay,
    frequency,
    lastInvoicedDate: null,
    version: 1,
    ...invoicingNext(tenantId, r.id, r.startDate, startDay, frequency, 0, timing),
  };
}

/** The next-period attributes (and gsi2 keys) of an invoicing-index item at period `index`, due per `timing`. */
export function invoicingNext(
  tenantId: string,
  rentalId: string,
  startISO: string,
  startDay: string,
  frequency: BillingFrequency,
  index: number,
  timing: BillingTiming = 'arrears',
) {
  const p = billingPeriod(startDay, frequency, index);
  const nextDueAt = periodInvoiceAt(startISO, startDay, p, timing);
  return {
    nextIndex: index,
    nextPeriodStart: p.periodStart,
    nextPeriodEnd: p.periodEnd,
    nextDueAt,
    timing,
    gsi2pk: dueShardPk(INVOICING_DUE_GSI_PK, invoicingIndexKey(tenantId, rentalId)),
    gsi2sk: sortKey(nextDueAt, tenantId, rentalId),
  };
}
