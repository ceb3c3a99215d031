import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { get, post, setupBooks, checkBooks } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { TAX_ACCOUNT_CODES } from '../../shared/accounting/chart';
import { RENT_CATEGORIES } from '../../shared/accounting/posting-rules';
import { vatReturn, type VatCodeTotals } from '../../shared/accounting/vat-return';
import { calendarDateInZone } from '../../shared/regions';
import { keys } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';
import { readCompany } from './deps';

/**
 * Issue 26 "Done when", the property test: random sequences of what a rental desk does — a booking
 * picked up today and a future booking (and, in some runs, an open-ended monthly rental moved in
 * with a start 40 days back), payments before pickup, pickups, early / on-time / late returns,
 * cancellations, invoices issued, credit notes, deposits received, applied and refunded, and days
 * passing on a fixed clock (the recognise-revenue and invoicing jobs run with `now` = today + k
 * days, as revenue-recognition.int.test.ts and finance/invoicing.int.test.ts run them) — over the
 * real HTTP API, one fresh company per run. After each sequence:
 * 1. the trial balance nets to zero, and the self-check (sub-ledgers = GL, VAT accounts = VAT
 *    report, customer counters = recomputed…) is all green;
 * 2. per rental: unearned rent (GL 2170 for the rental's party) = rent charged (its ledger's rent
 *    charges once hired — picked up, or its tax invoice issued before pickup) − rent recognised
 *    (GL 4110 for the party), never negative;
 * 3. rent recognised to date = the daily rent of the elapsed company days while on hire
 *    (min(days, planned) × the daily rate), all of it once off hire, none while booked;
 * 4. each customer's counters (rentals, completed, spend) = recomputed from its rental;
 * 5. every invoice: lines = quantity × unit price (+ the line's VAT), totals = Σ lines,
 *    balance = total − amountPaid (what was allocated to it), 0 ≤ amountPaid ≤ total; no billing
 *    period invoiced twice;
 * 6. the VAT report = the region's return computed here from the VAT codes of the posted journal
 *    lines (base on non-tax accounts, tax on the VAT accounts).
 * Few runs and short sequences: every operation is an HTTP call on a shared machine.
 */
const DAY = 86_400_000;
const RATE = 100;
const tag = Date.now().toString(36).slice(-4).toUpperCase();
let seq = 0;
/** What the operations did (printed at the end: which moves the runs exercised). */
const outcomes = new Map<string, number>();
const tally = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);

type Target = 'A' | 'B' | 'C';
type Op =
  | { kind: 'advance'; on: Target; amount: number }
  | { kind: 'deposit'; on: Target; amount: number }
  | { kind: 'pickup'; on: Target }
  | { kind: 'days'; days: number }
  | { kind: 'return'; on: Target; when: 'early' | 'onTime' | 'late' }
  | { kind: 'cancel'; on: Target }
  | { kind: 'invoice'; on: Target }
  | { kind: 'creditNote'; on: Target }
  | { kind: 'depositApply'; on: Target; amount: number }
  | { kind: 'depositRefund'; on: Target; amount: number }
  | { kind: 'close'; on: Target };

const on = fc.constantFrom<Target>('A', 'A', 'B', 'C');
const amount = fc.integer({ min: 1, max: 400 });
const weighted = (weight: number, arbitrary: fc.Arbitrary<Op>) => ({ weight, arbitrary });
const op: fc.Arbitrary<Op> = fc.oneof(
  weighted(4, fc.record({ kind: fc.constant('advance' as const), on, amount })),
  weighted(2, fc.record({ kind: fc.constant('deposit' as const), on, amount })),
  weighted(4, fc.record({ kind: fc.constant('pickup' as const), on })),
  weighted(4, fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 2 }) })),
  weighted(
    3,
    fc.record({
      kind: fc.constant('return' as const),
      on,
      when: fc.constantFrom('early' as const, 'onTime' as const, 'late' as const),
    }),
  ),
  weighted(1, fc.record({ kind: fc.constant('cancel' as const), on })),
  weighted(3, fc.record({ kind: fc.constant('invoice' as const), on })),
  weighted(2, fc.record({ kind: fc.constant('creditNote' as const), on })),
  weighted(2, fc.record({ kind: fc.constant('depositApply' as const), on, amount })),
  weighted(2, fc.record({ kind: fc.constant('depositRefund' as const), on, amount })),
  weighted(1, fc.record({ kind: fc.constant('close' as const), on })),
);
const scenario = fc.record({
  plannedDays: fc.integer({ min: 2, max: 4 }),
  deposit: fc.constantFrom(0, 300),
  /** Money taken at booking (before pickup: a customer advance), as INV-1001's 700. */
  initial: fc.constantFrom(0, 150),
  openEnded: fc.boolean(),
  ops: fc.array(op, { minLength: 5, maxLength: Number(process.env.PROP_OPS ?? 9) }),
});

interface World {
  owner: string;
  tenantId: string;
  timezone: string;
  /** Days the fixed clock has moved past today. */
  k: number;
  rentals: Partial<Record<Target, { id: string; customerId: string; startMs: number; days: number | null }>>;
  /** The invoicing job ran while the open-ended rental C was on hire (its first month had ended). */
  jobSawC?: boolean;
}

const jobNow = (k: number) => new Date(Date.now() + k * DAY);

async function runJobs(w: World) {
  const [{ runRevenueRecognition }, { runInvoicing }] = await Promise.all([
    import('./recognition'),
    import('../finance/invoicing'),
  ]);
  const now = jobNow(w.k);
  if (w.rentals.C && (await get(`/api/v1/rentals/${w.rentals.C.id}`, w.owner)).body.status === 'active')
    w.jobSawC = true;
  const inv = await runInvoicing(now, { tenantId: w.tenantId });
  const rec = await runRevenueRecognition(now, { tenantId: w.tenantId });
  expect(rec.errors, JSON.stringify(rec)).toBe(0);
  return { inv, rec, now };
}

async function company(): Promise<World> {
  const t = await registerTenant();
  await updateRaw({
    Key: keys.settings(t.tenantId),
    UpdateExpression: 'SET preferences = :p, enableVat = :v, vatRate = :r',
    ExpressionAttributeValues: { ':p': { region: 'AE', language: 'en' }, ':v': true, ':r': 0.05 },
  });
  expect((await setupBooks(t.token)).status).toBe(200);
  return {
    owner: t.token,
    tenantId: t.tenantId,
    timezone: (await readCompany(t.tenantId)).timezone,
    k: 0,
    rentals: {},
  };
}

async function vehicleAndCustomer(owner: string) {
  seq += 1;
  const v = await post(
    '/api/v1/vehicles',
    {
      make: 'Nissan',
      model: 'Altima',
      year: 2024,
      licensePlate: `BK ${tag}${seq}`,
      vin: `BKP${tag}${String(seq).padStart(10, '0')}`.slice(0, 17).padEnd(17, '0'),
      odometerKm: 1000,
      dailyRate: RATE,
      category: 'sedan',
    },
    owner,
  );
  expect(v.status, JSON.stringify(v.body)).toBe(201);
  const c = await post(
    '/api/v1/customers',
    { fullNameEnglish: `Books ${tag} ${seq}`, dateOfBirth: '1980-01-01' },
    owner,
  );
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  return { vehicleId: v.body.id as string, customerId: c.body.id as string };
}

async function book(w: World, s: { plannedDays: number; deposit: number; initial: number; openEnded: boolean }) {
  const now = Date.now();
  // A: starts now (1 minute ago: the same company day), B: a future booking, C: open-ended monthly, moved in with a
  // start 40 days back.
  const plans: [Target, number, number | null][] = [
    ['A', now - 60_000, s.plannedDays],
    ['B', now + 20 * DAY, s.plannedDays],
  ];
  if (s.openEnded) plans.push(['C', now - 40 * DAY, null]);
  for (const [name, startMs, days] of plans) {
    const ids = await vehicleAndCustomer(w.owner);
    const body =
      days === null
        ? {
            ...ids,
            startDate: new Date(startMs).toISOString(),
            openEnded: true,
            expectedDuration: 30,
            rentalType: 'monthly',
            monthlyRate: 3000,
            dailyRate: 120,
            taxRate: 5,
            taxIncluded: false,
            securityDeposit: s.deposit,
          }
        : {
            ...ids,
            startDate: new Date(startMs).toISOString(),
            endDate: new Date(startMs + days * DAY).toISOString(),
            dailyRate: RATE,
            taxRate: 5,
            taxIncluded: false,
            securityDeposit: s.deposit,
            ...(s.initial ? { initialPaymentAmount: s.initial, initialPaymentMethod: 'cash' } : {}),
          };
    const res = await post('/api/v1/rentals', body, w.owner);
    expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
    w.rentals[name] = { id: res.body.id, customerId: ids.customerId, startMs, days };
    if (name === 'C') {
      const picked = await post(
        `/api/v1/rentals/${res.body.id}/pickup`,
        { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: new Date(startMs).toISOString() },
        w.owner,
      );
      expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    }
  }
}

async function depositOf(w: World, rentalId: string) {
  const res = await get('/api/v1/deposits?limit=100', w.owner);
  expect(res.status).toBe(200);
  return (res.body.items as { id: string; rentalId: string }[]).find((d) => d.rentalId === rentalId);
}

async function invoicesOf(w: World, rentalId?: string) {
  const res = await get(`/api/v1/invoices?limit=100${rentalId ? `&rentalId=${rentalId}` : ''}`, w.owner);
  expect(res.status).toBe(200);
  return res.body.items as {
    id: string;
    number: string | null;
    status: string;
    scope: string;
    periodStart: string | null;
    rentalId: string;
  }[];
}

/**
 * Runs one operation; refusals the rules call for (pickup of a future booking, refund above held…) are fine, 5xx never.
 */
/**
 * One step of the desk's work; `ensure*` first bring the rental to where the step makes sense (a return of a booking
 * picks it up first).
 */
async function step(w: World, on: Target, kind: string, path: string, body: unknown) {
  const res = await post(path, body, w.owner);
  tally(`${kind} ${on} → ${res.status}`);
  expect(res.status, `${kind} ${on}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(500);
  return res;
}

const statusOf = async (w: World, id: string) => (await get(`/api/v1/rentals/${id}`, w.owner)).body.status as string;

async function ensurePickedUp(w: World, on: Target, id: string) {
  if ((await statusOf(w, id)) === 'pending')
    await step(w, on, 'pickup', `/api/v1/rentals/${id}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' });
}

async function returnRental(w: World, on: Target, when: 'early' | 'onTime' | 'late') {
  const r = w.rentals[on]!;
  await ensurePickedUp(w, on, r.id);
  const at =
    r.days === null ? Date.now() : r.startMs + (r.days + (when === 'early' ? -1 : when === 'late' ? 1 : 0)) * DAY;
  return step(w, on, `return(${when})`, `/api/v1/rentals/${r.id}/return`, {
    odometerEnd: 1200,
    condition: 'good',
    fuelLevelEnd: 'full',
    returnDate: new Date(at).toISOString(),
  });
}

async function issueInvoice(w: World, on: Target, rentalId: string) {
  const draft = await step(w, on, 'invoice draft', '/api/v1/invoices', { rentalId });
  if (draft.status < 300) await step(w, on, 'invoice issue', `/api/v1/invoices/${draft.body.id}/issue`, {});
}

/**
 * Runs one operation; refusals the rules call for (pickup of a returned car, refund above held…) are fine, 5xx never.
 */
async function run(w: World, o: Op) {
  if (o.kind === 'days') {
    w.k += o.days;
    const { inv, rec } = await runJobs(w);
    tally(`days → ${inv.invoicesCreated} invoices, ${rec.days} days recognised`);
    return;
  }
  const r = w.rentals[o.on];
  if (!r) return tally(`${o.kind} ${o.on}: no such rental`);
  const path = `/api/v1/rentals/${r.id}`;
  switch (o.kind) {
    case 'advance':
      await step(w, o.on, 'payment', `${path}/payments`, { amount: o.amount, method: 'cash' });
      break;
    case 'deposit':
      await step(w, o.on, 'deposit in', `${path}/payments`, { amount: o.amount, method: 'cash', forDeposit: true });
      break;
    case 'pickup':
      await step(w, o.on, 'pickup', `${path}/pickup`, { odometerStart: 1000, fuelLevelStart: 'full' });
      break;
    case 'return':
      await returnRental(w, o.on, o.when);
      break;
    case 'cancel':
      await step(w, o.on, 'cancel', `${path}/cancel`, { reason: 'Property test' });
      break;
    case 'invoice':
      await issueInvoice(w, o.on, r.id);
      break;
    case 'creditNote': {
      const open = async () =>
        (await invoicesOf(w, r.id)).filter((i) => i.number && !['draft', 'void'].includes(i.status));
      if (!(await open()).length) await issueInvoice(w, o.on, r.id);
      const issued = await open();
      if (!issued.length) return tally(`creditNote ${o.on}: nothing to invoice`);
      await step(w, o.on, 'credit note', `/api/v1/invoices/${issued[0].id}/credit-note`, { reason: 'Property test' });
      break;
    }
    case 'depositApply':
    case 'depositRefund': {
      if (!(await depositOf(w, r.id)))
        await step(w, o.on, 'deposit in', `${path}/payments`, { amount: 300, method: 'cash', forDeposit: true });
      const d = await depositOf(w, r.id);
      if (!d) return tally(`${o.kind} ${o.on}: no deposit`);
      await step(
        w,
        o.on,
        o.kind === 'depositApply' ? 'deposit applied' : 'deposit refunded',
        `/api/v1/deposits/${d.id}/${o.kind === 'depositApply' ? 'apply' : 'refund'}`,
        { amount: o.amount },
      );
      break;
    }
    case 'close': {
      if (['active', 'overdue'].includes(await statusOf(w, r.id))) await returnRental(w, o.on, 'onTime');
      await step(w, o.on, 'close', `${path}/close`, { depositRefundMethod: 'cash' });
      break;
    }
  }
}

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

async function assertBooks(w: World) {
  const today = calendarDateInZone(new Date(), w.timezone);
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
  void today;
}

// One company, one scenario's work, then the jobs once more on the night of the last day at the fixed clock (so what
// the books should hold is known), then every check.
const trueBooks = fc.asyncProperty(scenario, async (s) => {
  const w = await company();
  await book(w, s);
  for (const o of s.ops) await run(w, o);
  await runJobs(w);
  await assertBooks(w);
});

describe('property: true books under random rental work (issue 26)', () => {
  it('trial balance zero; unearned = charged − recognised; recognised = elapsed days × rate; counters; invoices; VAT report = posted codes', async () => {
    const started = Date.now();
    await fc.assert(trueBooks, {
      numRuns: Number(process.env.PROP_RUNS ?? 5),
      endOnFailure: true,
      ...(process.env.PROP_SEED ? { seed: Number(process.env.PROP_SEED) } : {}),
    });
    console.log(
      [...outcomes]
        .sort()
        .map(([k, n]) => `${n} × ${k}`)
        .join('\n'),
    );
    console.log(
      `books.property: ${Number(process.env.PROP_RUNS ?? 5)} runs in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }, 900_000);

  // Seeds random runs found failing, kept so every run checks them: a credit note on open-ended rental C after
  // two days were recognised drove unearned revenue to −200.00 (the earned part was taken from 2170, not 4110).
  it.each([-1969609971, -2031195296])(
    'found seed %i still holds',
    async (seed) => {
      await fc.assert(trueBooks, { numRuns: 1, seed });
    },
    300_000,
  );
});
