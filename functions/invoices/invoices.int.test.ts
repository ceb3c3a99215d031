import { beforeAll, describe, expect, it } from 'vitest';
import { get, patch, post, setupBooks, checkBooks } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { keys } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';

/**
 * Invoices over HTTP (issue 19): a draft from a rental, its figures equal to the GL, issue with
 * a gap-free INV- number and NO second posting, locked after issue (409), credit note reversing
 * through the rental ledger and the GL (self-check green), 20 concurrent issues → 20 consecutive
 * numbers, the PDF (stored once, presigned), email through the SES emulator, bad input (400,
 * nothing written), another company (404), roles (MECHANIC 403, STAFF read-only).
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;
let seq = 0;

async function setCompany(tenantId: string, values: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const vals: Record<string, unknown> = {};
  const sets = Object.entries(values).map(([k, v], i) => {
    names[`#f${i}`] = k;
    vals[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  await updateRaw({
    Key: keys.settings(tenantId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: vals,
  });
}

const base = Date.UTC(2034, 2, 1, 10);
async function book(over: Record<string, unknown> = {}, customerOver: Record<string, unknown> = {}) {
  const [vehicle, customer] = await Promise.all([
    createVehicle(owner),
    createCustomer(owner, { fullNameEnglish: `Invoice Customer ${++seq}`, ...customerOver }),
  ]);
  const start = base + seq * 4 * 86_400_000;
  const res = await post(
    '/api/v1/rentals',
    {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 86_400_000).toISOString(),
      dailyRate: 100,
      taxRate: 5,
      ...over,
    },
    owner,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; referenceNumber: string; customerId: string };
}

async function selfCheck() {
  const res = await checkBooks(owner);
  expect(res.status).toBe(200);
  for (const c of res.body.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

async function rentalJournal(rentalId: string) {
  const res = await get('/api/v1/accounting/journal-entries?source=rental&limit=100', owner);
  expect(res.status).toBe(200);
  const entries = (
    res.body.items as { sourceId: string; lines: { accountCode: string; debit: number; credit: number }[] }[]
  ).filter((e) => e.sourceId === rentalId);
  const net: Record<string, number> = {};
  for (const e of entries)
    for (const l of e.lines)
      net[l.accountCode] = Math.round(((net[l.accountCode] ?? 0) + l.debit - l.credit) * 100) / 100;
  return { count: entries.length, net };
}

const draft = async (body: Record<string, unknown>, token = owner) => post('/api/v1/invoices', body, token);

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  await setCompany(t.owner.tenantId, {
    preferences: { region: 'AE', language: 'en' },
    enableVat: true,
    vatRate: 0.05,
    vatNumber: '100123456700003',
    address: 'Al Quoz, Dubai',
  });
  expect((await setupBooks(owner)).status).toBe(200);
}, 120_000);

describe('draft → issue → locked → credit note', () => {
  let rental: { id: string; referenceNumber: string; customerId: string };
  let invoiceId: string;

  it('drafts an invoice with the rental charges (a booking not picked up yet: nothing in the books before its tax invoice)', async () => {
    rental = await book({}, { email: 'invoice.customer@example.test' });
    expect(
      (
        await post(
          `/api/v1/rentals/${rental.id}/charges`,
          { amount: 210, label: 'Scratch repair', category: 'damage_fees' },
          owner,
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await post(
          `/api/v1/rentals/${rental.id}/charges`,
          { amount: 50, label: 'Speeding fine', category: 'traffic_fines' },
          owner,
        )
      ).status,
    ).toBe(201);
    const res = await draft({ rentalId: rental.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    invoiceId = res.body.id;
    expect(res.body).toMatchObject({
      status: 'draft',
      number: null,
      currency: 'AED',
      rentalReference: rental.referenceNumber,
      amountPaid: 0,
    });
    const gl = await rentalJournal(rental.id);
    expect([gl.net['1310'], gl.net['2310']]).toEqual([undefined, undefined]);
    expect(Math.round((res.body.subtotal + res.body.vat) * 100) / 100).toBe(res.body.total);
    const fine = res.body.lines.find((l: { category: string }) => l.category === 'traffic_fines');
    expect(fine).toMatchObject({ vat: 0, vatCode: null, net: 50 });
    const damage = res.body.lines.find((l: { category: string }) => l.category === 'damage_fees');
    expect(damage).toMatchObject({ total: 210, vat: 10, net: 200, vatCode: 'AE_SR_DU', vatRatePercent: 5 });
    const rentalAfter = await get(`/api/v1/rentals/${rental.id}`, owner);
    expect(res.body.total).toBe(rentalAfter.body.totalAmount);
  });

  it('edits a draft, then issues it with an INV- number and due date; the tax invoice of a booking posts its charges (issue 26: the earliest tax point), so the GL holds its total and VAT', async () => {
    expect(
      (await patch(`/api/v1/invoices/${invoiceId}`, { notes: 'Thank you for renting with us' }, owner)).status,
    ).toBe(200);
    const before = await rentalJournal(rental.id);
    const res = await post(`/api/v1/invoices/${invoiceId}/issue`, {}, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.number).toMatch(/^INV-\d+$/);
    expect(res.body).toMatchObject({
      status: 'issued',
      notes: 'Thank you for renting with us',
      balance: res.body.total,
      hasPdf: true,
    });
    const due = new Date(`${res.body.issueDate}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 7);
    expect(res.body.dueDate).toBe(due.toISOString().slice(0, 10));
    expect(res.body.seller).toMatchObject({ vatNumber: '100123456700003', address: 'Al Quoz, Dubai' });
    const after = await rentalJournal(rental.id);
    expect(after.count).toBe(before.count + 1);
    expect(after.net['1310']).toBe(res.body.total);
    expect(-(after.net['2310'] ?? 0)).toBe(res.body.vat);
    await selfCheck();
  });

  it('an issued invoice is locked: edit → 409 INVOICE_LOCKED, issue again → 409; its charges cannot be invoiced twice', async () => {
    const edit = await patch(`/api/v1/invoices/${invoiceId}`, { notes: 'changed' }, owner);
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('INVOICE_LOCKED');
    expect((await post(`/api/v1/invoices/${invoiceId}/issue`, {}, owner)).status).toBe(409);
    // Nor can one of its charges be reversed by hand on the rental: the credit note does that.
    const ledger = (await get(`/api/v1/rentals/${rental.id}/ledger`, owner)).body.items as {
      id: string;
      category: string;
      type: string;
    }[];
    const damage = ledger.find((e) => e.category === 'damage_fees' && e.type === 'charge')!;
    const reverse = await post(
      `/api/v1/rentals/${rental.id}/ledger/${damage.id}/reverse`,
      { reason: 'by hand' },
      owner,
    );
    expect(reverse.status).toBe(409);
    expect(reverse.body.error.code).toBe('INVOICE_LOCKED');
    const again = await draft({ rentalId: rental.id });
    expect(again.status).toBe(400);
    expect(again.body.error.fields.rentalId).toBe('There are no charges to invoice for this rental or period');
  });

  it('two drafts of the same charges: only the first issue wins', async () => {
    const r = await book();
    const [a, b] = await Promise.all([draft({ rentalId: r.id }), draft({ rentalId: r.id })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const first = await post(`/api/v1/invoices/${a.body.id}/issue`, {}, owner);
    expect(first.status).toBe(200);
    // An invoiced (pending) rental is not cancelled around its invoice: the credit note comes first.
    const cancel = await post(`/api/v1/rentals/${r.id}/cancel`, { reason: 'Plans changed' }, owner);
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.code).toBe('INVOICE_LOCKED');
    const second = await post(`/api/v1/invoices/${b.body.id}/issue`, {}, owner);
    expect(second.status).toBe(409);
    expect((await get(`/api/v1/invoices/${b.body.id}`, owner)).body.status).toBe('draft');
  });

  it('serves the PDF from one immutable key, and emails it with the PDF attached (SES emulator)', async () => {
    const one = await get(`/api/v1/invoices/${invoiceId}/pdf`, owner);
    expect(one.status).toBe(200);
    const two = await get(`/api/v1/invoices/${invoiceId}/pdf`, owner);
    expect(new URL(one.body.url).pathname).toBe(new URL(two.body.url).pathname);
    expect(new URL(one.body.url).pathname).toMatch(/\/invoices\/[0-9A-Z]+\/v1-INV-\d+\.pdf$/);
    const file = await fetch(one.body.url);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const sent = await post(`/api/v1/invoices/${invoiceId}/email`, {}, owner);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sentTo).toBe('invoice.customer@example.test');
    const store = (await (await fetch(`${process.env.SES_ENDPOINT}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string; attachments?: { filename: string; size: number }[] }[];
    };
    const mail = store.emails.filter((e) => e.destination.to.includes('invoice.customer@example.test')).at(-1)!;
    expect(mail.subject).toContain(
      sent.body.sentTo ? (await get(`/api/v1/invoices/${invoiceId}`, owner)).body.number : '',
    );
    expect(mail.attachments?.[0]?.filename).toMatch(/^INV-\d+\.pdf$/);
    expect(mail.attachments?.[0]?.size).toBe(bytes.length);
  });

  it('a credit note reverses the invoice through the rental ledger and the GL and voids it', async () => {
    const invoice = (await get(`/api/v1/invoices/${invoiceId}`, owner)).body;
    const rentalBefore = (await get(`/api/v1/rentals/${rental.id}`, owner)).body;
    const bad = await post(`/api/v1/invoices/${invoiceId}/credit-note`, { reason: '' }, owner);
    expect(bad.status).toBe(400);
    const res = await post(`/api/v1/invoices/${invoiceId}/credit-note`, { reason: 'Wrong damage charge' }, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'void', balance: 0 });
    expect(res.body.creditNoteNumber).toMatch(/^CN-\d+$/);
    expect(res.body.creditNote).toMatchObject({
      invoiceId,
      invoiceNumber: invoice.number,
      total: invoice.total,
      reason: 'Wrong damage charge',
    });
    const rentalAfter = (await get(`/api/v1/rentals/${rental.id}`, owner)).body;
    expect(Math.round((rentalBefore.balance - rentalAfter.balance) * 100) / 100).toBe(invoice.total);
    const gl = await rentalJournal(rental.id);
    expect(gl.net['1310'] ?? 0).toBe(0);
    expect(gl.net['2310'] ?? 0).toBe(0);
    await selfCheck();
    expect((await post(`/api/v1/invoices/${invoiceId}/credit-note`, { reason: 'again' }, owner)).status).toBe(409);
    // Email needs an address: a customer without one → 400 on the field.
    const noMail = await book();
    const d = await draft({ rentalId: noMail.id });
    expect((await post(`/api/v1/invoices/${d.body.id}/email`, {}, owner)).status).toBe(409);
    expect((await post(`/api/v1/invoices/${d.body.id}/issue`, {}, owner)).status).toBe(200);
    const refused = await post(`/api/v1/invoices/${d.body.id}/email`, {}, owner);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.to).toBe('This customer has no email address. Enter one to send the invoice.');
    const pdf = await get(`/api/v1/invoices/${invoiceId}/pdf?document=credit_note`, owner);
    expect(pdf.status).toBe(200);
    expect(pdf.body.fileName).toMatch(/^CN-\d+\.pdf$/);
  });

  it('a credit note retried with the same Idempotency-Key answers the first result and writes one credit note', async () => {
    const r = await book();
    const d = await draft({ rentalId: r.id });
    expect((await post(`/api/v1/invoices/${d.body.id}/issue`, {}, owner)).status).toBe(200);
    const key = { 'Idempotency-Key': `cn-${d.body.id}` };
    const [a, b] = await Promise.all([
      post(`/api/v1/invoices/${d.body.id}/credit-note`, { reason: 'Duplicate booking' }, owner, key),
      post(`/api/v1/invoices/${d.body.id}/credit-note`, { reason: 'Duplicate booking' }, owner, key),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 201]);
    expect(a.body.creditNoteNumber).toBe(b.body.creditNoteNumber);
    expect((await get(`/api/v1/rentals/${r.id}`, owner)).body.balance).toBe(0);
    await selfCheck();
  });

  it('lists with status filters, search by number, customer and rental, and page totals', async () => {
    const voided = await get('/api/v1/invoices?status=void', owner);
    expect(voided.body.items.map((i: { id: string }) => i.id)).toContain(invoiceId);
    const byNumber = await get(
      `/api/v1/invoices?q=${encodeURIComponent((await get(`/api/v1/invoices/${invoiceId}`, owner)).body.number)}`,
      owner,
    );
    expect(byNumber.body.items.map((i: { id: string }) => i.id)).toEqual([invoiceId]);
    const byRental = await get(`/api/v1/invoices?rentalId=${rental.id}`, owner);
    expect(byRental.body.items.map((i: { id: string }) => i.id)).toEqual([invoiceId]);
    const byCustomer = await get(`/api/v1/invoices?customerId=${rental.customerId}`, owner);
    expect(byCustomer.body.items.map((i: { id: string }) => i.id)).toEqual([invoiceId]);
    const issued = await get('/api/v1/invoices?status=issued&limit=100', owner);
    const sum = issued.body.items.reduce((s: number, i: { total: number }) => s + Math.round(i.total * 100), 0) / 100;
    expect(issued.body.totals.total).toBe(sum);
    expect(issued.body.items.every((i: { status: string }) => i.status === 'issued')).toBe(true);
  });
});

describe('billing period of a long rental', () => {
  it('an open-ended rental: the rent through the period end is posted at issue with its journal, once', async () => {
    const [vehicle, customer] = await Promise.all([
      createVehicle(owner),
      createCustomer(owner, { fullNameEnglish: `Long Renter ${++seq}` }),
    ]);
    const start = '2034-09-01T09:00:00.000Z';
    const booked = await post(
      '/api/v1/rentals',
      {
        vehicleId: vehicle.id,
        customerId: customer.id,
        startDate: start,
        openEnded: true,
        expectedDuration: 3,
        dailyRate: 100,
        taxRate: 5,
      },
      owner,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const r = booked.body as { id: string };
    const before = (await get(`/api/v1/rentals/${r.id}`, owner)).body.totalAmount;
    // issue 26: an open-ended rental charges nothing at booking (expectedDuration plans, it does not bill)
    expect(before).toBe(0);
    // Period 1–10 September (Dubai): 10 days × 100 + 5 % tax pending on the draft.
    const d = await draft({ rentalId: r.id, periodStart: '2034-09-01', periodEnd: '2034-09-10' });
    expect(d.status, JSON.stringify(d.body)).toBe(201);
    expect(d.body.total).toBe(1050);
    expect((await get(`/api/v1/rentals/${r.id}`, owner)).body.totalAmount).toBe(0); // a draft posts nothing
    const issued = await post(`/api/v1/invoices/${d.body.id}/issue`, {}, owner);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.total).toBe(1050);
    const rentalAfter = (await get(`/api/v1/rentals/${r.id}`, owner)).body;
    expect(rentalAfter.totalAmount).toBe(1050);
    const gl = await rentalJournal(r.id);
    expect(gl.net['1310']).toBe(1050);
    expect(-gl.net['2310']).toBe(issued.body.vat);
    await selfCheck();
    // The same period again: nothing left to bill or invoice.
    const again = await draft({ rentalId: r.id, periodStart: '2034-09-01', periodEnd: '2034-09-10' });
    expect(again.status).toBe(400);
    // The next period bills the next days only.
    const next = await draft({ rentalId: r.id, periodStart: '2034-09-11', periodEnd: '2034-09-20' });
    expect(next.status).toBe(201);
    expect(next.body.total).toBe(1050);
  });

  it('invoices only the charges posted up to the period end', async () => {
    const r = await book();
    const today = (await get('/api/v1/accounting/summary', owner)).body.asOf as string;
    const none = await draft({ rentalId: r.id, periodStart: '2020-01-01', periodEnd: '2020-01-31' });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.periodStart).toBe('There are no charges to invoice for this rental or period');
    const now = await draft({ rentalId: r.id, periodStart: today, periodEnd: today });
    expect(now.status).toBe(201);
    expect(now.body).toMatchObject({ scope: 'period', periodStart: today, periodEnd: today });
  });
});

describe('20 concurrent issues', () => {
  it('give 20 distinct consecutive INV- numbers', async () => {
    const rentals = [];
    for (let i = 0; i < 20; i++) rentals.push(await book());
    const drafts = await Promise.all(rentals.map((r) => draft({ rentalId: r.id })));
    for (const d of drafts) expect(d.status).toBe(201);
    const started = Date.now();
    const issued = await Promise.all(drafts.map((d) => post(`/api/v1/invoices/${d.body.id}/issue`, {}, owner)));
    console.log(`20 concurrent invoice issues: ${Date.now() - started} ms in all`);
    for (const res of issued) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const numbers = issued.map((r) => Number(String(r.body.number).replace('INV-', ''))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19] - numbers[0]).toBe(19);
    await selfCheck();
  }, 180_000);
});

describe('bad input, other company, roles', () => {
  it('bad input → 400 with field errors and nothing written', async () => {
    const before = (await get('/api/v1/invoices?status=draft&limit=100', owner)).body.items.length;
    const a = await draft({ rentalId: 'not-an-id' });
    expect(a.status).toBe(400);
    expect(a.body.error.fields.rentalId).toBeTruthy();
    const r = await book();
    const b = await draft({ rentalId: r.id, periodStart: '2034-01-01' });
    expect(b.status).toBe(400);
    expect(b.body.error.fields.periodEnd).toBe('Give both the period start and the period end, or neither');
    const c = await draft({ rentalId: r.id, periodStart: '2034-02-01', periodEnd: '2034-01-01' });
    expect(c.status).toBe(400);
    expect((await get('/api/v1/invoices?from=2034-02-01&to=2034-01-01', owner)).status).toBe(400);
    expect((await get('/api/v1/invoices?status=draft&limit=100', owner)).body.items.length).toBe(before);
  });

  it("another company's invoice → 404; an unknown rental → 404", async () => {
    const r = await book();
    const d = await draft({ rentalId: r.id });
    expect((await get(`/api/v1/invoices/${d.body.id}`, other.token)).status).toBe(404);
    expect((await post(`/api/v1/invoices/${d.body.id}/issue`, {}, other.token)).status).toBe(404);
    expect((await get(`/api/v1/invoices/${d.body.id}/pdf`, other.token)).status).toBe(404);
    expect((await draft({ rentalId: r.id }, other.token)).status).toBe(404);
    expect((await get(`/api/v1/invoices?rentalId=${r.id}`, other.token)).body.items).toEqual([]);
  });

  it('MECHANIC → 403 everywhere; STAFF reads but does not issue', async () => {
    expect((await get('/api/v1/invoices', t.mechanic.token)).status).toBe(403);
    const r = await book();
    expect((await draft({ rentalId: r.id }, t.mechanic.token)).status).toBe(403);
    expect((await get('/api/v1/invoices', t.staff.token)).status).toBe(200);
    expect((await draft({ rentalId: r.id }, t.staff.token)).status).toBe(403);
    const d = await draft({ rentalId: r.id }, t.admin.token);
    expect(d.status).toBe(201);
    expect((await get(`/api/v1/invoices/${d.body.id}`, t.staff.token)).status).toBe(200);
    expect((await post(`/api/v1/invoices/${d.body.id}/issue`, {}, t.staff.token)).status).toBe(403);
  });
});
