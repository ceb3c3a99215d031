import { ACCOUNT_CODES } from '../accounting/codes';
import { rentalMovementLines, type RentalMovement, type RentalPostingContext } from '../accounting/posting-rules';
import { isDepositEntry, type LedgerCategory } from '../rentals/ledger';

/**
 * Invoice lines and totals from a rental's ledger charges (pure).
 *
 * The rental charges are ALREADY in the general ledger (posted when they were added to the rental
 * ledger, shared/accounting/posting-rules.ts). An invoice is the legal document of those
 * charges, so its figures are READ from the same posting rules, never recomputed differently:
 * - a line's net is what its charge (and each of its reversals) credited to income; its VAT code
 *   and rate are those the posting rules gave that income line (its OWN code: a standard-rated
 *   toll recharge carries the output code on its own line; fines and untaxed tolls none);
 * - quantity × unit price: the charge's own `quantity`/`unitAmountMinor` when the ledger keeps
 *   them, else the rental's unit rate for the line code (days × the daily rate, days × the
 *   young-driver fee, late days × the daily rate, km × the extra-km rate, months × the monthly
 *   rate) when the amount is an exact multiple of it; `unitPriceMinor` is net of VAT and
 *   quantity × unitPriceMinor = netMinor exactly (a tax-included amount whose net does not divide
 *   by the quantity is shown as 1 × net rather than with a rounded unit price);
 * - pass-through categories (traffic fines, untaxed Salik) are out of scope of VAT (no code, rate 0).
 *
 * ROUNDING RULE (the one rule the API, the screen and the PDF follow — they all show these stored
 * figures, nothing is recomputed for display): VAT is rounded PER LINE, to the minor unit, half
 * up, and the invoice's VAT is the SUM of its lines' VAT (never rounded again). A line's VAT is
 * what the GL posted for it:
 * - a tax-included charge: the VAT extracted from that charge alone (shared/money extractTax);
 * - a net charge of a tax-exclusive rental: its share of the `tax` charge posted WITH it (same
 *   posting batch = same postedAt: the booking's quote, the return's final charges, a billing
 *   period, a toll recharge). Pricing computes that tax once on the batch's taxable net (half
 *   up); it is split over the batch's taxable lines in proportion to their net, largest
 *   remainder first (`spread`), so each line's VAT is its net × its rate within one minor unit
 *   and the lines add up to exactly the tax charged. A tax charge is never spread onto lines of
 *   another batch (the toll's VAT stays on the toll line); only a tax charge with no taxable
 *   line of its own batch on the invoice falls back to the invoice's other taxable lines, or to
 *   a separate VAT line.
 * Hence, for any set of charges: invoice subtotal + VAT = total = the receivable the charges
 * posted, and invoice VAT = the VAT output they posted (property test in invoices.test.ts).
 */
export interface ChargeEntry extends RentalMovement {
  id: string;
  label?: string;
  /** The posting batch (entries of one rental change share it): a tax charge covers the lines of its own batch. */
  postedAt?: string;
  /** Units × unit price, when the ledger entry keeps them (priced lines). */
  quantity?: number;
  unitAmountMinor?: number;
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

export type InvoiceContext = Pick<
  RentalPostingContext,
  'rentalId' | 'taxRatePercent' | 'taxIncluded' | 'vatEnabled' | 'outputVatCode'
> & {
  /** The rental's unit rates (minor units) by pricing line code, for quantity × unit price. */
  unitRates?: Partial<Record<string, number>>;
};

/** Unit rates of a rental by pricing line code (see the header). */
export function rentalUnitRates(r: {
  dailyRateMinor?: number | null;
  monthlyRateMinor?: number | null;
  youngDriverFeePerDayMinor?: number | null;
  extraChargePerKmMinor?: number | null;
}): Record<string, number> {
  const out: Record<string, number> = {};
  const put = (code: string, v: number | null | undefined) => {
    if (typeof v === 'number' && v > 0) out[code] = v;
  };
  put('base_rental', r.dailyRateMinor);
  put('late_fees', r.dailyRateMinor);
  put('base_rental_monthly', r.monthlyRateMinor);
  put('young_driver_fee', r.youngDriverFeePerDayMinor);
  put('extra_km', r.extraChargePerKmMinor);
  return out;
}

const isReversal = (e: ChargeEntry) => !!e.reversesId;
/** Charges an invoice can carry: rental charges (not deposits), originals (reversals net into them). */
export const isInvoiceableCharge = (e: ChargeEntry) => e.type === 'charge' && !isReversal(e) && !isDepositEntry(e);

/** What one movement credited to income (net) and to VAT output, signed (a reversal is negative). */
function postedSplit(
  m: ChargeEntry,
  ctx: InvoiceContext,
): { net: number; vat: number; vatCode: string | null; vatRatePercent: number } {
  const lines = rentalMovementLines(m, { ...ctx, methodAccounts: {} });
  let net = 0;
  let vat = 0;
  let vatCode: string | null = null;
  let vatRatePercent = 0;
  for (const l of lines) {
    if (l.accountCode === ACCOUNT_CODES.receivables) continue;
    const credit = l.creditMinor - l.debitMinor;
    if (l.accountCode === ACCOUNT_CODES.vatOutput) vat += credit;
    else {
      net += credit;
      vatCode = l.vatCode ?? null;
      vatRatePercent = vatCode ? Number(l.vatRatePercent ?? 0) : 0;
    }
  }
  return { net, vat, vatCode, vatRatePercent };
}

/** Quantity × unit price (net) of a line, exact, else 1 × net (see the header). */
function quantityOf(
  c: ChargeEntry,
  chargedMinor: number,
  netMinor: number,
  ctx: InvoiceContext,
): { quantity: number; unitPriceMinor: number } {
  const one = { quantity: 1, unitPriceMinor: netMinor };
  let quantity = 0;
  if (c.quantity && c.unitAmountMinor && c.quantity * c.unitAmountMinor === chargedMinor) quantity = c.quantity;
  else {
    const code =
      c.lineCode === 'base_rental' && c.descriptionCode === 'rental_monthly'
        ? 'base_rental_monthly'
        : (c.lineCode ?? '');
    const rate = ctx.unitRates?.[code];
    if (rate && chargedMinor % rate === 0) quantity = chargedMinor / rate;
  }
  if (!Number.isInteger(quantity) || quantity <= 1 || netMinor % quantity !== 0) return one;
  return { quantity, unitPriceMinor: netMinor / quantity };
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
export function invoiceLines(
  charges: readonly ChargeEntry[],
  ledger: readonly ChargeEntry[],
  ctx: InvoiceContext,
): InvoiceLine[] {
  const reversalsOf = new Map<string, ChargeEntry[]>();
  for (const e of ledger)
    if (isReversal(e)) reversalsOf.set(e.reversesId!, [...(reversalsOf.get(e.reversesId!) ?? []), e]);
  const lines: (InvoiceLine & { batch: string; extracted: boolean })[] = [];
  const taxCharges: { id: string; batch: string; amountMinor: number }[] = [];
  for (const c of charges) {
    if (!isInvoiceableCharge(c)) continue;
    const movements = [c, ...(reversalsOf.get(c.id) ?? [])];
    const left = movements.reduce((s, m) => s + (isReversal(m) ? -m.amountMinor : m.amountMinor), 0);
    if (left <= 0) continue;
    const batch = c.postedAt ?? '';
    if (c.category === 'tax') {
      taxCharges.push({ id: c.id, batch, amountMinor: left });
      continue;
    }
    const split = movements
      .map((m) => postedSplit(m, ctx))
      .reduce((a, b) => ({ ...a, net: a.net + b.net, vat: a.vat + b.vat }));
    lines.push({
      chargeId: c.id,
      category: c.category,
      description: c.label ?? c.category,
      descriptionCode: c.descriptionCode ?? null,
      descriptionParams: c.descriptionParams,
      ...quantityOf(c, left, split.net, ctx),
      netMinor: split.net,
      vatCode: split.vatCode,
      vatRatePercent: split.vatRatePercent,
      vatMinor: split.vat,
      totalMinor: split.net + split.vat,
      batch,
      extracted: split.vat !== 0,
    });
  }
  // The separate tax of a tax-exclusive rental (and of a taxed toll recharge): on the taxable
  // net lines of its own posting batch; else on the invoice's other taxable lines; else its own line.
  const taxable = (l: (typeof lines)[number]) => l.vatCode !== null && !l.extracted && l.netMinor > 0;
  const unplaced: typeof taxCharges = [];
  for (const t of taxCharges) {
    const targets = lines.filter((l) => taxable(l) && l.batch === t.batch);
    if (targets.length === 0) unplaced.push(t);
    else addVat(targets, t.amountMinor);
  }
  const restMinor = unplaced.reduce((s, t) => s + t.amountMinor, 0);
  if (restMinor > 0) {
    const targets = lines.filter((l) => taxable(l) && l.vatMinor === 0);
    if (targets.length > 0) addVat(targets, restMinor);
    else {
      lines.push({
        chargeId: unplaced[0].id,
        category: 'tax',
        description: 'VAT',
        quantity: 1,
        unitPriceMinor: 0,
        netMinor: 0,
        vatCode: ctx.outputVatCode,
        vatRatePercent: ctx.taxRatePercent,
        vatMinor: restMinor,
        totalMinor: restMinor,
        batch: '',
        extracted: false,
      });
    }
  }
  return lines.map(({ batch: _b, extracted: _e, ...l }) => l);
}

function addVat(targets: Pick<InvoiceLine, 'netMinor' | 'vatMinor' | 'totalMinor'>[], amountMinor: number): void {
  spread(
    amountMinor,
    targets.map((l) => l.netMinor),
  ).forEach((vat, i) => {
    targets[i].vatMinor += vat;
    targets[i].totalMinor += vat;
  });
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
