import type { Actor } from '../lib/actor';
import type { DemoWorld } from '../lib/demo/world';
import { rootLogger } from '../lib/logger';
import { getRegionConfig } from '../../shared/regions';
import { extractTax, fromMinor, toMinor } from '../../shared/money';
import { readCompanySettings } from '../lib/company-settings';
import { bookAccounts } from './deps';
import { createFinanceEntry, reverseFinanceEntry } from './entries';
import { inputVatOf } from './entry-lines';
import { createBankAccount } from './accounts';
import { createTransfer } from './transfers';
import { runInvoicing } from './invoicing';

const log = rootLogger.child({ domain: 'jobs' });
const DAY = 86_400_000;

/** The demo's bank accounts (valid IBANs: their mod-97 check holds). */
const BANKS = [
  { key: 'operations', name: 'Operations', bank: 'Emirates NBD', iban: 'AE840260001015432198701' },
  { key: 'payroll', name: 'Payroll', bank: 'Abu Dhabi Commercial Bank', iban: 'AE750350000000123456789' },
] as const;
/** The Saudi sister demo company's accounts (region SA): Saudi banks, valid SA IBANs. */
const SAUDI_BANKS: readonly { key: (typeof BANKS)[number]['key']; name: string; bank: string; iban: string }[] = [
  { key: 'operations', name: 'Operations', bank: 'Al Rajhi Bank', iban: 'SA0380000000608010167519' },
  { key: 'payroll', name: 'Payroll', bank: 'Saudi National Bank', iban: 'SA4210000001234567890123' },
];
type Ref = 'cash_box' | 'petty_cash' | 'bank' | (typeof BANKS)[number]['key'];

/**
 * The demo's finance entries across the cash box, petty cash and the banks (days back, type, amount, category, account,
 * notes).
 */
const ENTRIES: readonly (readonly [number, 'income' | 'expense', number, string, Ref, string])[] = [
  [58, 'expense', 2400, 'insurance', 'operations', 'Fleet insurance instalment'],
  [45, 'expense', 180.5, 'fuel', 'petty_cash', 'Refuelling before deliveries'],
  [40, 'income', 350, 'other_income', 'cash_box', 'Parking space sublet'],
  [31, 'expense', 12500, 'salaries', 'payroll', 'Salaries'],
  [28, 'expense', 310, 'card_fees', 'operations', 'Card terminal fees'],
  [20, 'expense', 95, 'tolls', 'petty_cash', 'Salik top-up'],
  [12, 'expense', 860, 'maintenance', 'cash_box', 'Brake pads, Corolla'],
  [6, 'income', 150, 'admin_fees', 'cash_box', 'Contract transfer fee'],
  [4, 'expense', 1575, 'insurance', 'bank', 'Comprehensive cover, two new SUVs'],
  [2, 'expense', 1200, 'registration', 'bank', 'Registration renewals'],
  [1, 'expense', 12500, 'salaries', 'payroll', 'Salaries'],
];

/**
 * Transfers between the accounts (days back, from, to, amount, notes): cash banked, payroll funded, petty cash topped
 * up.
 */
const TRANSFERS: readonly (readonly [number, Ref, Ref, number, string])[] = [
  [59, 'bank', 'operations', 30000, 'Opening float of the operations account'],
  [55, 'bank', 'petty_cash', 1000, 'Petty cash float'],
  [33, 'operations', 'payroll', 13000, 'Payroll funding'],
  [25, 'cash_box', 'operations', 300, 'Cash banked'],
  [15, 'operations', 'petty_cash', 500, 'Petty cash top-up'],
  [3, 'operations', 'payroll', 12500, 'Payroll funding'],
];

/**
 * The demo company's finance (issue 10):
 * - two bank accounts (their own GL accounts), finance entries and transfers through the real
 *   use cases (each with its journal) across the cash box, petty cash and the banks over the last
 *   two months, and one entry corrected by its reversal (a mistyped amount posted again);
 * - input VAT (issue 26): when the demo company's VAT is on (a UAE company), its fuel and
 *   insurance receipts carry the VAT inside their total at the company rate (extractTax: 180.50
 *   → 8.60 at 5 %), posted to input VAT, so the VAT 201's box 9 counts fuel, insurance and
 *   maintenance. Only receipts dated after the filed VAT periods (the accounting seed files the
 *   return up to the end of the month before last; the engine refuses VAT lines in a filed
 *   period), as maintenance's seed does; the mistyped fuel receipt and its reversal carry it too;
 * - the invoicing history: the long open-ended monthly rentals the rentals seed starts three
 *   months or more ago are invoiced by the real job, run on the clocks of the last three months
 *   (one run a month, recorded at its clock), so /dashboard/invoice-automation shows months of
 *   runs with the invoices each created, and the rentals due next.
 */
export async function seedFinance(world: DemoWorld): Promise<void> {
  const actor: Actor = {
    tenantId: world.tenantId,
    userId: world.owner.userId,
    username: world.owner.username,
    requestId: 'demo-reset',
    role: 'OWNER',
  };
  const now = world.now.getTime();
  const day = (back: number) => new Date(now - back * DAY).toISOString().slice(0, 10);
  const currency = getRegionConfig(world.region).currency;
  const ids: Record<string, string> = { cash_box: 'cash_box', petty_cash: 'petty_cash', bank: 'bank' };
  const [books, settings] = await Promise.all([bookAccounts(world.tenantId), readCompanySettings(world.tenantId)]);
  const input = inputVatOf(books, settings);
  /** The receipt's VAT (decimal) of a fuel or insurance expense in an open VAT period; undefined otherwise. */
  const vatOf = (category: string, amount: number, date: string) =>
    input.ok &&
    (category === 'fuel' || category === 'insurance') &&
    (!books.vatFiledThrough || date > books.vatFiledThrough)
      ? fromMinor(extractTax(toMinor(amount), input.ratePercent).tax)
      : undefined;
  const entry = (
    type: 'income' | 'expense',
    amount: number,
    category: string,
    account: string,
    notes: string,
    date: string,
  ) =>
    createFinanceEntry(actor, {
      type,
      amount,
      category,
      account,
      notes,
      date,
      vatAmount: vatOf(category, amount, date),
    });
  for (const b of world.region === 'SA' ? SAUDI_BANKS : BANKS)
    ids[b.key] = (await createBankAccount(actor, { name: b.name, bank: b.bank, iban: b.iban, currency })).id;
  // Entries and transfers in date order, so no account is emptied before its money arrives.
  const moves = [
    ...ENTRIES.map((e) => ({ back: e[0], run: () => entry(e[1], e[2], e[3], ids[e[4]], e[5], day(e[0])) })),
    ...TRANSFERS.map((x) => ({
      back: x[0],
      run: () => createTransfer(actor, { from: ids[x[1]], to: ids[x[2]], amount: x[3], notes: x[4], date: day(x[0]) }),
    })),
  ].sort((a, b) => b.back - a.back);
  for (const m of moves) await m.run();
  // A correction: fuel keyed as 1,805 instead of 180.50, reversed and posted again.
  const typo = await entry('expense', 1805, 'fuel', 'petty_cash', 'Refuelling (amount mistyped)', day(9));
  await reverseFinanceEntry(actor, String((typo.body as { id: string }).id), 'Amount mistyped: 180.50');
  await entry('expense', 180.5, 'fuel', 'petty_cash', 'Refuelling', day(9));
  for (const back of [60, 30, 0]) {
    const result = await runInvoicing(new Date(now - back * DAY), {
      tenantId: world.tenantId,
      recordAtClock: back > 0,
    });
    log.info('demo invoicing run', { asOf: result.asOf, invoices: result.invoicesCreated, failures: result.failures });
  }
}
