import { ACCOUNT_CODES } from '../accounting/chart';
import { rentalMovementLines, type RentalMovement, type RentalPostingContext } from '../accounting/posting-rules';
import { isDepositEntry, type LedgerCategory } from '../rentals/ledger';
import { TAX_EXEMPT_CATEGORIES } from '../rentals/pricing';

/**
 * Invoice lines and totals from a rental's ledger charges (pure).
 *
 * The rental charges are ALREADY in the general ledger (posted when they were added to the rental
 * ledger, shared/accounting/posting-rules.ts). An invoice is the legal document of those
 * charges, so its figures are READ from the same posting rules, never recomputed differently:
 * - a line's net and VAT are what the charge (and each of its reversals) credited to income and
 *   to 2310 VAT output — so a tax-included charge shows the tax extracted exactly as the GL did;
 * - a tax-exclusive rental carries its tax as separate `tax` charges: their amount is spread over
 *   the taxable lines of the same rental (largest remainder, in proportion to each line's net),
 *   so line VATs add up to exactly what the GL holds;
 * - pass-through categories (traffic fines, Salik) are out of scope of VAT (no code, rate 0).
 * Hence, for any set of charges: invoice subtotal + VAT = total = the receivable the charges
 * posted, and invoice VAT = the VAT output they posted (property test in totals.test.ts).
 */
export interface ChargeEntry extends RentalMovement {
  id: string;
  label?: string;
  descriptionCode?: string | null;
  descriptionParams?: Record<string, string>;
}

export interface InvoiceLine {
  chargeId: string;
  category: LedgerCategory;
  description: string;
  descriptionCode?: string | null;
  descriptionParams?: Record<string, string>;
  quantity: number;
  unitPriceMinor: number;
  netMinor: number;
  vatCode: string | null;
  vatRatePercent: number;
  vatMinor: number;
  totalMinor: number;
}

export interface InvoiceTotals {
  subtotalMinor: number;
  vatMinor: number;
  totalMinor: number;
}

export type InvoiceContext = Pick<RentalPostingContext, 'rentalId' | 'taxRatePercent' | 'taxIncluded' | 'vatEnabled' | 'outputVatCode'>;

const isReversal = (e: ChargeEntry) => !!e.reversesId;
/** Charges an invoice can carry: rental charges (not deposits), originals (reversals net into them). */
export const isInvoiceableCharge = (e: ChargeEntry) => e.type === 'charge' && !isReversal(e) && !isDepositEntry(e);

/** What one movement credited to income (net) and to VAT output, signed (a reversal is negative). */
function postedSplit(m: ChargeEntry, ctx: InvoiceContext): { net: number; vat: number } {
  const lines = rentalMovementLines(m, { ...ctx, methodAccounts: {} });
  let net = 0;
  let vat = 0;
  for (const l of lines) {
    if (l.accountCode === ACCOUNT_CODES.receivables) continue;
    const credit = l.creditMinor - l.debitMinor;
    if (l.accountCode === ACCOUNT_CODES.vatOutput) vat += credit;
    else net += credit;
  }
  return { net, vat };
}

/** Spreads `amount` over `weights` in proportion (largest remainder); the parts add up exactly. */
export function spread(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map((x) => Math.trunc(x));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: Math.abs(x - Math.trunc(x)) })).sort((a, b) => b.r - a.r || a.i - b.i);
  const step = Math.sign(left);
  for (let k = 0; left !== 0; k = (k + 1) % order.length) {
    parts[order[k].i] += step;
    left -= step;
  }
  return parts;
}

/**
 * Lines of an invoice for `charges` (the invoiced originals) given the whole `ledger` (for their
 * reversals). Fully reversed charges are left out.
 */
export function invoiceLines(charges: readonly ChargeEntry[], ledger: readonly ChargeEntry[], ctx: InvoiceContext): InvoiceLine[] {
  const reversalsOf = new Map<string, ChargeEntry[]>();
  for (const e of ledger) if (isReversal(e)) reversalsOf.set(e.reversesId!, [...(reversalsOf.get(e.reversesId!) ?? []), e]);
  const lines: (InvoiceLine & { lineCode: string | null })[] = [];
  let taxChargesMinor = 0;
  for (const c of charges) {
    if (!isInvoiceableCharge(c)) continue;
    const movements = [c, ...(reversalsOf.get(c.id) ?? [])];
    const left = movements.reduce((s, m) => s + (isReversal(m) ? -m.amountMinor : m.amountMinor), 0);
    if (left <= 0) continue;
    if (c.category === 'tax') {
      taxChargesMinor += left;
      continue;
    }
    const split = movements.map((m) => postedSplit(m, ctx)).reduce((a, b) => ({ net: a.net + b.net, vat: a.vat + b.vat }), { net: 0, vat: 0 });
    const exempt = TAX_EXEMPT_CATEGORIES.includes(c.category as never);
    lines.push({
      chargeId: c.id, category: c.category, description: c.label ?? c.category,
      descriptionCode: c.descriptionCode ?? null, descriptionParams: c.descriptionParams,
      quantity: 1, unitPriceMinor: split.net, netMinor: split.net,
      vatCode: exempt ? null : ctx.outputVatCode, vatRatePercent: exempt ? 0 : ctx.taxRatePercent,
      vatMinor: split.vat, totalMinor: split.net + split.vat, lineCode: c.lineCode ?? null,
    });
  }
  if (taxChargesMinor > 0) {
    // The separate tax of a tax-exclusive rental: on its priced, taxable lines.
    const targets = lines.filter((l) => l.vatCode !== null && l.vatMinor === 0 && l.netMinor > 0);
    if (targets.length === 0) {
      lines.push({
        chargeId: charges.find((c) => c.category === 'tax')!.id, category: 'tax', description: 'VAT', quantity: 1, unitPriceMinor: 0,
        netMinor: 0, vatCode: ctx.outputVatCode, vatRatePercent: ctx.taxRatePercent, vatMinor: taxChargesMinor, totalMinor: taxChargesMinor, lineCode: null,
      });
    } else {
      spread(taxChargesMinor, targets.map((l) => l.netMinor)).forEach((vat, i) => {
        targets[i].vatMinor += vat;
        targets[i].totalMinor += vat;
      });
    }
  }
  return lines.map(({ lineCode: _l, ...l }) => l);
}

/** The ids of the tax charges folded into the lines (they are invoiced with them). */
export function foldedTaxChargeIds(charges: readonly ChargeEntry[]): string[] {
  return charges.filter((c) => isInvoiceableCharge(c) && c.category === 'tax').map((c) => c.id);
}

export function invoiceTotals(lines: readonly Pick<InvoiceLine, 'netMinor' | 'vatMinor'>[]): InvoiceTotals {
  const subtotalMinor = lines.reduce((s, l) => s + l.netMinor, 0);
  const vatMinor = lines.reduce((s, l) => s + l.vatMinor, 0);
  return { subtotalMinor, vatMinor, totalMinor: subtotalMinor + vatMinor };
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
