import { beforeAll, describe, expect, it } from 'vitest';
import { call, get, post, checkBooks } from '../../test/integration/client';
import { SETTINGS_MESSAGES } from '../../shared/schemas/settings/messages';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { COLLECTIONS_MESSAGES } from '../../shared/collections/messages';
import { addDays } from '../../shared/calendar';
import { queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { handler as alertsJob } from '../jobs/alerts';

/**
 * Collections over HTTP against the local stack (issue 10 part B): deposit refund (REC- receipt,
 * original method, idempotent) and deposit applied to a late charge, each keeping the accounting
 * self-check green; receivables aging on a fixed clock (asOf); the payment reminder in the SES
 * store, once a day; revenue protection rows with their links; the deposit release alert; roles
 * (403), another company (404) and bad input (400, nothing written).
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let owner: string;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

const ok = <T = any>(res: { status: number; body: T }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body).slice(0, 600)).toBe(status);
  return res.body;
};

async function selfCheckGreen(token = owner) {
  const res = ok(await checkBooks(token));
  for (const c of res.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

/** A rental picked up two days ago (own car and customer), with `deposit` received by `method`. */
async function rentalWithDeposit(
  token: string,
  deposit: number,
  method = 'credit_card',
  customer: Record<string, unknown> = {},
) {
  const vehicleId = (await createVehicle(token)).id as string;
  const customerId = (await createCustomer(token, { fullNameEnglish: 'Deposit Customer', ...customer })).id as string;
  const start = Date.now() - 2 * DAY - 3_600_000;
  const rental = ok(
    await post(
      '/api/v1/rentals',
      {
        customerId,
        vehicleId,
        startDate: iso(start),
        endDate: iso(start + 2 * DAY),
        dailyRate: 100,
        securityDeposit: deposit,
      },
      token,
    ),
    201,
  );
  ok(await post(`/api/v1/rentals/${rental.id}/payments`, { amount: deposit, method, forDeposit: true }, token), 201);
  ok(await post(`/api/v1/rentals/${rental.id}/pickup`, { odometerStart: 10_000, fuelLevelStart: 'full' }, token));
  return { id: rental.id as string, customerId, vehicleId };
}

const ledgerOf = async (id: string, token = owner) => ok(await get(`/api/v1/rentals/${id}/ledger`, token));
const depositOf = async (id: string, token = owner) => {
  const list = ok(await get('/api/v1/deposits?limit=100', token));
  return list.items.find((d: { id: string }) => d.id === id);
};

beforeAll(async () => {
  t = await tenantWithAllRoles();
  owner = t.owner.token;
}, 120_000);

describe('deposits', () => {
  it('lists a held deposit; refunds part of it to the original method with a REC- receipt, once per Idempotency-Key; the books agree', async () => {
    const r = await rentalWithDeposit(owner, 500);
    const listed = await depositOf(r.id);
    expect(listed).toMatchObject({
      id: r.id,
      status: 'held',
      received: 500,
      held: 500,
      applied: 0,
      refunded: 0,
      method: 'credit_card',
      returnDate: null,
      releaseDueDate: null,
      overdue: false,
    });
    const held = ok(await get('/api/v1/deposits?status=held&limit=100', owner));
    expect(held.items.map((d: { id: string }) => d.id)).toContain(r.id);
    expect(held.releaseDays).toBe(14); // a US company: 14 days unless set
    expect(held.summary.heldTotal).toBeGreaterThanOrEqual(500);

    const refund = (key: string) =>
      post(`/api/v1/deposits/${r.id}/refund`, { amount: 200 }, owner, { 'idempotency-key': key });
    const first = ok(await refund('dep-refund-1'), 201);
    expect(first.deposit).toMatchObject({ status: 'held', held: 300, refunded: 200 });
    expect(first.entry).toMatchObject({
      type: 'refund',
      category: 'security_deposit_refund',
      method: 'credit_card',
      amount: 200,
    });
    expect(first.entry.receiptNumber).toMatch(/^REC-\d+$/);
    const again = ok(await refund('dep-refund-1'), 201);
    expect(again.entry.id).toBe(first.entry.id);
    expect((await depositOf(r.id)).held).toBe(300);

    const rest = ok(await post(`/api/v1/deposits/${r.id}/refund`, { amount: 300, method: 'cash' }, owner), 201);
    expect(rest.deposit).toMatchObject({ status: 'refunded', held: 0, refunded: 500 });
    expect((await post(`/api/v1/deposits/${r.id}/refund`, { amount: 1 }, owner)).status).toBe(409);
    expect(
      (await get('/api/v1/deposits?status=refunded&limit=100', owner)).body.items.map((d: { id: string }) => d.id),
    ).toContain(r.id);
    await selfCheckGreen();
  });

  it('applies the deposit to a charge that arrived after the return (partially applied), then to the balance; journal = ledger', async () => {
    const r = await rentalWithDeposit(owner, 600, 'cash');
    ok(
      await post(
        `/api/v1/rentals/${r.id}/return`,
        { odometerEnd: 10_100, condition: 'good', fuelLevelEnd: 'full' },
        owner,
      ),
    );
    const before = ok(await get(`/api/v1/rentals/${r.id}`, owner));
    const returned = await depositOf(r.id);
    expect(returned.returnDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(returned.releaseDueDate).toBe(addDays(returned.returnDate, 14));

    const applied = ok(
      await post(
        `/api/v1/deposits/${r.id}/apply`,
        { amount: 150, charge: { category: 'damage_fees', label: 'Scratch found after return', amount: 150 } },
        owner,
      ),
      201,
    );
    expect(applied.deposit).toMatchObject({ status: 'partially_applied', held: 450, applied: 150, refunded: 0 });
    expect(applied.rental.balance).toBe(before.balance); // the charge and its payment from the deposit
    const ledger = await ledgerOf(r.id);
    expect(
      ledger.items
        .slice(-3)
        .map((e: { type: string; category: string; method: string | null; amount: number }) => [
          e.type,
          e.category,
          e.method,
          e.amount,
        ]),
    ).toEqual([
      ['charge', 'damage_fees', null, 150],
      ['refund', 'security_deposit_refund', 'security_deposit', 150],
      ['payment', 'payment', 'security_deposit', 150],
    ]);
    expect(ledger.deposit.held).toBe(450);

    // What the customer still owes for the rental comes out of the deposit too.
    const owed = before.balance as number;
    expect(owed).toBeGreaterThan(0);
    const toBalance = ok(await post(`/api/v1/deposits/${r.id}/apply`, { amount: owed }, owner), 201);
    expect(toBalance.rental.balance).toBe(0);
    expect(toBalance.deposit.held).toBe(Math.round((450 - owed) * 100) / 100);
    await selfCheckGreen();
  });

  it('bad input answers 400 with the field and writes nothing; nothing to apply to answers 400', async () => {
    const r = await rentalWithDeposit(owner, 100);
    const entries = (await ledgerOf(r.id)).items.length;
    const negative = await post(`/api/v1/deposits/${r.id}/refund`, { amount: -5 }, owner);
    expect(negative.status).toBe(400);
    expect(negative.body.error.fields.amount).toBeTruthy();
    const over = await post(`/api/v1/deposits/${r.id}/refund`, { amount: 100.01 }, owner);
    expect(over.status).toBe(400);
    const overApply = await post(
      `/api/v1/deposits/${r.id}/apply`,
      { amount: 101, charge: { category: 'damage_fees', label: 'Dent', amount: 500 } },
      owner,
    );
    expect(overApply.body.error.fields.amount).toBe(COLLECTIONS_MESSAGES.applyOverDeposit);
    // The customer owes 10 once most of the rental is paid: 50 of the deposit is more than that.
    const rental = ok(await get(`/api/v1/rentals/${r.id}`, owner));
    ok(await post(`/api/v1/rentals/${r.id}/payments`, { amount: rental.balance - 10, method: 'cash' }, owner), 201);
    const paidEntries = (await ledgerOf(r.id)).items.length;
    expect(paidEntries).toBe(entries + 1);
    const overBalance = await post(`/api/v1/deposits/${r.id}/apply`, { amount: 50 }, owner);
    expect(overBalance.status).toBe(400);
    expect(overBalance.body.error.fields.amount).toBe(COLLECTIONS_MESSAGES.applyOverBalance);
    const noLabel = await post(
      `/api/v1/deposits/${r.id}/apply`,
      { amount: 1, charge: { category: 'damage_fees', label: '', amount: 1 } },
      owner,
    );
    expect(noLabel.body.error.fields['charge.label']).toBe(COLLECTIONS_MESSAGES.chargeLabelRequired);
    const badStatus = await get('/api/v1/deposits?status=lost', owner);
    expect(badStatus.status).toBe(400);
    expect((await ledgerOf(r.id)).items.length).toBe(paidEntries);
    expect((await depositOf(r.id)).held).toBe(100);
  });

  it("roles: MECHANIC cannot see or move deposits (403); another company's deposit is 404", async () => {
    const r = await rentalWithDeposit(owner, 80);
    expect((await get('/api/v1/deposits', t.mechanic.token)).status).toBe(403);
    expect((await post(`/api/v1/deposits/${r.id}/refund`, { amount: 1 }, t.mechanic.token)).status).toBe(403);
    expect((await get('/api/v1/deposits', t.staff.token)).status).toBe(200);
    const other = await registerTenant();
    expect((await post(`/api/v1/deposits/${r.id}/refund`, { amount: 1 }, other.token)).status).toBe(404);
    expect((await post(`/api/v1/deposits/${r.id}/apply`, { amount: 1 }, other.token)).status).toBe(404);
    expect((await get('/api/v1/deposits', other.token)).body.items).toEqual([]);
    expect((await depositOf(r.id)).held).toBe(80);
  });

  it('the release lag is a company setting (empty: the region default); a bad value is refused', async () => {
    const settings = ok(await get('/api/v1/company/settings', owner));
    expect(settings.depositReleaseDays).toBeNull();
    const bad = await call('/api/v1/company/settings', {
      method: 'PUT',
      token: owner,
      body: { version: settings.version, depositReleaseDays: 400 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.depositReleaseDays).toBe(SETTINGS_MESSAGES.depositReleaseRange);
    const set = ok(
      await call('/api/v1/company/settings', {
        method: 'PUT',
        token: owner,
        body: { version: settings.version, depositReleaseDays: 7 },
      }),
    );
    expect((await get('/api/v1/deposits?limit=1', owner)).body.releaseDays).toBe(7);
    ok(
      await call('/api/v1/company/settings', {
        method: 'PUT',
        token: owner,
        body: { version: set.version, depositReleaseDays: null },
      }),
    );
    expect((await get('/api/v1/deposits?limit=1', owner)).body.releaseDays).toBe(14);
  });

  it('a deposit held past its release date raises one alert (a re-run raises nothing more)', async () => {
    const r = await rentalWithDeposit(owner, 250);
    ok(await post(`/api/v1/rentals/${r.id}/return`, { odometerEnd: 10_050, condition: 'good' }, owner));
    const later = new Date(Date.now() + 20 * DAY).toISOString();
    await alertsJob({ time: later, onlyTenants: [t.owner.tenantId] });
    await alertsJob({ time: later, onlyTenants: [t.owner.tenantId] });
    const alerts = (
      await queryAll<{ type: string; relatedEntityId: string; entityType: string }>({
        tenantId: t.owner.tenantId,
        pk: tenantPk(t.owner.tenantId, 'ALERT'),
        max: 5000,
      })
    ).filter((a) => a.type === 'deposit_release_due' && a.relatedEntityId === r.id);
    expect(alerts).toHaveLength(1);
  });
});

describe('outstanding balances', () => {
  it('ages what is owed by due date on a fixed clock, by rental and by customer, with filters', async () => {
    const r = await rentalWithDeposit(owner, 0.01, 'cash', { fullNameEnglish: 'Aging Customer Zed' });
    ok(await post(`/api/v1/rentals/${r.id}/return`, { odometerEnd: 10_010, condition: 'good' }, owner));
    const rental = ok(await get(`/api/v1/rentals/${r.id}`, owner));
    expect(rental.balance).toBeGreaterThan(0);
    const returnDay = (await depositOf(r.id)).returnDate as string;
    const at = async (asOf: string) => {
      const report = ok(await get(`/api/v1/receivables/aging?asOf=${asOf}&customerId=${r.customerId}`, owner));
      return report;
    };
    const cases: [number, string][] = [
      [0, 'current'],
      [1, 'd1_30'],
      [30, 'd1_30'],
      [31, 'd31_60'],
      [75, 'd61_90'],
      [91, 'over90'],
    ];
    for (const [days, bucket] of cases) {
      const report = await at(addDays(returnDay, days));
      expect(report.rentals, `${days} days`).toHaveLength(1);
      expect(report.rentals[0].lines[0]).toMatchObject({
        kind: 'rental',
        dueDate: returnDay,
        bucket,
        amount: rental.balance,
      });
      expect(report.rentals[0].buckets[bucket]).toBe(rental.balance);
      expect(report.customers[0]).toMatchObject({
        customerId: r.customerId,
        customerName: 'Aging Customer Zed',
        rentals: 1,
      });
      expect(report.totals.total).toBe(rental.balance);
    }
    const over = ok(
      await get(`/api/v1/receivables/aging?asOf=${addDays(returnDay, 10)}&minBucket=d31_60&q=zed`, owner),
    );
    expect(over.rentals).toEqual([]);
    const byName = ok(
      await get(`/api/v1/receivables/aging?asOf=${addDays(returnDay, 40)}&q=aging%20customer%20zed`, owner),
    );
    expect(byName.rentals.map((x: { rentalId: string }) => x.rentalId)).toEqual([r.id]);
    expect(byName.totals.d31_60).toBe(rental.balance);
    expect((await get('/api/v1/receivables/aging?asOf=2026-02-30', owner)).body.error.fields.asOf).toBe(
      COLLECTIONS_MESSAGES.asOfInvalid,
    );
    expect((await get('/api/v1/receivables/aging', t.mechanic.token)).status).toBe(403);
  });

  it('an open invoice is aged by its own due date', async () => {
    const r = await rentalWithDeposit(owner, 0.01, 'cash', { fullNameEnglish: 'Invoice Ager' });
    ok(await post(`/api/v1/rentals/${r.id}/return`, { odometerEnd: 10_010, condition: 'good' }, owner));
    const draft = ok(await post('/api/v1/invoices', { rentalId: r.id }, owner), 201);
    const issued = ok(await post(`/api/v1/invoices/${draft.id}/issue`, {}, owner));
    const report = ok(
      await get(`/api/v1/receivables/aging?asOf=${addDays(issued.dueDate, 95)}&customerId=${r.customerId}`, owner),
    );
    const line = report.rentals[0].lines.find((l: { kind: string }) => l.kind === 'invoice');
    expect(line).toMatchObject({
      invoiceId: draft.id,
      invoiceNumber: issued.number,
      dueDate: issued.dueDate,
      bucket: 'over90',
      daysPastDue: 95,
    });
  });

  it('"send reminder" emails the open balances (SES store) once a day per customer', async () => {
    const email = `remind.${Date.now()}@example.test`;
    const r = await rentalWithDeposit(owner, 0.01, 'cash', { fullNameEnglish: 'Reminder Customer', email });
    ok(await post(`/api/v1/rentals/${r.id}/return`, { odometerEnd: 10_010, condition: 'good' }, owner));
    const draft = ok(await post('/api/v1/invoices', { rentalId: r.id }, owner), 201);
    const issued = ok(await post(`/api/v1/invoices/${draft.id}/issue`, {}, owner));
    expect((await post(`/api/v1/receivables/customers/${r.customerId}/remind`, {}, t.mechanic.token)).status).toBe(403);
    const sent = ok(await post(`/api/v1/receivables/customers/${r.customerId}/remind`, {}, t.staff.token));
    expect(sent).toMatchObject({ sentTo: email, invoices: 1 });
    const store = (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
      emails: {
        destination: { to: string[] };
        subject: string;
        body: { text?: string };
        attachments?: { filename: string }[];
      }[];
    };
    const mails = store.emails.filter((e) => e.destination.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('payment reminder');
    expect(mails[0].attachments?.map((a) => a.filename)).toEqual([`${issued.number}.pdf`]);
    const twice = await post(`/api/v1/receivables/customers/${r.customerId}/remind`, {}, owner);
    expect(twice.status).toBe(409);
    const again = (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as typeof store;
    expect(again.emails.filter((e) => e.destination.to.includes(email))).toHaveLength(1);
    const report = ok(await get(`/api/v1/receivables/aging?customerId=${r.customerId}`, owner));
    expect(report.customers[0].remindedToday).toBe(true);
    const other = await registerTenant();
    expect((await post(`/api/v1/receivables/customers/${r.customerId}/remind`, {}, other.token)).status).toBe(404);
  });
});

describe('revenue protection', () => {
  it('lists a rental returned with a balance, a deposit refunded while owing, and extra km not charged — each with its link and in the totals', async () => {
    const r = await rentalWithDeposit(owner, 100, 'cash');
    ok(
      await post(
        `/api/v1/rentals/${r.id}/return`,
        { odometerEnd: 11_500, condition: 'good', fuelLevelEnd: 'full' },
        owner,
      ),
    );
    ok(await post(`/api/v1/deposits/${r.id}/refund`, { amount: 100 }, owner), 201);
    // The extra km charge waived afterwards: the readings still imply it.
    const ledger = await ledgerOf(r.id);
    const km = ledger.items.find(
      (e: { category: string; type: string }) => e.type === 'charge' && e.category === 'extra_km',
    );
    expect(km).toBeTruthy();
    ok(await post(`/api/v1/rentals/${r.id}/ledger/${km.id}/reverse`, { reason: 'Goodwill' }, owner), 201);
    const rental = ok(await get(`/api/v1/rentals/${r.id}`, owner));

    const report = ok(await get('/api/v1/revenue-protection', owner));
    const mine = report.rows.filter((x: { id: string }) => x.id === r.id);
    const kinds = Object.fromEntries(mine.map((x: { kind: string }) => [x.kind, x]));
    expect(kinds.returned_with_balance).toMatchObject({
      amount: rental.balance,
      link: `/rentals/${r.id}`,
      reference: rental.referenceNumber,
    });
    expect(kinds.deposit_refunded_with_balance).toMatchObject({
      amount: Math.min(100, rental.balance),
      link: `/rentals/${r.id}`,
    });
    expect(kinds.usage_not_charged).toMatchObject({ amount: km.amount, link: `/rentals/${r.id}` });
    // The total counts each rental's money once (the refunded deposit is inside its balance).
    const returnedIds = new Set(
      report.rows.filter((x: { kind: string }) => x.kind === 'returned_with_balance').map((x: { id: string }) => x.id),
    );
    const counted = report.rows.filter(
      (x: { kind: string; id: string }) => !(x.kind === 'deposit_refunded_with_balance' && returnedIds.has(x.id)),
    );
    expect(report.total).toBe(
      Math.round(counted.reduce((s: number, x: { amount: number }) => s + x.amount * 100, 0)) / 100,
    );
    expect(report.byKind.returned_with_balance.count).toBeGreaterThanOrEqual(1);

    // Paid in full: the balance rows go; charging the km again clears the shortfall.
    ok(
      await post(
        `/api/v1/rentals/${r.id}/charges`,
        { amount: km.amount, category: 'extra_km', label: 'Extra km' },
        owner,
      ),
      201,
    );
    const owing = ok(await get(`/api/v1/rentals/${r.id}`, owner)).balance;
    ok(await post(`/api/v1/rentals/${r.id}/payments`, { amount: owing, method: 'cash' }, owner), 201);
    const after = ok(await get('/api/v1/revenue-protection', owner));
    expect(after.rows.filter((x: { id: string }) => x.id === r.id)).toEqual([]);
    expect((await get('/api/v1/revenue-protection', t.staff.token)).status).toBe(403);
    expect((await get('/api/v1/revenue-protection', t.admin.token)).status).toBe(200);
    await selfCheckGreen();
  });

  it('lists an active monthly rental whose invoicing is more than one period behind (the invoicing index), linking to invoice automation', async () => {
    const vehicleId = (await createVehicle(owner)).id as string;
    const customerId = (await createCustomer(owner, { fullNameEnglish: 'Long Renter' })).id as string;
    const start = Date.now() - 75 * DAY;
    const rental = ok(
      await post(
        '/api/v1/rentals',
        {
          customerId,
          vehicleId,
          startDate: iso(start),
          openEnded: true,
          expectedDuration: 90,
          rentalType: 'monthly',
          dailyRate: 100,
          monthlyRate: 2500,
        },
        owner,
      ),
      201,
    );
    ok(
      await post(
        `/api/v1/rentals/${rental.id}/pickup`,
        { odometerStart: 5_000, fuelLevelStart: 'full', pickedUpAt: iso(start) },
        owner,
      ),
    );
    const report = ok(await get('/api/v1/revenue-protection', owner));
    const row = report.rows.find((x: { kind: string; id: string }) => x.kind === 'not_invoiced' && x.id === rental.id);
    expect(row).toMatchObject({
      link: '/dashboard/invoice-automation',
      amount: 5000,
      reference: rental.referenceNumber,
    });
    expect(row.params.periods).toBe('2');
  });
});
