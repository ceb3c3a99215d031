import { extractTax } from '../money';
import { CUSTOMER_CREDIT_METHOD, DEPOSIT_APPLIED_METHOD, type LedgerCategory, type LedgerType } from '../rentals/ledger';
import { TAX_EXEMPT_CATEGORIES } from '../rentals/pricing';
import { ACCOUNT_CODES } from './chart';
import type { Party } from './journal';

/**
 * THE posting rules: how each rental ledger movement becomes journal lines (issue 18 "Document
 * every posting rule in one table in the code, with a test per rule"). Lines name accounts by
 * code; the engine resolves codes to the company's accounts.
 *
 * | Ledger movement (type · category)                | Debit                    | Credit                                    | VAT                         |
 * |--------------------------------------------------|--------------------------|-------------------------------------------|-----------------------------|
 * | charge · base_rental / pre_rental / insurance    | 1310 receivables         | 4110 rental income                        | output code (see below)     |
 * | charge · extra_km                                | 1310                     | 4120 extra km                             | output                      |
 * | charge · fuel_charges                            | 1310                     | 4130 fuel                                 | output                      |
 * | charge · late_fees                               | 1310                     | 4140 late fees                            | output                      |
 * | charge · damage_fees                             | 1310                     | 4150 damage recoveries                    | output                      |
 * | charge · other                                   | 1310                     | 4180 other income                         | output                      |
 * | charge · salik_charges                           | 1310                     | 4170 toll recharges                       | none (pass-through)         |
 * | charge · salik_charges, line TAXED_TOLL_LINE      | 1310                     | 4170 (net; its VAT is the tax charge)     | output code, no extraction  |
 * | charge · traffic_fines                           | 1310                     | 1330 fines recoverable                    | none (pass-through)         |
 * | charge · tax (tax added on top of the lines)     | 1310                     | 2310 VAT output                           | tax line of the output code |
 * | charge · security_deposit (deposit requested)    | — nothing: a request moves no money                                                 |
 * | payment · payment                                | method's account         | 1310                                      | none                        |
 * | payment · security_deposit (deposit received)    | method's account         | 2180 deposits held (never revenue)        | none                        |
 * | refund · payment (money back to the customer)    | 1310                     | method's account                          | none                        |
 * | refund · security_deposit_refund                 | 2180                     | method's account                          | none                        |
 * | deposit applied at close (method security_deposit: refund + payment of the same amount) | 2180 | 1310 | none       |
 * | payment · payment, method customer_credit (credit applied, issue 19) | 2160 customer advances | 1310 | none       |
 * | reversal (entry with reversesId)                 | the original's lines with debit and credit swapped                                     |
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
 * Sub-ledger = GL: every non-deposit movement touches 1310 by exactly its amount in the
 * direction of the rental balance (charges and refunds +, payments −), every deposit received or
 * refunded touches 2180 by its amount — so a rental's balance equals its 1310 balance and its
 * deposit held equals its 2180 balance (lines carry the rental as party).
 */
export const PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'online', 'pos_machine', 'check'] as const;
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
export const CHARGE_ACCOUNTS: Record<Exclude<LedgerCategory, 'payment' | 'security_deposit' | 'security_deposit_refund'>, string> = {
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
}

export interface CodedLine {
  accountCode: string;
  debitMinor: number;
  creditMinor: number;
  vatCode?: string | null;
  vatRatePercent?: number | null;
  party?: Party | null;
  memo?: string | null;
}

const dr = (accountCode: string, amount: number, extra: Partial<CodedLine> = {}): CodedLine => ({ accountCode, debitMinor: amount, creditMinor: 0, ...extra });
const cr = (accountCode: string, amount: number, extra: Partial<CodedLine> = {}): CodedLine => ({ accountCode, debitMinor: 0, creditMinor: amount, ...extra });

export function methodAccount(ctx: Pick<RentalPostingContext, 'methodAccounts'>, method: string | null | undefined): string {
  if (method === DEPOSIT_APPLIED_METHOD) return ACCOUNT_CODES.depositsHeld;
  if (method === CUSTOMER_CREDIT_METHOD) return ACCOUNT_CODES.customerAdvances;
  return ctx.methodAccounts[method ?? 'cash'] ?? DEFAULT_METHOD_ACCOUNTS[(method ?? 'cash') as PaymentMethod] ?? ACCOUNT_CODES.cash;
}

/** Lines of one movement, before reversal (see the table above). */
function movementLines(m: RentalMovement, ctx: RentalPostingContext): CodedLine[] {
  const party: Party = { type: 'rental', id: ctx.rentalId };
  const p = { party };
  const amount = m.amountMinor;
  if (m.type === 'charge') {
    if (m.category === 'security_deposit') return [];
    if (m.category === 'payment' || m.category === 'security_deposit_refund') return [dr(ACCOUNT_CODES.receivables, amount, p), cr(ACCOUNT_CODES.otherIncome, amount, p)];
    const account = CHARGE_ACCOUNTS[m.category];
    if (m.category === 'tax') return [dr(ACCOUNT_CODES.receivables, amount, p), cr(account, amount, { ...p, vatCode: ctx.outputVatCode, vatRatePercent: ctx.taxRatePercent })];
    if (m.category === 'salik_charges' && m.lineCode === TAXED_TOLL_LINE && ctx.vatEnabled && ctx.taxRatePercent > 0) {
      return [dr(ACCOUNT_CODES.receivables, amount, p), cr(account, amount, { ...p, vatCode: ctx.outputVatCode, vatRatePercent: ctx.taxRatePercent })];
    }
    if (TAX_EXEMPT_CATEGORIES.includes(m.category)) return [dr(ACCOUNT_CODES.receivables, amount, p), cr(account, amount, p)];
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
  const net = new Map<string, CodedLine & { netMinor: number }>();
  for (const m of movements) {
    for (const l of rentalMovementLines(m, ctx)) {
      const key = [l.accountCode, l.vatCode ?? '', l.party?.type ?? '', l.party?.id ?? ''].join('|');
      const cur = net.get(key) ?? { ...l, netMinor: 0 };
      cur.netMinor += l.debitMinor - l.creditMinor;
      net.set(key, cur);
    }
  }
  const out: CodedLine[] = [];
  for (const { netMinor, ...l } of net.values()) {
    if (netMinor === 0) continue;
    out.push({ ...l, debitMinor: netMinor > 0 ? netMinor : 0, creditMinor: netMinor < 0 ? -netMinor : 0 });
  }
  return out.length >= 2 ? out : [];
}
