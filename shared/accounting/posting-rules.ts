import { extractTax } from '../money';
import {
  CUSTOMER_CREDIT_METHOD,
  DEPOSIT_APPLIED_METHOD,
  type LedgerCategory,
  type LedgerType,
} from '../rentals/ledger';
import { TAX_EXEMPT_CATEGORIES } from '../rentals/pricing';
import { ACCOUNT_CODES } from './codes';
import type { Party } from './journal';

/**
 * THE posting rules: how each rental ledger movement becomes journal lines (issue 18 "Document
 * every posting rule in one table in the code, with a test per rule"). Lines name accounts by
 * code; the engine resolves codes to the company's accounts.
 *
 * A rental is in one of two PHASES (issue 26 "Revenue when it is earned"; DESIGN §14 "Charged ≠ earned"):
 * `booked` while it is pending (the car not picked up yet), `hired` from pickup on (active, overdue,
 * completed, cancelled, archived). A booking posts no income and no VAT.
 *
 * | Ledger movement (type · category)                | Phase  | Debit                    | Credit
 * | VAT                         |
 * |--------------------------------------------------|--------|--------------------------|-------------------------------------------|-----------------------------|
 * | charge · any category (the booked price)          | booked | — nothing: charged at pickup, "Booked (future)" in the
 * reports, never income             |
 * | payment · payment (money before pickup = advance) | booked | method's account         | 2160 customer advances
 * (net) + 2310 (its VAT: tax point = payment received) | output code |
 * | refund · payment (advance paid back)              | booked | 2160 (net) + 2310 (its VAT)  | method's account
 * | output code                 |
 * | payment · payment, method customer_credit         | booked | as hired: 2160           | 1310 (the credit applied;
 * unchanged at pickup) | none                 |
 * | pickup, or a tax invoice issued before it (booked → hired) | →hired | the hired rules of the whole ledger MINUS the
 * booked rules of the ledger before it: rent to 2170, VAT at the supply, the advances (and their VAT) moved off 2160
 * onto 1310 |
 * | charge · base_rental / pre_rental / insurance (rent) | hired | 1310 receivables       | 2170 unearned rental
 * revenue (net)        | output code (tax point: the supply) |
 * | recognition · one or more elapsed rental days      | hired  | 2170                     | 4110 rental income
 * | none (VAT went at the tax point) |
 * | return / close / any change once off hire (completed, cancelled, archived) | hired | 2170 (what remains unearned) |
 * 4110 | none |
 * | charge · extra_km                                | hired  | 1310                     | 4120 extra km
 * | output                      |
 * | charge · fuel_charges                            | hired  | 1310                     | 4130 fuel
 * | output                      |
 * | charge · late_fees                               | hired  | 1310                     | 4140 late fees
 * | output                      |
 * | charge · damage_fees                             | hired  | 1310                     | 4150 damage recoveries
 * | output                      |
 * | charge · other                                   | hired  | 1310                     | 4180 other income
 * | output                      |
 * | charge · salik_charges                           | hired  | 1310                     | 4170 toll recharges
 * | none (pass-through)         |
 * | charge · salik_charges, line TAXED_TOLL_LINE      | hired  | 1310                     | 4170 (net; its VAT is the
 * tax charge)     | output code, no extraction  |
 * | charge · traffic_fines                           | hired  | 1310                     | 1330 fines recoverable
 * | none (pass-through)         |
 * | charge · tax (tax added on top of the lines)     | hired  | 1310                     | 2310 VAT output
 * | tax line of the output code |
 * | charge · security_deposit (deposit requested)    | both   | — nothing: a request moves no money
 * |
 * | payment · payment                                | hired  | method's account         | 1310
 * | none                        |
 * | payment · security_deposit (deposit received)    | both   | method's account         | 2180 deposits held (never
 * revenue)        | none                        |
 * | refund · payment (money back to the customer)    | hired  | 1310                     | method's account
 * | none                        |
 * | refund · security_deposit_refund                 | both   | 2180                     | method's account
 * | none                        |
 * | deposit applied at close (method security_deposit: refund + payment of the same amount) | hired | 2180 | 1310 |
 * none       |
 * | payment · payment, method customer_credit (credit applied, issue 19) | hired | 2160 customer advances | 1310 | none
 * |
 * | reversal (entry with reversesId)                 | both   | the original's lines with debit and credit swapped (an
 * early return's unused rent: Dr 2170 / Cr 1310) |
 * | charge · rent, rental booked before issue 26 (no `earnsRentByDay`) | always hired | 1310 | 4110 (income when
 * charged, the rule it was booked under) | output code |
 *
 * Rent is charged (what the customer owes) at pickup for a fixed term and per billing period for
 * open-ended rentals; it is EARNED day by day: functions/jobs/recognise-revenue.ts moves each
 * elapsed rental day (company calendar) from 2170 to 4110, straight-line (IFRS 16 / ASC 842 lessor
 * operating-lease income): through day k of N planned days the rental has recognised
 * floor(rent × k / N) (`recognisedThrough`), so the days add up to the rent exactly.
 *
 * TAX POINT (output VAT is due at the earliest of these, never at booking) — the rules applied:
 * - UAE (Federal Decree-Law 8/2017 art. 25–26): payment received, tax invoice issued, or the
 *   supply (goods made available: pickup); for continuous supplies (open-ended rentals) the
 *   earliest of invoice, payment or the end of each billing period.
 * - KSA (VAT Implementing Regulations art. 23): the same three events — supply (pickup), tax
 *   invoice issue, payment (on the amount received); periodic supplies at each period's end.
 * - Jordan (General Sales Tax Law 6/1994 art. 14): invoice issue or delivery, or payment if
 *   earlier — applied as the same three events.
 * - US (state sales tax on rentals): tax at the time of the rental charge (pickup / each period);
 *   a deposit or advance is not taxed until applied — with VAT off nothing is extracted anyway.
 * Here: an advance taken while booked carries the VAT it contains (extracted at the rental's
 * rate; VAT on for the company); pickup posts the VAT of the charges and takes back the advance's
 * VAT, so the return counts the supply once, in the period of the earliest event. A tax invoice
 * issued BEFORE pickup is the earliest event for what it carries: its issue moves the rental out
 * of the booked phase in the invoice's own transaction (functions/invoices/issue.ts →
 * rentals chargedBeforePickup: the pickup's lines, dated the issue day; rent still goes to 2170
 * and is earned from pickup); an invoice issued after the supply finds its VAT already posted.
 *
 * VAT on charges: a taxable charge carries the company's output VAT code. When its amount
 * already includes tax — priced lines of a tax-included rental, and manual charges of a company
 * with VAT on (manual charges are posted as entered, nothing is added) — the tax is EXTRACTED
 * with shared/money.ts extractTax at the rental's rate: Cr income = net, Cr 2310 = tax. Priced
 * lines of a tax-exclusive rental are net: the separate 'tax' charge carries the tax.
 *
 * "Method's account" comes from the company's payment method → account mappings (defaults in
 * DEFAULT_METHOD_ACCOUNTS). The pseudo-method `security_deposit` (deposit applied to the balance
 * at close) maps to 2180 itself, so the pair refund+payment nets to Dr 2180 / Cr 1310.
 *
 * Sub-ledger = GL (its form since issue 26): every hired non-deposit movement touches 1310 by
 * exactly its amount in the direction of the rental balance (charges and refunds +, payments −);
 * booked payments and refunds touch 2160 by their amount (net + VAT = amount, see above) and
 * booked charges touch nothing; every deposit received or refunded touches 2180 by its amount. So,
 * with lines carrying the rental as party: 1310 − 2160 (incl. the advance's VAT while booked) =
 * the rental balance − the charges still booked (all of them while pending, none after pickup),
 * and the deposit held = its 2180 balance (functions/accounting/self-check.ts).
 */
export const PAYMENT_METHODS = [
  'cash',
  'credit_card',
  'debit_card',
  'bank_transfer',
  'online',
  'pos_machine',
  'check',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DEFAULT_METHOD_ACCOUNTS: Record<PaymentMethod, string> = {
  cash: ACCOUNT_CODES.cash,
  credit_card: ACCOUNT_CODES.cardClearing,
  debit_card: ACCOUNT_CODES.cardClearing,
  bank_transfer: ACCOUNT_CODES.bank,
  online: ACCOUNT_CODES.gatewayClearing,
  pos_machine: ACCOUNT_CODES.cardClearing,
  check: ACCOUNT_CODES.bank,
};

/** Income (or clearing) account of each charge category. */
export const CHARGE_ACCOUNTS: Record<
  Exclude<LedgerCategory, 'payment' | 'security_deposit' | 'security_deposit_refund'>,
  string
> = {
  base_rental: ACCOUNT_CODES.rentalIncome,
  pre_rental: ACCOUNT_CODES.rentalIncome,
  insurance: ACCOUNT_CODES.rentalIncome,
  extra_km: ACCOUNT_CODES.extraKmIncome,
  fuel_charges: ACCOUNT_CODES.fuelIncome,
  late_fees: ACCOUNT_CODES.lateFeeIncome,
  damage_fees: ACCOUNT_CODES.damageIncome,
  other: ACCOUNT_CODES.otherIncome,
  salik_charges: ACCOUNT_CODES.tollIncome,
  traffic_fines: ACCOUNT_CODES.finesRecoverable,
  tax: ACCOUNT_CODES.vatOutput,
};

/**
 * Line code of a toll recharge that carries VAT (functions/tickets/recharge.ts, company VAT on):
 * the toll base is a standard-rated supply — its VAT is posted by the separate `tax` charge, so
 * nothing is extracted here; the base only gets the output code so the VAT return counts it.
 */
export const TAXED_TOLL_LINE = 'salik_taxed';

/** The pseudo-method of the deposit applied to the balance at close (defined with the rental ledger). */
export { DEPOSIT_APPLIED_METHOD };

export interface RentalMovement {
  type: LedgerType;
  category: LedgerCategory;
  amountMinor: number;
  method?: string | null;
  reversesId?: string | null;
  /** Set on charges posted from pricing (a quote or the final charges). */
  lineCode?: string | null;
}

export interface RentalPostingContext {
  rentalId: string;
  /** The rental's tax rate in percent and whether its priced lines include tax. */
  taxRatePercent: number;
  taxIncluded: boolean;
  /** The company charges VAT (settings enableVat). */
  vatEnabled: boolean;
  /** The company's standard output code (shared/accounting/vat.ts DEFAULT_VAT_CODES). */
  outputVatCode: string;
  /** Payment method → account code (company mappings over the defaults). */
  methodAccounts: Record<string, string>;
  /** `booked` while the rental is pending, `hired` from pickup on (default). */
  phase?: RentalPhase;
  /**
   * A rental booked before issue 26 (no `earnsRentByDay` mark): its rent was income when charged
   * (at booking), so it keeps that rule to the end — rent to 4110, no booked phase, no deferral —
   * and never posts twice at pickup. Every booking since carries the mark.
   */
  rentIncomeWhenCharged?: boolean;
}

export type RentalPhase = 'booked' | 'hired';

/**
 * The phase of a rental in a status: pending is booked, everything after pickup is hired. A rental
 * without the `earnsRentByDay` mark (booked before issue 26) is always hired: its booking posted
 * its charges by the hired rules. A pending rental whose tax invoice was issued before pickup
 * (`chargedBeforePickup`) is charged: the invoice was the tax point, its charges are posted.
 */
export const phaseOf = (status: string, earnsRentByDay = true, chargedBeforePickup = false): RentalPhase =>
  earnsRentByDay && status === 'pending' && !chargedBeforePickup ? 'booked' : 'hired';

/** Rent: time-based, charged to 2170 and earned day by day (everything else is income when posted). */
export const RENT_CATEGORIES: readonly LedgerCategory[] = ['base_rental', 'pre_rental', 'insurance'];

export interface CodedLine {
  accountCode: string;
  debitMinor: number;
  creditMinor: number;
  vatCode?: string | null;
  vatRatePercent?: number | null;
  party?: Party | null;
  memo?: string | null;
}

const dr = (accountCode: string, amount: number, extra: Partial<CodedLine> = {}): CodedLine => ({
  accountCode,
  debitMinor: amount,
  creditMinor: 0,
  ...extra,
});
const cr = (accountCode: string, amount: number, extra: Partial<CodedLine> = {}): CodedLine => ({
  accountCode,
  debitMinor: 0,
  creditMinor: amount,
  ...extra,
});

export function methodAccount(
  ctx: Pick<RentalPostingContext, 'methodAccounts'>,
  method: string | null | undefined,
): string {
  if (method === DEPOSIT_APPLIED_METHOD) return ACCOUNT_CODES.depositsHeld;
  if (method === CUSTOMER_CREDIT_METHOD) return ACCOUNT_CODES.customerAdvances;
  return (
    ctx.methodAccounts[method ?? 'cash'] ??
    DEFAULT_METHOD_ACCOUNTS[(method ?? 'cash') as PaymentMethod] ??
    ACCOUNT_CODES.cash
  );
}

/** Booked phase (before pickup): charges post nothing, money received is an advance with its VAT. */
function bookedLines(m: RentalMovement, ctx: RentalPostingContext): CodedLine[] {
  const p = { party: { type: 'rental', id: ctx.rentalId } as Party };
  const amount = m.amountMinor;
  const isAdvance = m.category === 'payment' && (m.type === 'payment' || m.type === 'refund');
  if (!isAdvance)
    return hiredLines(m, ctx).filter(
      () => m.category === 'security_deposit' || m.category === 'security_deposit_refund',
    );
  if (m.type === 'payment' && m.method === CUSTOMER_CREDIT_METHOD) return hiredLines(m, ctx);
  const vat = { vatCode: ctx.outputVatCode, vatRatePercent: ctx.taxRatePercent };
  const { net, tax } =
    ctx.vatEnabled && ctx.taxRatePercent > 0 ? extractTax(amount, ctx.taxRatePercent) : { net: amount, tax: 0 };
  const liability = [
    { accountCode: ACCOUNT_CODES.customerAdvances, amount: net, extra: tax > 0 ? { ...p, ...vat } : p },
    ...(tax > 0 ? [{ accountCode: ACCOUNT_CODES.vatOutput, amount: tax, extra: { ...p, ...vat } }] : []),
  ];
  const method = methodAccount(ctx, m.method);
  return m.type === 'payment'
    ? [dr(method, amount, p), ...liability.map((l) => cr(l.accountCode, l.amount, l.extra))]
    : [...liability.map((l) => dr(l.accountCode, l.amount, l.extra)), cr(method, amount, p)];
}

/** Lines of one movement, before reversal (see the table above). */
function movementLines(m: RentalMovement, ctx: RentalPostingContext): CodedLine[] {
  return ctx.phase === 'booked' ? bookedLines(m, ctx) : hiredLines(m, ctx);
}

function hiredLines(m: RentalMovement, ctx: RentalPostingContext): CodedLine[] {
  const party: Party = { type: 'rental', id: ctx.rentalId };
  const p = { party };
  const amount = m.amountMinor;
  if (m.type === 'charge') {
    if (m.category === 'security_deposit') return [];
    if (m.category === 'payment' || m.category === 'security_deposit_refund')
      return [dr(ACCOUNT_CODES.receivables, amount, p), cr(ACCOUNT_CODES.otherIncome, amount, p)];
    const account =
      RENT_CATEGORIES.includes(m.category) && !ctx.rentIncomeWhenCharged
        ? ACCOUNT_CODES.unearnedRevenue
        : CHARGE_ACCOUNTS[m.category];
    if (m.category === 'tax')
      return [
        dr(ACCOUNT_CODES.receivables, amount, p),
        cr(account, amount, { ...p, vatCode: ctx.outputVatCode, vatRatePercent: ctx.taxRatePercent }),
      ];
    if (m.category === 'salik_charges' && m.lineCode === TAXED_TOLL_LINE && ctx.vatEnabled && ctx.taxRatePercent > 0) {
      return [
        dr(ACCOUNT_CODES.receivables, amount, p),
        cr(account, amount, { ...p, vatCode: ctx.outputVatCode, vatRatePercent: ctx.taxRatePercent }),
      ];
    }
    if (TAX_EXEMPT_CATEGORIES.includes(m.category))
      return [dr(ACCOUNT_CODES.receivables, amount, p), cr(account, amount, p)];
    const includesTax = ctx.taxRatePercent > 0 && (m.lineCode ? ctx.taxIncluded : ctx.vatEnabled);
    const vat = { vatCode: ctx.outputVatCode, vatRatePercent: ctx.taxRatePercent };
    if (!includesTax) return [dr(ACCOUNT_CODES.receivables, amount, p), cr(account, amount, { ...p, ...vat })];
    const { net, tax } = extractTax(amount, ctx.taxRatePercent);
    return [
      dr(ACCOUNT_CODES.receivables, amount, p),
      cr(account, net, { ...p, ...vat }),
      ...(tax > 0 ? [cr(ACCOUNT_CODES.vatOutput, tax, { ...p, ...vat })] : []),
    ];
  }
  if (m.type === 'payment') {
    const liability = m.category === 'security_deposit' ? ACCOUNT_CODES.depositsHeld : ACCOUNT_CODES.receivables;
    return [dr(methodAccount(ctx, m.method), amount, p), cr(liability, amount, p)];
  }
  // refund
  const from = m.category === 'security_deposit_refund' ? ACCOUNT_CODES.depositsHeld : ACCOUNT_CODES.receivables;
  return [dr(from, amount, p), cr(methodAccount(ctx, m.method), amount, p)];
}

/** Journal lines of a rental movement: the table's lines, swapped for a reversal. */
export function rentalMovementLines(m: RentalMovement, ctx: RentalPostingContext): CodedLine[] {
  const lines = movementLines(m, ctx).filter((l) => l.debitMinor > 0 || l.creditMinor > 0);
  if (!m.reversesId) return lines;
  return lines.map((l) => ({ ...l, debitMinor: l.creditMinor, creditMinor: l.debitMinor }));
}

/**
 * Lines of several movements posted together (one rental change = one journal entry), netted
 * per account, VAT code and party so that offsetting pairs (the deposit applied at close) do
 * not show as noise. Empty when the movements cancel out or move no money.
 */
export function rentalJournalLines(movements: readonly RentalMovement[], ctx: RentalPostingContext): CodedLine[] {
  return netLines(movements.flatMap((m) => rentalMovementLines(m, ctx)));
}

/**
 * The pickup (booked → hired): the hired rules of the whole ledger (`earlier` + this change's
 * `movements`) minus the booked rules of what was posted before — rent charged to 2170, VAT at the
 * supply, the advances moved from 2160 onto the receivable. Netted like any entry.
 */
export function pickupJournalLines(
  earlier: readonly RentalMovement[],
  movements: readonly RentalMovement[],
  ctx: RentalPostingContext,
): CodedLine[] {
  const hired = { ...ctx, phase: 'hired' as const };
  const booked = { ...ctx, phase: 'booked' as const };
  const undo = earlier
    .flatMap((m) => rentalMovementLines(m, booked))
    .map((l) => ({ ...l, debitMinor: l.creditMinor, creditMinor: l.debitMinor }));
  return netLines([...[...earlier, ...movements].flatMap((m) => rentalMovementLines(m, hired)), ...undo]);
}

/** Rent earned: `amountMinor` moves from 2170 unearned to 4110 rental income (negative: back). */
export function recognitionLines(rentalId: string, amountMinor: number): CodedLine[] {
  if (amountMinor === 0) return [];
  const p = { party: { type: 'rental', id: rentalId } as Party };
  const a = Math.abs(amountMinor);
  return amountMinor > 0
    ? [dr(ACCOUNT_CODES.unearnedRevenue, a, p), cr(ACCOUNT_CODES.rentalIncome, a, p)]
    : [dr(ACCOUNT_CODES.rentalIncome, a, p), cr(ACCOUNT_CODES.unearnedRevenue, a, p)];
}

/**
 * Straight-line: rent recognised through day `elapsedDays` of `plannedDays` when `totalRentMinor`
 * is charged — floor(total × k / N), so every day's share is whole and the last day completes it.
 */
export function straightLineMinor(totalRentMinor: number, elapsedDays: number, plannedDays: number): number {
  const n = Math.max(1, plannedDays);
  const k = Math.max(0, Math.min(elapsedDays, n));
  return Math.floor((totalRentMinor * k) / n);
}

/** Nets lines per account, VAT code and party; empty when they cancel out. */
export function netLines(lines: readonly CodedLine[]): CodedLine[] {
  const net = new Map<string, CodedLine & { netMinor: number }>();
  for (const l of lines) {
    const key = [l.accountCode, l.vatCode ?? '', l.party?.type ?? '', l.party?.id ?? ''].join('|');
    const cur = net.get(key) ?? { ...l, netMinor: 0 };
    cur.netMinor += l.debitMinor - l.creditMinor;
    net.set(key, cur);
  }
  const out: CodedLine[] = [];
  for (const { netMinor, ...l } of net.values()) {
    if (netMinor === 0) continue;
    out.push({ ...l, debitMinor: netMinor > 0 ? netMinor : 0, creditMinor: netMinor < 0 ? -netMinor : 0 });
  }
  return out.length >= 2 ? out : [];
}
