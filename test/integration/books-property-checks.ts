import { expect } from 'vitest';
import { checkBooks, get } from './client';
import { TAX_ACCOUNT_CODES } from '../../shared/accounting/chart';
import { RENT_CATEGORIES } from '../../shared/accounting/posting-rules';
import { vatReturn, type VatCodeTotals } from '../../shared/accounting/vat-return';
import { calendarDateInZone } from '../../shared/regions';
import { DAY } from './rental-kit';
import { invoicesOf, jobNow, RATE, type World } from './books-property-kit';

/**
 * The invariants the books property test (functions/accounting/books.property.int.test.ts, issue 26) checks after
 * each run, numbered as in its header: trial balance and self-check, unearned = charged − recognised, recognised to
 * date, customer counters, invoices, and the VAT report against the posted journal lines.
 */
interface Line {
  accountCode: string;
  debit: number;
  credit: number;
  vatCode: string | null;
  party: unknown;
}
const minor = (n: number) => Math.round(n * 100);
const partyId = (p: unknown) =>
  (typeof p === 'string' ? p.split(/[#:]/).pop() : (p as { id?: string } | null)?.id) ?? null;

async function journalLines(w: World, from: string, to: string) {
  const lines: Line[] = [];
  let cursor: string | undefined;
  do {
    const res = await get(
      `/api/v1/accounting/journal-entries?from=${from}&to=${to}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      w.owner,
    );
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    for (const e of res.body.items as { lines: Line[] }[]) lines.push(...e.lines);
    cursor = res.body.nextCursor ?? undefined;
  } while (cursor);
  return lines;
}

export async function assertBooks(w: World) {
  const shift = (d: number) => calendarDateInZone(new Date(Date.now() + d * DAY), w.timezone);
  const [from, to] = [shift(-120), shift(90)];

  // 1. Trial balance zero; the self-check green (its customer-counter check included where merged).
  const tb = (await get(`/api/v1/accounting/trial-balance?asOf=${to}`, w.owner)).body;
  expect(minor(tb.totals.debit)).toBe(minor(tb.totals.credit));
  const checks = (await checkBooks(w.owner)).body.checks as {
    name: string;
    passed: boolean;
    details: unknown;
  }[];
  expect(checks.length).toBeGreaterThan(0);
  for (const c of checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);

  const lines = await journalLines(w, from, to);
  const net = (rentalId: string, code: string) =>
    lines
      .filter((l) => l.accountCode === code && partyId(l.party) === rentalId)
      .reduce((s, l) => s + minor(l.credit) - minor(l.debit), 0);

  const rentalOwes = new Map<string, number>();
  for (const [name, r] of Object.entries(w.rentals)) {
    const rental = (await get(`/api/v1/rentals/${r.id}`, w.owner)).body as {
      status: string;
      totalAmount: number;
      balance: number;
      pickedUpAt?: string | null;
      chargedBeforePickup?: boolean;
    };
    rentalOwes.set(r.id, Math.max(0, minor(rental.balance)));
    const ledger = (await get(`/api/v1/rentals/${r.id}/ledger`, w.owner)).body.items as {
      type: string;
      category: string;
      amount: number;
      reversesId?: string | null;
    }[];
    // Charged: picked up, or its tax invoice issued before pickup (that invoice was the tax point).
    const hired = rental.status !== 'pending' || rental.chargedBeforePickup === true;
    // A credit note takes rent back (its charges reversed): the planned rent is then not what is charged.
    const rentCredited = ledger.some(
      (e) => e.reversesId && (RENT_CATEGORIES as readonly string[]).includes(e.category),
    );
    // 2. Unearned = charged − recognised (party balances of 2170 and 4110).
    const rentInLedger = ledger
      .filter((e) => e.type === 'charge' && (RENT_CATEGORIES as readonly string[]).includes(e.category))
      .reduce((s, e) => s + (e.reversesId ? -1 : 1) * minor(e.amount), 0);
    const charged = hired ? rentInLedger : 0;
    const unearned = net(r.id, '2170');
    const recognised = net(r.id, '4110');
    const label = `${name} ${rental.status} k=${w.k}`;
    expect(unearned, `${label}: unearned = charged − recognised`).toBe(charged - recognised);
    expect(unearned, `${label}: unearned never negative`).toBeGreaterThanOrEqual(0);
    // 3. Recognised to date = the daily rent of the elapsed days.
    if (rental.status === 'pending') expect(recognised, `${label}: a booking earns nothing`).toBe(0);
    else if (rental.status === 'active' && r.days !== null) {
      // The first rental day is the pickup day (a car picked up before its booked start earns from then).
      const elapsed = Math.round(
        (Date.parse(calendarDateInZone(jobNow(w.k), w.timezone)) -
          Date.parse(calendarDateInZone(new Date(rental.pickedUpAt!), w.timezone))) /
          DAY,
      );
      // Straight line: floor(rent × days / planned) — the daily rent × the elapsed days when the full term is charged
      // (asserted next).
      expect(recognised, `${label}: ${elapsed} days elapsed of ${r.days}`).toBe(
        elapsed >= r.days ? charged : Math.floor((charged * elapsed) / r.days),
      );
      if (!rentCredited) expect(charged, `${label}: the fixed term is charged at pickup`).toBe(r.days * minor(RATE));
    } else if (rental.status === 'completed' || rental.status === 'cancelled') {
      expect(unearned, `${label}: nothing unearned off hire`).toBe(0);
      // Returned: the planned days at least (early returns keep the booked days charged) — unless a credit note took
      // rent back.
      if (rental.status === 'completed' && r.days !== null && !rentCredited)
        expect(recognised, `${label}: the planned days at least`).toBeGreaterThanOrEqual(r.days * minor(RATE));
    }
    // 4. Customer counters = recomputed from the customer's one rental (agree26's rules).
    const customer = (await get(`/api/v1/customers/${r.customerId}`, w.owner)).body as {
      rentalsCount: number;
      completedRentals: number;
      totalSpend: number;
    };
    const done = rental.status === 'completed';
    expect(
      { rentals: customer.rentalsCount, completed: customer.completedRentals, spend: minor(customer.totalSpend) },
      `${label}: customer counters`,
    ).toEqual({
      rentals: rental.status === 'cancelled' ? 0 : 1,
      completed: done ? 1 : 0,
      spend: done ? minor(rental.totalAmount) : 0,
    });
  }

  // 5. Every invoice: lines, totals, balance = total − what was allocated to it.
  const periods = new Set<string>();
  const invoicedOpen = new Map<string, number>();
  /** Rentals with a period invoice issued (credited ones included: the period was invoiced). */
  const periodInvoiced = new Set<string>();
  for (const summary of await invoicesOf(w)) {
    const inv = (await get(`/api/v1/invoices/${summary.id}`, w.owner)).body as {
      status: string;
      scope: string;
      periodStart: string | null;
      rentalId: string;
      subtotal: number;
      vat: number;
      total: number;
      amountPaid: number;
      balance: number;
      lines: { quantity: number; unitPrice: number; net: number; vatRate: number; vatAmount: number; total: number }[];
    };
    const at = `invoice ${summary.id} (${inv.status})`;
    if (inv.scope === 'period' && inv.status !== 'draft') periodInvoiced.add(inv.rentalId);
    for (const l of inv.lines) {
      expect(minor(l.net), `${at}: line net = quantity × unit price`).toBe(Math.round(l.quantity * minor(l.unitPrice)));
      expect(minor(l.vatAmount), `${at}: line VAT from its own rate`).toBe(
        Math.round((minor(l.net) * l.vatRate) / 100),
      );
      expect(minor(l.total)).toBe(minor(l.net) + minor(l.vatAmount));
    }
    expect(minor(inv.subtotal), `${at}: subtotal`).toBe(inv.lines.reduce((s, l) => s + minor(l.net), 0));
    expect(minor(inv.vat), `${at}: vat`).toBe(inv.lines.reduce((s, l) => s + minor(l.vatAmount), 0));
    expect(minor(inv.total), `${at}: total`).toBe(minor(inv.subtotal) + minor(inv.vat));
    if (inv.status !== 'draft' && inv.status !== 'void') {
      expect(minor(inv.balance), `${at}: balance = lines − allocations`).toBe(minor(inv.total) - minor(inv.amountPaid));
      expect(inv.amountPaid).toBeGreaterThanOrEqual(0);
      expect(minor(inv.amountPaid)).toBeLessThanOrEqual(minor(inv.total));
      invoicedOpen.set(inv.rentalId, (invoicedOpen.get(inv.rentalId) ?? 0) + minor(inv.balance));
      if (inv.scope === 'period') {
        const key = `${inv.rentalId} ${inv.periodStart}`;
        expect(periods.has(key), `${at}: period ${key} invoiced twice`).toBe(false);
        periods.add(key);
      }
    }
  }
  // Allocation: a rental's invoices never claim more than the rental owes (money taken before or
  // after an invoice is allocated to it; an invoice blind to what was paid — the issue's INV-1001 — fails here).
  for (const [rentalId, open] of invoicedOpen)
    expect(open, `rental ${rentalId}: open invoices ≤ what the rental owes`).toBeLessThanOrEqual(
      rentalOwes.get(rentalId) ?? 0,
    );
  // An open-ended rental 40+ days old on hire has its first month invoiced once the job has run.
  const c = w.rentals.C;
  if (c && w.jobSawC) expect(periodInvoiced.has(c.id), 'the ended month of C invoiced by the job').toBe(true);

  // 6. VAT report = the VAT codes of the posted journal lines (base on other accounts, tax on the VAT accounts).
  const totals: Record<string, VatCodeTotals> = {};
  for (const l of lines) {
    if (!l.vatCode) continue;
    const t = (totals[l.vatCode] ??= { baseMinor: 0, taxMinor: 0 });
    if (TAX_ACCOUNT_CODES.includes(l.accountCode)) t.taxMinor += minor(l.credit) - minor(l.debit);
    else t.baseMinor += minor(l.credit) - minor(l.debit);
  }
  const want = vatReturn('AE', totals);
  const report = (await get(`/api/v1/accounting/vat-report?from=${from}&to=${to}`, w.owner)).body as {
    boxes: { box: string; amount: number; vat: number }[];
    outputTax: number;
    inputTax: number;
  };
  expect(
    report.boxes.map((b) => [b.box, minor(b.amount), minor(b.vat)]),
    "VAT report = the journal lines' VAT codes",
  ).toEqual(want.boxes.map((b) => [b.box, b.amountMinor, b.vatMinor]));
  expect([minor(report.outputTax), minor(report.inputTax)]).toEqual([want.outputTaxMinor, want.inputTaxMinor]);
  // …and every tax line carries a code: the VAT accounts' journal movement is the report's tax.
  const vatAccountsNet = lines
    .filter((l) => TAX_ACCOUNT_CODES.includes(l.accountCode))
    .reduce((s, l) => s + minor(l.credit) - minor(l.debit), 0);
  expect(vatAccountsNet, 'VAT accounts = output − input of the report').toBe(want.outputTaxMinor - want.inputTaxMinor);
}
