import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, put, checkBooks } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { runInvoicing } from './invoicing';

/**
 * The scheduled invoicing of long rentals (issue 10), on a fixed clock: a monthly open-ended
 * rental 75 days old gets exactly two invoices (September and October, in arrears); a second run
 * creates nothing; two runs at once create nothing twice; a run killed after its first rental is
 * completed by the next; the GL self-check stays green; the run list and "Run now" over HTTP
 * (roles: STAFF reads, only OWNER/ADMIN run; MECHANIC 403; another company sees none of it).
 *
 * Issue 26: nothing is charged at booking — each period's rent (1 month × the monthly rate + VAT)
 * is charged by its invoice; a rental entered today with a start 75 days back (a company moving
 * its contracts in) is invoiced for its two ended months by the next run, once; a company billing
 * in advance has the current period invoiced at its start; a period that cannot be invoiced is a
 * failure of the run with its reason and the rental, never "nothing was due".
 *
 * Tests whose expectations encoded the old up-front charge, updated: this file's first test
 * (October was 3,255: 31 days at the 30-day pricing; now one month, 3,150), invoices.int.test.ts
 * "an open-ended rental: the rent through the period end…" (315 at booking → 0), and
 * rentals/quote.int.test.ts (an open-ended booking's ledger holds no quote lines).
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;
let tenantId: string;
let seq = 0;
const START = '2034-09-01T09:00:00.000Z';
const DAY75 = new Date(Date.parse(START) + 75 * 86_400_000); // 2034-11-15

async function longRental(start = START, token = owner) {
  const [vehicle, customer] = await Promise.all([
    createVehicle(token),
    createCustomer(token, { fullNameEnglish: `Long Renter ${++seq}` }),
  ]);
  const booked = await post(
    '/api/v1/rentals',
    {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: start,
      openEnded: true,
      expectedDuration: 30,
      rentalType: 'monthly',
      monthlyRate: 3000,
      dailyRate: 120,
      taxRate: 5,
    },
    token,
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = (booked.body as { id: string }).id;
  const picked = await post(
    `/api/v1/rentals/${id}/pickup`,
    { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: start },
    token,
  );
  expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  return booked.body as { id: string; referenceNumber: string };
}

async function invoicesOf(rentalId: string) {
  const res = await get(`/api/v1/invoices?rentalId=${rentalId}&limit=100`, owner);
  expect(res.status).toBe(200);
  return res.body.items as {
    id: string;
    number: string | null;
    status: string;
    periodStart: string;
    periodEnd: string;
    total: number;
  }[];
}

async function selfCheckGreen() {
  const res = await checkBooks(owner);
  expect(res.status).toBe(200);
  for (const c of res.body.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  tenantId = t.owner.user.tenantId;
});

describe('scheduled invoicing of long rentals', () => {
  it('a monthly rental 75 days old gets exactly two invoices; a second run creates nothing', async () => {
    const r = await longRental();
    const first = await runInvoicing(DAY75, { tenantId });
    expect(first.failures).toBe(0);
    expect(first.invoicesCreated).toBe(2);
    const invoices = (await invoicesOf(r.id)).sort((a, b) => a.periodStart.localeCompare(b.periodStart));
    expect(invoices.map((i) => [i.status, i.periodStart, i.periodEnd])).toEqual([
      ['issued', '2034-09-01', '2034-09-30'],
      ['issued', '2034-10-01', '2034-10-31'],
    ]);
    expect(invoices.every((i) => /^INV-\d+$/.test(i.number ?? ''))).toBe(true);
    // One month each (1 × the monthly rate + 5 % VAT), October's 31 days included.
    expect(invoices.map((i) => i.total)).toEqual([3150, 3150]);
    // Everything charged to the rental so far is on these two invoices: nothing at booking.
    const rental = (await get(`/api/v1/rentals/${r.id}`, owner)).body;
    expect(rental.totalAmount).toBe(6300);

    const again = await runInvoicing(DAY75, { tenantId });
    expect(again.invoicesCreated).toBe(0);
    expect(await invoicesOf(r.id)).toHaveLength(2);
    // The global index path (the scheduled run) finds nothing more to do for this rental either.
    await runInvoicing(DAY75, { onlyTenants: [tenantId] });
    expect(await invoicesOf(r.id)).toHaveLength(2);
    await selfCheckGreen();

    const schedule = await get('/api/v1/invoicing/schedule', owner);
    expect(schedule.status).toBe(200);
    const row = schedule.body.items.find((i: { rentalId: string }) => i.rentalId === r.id);
    expect(row).toMatchObject({
      billingFrequency: 'monthly',
      nextPeriodStart: '2034-11-01',
      nextPeriodEnd: '2034-11-30',
      lastInvoicedDate: '2034-10-31',
    });
  });

  it('two runs at the same time create nothing twice', async () => {
    const r = await longRental('2034-09-02T09:00:00.000Z');
    const runs = await Promise.all([
      runInvoicing(DAY75, { tenantId }),
      runInvoicing(DAY75, { tenantId }),
      runInvoicing(DAY75, { onlyTenants: [tenantId] }),
    ]);
    expect(runs.reduce((n, x) => n + x.failures, 0)).toBe(0);
    const invoices = await invoicesOf(r.id);
    expect(
      invoices
        .filter((i) => i.status === 'issued')
        .map((i) => i.periodStart)
        .sort(),
    ).toEqual(['2034-09-02', '2034-10-02']);
    expect(invoices).toHaveLength(2);
    expect(new Set(invoices.map((i) => i.number)).size).toBe(2);
    await selfCheckGreen();
  });

  it('a run killed after its first rental is completed by the next', async () => {
    const a = await longRental('2034-09-03T09:00:00.000Z');
    const b = await longRental('2034-09-03T10:00:00.000Z');
    await expect(runInvoicing(DAY75, { tenantId, crashAfterRentals: 1 })).rejects.toThrow(/Injected failure/);
    const counts = [(await invoicesOf(a.id)).length, (await invoicesOf(b.id)).length].sort();
    expect(counts).toEqual([0, 2]);
    const next = await runInvoicing(DAY75, { tenantId });
    expect(next.invoicesCreated).toBe(2);
    expect((await invoicesOf(a.id)).length).toBe(2);
    expect((await invoicesOf(b.id)).length).toBe(2);
    await selfCheckGreen();
  });

  it('tolls and fines posted after a period was invoiced join the next invoice', async () => {
    const r = await longRental('2034-09-05T09:00:00.000Z');
    // 2034-10-16: September's period (09-05 → 10-04) has ended, October's has not.
    const first = await runInvoicing(new Date(Date.parse('2034-10-16T12:00:00.000Z')), { tenantId });
    expect(first.failures).toBe(0);
    expect((await invoicesOf(r.id)).map((i) => i.periodStart)).toEqual(['2034-09-05']);
    // A September toll and fine arrive after September was invoiced (fines and tolls come 1–30 days late).
    for (const [category, amount, label] of [
      ['salik_charges', 8, 'Salik: 2 crossings in September'],
      ['traffic_fines', 300, 'Traffic fine 123456 (September)'],
    ] as const) {
      const res = await post(`/api/v1/rentals/${r.id}/charges`, { category, amount, label }, owner);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const next = await runInvoicing(DAY75, { tenantId });
    expect(next.failures).toBe(0);
    const invoices = (await invoicesOf(r.id)).sort((a, b) => a.periodStart.localeCompare(b.periodStart));
    expect(invoices.map((i) => i.periodStart)).toEqual(['2034-09-05', '2034-10-05']);
    const october = (await get(`/api/v1/invoices/${invoices[1].id}`, owner)).body as {
      lines: { category: string; description: string }[];
    };
    expect(october.lines.map((l) => l.category)).toEqual(expect.arrayContaining(['salik_charges', 'traffic_fines']));
    const september = (await get(`/api/v1/invoices/${invoices[0].id}`, owner)).body as {
      lines: { category: string }[];
    };
    expect(september.lines.some((l) => l.category === 'salik_charges' || l.category === 'traffic_fines')).toBe(false);
    await selfCheckGreen();
  });

  it('runs over HTTP: the list shows what each run did; Run now for OWNER/ADMIN only; another company sees nothing', async () => {
    const r = await longRental('2034-09-04T09:00:00.000Z');
    await runInvoicing(DAY75, { tenantId });
    const runs = await get('/api/v1/invoicing/runs', t.staff.token);
    expect(runs.status).toBe(200);
    const withOurs = runs.body.items.find((run: { invoices: { rentalId: string }[] }) =>
      run.invoices.some((i) => i.rentalId === r.id),
    );
    expect(withOurs.invoicesCreated).toBe(2);
    expect(withOurs.invoices.map((i: { periodStart: string }) => i.periodStart).sort()).toEqual([
      '2034-09-04',
      '2034-10-04',
    ]);
    expect((await get('/api/v1/invoicing/runs', t.mechanic.token)).status).toBe(403);
    expect((await post('/api/v1/invoicing/run', {}, t.staff.token)).status).toBe(403);
    expect((await post('/api/v1/invoicing/run', { asOf: '2040-01-01' }, owner)).status).toBe(400);
    // Run now (today's clock: these 2034 periods have not ended) creates nothing and is recorded.
    const now = await post('/api/v1/invoicing/run', {}, t.admin.token);
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body).toMatchObject({ trigger: 'manual', invoicesCreated: 0 });
    const theirs = await get('/api/v1/invoicing/runs', other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.items).toEqual([]);
  });
});

type LedgerRow = {
  type: string;
  context: string;
  category: string;
  lineCode: string | null;
  amount: number;
  quantity?: number;
  unitAmount?: number;
};
type InvoiceLine = {
  category: string;
  quantity: number;
  unitPrice: number;
  vat?: number;
  vatAmount?: number;
  vatRatePercent?: number;
  vatRate?: number;
};

async function ledgerOf(rentalId: string) {
  const res = await get(`/api/v1/rentals/${rentalId}/ledger`, owner);
  expect(res.status).toBe(200);
  return res.body.items as LedgerRow[];
}

describe('open-ended rentals are charged by period, not at booking (issue 26)', () => {
  it('entered today with a start 75 days back: nothing at booking, the next run invoices its two ended months once; re-runs and two runs at once add nothing', async () => {
    const start = new Date(Date.now() - 75 * 86_400_000).toISOString();
    const r = await longRental(start);
    // Booking and pickup charged nothing (the expected 30 days plan the vehicle's schedule only).
    expect((await ledgerOf(r.id)).filter((e) => e.type === 'charge')).toEqual([]);
    expect((await get(`/api/v1/rentals/${r.id}`, owner)).body.totalAmount).toBe(0);

    const first = await runInvoicing(new Date(), { tenantId });
    expect(first.failures).toBe(0);
    const invoices = (await invoicesOf(r.id)).sort((a, b) => a.periodStart.localeCompare(b.periodStart));
    expect(invoices).toHaveLength(2);
    expect(invoices.map((i) => [i.status, i.total])).toEqual([
      ['issued', 3150],
      ['issued', 3150],
    ]);
    expect(invoices[1].periodStart > invoices[0].periodEnd).toBe(true);
    for (const inv of invoices) {
      const lines = (await get(`/api/v1/invoices/${inv.id}`, owner)).body.lines as InvoiceLine[];
      const rent = lines.find((l) => l.category === 'base_rental')!;
      expect(rent).toMatchObject({ quantity: 1, unitPrice: 3000 });
      expect(rent.vatAmount ?? rent.vat).toBe(150);
      expect(rent.vatRate ?? rent.vatRatePercent).toBe(5);
    }
    // The ledger shows the two months' rent, charged by the two invoices (usage), and their VAT.
    const charges = (await ledgerOf(r.id)).filter((e) => e.type === 'charge');
    expect(charges.map((e) => [e.context, e.lineCode, e.amount]).sort()).toEqual([
      ['usage', 'base_rental', 3000],
      ['usage', 'base_rental', 3000],
      ['usage', 'tax', 150],
      ['usage', 'tax', 150],
    ]);
    expect(
      charges.filter((e) => e.lineCode === 'base_rental').every((e) => e.quantity === 1 && e.unitAmount === 3000),
    ).toBe(true);

    const again = await runInvoicing(new Date(), { tenantId });
    const both = await Promise.all([
      runInvoicing(new Date(), { tenantId }),
      runInvoicing(new Date(), { onlyTenants: [tenantId] }),
    ]);
    expect([again, ...both].reduce((n, x) => n + x.invoicesCreated + x.failures, 0)).toBe(0);
    expect(await invoicesOf(r.id)).toHaveLength(2);
    expect((await get(`/api/v1/rentals/${r.id}`, owner)).body.totalAmount).toBe(6300);
    await selfCheckGreen();
  });

  it('a period that cannot be invoiced is a failure of the run with its reason and the rental; the next run tries it again', async () => {
    // A company of its own (this file's other rentals have periods due on this clock).
    const co = await registerTenant();
    const r = await longRental('2034-09-06T09:00:00.000Z', co.token);
    // 81 tolls posted in September: more than one invoice may carry (MAX_CHARGES_PER_INVOICE).
    for (let i = 0; i < 81; i++) {
      const res = await post(
        `/api/v1/rentals/${r.id}/charges`,
        { category: 'salik_charges', amount: 4, label: `Salik crossing ${i + 1}` },
        co.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const asOf = new Date(Date.parse('2034-10-07T12:00:00.000Z'));
    const run = await runInvoicing(asOf, { tenantId: co.user.tenantId });
    expect(run.failures).toBe(1);
    expect(run.periodsEmpty).toBe(0);
    expect((await get(`/api/v1/invoices?rentalId=${r.id}`, co.token)).body.items).toEqual([]);
    const runs = await get('/api/v1/invoicing/runs', co.token);
    const recorded = runs.body.items.find((x: { runId: string }) => x.runId === run.runId);
    expect(recorded.failures).toEqual([
      expect.objectContaining({
        rentalId: r.id,
        rentalReference: r.referenceNumber,
        periodStart: '2034-09-06',
        periodEnd: '2034-10-05',
        error: 'At most 80 charges fit on one invoice: invoice this rental by billing period',
      }),
    ]);
    expect(recorded.periodsSkipped).toBe(0);
    // The period was not passed over: the index still waits at it, and the next run fails again.
    const row = (await get('/api/v1/invoicing/schedule', co.token)).body.items.find(
      (i: { rentalId: string }) => i.rentalId === r.id,
    );
    expect(row).toMatchObject({ nextPeriodStart: '2034-09-06', lastInvoicedDate: null });
    expect((await runInvoicing(asOf, { tenantId: co.user.tenantId })).failures).toBe(1);
  }, 180_000);

  it("billingTiming 'advance': the current period is invoiced at its start, the next at its own start; nothing twice", async () => {
    const adv = await registerTenant();
    const settings = await get('/api/v1/company/settings', adv.token);
    expect(settings.body.billingTiming).toBe('arrears');
    const saved = await put(
      '/api/v1/company/settings',
      { version: settings.body.version, billingTiming: 'advance' },
      adv.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.billingTiming).toBe('advance');
    expect(
      (await put('/api/v1/company/settings', { version: saved.body.version, billingTiming: 'later' }, adv.token))
        .status,
    ).toBe(400);

    const [vehicle, customer] = await Promise.all([
      createVehicle(adv.token),
      createCustomer(adv.token, { fullNameEnglish: 'Advance Renter' }),
    ]);
    const booked = await post(
      '/api/v1/rentals',
      {
        vehicleId: vehicle.id,
        customerId: customer.id,
        startDate: START,
        openEnded: true,
        expectedDuration: 30,
        rentalType: 'monthly',
        monthlyRate: 3000,
        dailyRate: 120,
        taxRate: 5,
      },
      adv.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.id as string;
    expect(
      (
        await post(
          `/api/v1/rentals/${id}/pickup`,
          { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: START },
          adv.token,
        )
      ).status,
    ).toBe(200);
    const advTenant = adv.user.tenantId;
    const invoices = async () =>
      (
        (await get(`/api/v1/invoices?rentalId=${id}&limit=100`, adv.token)).body.items as {
          periodStart: string;
          periodEnd: string;
          total: number;
          status: string;
        }[]
      ).sort((a, b) => a.periodStart.localeCompare(b.periodStart));

    // Before the start nothing is due; one hour after it, September is invoiced in advance.
    expect((await runInvoicing(new Date(Date.parse(START) - 3_600_000), { tenantId: advTenant })).invoicesCreated).toBe(
      0,
    );
    const atStart = await runInvoicing(new Date(Date.parse(START) + 3_600_000), { tenantId: advTenant });
    expect(atStart).toMatchObject({ invoicesCreated: 1, failures: 0 });
    expect((await invoices()).map((i) => [i.periodStart, i.periodEnd, i.total, i.status])).toEqual([
      ['2034-09-01', '2034-09-30', 3150, 'issued'],
    ]);
    expect(
      (await runInvoicing(new Date(Date.parse(START) + 7 * 86_400_000), { tenantId: advTenant })).invoicesCreated,
    ).toBe(0);
    // October at its start (1 Oct 09:00), once, by two runs at the same time.
    const october = new Date(Date.parse('2034-10-01T10:00:00.000Z'));
    await Promise.all([runInvoicing(october, { tenantId: advTenant }), runInvoicing(october, { tenantId: advTenant })]);
    expect((await invoices()).map((i) => [i.periodStart, i.total])).toEqual([
      ['2034-09-01', 3150],
      ['2034-10-01', 3150],
    ]);
    expect((await get(`/api/v1/rentals/${id}`, adv.token)).body.totalAmount).toBe(6300);
  });

  it('issue 26: an early return of rent already invoiced (billing in advance) credits that invoice with a CN- credit note in the return; the days used are invoiced anew; books, rental and invoices agree', async () => {
    const adv = await registerTenant();
    const settings = await get('/api/v1/company/settings', adv.token);
    expect(
      (await put('/api/v1/company/settings', { version: settings.body.version, billingTiming: 'advance' }, adv.token))
        .status,
    ).toBe(200);
    const [vehicle, customer] = await Promise.all([
      createVehicle(adv.token),
      createCustomer(adv.token, { fullNameEnglish: 'Early Returner' }),
    ]);
    const start = new Date(Date.now() - 2 * 86_400_000 - 3_600_000).toISOString();
    const booked = await post(
      '/api/v1/rentals',
      {
        vehicleId: vehicle.id,
        customerId: customer.id,
        startDate: start,
        openEnded: true,
        expectedDuration: 30,
        rentalType: 'monthly',
        monthlyRate: 3000,
        dailyRate: 120,
        taxRate: 0,
      },
      adv.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.id as string;
    expect(
      (
        await post(
          `/api/v1/rentals/${id}/pickup`,
          { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: start },
          adv.token,
        )
      ).status,
    ).toBe(200);
    expect(await runInvoicing(new Date(), { tenantId: adv.user.tenantId })).toMatchObject({
      invoicesCreated: 1,
      failures: 0,
    });
    const list = async () =>
      (await get(`/api/v1/invoices?rentalId=${id}&limit=100`, adv.token)).body.items as {
        id: string;
        number: string;
        status: string;
        total: number;
        balance: number;
      }[];
    const [month] = await list();
    expect(month).toMatchObject({ status: 'issued', total: 3000 });

    // Back after three days: the month's unused rent is reversed, and the invoice that carried it is credited.
    const ret = await post(
      `/api/v1/rentals/${id}/return`,
      { odometerEnd: 1100, condition: 'good', fuelLevelEnd: 'full' },
      adv.token,
    );
    expect(ret.status, JSON.stringify(ret.body)).toBe(200);
    const owed = ret.body.totalAmount as number;
    expect(owed).toBeGreaterThan(0);
    expect(owed).toBeLessThan(3000);
    const credited = (await get(`/api/v1/invoices/${month.id}`, adv.token)).body;
    expect(credited.status).toBe('void');
    expect(credited.creditNote.number).toMatch(/^CN-\d+$/);
    expect(credited.creditNote.total).toBe(3000);
    expect((ret.body.timeline as { action: string; note?: string }[]).at(-1)?.note).toBe(
      `${credited.creditNote.number} credits ${month.number}`,
    );

    // What the customer owes for the days used is invoiced anew, and nothing else.
    const draft = await post('/api/v1/invoices', { rentalId: id }, adv.token);
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const issued = await post(`/api/v1/invoices/${draft.body.id}/issue`, {}, adv.token);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.total).toBe(owed);
    expect((await get(`/api/v1/rentals/${id}`, adv.token)).body.balance).toBe(issued.body.balance);
    // Books: nothing left unearned, the rent earned is what is owed for the days used.
    const entries = (await get('/api/v1/accounting/journal-entries?source=rental&limit=100', adv.token)).body.items as {
      sourceId: string;
      lines: { accountCode: string; debit: number; credit: number }[];
    }[];
    const net = (code: string) =>
      Math.round(
        entries
          .filter((e) => e.sourceId === id)
          .flatMap((e) => e.lines)
          .filter((l) => l.accountCode === code)
          .reduce((n, l) => n + l.debit - l.credit, 0) * 100,
      ) / 100;
    expect(net('2170')).toBe(0);
    expect(net('4110')).toBe(-owed);
    const check = await checkBooks(adv.token);
    for (const c of check.body.checks)
      expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
  }, 120_000);
});
