/**
 * What other domains (and jobs) may use from rentals. The only rentals module imported from
 * outside functions/rentals/ (functions/lib/boundaries.test.ts enforces it).
 */
import { batchGet } from '../lib/data/repo';
import { rentalKey } from './data';

export { listRentalsForCustomer } from './data';
import { getRentalItem, readLedger, type RentalItem } from './data';
import { heldByLineCode } from './pricing';
export { markOverdueUnit, overdueUnits, tenantsWithRentalsDue, type OverdueUnit } from './overdue';
/**
 * Payments (invoices paid, refunds): the rental ledger + journal items of a payment for the caller's own transaction.
 */
export { rentalMoneyChange, type RentalMoneyChange } from './ledger';
/**
 * The invoices domain: a rental and its ledger (consistent reads), its key, and reversals in one transaction with the
 * credit note.
 */
export { getRentalItem, readLedger, rentalKey, type RentalItem, type LedgerItem } from './data';
export {
  billingPeriodChange,
  billingPeriodPreview,
  chargeAtInvoiceChange,
  chargesAtInvoice,
  chargesChange,
  reverseChargesWith,
} from './ledger';
/**
 * The invoices domain: the invoiced-charge markers (rentals' own keys) it writes in its issue and credit-note
 * transactions.
 */
export { chargeMarkerDelete, chargeMarkerPut, invoicedChargesOf } from './invoiced-charges';
/** A rental's reference and balance (payments' answer shows the rental settled), or undefined. */
export async function rentalBalance(
  tenantId: string,
  rentalId: string,
): Promise<{ referenceNumber: string; balanceMinor: number } | undefined> {
  const r = await getRentalItem(tenantId, rentalId, false);
  return r ? { referenceNumber: r.referenceNumber, balanceMinor: r.balanceMinor } : undefined;
}
/** A rental and its ledger (posting order), for the final settlement document (payments), or undefined. */
export async function rentalWithLedger(tenantId: string, rentalId: string) {
  const rental = await getRentalItem(tenantId, rentalId, true);
  return rental ? { rental, ledger: await readLedger(tenantId, rentalId) } : undefined;
}

export { invoicingIndexKey, INVOICING_DUE_GSI_PK } from './data';
export { invoicingNext, type InvoicingIndexItem } from './invoicing-index';

/**
 * Odometer readings of some rentals (maintenance predictions measure each vehicle's daily km from
 * them): the pickup reading (odometerStart at pickedUpAt) and the return reading (odometerEnd at
 * returnDate). One batch get; rentals without readings give none.
 */
export async function rentalOdometerReadings(
  tenantId: string,
  rentalIds: string[],
): Promise<{ at: string; km: number; source: 'pickup' | 'return'; refId: string; reference: string | null }[]> {
  const ids = [...new Set(rentalIds)];
  const out: { at: string; km: number; source: 'pickup' | 'return'; refId: string; reference: string | null }[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const items = await batchGet(
      ids.slice(i, i + 100).map((id) => rentalKey(tenantId, id)),
      false,
    );
    for (const r of items) {
      if (!r) continue;
      const ref = (r.referenceNumber as string | undefined) ?? null;
      if (typeof r.odometerStart === 'number' && typeof r.pickedUpAt === 'string')
        out.push({ at: r.pickedUpAt, km: r.odometerStart, source: 'pickup', refId: r.id as string, reference: ref });
      if (typeof r.odometerEnd === 'number' && typeof r.returnDate === 'string')
        out.push({ at: r.returnDate, km: r.odometerEnd, source: 'return', refId: r.id as string, reference: ref });
    }
  }
  return out;
}

/** What an inspection needs of its rental (maintenance domain: check-out/check-in), or undefined. */
export async function rentalForInspection(tenantId: string, rentalId: string) {
  const [r] = await batchGet([rentalKey(tenantId, rentalId)], true);
  if (!r) return undefined;
  return {
    id: r.id as string,
    referenceNumber: r.referenceNumber as string,
    status: r.status as string,
    vehicleId: r.vehicleId as string,
    vehicleLabel: r.vehicleLabel as string,
    customerName: r.customerName as string,
    startDate: r.startDate as string,
    expectedReturnDate: (r.expectedReturnDate as string | null) ?? null,
    returnDate: (r.returnDate as string | null) ?? null,
    dailyKmLimit: (r.dailyKmLimit as number | null) ?? null,
    extraChargePerKmMinor: (r.extraChargePerKmMinor as number) ?? 0,
    // The usage rule's terms (shared/rentals/pricing.ts usageOfRental): the return's own reading of the rental.
    pickedUpAt: (r.pickedUpAt as string | null) ?? null,
    openEnded: r.openEnded === true,
    expectedDuration: (r.expectedDuration as number | null) ?? null,
    dailyRateMinor: (r.dailyRateMinor as number) ?? 0,
  };
}

/**
 * What a rental's ledger holds per pricing line code (extra_km, fuel_charges…): what the return or a confirmation
 * already charged.
 */
export async function rentalHeldByLineCode(tenantId: string, rentalId: string): Promise<Map<string, number>> {
  return heldByLineCode(await readLedger(tenantId, rentalId));
}

export { getRentalItem as readRentalItem } from './data';
export { postExternalCharges, type ExternalChargePlan } from './ledger';
export { listRentals as listRentalsPage } from './data';
/**
 * The collections domain (issue 10: deposits, receivables, revenue protection): the money indexes
 * kept with every rental change, the deposit refund (REC- refund receipt, journal) and the deposit
 * applied to charges, each one rental transaction.
 */
export {
  DEPOSIT_RELEASE_GSI_PK,
  depositIndexKey,
  depositStatePk,
  openBalanceKey,
  usageShortfallKey,
  moneyIndexPuts,
  moneyFieldsOfLedger,
  flowsOf,
} from './money-index';
export { applyDeposit, recordRefund as refundRental, type DepositSettlement } from './ledger';
/** The invoicing index of one company (active long rentals with autoGenerateInvoice; revenue protection). */
export async function invoicingIndexOf(tenantId: string) {
  const { queryAll } = await import('../lib/data/repo');
  const { invoicingIndexKey: key } = await import('./data');
  return queryAll<import('./invoicing-index').InvoicingIndexItem>({ tenantId, pk: key(tenantId, 'X').pk, max: 5000 });
}
/** Rentals by id (one batch get per 100; missing ones left out): the collections domain's amounts. */
export async function rentalsByIds(tenantId: string, ids: string[]): Promise<Map<string, RentalItem>> {
  const out = new Map<string, RentalItem>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    for (const r of await batchGet(
      unique.slice(i, i + 100).map((id) => rentalKey(tenantId, id)),
      false,
    ))
      if (r) out.set(r.id as string, r as RentalItem);
  }
  return out;
}
/** Counts per status and this month's ledger totals (sharded stats; the dashboard's rental cards). */
export { rentalStats } from './overview';
/** One-off: the money indexes of rentals written before them (functions/jobs/money-indexes.ts). */
export { rebuildMoneyIndexes } from './money-index-rebuild';
export { recountCustomers } from './customer-counters';
