/**
 * Revenue protection (issue 10, /dashboard/revenue-protection): money the company is about to
 * lose, each row linking to where it is fixed, with totals. Computed from sparse indexes only
 * (each bounded by the work waiting, never by the number of rentals):
 * - returned_with_balance: the open-balance index, rentals returned (completed) or closed/archived;
 * - not_invoiced: the invoicing index of long rentals (issue 10 part A) — a rental whose next
 *   period AND the one after have ended is more than one period behind; the amount is the rent
 *   of the periods behind (monthly rate per month, daily rate per day);
 * - usage_not_charged: the usage-shortfall index (extra km / fuel the return's readings imply
 *   at the company's rates, minus what the ledger charges for them);
 * - deposit_refunded_with_balance: the open-balance index, rentals that paid deposit back to
 *   the customer while still owing (the amount at risk: the lesser of the two; counted once in the
 *   total when the rental is also "returned with a balance");
 * - fines_not_recharged / tolls_not_recharged: the tickets queues — matched but not recharged to
 *   the rental (newest 300 of each), and those matching no rental.
 */
import { fromMinor } from '../../shared/money';
import { duePeriods, type BillingFrequency } from '../../shared/invoicing/periods';
import { getRegionConfig } from '../../shared/regions';
import { daysPastDue } from '../../shared/collections/aging';
import type { RevenueRiskKind } from '../../shared/schemas/collections';
import { queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import {
  companyRegion,
  companyToday,
  invoicingIndexOf,
  notRecharged,
  queueCounts,
  readCompanySettings,
  readRentalItem,
} from './deps';
import type { ShortfallItem } from './model';
import { openBalances } from './open-balances';

interface Row {
  kind: RevenueRiskKind;
  id: string;
  reference: string;
  customerName: string | null;
  amountMinor: number;
  params: Record<string, string>;
  link: string;
}

const RETURNED = new Set(['completed', 'archived']);

async function notInvoicedRows(tenantId: string, now: Date): Promise<Row[]> {
  const index = await invoicingIndexOf(tenantId);
  const rows: Row[] = [];
  for (const item of index) {
    const due = duePeriods(item.startISO, item.startDay, item.frequency as BillingFrequency, item.nextIndex, now, 400);
    if (due.length < 2) continue; // one period waiting is the job's normal lag
    const rental = await readRentalItem(tenantId, item.rentalId, false);
    if (!rental) continue;
    const perPeriod =
      item.frequency === 'monthly' ? (rental.monthlyRateMinor ?? rental.dailyRateMinor * 30) : rental.dailyRateMinor;
    rows.push({
      kind: 'not_invoiced',
      id: item.rentalId,
      reference: item.referenceNumber,
      customerName: item.customerName || rental.customerName,
      amountMinor: perPeriod * due.length,
      params: { periods: String(due.length), since: due[0].periodStart, lastInvoiced: item.lastInvoicedDate ?? '' },
      link: '/dashboard/invoice-automation',
    });
  }
  return rows;
}

export async function revenueProtection(tenantId: string, now = new Date()) {
  const settings = await readCompanySettings(tenantId, '');
  const today = companyToday(settings, now);
  const [balances, shortfalls, notInvoiced, unrecharged, queues] = await Promise.all([
    openBalances(tenantId),
    queryAll<ShortfallItem>({ tenantId, pk: tenantPk(tenantId, 'USAGE_SHORTFALL'), max: 5000 }),
    notInvoicedRows(tenantId, now),
    notRecharged(tenantId),
    queueCounts(tenantId),
  ]);
  const rows: Row[] = [];
  for (const b of balances) {
    if (RETURNED.has(b.rentalStatus)) {
      rows.push({
        kind: 'returned_with_balance',
        id: b.rentalId,
        reference: b.referenceNumber,
        customerName: b.customerName,
        amountMinor: b.balanceMinor,
        params: {
          returnDate: b.returnDay ?? '',
          days: b.returnDay ? String(Math.max(0, daysPastDue(b.returnDay, today))) : '',
          closed: b.closedAt ? 'yes' : 'no',
        },
        link: `/rentals/${b.rentalId}`,
      });
    }
    if (b.depositReturnedMinor > 0) {
      rows.push({
        kind: 'deposit_refunded_with_balance',
        id: b.rentalId,
        reference: b.referenceNumber,
        customerName: b.customerName,
        amountMinor: Math.min(b.balanceMinor, b.depositReturnedMinor),
        params: { refunded: String(fromMinor(b.depositReturnedMinor)), balance: String(fromMinor(b.balanceMinor)) },
        link: `/rentals/${b.rentalId}`,
      });
    }
  }
  rows.push(...notInvoiced);
  for (const s of shortfalls) {
    rows.push({
      kind: 'usage_not_charged',
      id: s.rentalId,
      reference: s.referenceNumber,
      customerName: s.customerName,
      amountMinor: s.shortfallMinor,
      params: {
        km: String(s.extraKm),
        quarters: String(s.fuelQuarters),
        charged: String(fromMinor(s.chargedMinor)),
        implied: String(fromMinor(s.impliedMinor)),
      },
      link: `/rentals/${s.rentalId}`,
    });
  }
  for (const t of unrecharged) {
    const fine = t.kind === 'ticket';
    rows.push({
      kind: fine ? 'fines_not_recharged' : 'tolls_not_recharged',
      id: t.id,
      reference: t.rentalReference ?? t.label,
      customerName: t.customerName,
      amountMinor: t.amountMinor,
      params: { label: t.label, at: t.at.slice(0, 10), matched: 'yes' },
      link: t.rentalId ? `/rentals/${t.rentalId}` : fine ? '/traffic-tickets' : '/salik-charges',
    });
  }
  for (const t of queues.tickets) {
    rows.push({
      kind: 'fines_not_recharged',
      id: t.id,
      reference: t.label,
      customerName: null,
      amountMinor: t.amountMinor,
      params: { label: t.label, at: t.at.slice(0, 10), matched: 'no' },
      link: '/traffic-tickets?match=unmatched',
    });
  }
  for (const s of [...queues.tolls, ...queues.noRental]) {
    rows.push({
      kind: 'tolls_not_recharged',
      id: s.id,
      reference: s.label,
      customerName: null,
      amountMinor: s.amountMinor,
      params: { label: s.label, at: s.at.slice(0, 10), matched: 'no' },
      link: `/salik-charges?match=${queues.noRental.includes(s) ? 'no_rental' : 'unmatched'}`,
    });
  }
  rows.sort((a, b) => b.amountMinor - a.amountMinor);
  const byKind: Record<string, { count: number; amount: number }> = {};
  let totalMinor = 0;
  const kindMinor: Record<string, number> = {};
  // The total counts money once: a deposit refunded while owing is part of that rental's balance
  // when the rental is also listed as returned with a balance.
  const returnedWithBalance = new Set(rows.filter((r) => r.kind === 'returned_with_balance').map((r) => r.id));
  for (const r of rows) {
    kindMinor[r.kind] = (kindMinor[r.kind] ?? 0) + r.amountMinor;
    byKind[r.kind] = { count: (byKind[r.kind]?.count ?? 0) + 1, amount: 0 };
    if (!(r.kind === 'deposit_refunded_with_balance' && returnedWithBalance.has(r.id))) totalMinor += r.amountMinor;
  }
  for (const k of Object.keys(byKind)) byKind[k].amount = fromMinor(kindMinor[k]);
  return {
    currency: getRegionConfig(companyRegion(settings)).currency,
    total: fromMinor(totalMinor),
    count: rows.length,
    byKind,
    rows: rows.map(({ amountMinor, ...r }) => ({ ...r, amount: fromMinor(amountMinor) })),
    notes: [] as string[],
  };
}
