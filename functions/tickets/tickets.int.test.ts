import { beforeAll, describe, expect, it } from 'vitest';
import { call, get, patch, post, setupBooks, checkBooks } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle, uniquePlate } from '../../test/integration/entity-factories';
import { keys } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';
import { handler as alertsJob } from '../jobs/alerts';

/**
 * Traffic tickets, Salik tolls and alerts over HTTP (issue 13): matching at the window
 * boundaries, history with reasons, recharges posting balanced journals (self-check green),
 * imports that are idempotent with per-row errors, the unmatched queue, roles and tenancy.
 * A UAE company on Dubai time with VAT 5 %, admin fee 25 per fine and 1 per crossing.
 */
let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;
let plate: string;
let vehicleId: string;
/** Rental A: picked up and returned; B: booked the same day right after A; C: booked alone. */
const A = { start: '2034-03-01T08:00:00.000Z', returned: '2034-03-03T10:00:00.000Z' };
const B = { start: '2034-03-03T10:30:00.000Z', end: '2034-03-05T10:00:00.000Z' };
const C = { start: '2034-04-01T08:00:00.000Z', end: '2034-04-02T08:00:00.000Z' };
const ids: Record<string, { id: string; referenceNumber: string }> = {};

async function setCompany(tenantId: string) {
  await updateRaw({
    Key: keys.settings(tenantId),
    UpdateExpression: 'SET #pref = :pref, #vat = :vat, #rate = :rate, #tz = :tz, #p.#fee = :fee, #p.#toll = :toll',
    ExpressionAttributeNames: {
      '#pref': 'preferences',
      '#vat': 'enableVat',
      '#rate': 'vatRate',
      '#tz': 'timezone',
      '#p': 'pricing',
      '#fee': 'fineAdminFeeMinor',
      '#toll': 'tollAdminFeePerCrossingMinor',
    },
    ExpressionAttributeValues: {
      ':pref': { region: 'AE', language: 'en' },
      ':vat': true,
      ':rate': 0.05,
      ':tz': 'Asia/Dubai',
      ':fee': 2500,
      ':toll': 100,
    },
  });
}

async function selfCheckPassed() {
  const res = await checkBooks(owner);
  expect(res.status).toBe(200);
  for (const c of res.body.checks) expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 400)}`).toBe(true);
}

/** Box 1b (Dubai standard-rated supplies) of the VAT return over every date. */
async function dubaiBox(): Promise<{ amount: number; vat: number }> {
  const res = await get('/api/v1/accounting/vat-report?from=2000-01-01&to=2099-12-31', owner);
  expect(res.status).toBe(200);
  return res.body.boxes.find((b: { box: string }) => b.box === '1b');
}

async function book(start: string, end: string) {
  const customer = await createCustomer(owner, {
    fullNameEnglish: `Fine Payer ${start.slice(0, 13)}`,
    dateOfBirth: '1985-01-01',
  });
  const res = await post(
    '/api/v1/rentals',
    { vehicleId, customerId: customer.id, startDate: start, endDate: end, dailyRate: 100, taxRate: 5 },
    owner,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; referenceNumber: string };
}

const ticket = (over: Record<string, unknown>) =>
  post(
    '/api/v1/traffic-tickets',
    {
      ticketNumber: `TN-${Math.random().toString(36).slice(2, 10)}`,
      plate,
      amount: 600,
      violationType: 'Speeding',
      ...over,
    },
    owner,
  );

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  await setCompany(t.owner.tenantId);
  expect((await setupBooks(owner)).status).toBe(200);
  plate = uniquePlate('D');
  vehicleId = (await createVehicle(owner, { licensePlate: plate })).id;
  ids.A = await book(A.start, '2034-03-03T08:00:00.000Z');
  expect(
    (
      await post(
        `/api/v1/rentals/${ids.A.id}/pickup`,
        { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: A.start },
        owner,
      )
    ).status,
  ).toBe(200);
  const ret = await post(
    `/api/v1/rentals/${ids.A.id}/return`,
    { odometerEnd: 1200, condition: 'good', fuelLevelEnd: 'full', returnDate: A.returned },
    owner,
  );
  expect(ret.status, JSON.stringify(ret.body)).toBe(200);
  ids.B = await book(B.start, B.end);
  ids.C = await book(C.start, C.end);
}, 120_000);

describe('matching a fine to the rental that had the vehicle', () => {
  it.each([
    ['the pickup minute of A', A.start, 'A'],
    ['one minute before A', '2034-03-01T07:59:00.000Z', null],
    ['20 minutes after A came back (grace), before B', '2034-03-03T10:20:00.000Z', 'A'],
    ["the start of B the same day (B's own window beats A's grace)", B.start, 'B'],
    ["59 minutes after C's end (grace)", '2034-04-02T08:59:00.000Z', 'C'],
    ["61 minutes after C's end", '2034-04-02T09:01:00.000Z', null],
  ])('%s', async (_name, at, expected) => {
    const res = await ticket({ violationDate: at });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (expected) {
      expect(res.body.matchState).toBe('matched');
      expect(res.body.rentalId).toBe(ids[expected].id);
      expect(res.body.rentalReference).toBe(ids[expected].referenceNumber);
      expect(res.body.customer).toMatch(/^Fine Payer/);
    } else {
      expect(res.body.matchState).toBe('no_rental');
      expect(res.body.rentalId).toBeNull();
    }
  });

  it('a plate the company does not have goes to the unmatched queue', async () => {
    const res = await ticket({ plate: uniquePlate('Q'), violationDate: A.start });
    expect(res.body.matchState).toBe('unmatched');
    const queue = await get('/api/v1/traffic-tickets?match=unmatched', owner);
    expect(queue.body.items.map((i: { id: string }) => i.id)).toContain(res.body.id);
  });

  it('a duplicate ticket number is refused (409) and a bad body writes nothing (400)', async () => {
    const first = await ticket({ violationDate: A.start });
    const again = await ticket({ ticketNumber: first.body.ticketNumber, violationDate: A.start });
    expect(again.status).toBe(409);
    const bad = await post(
      '/api/v1/traffic-tickets',
      { ticketNumber: '', plate, amount: -5, violationDate: '2034-02-30T10:00:00Z' },
      owner,
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(
      expect.arrayContaining(['ticketNumber', 'amount', 'violationDate']),
    );
  });
});

describe('fine notice', () => {
  it('uploads through a presigned URL; a key outside the company or never uploaded is refused', async () => {
    const target = await post(
      '/api/v1/traffic-tickets/upload-url',
      { fileName: 'notice.pdf', contentType: 'application/pdf', size: 9 },
      owner,
    );
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    expect(target.body.key).toMatch(new RegExp(`^tenants/${t.owner.tenantId}/tickets/`));
    expect(
      (await fetch(target.body.uploadUrl, { method: 'PUT', body: '%PDF-1.4\n', headers: target.body.headers })).ok,
    ).toBe(true);
    expect(
      (
        await post(
          '/api/v1/traffic-tickets/upload-url',
          { fileName: 'x.exe', contentType: 'application/x-msdownload', size: 9 },
          owner,
        )
      ).status,
    ).toBe(400);
    const foreign = await ticket({
      violationDate: A.start,
      fileKey: `tenants/${other.tenantId}/tickets/01JAAAAAAAAAAAAAAAAAAAAAAA-notice.pdf`,
      fileName: 'notice.pdf',
    });
    expect(foreign.status).toBe(400);
    const made = await ticket({ violationDate: A.start, fileKey: target.body.key, fileName: 'notice.pdf' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const read = await get(`/api/v1/traffic-tickets/${made.body.id}`, owner);
    expect(read.body.fileName).toBe('notice.pdf');
    expect(await (await fetch(read.body.fileUrl)).text()).toBe('%PDF-1.4\n');
  });
});

describe('history and status', () => {
  it('every change writes a history row; amount and status need a reason', async () => {
    const made = (await ticket({ violationDate: '2034-03-02T09:00:00.000Z' })).body;
    const noReason = await patch(`/api/v1/traffic-tickets/${made.id}`, { version: made.version, amount: 500 }, owner);
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBe('A reason is required when the amount or status changes');
    expect((await get(`/api/v1/traffic-tickets/${made.id}`, owner)).body.amount).toBe(600);

    const changed = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: made.version, amount: 500, notes: 'Police corrected it', reason: 'Authority reduced the fine' },
      owner,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.amount).toBe(500);
    const disputed = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: changed.body.version, status: 'disputed', reason: 'Customer was not driving' },
      owner,
    );
    expect(disputed.status).toBe(200);
    const refused = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: disputed.body.version, status: 'recharged', reason: 'x' },
      owner,
    );
    expect(refused.status).toBe(400);

    const history = (await get(`/api/v1/traffic-tickets/${made.id}/history`, owner)).body.items;
    expect(history[0].fieldChanged).toBe('created');
    expect(history.map((h: { fieldChanged: string }) => h.fieldChanged).sort()).toEqual([
      'amount',
      'created',
      'notes',
      'status',
    ]);
    const amount = history.find((h: { fieldChanged: string }) => h.fieldChanged === 'amount');
    expect(amount).toMatchObject({
      oldValue: '600',
      newValue: '500',
      reason: 'Authority reduced the fine',
      changedBy: t.owner.username,
    });
    expect(history.find((h: { fieldChanged: string }) => h.fieldChanged === 'status')).toMatchObject({
      oldValue: 'unpaid',
      newValue: 'disputed',
      reason: 'Customer was not driving',
    });
  });
});

describe('recharge', () => {
  it('charges the fine (no VAT) and the admin fee (VAT 5 %) to the returned rental, balanced, once', async () => {
    const made = (await ticket({ violationDate: '2034-03-02T12:00:00.000Z', amount: 400 })).body;
    expect(made.rentalId).toBe(ids.A.id);
    const before = (await get(`/api/v1/rentals/${ids.A.id}`, owner)).body;
    const res = await call(`/api/v1/traffic-tickets/${made.id}/recharge`, {
      method: 'POST',
      body: {},
      token: owner,
      headers: { 'Idempotency-Key': `rc-${made.id}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.ticket.status).toBe('recharged');
    expect(res.body.ticket.adminFee).toBe(25);
    const after = (await get(`/api/v1/rentals/${ids.A.id}`, owner)).body;
    expect(after.totalTrafficFines).toBe((before.totalTrafficFines ?? 0) + 400);
    expect(Math.round((after.balance - before.balance) * 100)).toBe(40_000 + 2_625);
    // A retry with the same key answers the same; a second recharge is refused.
    const retry = await call(`/api/v1/traffic-tickets/${made.id}/recharge`, {
      method: 'POST',
      body: {},
      token: owner,
      headers: { 'Idempotency-Key': `rc-${made.id}` },
    });
    expect(retry.status).toBe(201);
    expect((await post(`/api/v1/traffic-tickets/${made.id}/recharge`, {}, owner)).status).toBe(409);
    expect((await get(`/api/v1/rentals/${ids.A.id}`, owner)).body.balance).toBe(after.balance);
    const journal = (await get('/api/v1/accounting/journal-entries?source=rental&limit=100', owner)).body.items.filter(
      (e: { sourceId: string; description: string }) => e.sourceId === ids.A.id,
    );
    const lines = journal.flatMap((e: { lines: unknown[] }) => e.lines) as {
      accountCode: string;
      debit: number;
      credit: number;
    }[];
    expect(lines.filter((l) => l.accountCode === '1330').reduce((s, l) => s + l.credit - l.debit, 0)).toBe(400);
    // Paying the authority: Dr 1330 / Cr bank → fines recoverable nets to zero for this fine.
    const paid = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: res.body.ticket.version, status: 'paid', paymentMethod: 'bank_transfer', reason: 'Paid RTA' },
      owner,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const tickets = (await get('/api/v1/accounting/journal-entries?source=ticket&limit=100', owner)).body.items.filter(
      (e: { sourceId: string }) => e.sourceId === made.id,
    );
    expect(tickets).toHaveLength(1);
    // The rental's next invoice carries the fine (no VAT) and its admin fee (25.00 + 5 % VAT).
    const rentalLedger = (await get(`/api/v1/rentals/${ids.A.id}`, owner)).body;
    expect(rentalLedger.totalTrafficFines).toBeGreaterThanOrEqual(400);
    const invoice = await post('/api/v1/invoices', { rentalId: ids.A.id }, owner);
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    const invLines = invoice.body.lines as {
      category: string;
      description: string;
      net: number;
      vat: number;
      vatRatePercent: number;
      total: number;
    }[];
    expect(
      invLines.find((l) => l.category === 'traffic_fines' && l.description.includes(made.ticketNumber)),
    ).toMatchObject({ net: 400, vat: 0, total: 400 });
    expect(invLines.find((l) => l.category === 'other' && l.description.includes(made.ticketNumber))).toMatchObject({
      net: 25,
      vat: 1.25,
      vatRatePercent: 5,
      total: 26.25,
    });
    await selfCheckPassed();
  });

  it('a fine the company paid and cannot recover is written off to its expense account', async () => {
    const accounts = async () =>
      Object.fromEntries(
        ((await get('/api/v1/accounting/accounts', owner)).body.items as { code: string; balance: number }[]).map(
          (a) => [a.code, a.balance],
        ),
      );
    const before = await accounts();
    const made = (await ticket({ violationDate: '2034-03-25T09:00:00.000Z', amount: 250 })).body;
    const paid = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: made.version, status: 'paid', paymentMethod: 'cash', reason: 'Paid at the police station' },
      owner,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const off = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: paid.body.version, status: 'written_off', reason: 'Staff drove it; not recoverable' },
      owner,
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const after = await accounts();
    expect(Math.round((after['5170'] - before['5170']) * 100)).toBe(25_000);
    expect(Math.round((after['1110'] - before['1110']) * 100)).toBe(-25_000);
    expect(Math.round((after['1330'] - before['1330']) * 100)).toBe(0);
    expect(
      (
        await patch(
          `/api/v1/traffic-tickets/${made.id}`,
          { version: off.body.version, status: 'unpaid', reason: 'x' },
          owner,
        )
      ).status,
    ).toBe(409);
    await selfCheckPassed();
  });

  it('an unmatched ticket cannot be recharged until resolved by hand, and only to a rental whose window covers it', async () => {
    const made = (await ticket({ violationDate: '2034-03-22T09:00:00.000Z' })).body;
    expect(made.matchState).toBe('no_rental');
    expect((await post(`/api/v1/traffic-tickets/${made.id}/recharge`, {}, owner)).status).toBe(409);
    const wrong = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: made.version, rentalId: '01JAAAAAAAAAAAAAAAAAAAAAAA' },
      owner,
    );
    expect(wrong.status).toBe(400);
    // C starts ten days later (issue 27: a fine of 22/03 resolved to a rental of 01/04 was accepted).
    const outside = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: made.version, rentalId: ids.C.id },
      owner,
    );
    expect(outside.status, JSON.stringify(outside.body)).toBe(409);
    const window =
      'This rental had the vehicle from 01/04/2034 12:00 to 02/04/2034 12:00 (a return counts up to 60 minutes late), not at 22/03/2034 13:00';
    expect(outside.body.error).toMatchObject({
      code: 'CONFLICT',
      message: window,
      fields: { rentalId: window },
      template: expect.stringContaining('{{from}}'),
      params: { from: '01/04/2034 12:00', to: '02/04/2034 12:00', at: '22/03/2034 13:00', grace: '60' },
    });
    const unchanged = (await get(`/api/v1/traffic-tickets/${made.id}`, owner)).body;
    expect(unchanged).toMatchObject({ version: made.version, rentalId: null, matchState: 'no_rental' });
    expect(
      (await get(`/api/v1/traffic-tickets/${made.id}/history`, owner)).body.items.map(
        (h: { fieldChanged: string }) => h.fieldChanged,
      ),
    ).toEqual(['created']);
    expect(
      (await get(`/api/v1/traffic-tickets?rentalId=${ids.C.id}`, owner)).body.items.map((i: { id: string }) => i.id),
    ).not.toContain(made.id);
    // A booking entered late that covers the fine: resolved, then recharged.
    ids.D = await book('2034-03-22T06:00:00.000Z', '2034-03-23T06:00:00.000Z');
    const fixed = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: made.version, rentalId: ids.D.id },
      owner,
    );
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body).toMatchObject({ matchState: 'matched', rentalReference: ids.D.referenceNumber });
    // Moving its time outside D is refused too, nothing written.
    const moved = await patch(
      `/api/v1/traffic-tickets/${made.id}`,
      { version: fixed.body.version, violationDate: '2034-03-24T09:00:00.000Z' },
      owner,
    );
    expect(moved.status).toBe(409);
    expect((await get(`/api/v1/traffic-tickets/${made.id}`, owner)).body).toMatchObject({
      version: fixed.body.version,
      violationDate: '2034-03-22T09:00:00.000Z',
    });
    expect((await post(`/api/v1/traffic-tickets/${made.id}/recharge`, {}, owner)).status).toBe(201);
    await selfCheckPassed();
  });
});

describe('tolls only on a rental whose window covers them (issue 27)', () => {
  const passage = (over: Record<string, unknown>) =>
    post('/api/v1/salik-charges', { plate, amount: 4, gateLocation: 'Al Mamzar', status: 'paid', ...over }, owner);

  it('a passage two days before a booking is not matched to it and cannot be resolved to it; one inside is matched', async () => {
    const before = await passage({ tollTime: '2034-03-30T08:00:00.000Z' });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body).toMatchObject({ matchState: 'no_rental', rentalId: null });
    const refused = await patch(
      `/api/v1/salik-charges/${before.body.id}`,
      { version: before.body.version, rentalId: ids.C.id },
      owner,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields.rentalId).toMatch(
      /^This rental had the vehicle from 01\/04\/2034 12:00 to 02\/04\/2034 12:00 /,
    );
    expect((await get(`/api/v1/salik-charges?rentalId=${ids.C.id}`, owner)).body.items).toHaveLength(0);
    const again = (await get('/api/v1/salik-charges?match=no_rental&limit=100', owner)).body.items.find(
      (s: { id: string }) => s.id === before.body.id,
    );
    expect(again).toMatchObject({ version: before.body.version, rentalId: null });
    const inside = await passage({ tollTime: '2034-04-01T10:00:00.000Z' });
    expect(inside.body).toMatchObject({ matchState: 'matched', rentalId: ids.C.id });
  });

  it('a rental on hire covers until now from its pickup; a cancelled rental covers nothing', async () => {
    const early = await book('2034-06-01T08:00:00.000Z', '2034-06-03T08:00:00.000Z');
    // Picked up two hours early: a passage then belongs to it.
    expect(
      (
        await post(
          `/api/v1/rentals/${early.id}/pickup`,
          { odometerStart: 1300, fuelLevelStart: 'full', pickedUpAt: '2034-06-01T06:00:00.000Z' },
          owner,
        )
      ).status,
    ).toBe(200);
    expect((await passage({ tollTime: '2034-06-01T06:30:00.000Z' })).body).toMatchObject({
      matchState: 'matched',
      rentalId: early.id,
    });
    expect((await passage({ tollTime: '2034-06-01T05:59:00.000Z' })).body.matchState).toBe('no_rental');
    // Still out after its booked end (overdue in the making): the window is open.
    expect((await passage({ tollTime: '2034-06-09T06:30:00.000Z' })).body).toMatchObject({
      matchState: 'matched',
      rentalId: early.id,
    });
    const back = await post(
      `/api/v1/rentals/${early.id}/return`,
      { odometerEnd: 1500, condition: 'good', fuelLevelEnd: 'full', returnDate: '2034-06-10T08:00:00.000Z' },
      owner,
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await passage({ tollTime: '2034-06-10T09:30:00.000Z' })).body.matchState).toBe('no_rental');
    const gone = await book('2034-07-01T08:00:00.000Z', '2034-07-02T08:00:00.000Z');
    expect((await post(`/api/v1/rentals/${gone.id}/cancel`, { reason: 'Customer cancelled' }, owner)).status).toBe(200);
    const stray = await passage({ tollTime: '2034-07-01T09:00:00.000Z' });
    expect(stray.body.matchState).toBe('no_rental');
    const refused = await patch(
      `/api/v1/salik-charges/${stray.body.id}`,
      { version: stray.body.version, rentalId: gone.id },
      owner,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields.rentalId).toBe('This rental was cancelled: the customer never had the vehicle');
  });
});

describe('statement imports', () => {
  const n = Date.now();
  const salikCsv = () =>
    [
      'Transaction ID,Trip Date,Trip Time,Plate,Tag,Toll Gate,Direction,Amount',
      // Dubai wall clock: 12:00 on 2 March = 08:00Z, inside A.
      `S1-${n},02/03/2034,12:00,${plate},T1,Al Barsha,South,4.00`,
      `S2-${n},2034-03-02,13:30,${plate},T1,Al Safa,North,4`,
      // 20 March: no rental → flagged.
      `S3-${n},2034-03-20,09:00,${plate},T1,Al Garhoud,North,4`,
      `S4-${n},2034-03-02,09:00,ZZ 99999,T9,Al Maktoum,South,4`,
      `S5-${n},2034-02-30,09:00,${plate},T1,Al Safa,North,4`,
      `S6-${n},2034-03-02,09:00,${plate},T1,Al Safa,North,four`,
      `S1-${n},02/03/2034,12:00,${plate},T1,Al Barsha,South,4.00`,
    ].join('\n');

  it('Salik: preview writes nothing, commit creates the valid rows, a second import creates nothing', async () => {
    const preview = await post(
      '/api/v1/salik-charges/import',
      { preview: true, csv: salikCsv(), source: 'Salik' },
      owner,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.counts).toEqual({ create: 4, duplicate: 0, error: 3, matched: 2, unmatched: 2 });
    expect(preview.body.rows[4].errors).toEqual({ date: 'Unreadable date or time' });
    expect(preview.body.rows[5].errors).toEqual({ amount: 'Unreadable amount' });
    expect(preview.body.rows[6].errors).toEqual({ transactionId: 'Repeated in this file' });
    expect(preview.body.rows[0]).toMatchObject({
      matchState: 'matched',
      rentalReference: ids.A.referenceNumber,
      at: '2034-03-02T08:00:00.000Z',
    });
    expect(preview.body.rows[2].matchState).toBe('no_rental');
    expect((await get(`/api/v1/salik-charges?rentalId=${ids.A.id}`, owner)).body.items).toHaveLength(0);

    const commit = await post(
      '/api/v1/salik-charges/import',
      { preview: false, csv: salikCsv(), source: 'Salik' },
      owner,
    );
    expect(commit.body.created).toBe(4);
    const again = await post(
      '/api/v1/salik-charges/import',
      { preview: false, csv: salikCsv(), source: 'Salik' },
      owner,
    );
    expect(again.body.created).toBe(0);
    expect(again.body.counts.duplicate).toBe(4);
    expect((await get(`/api/v1/salik-charges?rentalId=${ids.A.id}`, owner)).body.items).toHaveLength(2);
    expect(
      (await get('/api/v1/salik-charges?match=no_rental', owner)).body.items.map(
        (s: { gateLocation: string }) => s.gateLocation,
      ),
    ).toContain('Al Garhoud');
  });

  it('Salik recharge per rental: tolls + VAT, fee per crossing + VAT; nothing left the second time', async () => {
    const before = (await get(`/api/v1/rentals/${ids.A.id}`, owner)).body;
    const vatBefore = await dubaiBox();
    const res = await post('/api/v1/salik-charges/recharge', { rentalId: ids.A.id }, owner);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.recharged).toBe(2);
    const after = (await get(`/api/v1/rentals/${ids.A.id}`, owner)).body;
    // 8.00 tolls + 0.40 VAT + 2.00 fee + 0.10 VAT
    expect(Math.round((after.balance - before.balance) * 100)).toBe(1050);
    expect(after.salikCharges).toBe((before.salikCharges ?? 0) + 8);
    // VAT return: the toll base (8.00) counts as a standard-rated supply with the fee's net (2.00); VAT 0.40 + 0.10.
    const vatAfter = await dubaiBox();
    expect(Math.round((vatAfter.amount - vatBefore.amount) * 100)).toBe(1000);
    expect(Math.round((vatAfter.vat - vatBefore.vat) * 100)).toBe(50);
    expect((await post('/api/v1/salik-charges/recharge', { rentalId: ids.A.id }, owner)).status).toBe(409);
    await selfCheckPassed();
  });

  it('an unmatched toll is resolved by hand only to a rental that had the vehicle then', async () => {
    const unmatched = (await get('/api/v1/salik-charges?match=no_rental', owner)).body.items.find(
      (s: { gateLocation: string }) => s.gateLocation === 'Al Garhoud',
    );
    const outside = await patch(
      `/api/v1/salik-charges/${unmatched.id}`,
      { version: unmatched.version, rentalId: ids.C.id },
      owner,
    );
    expect(outside.status).toBe(409);
    // A booking recorded after the statement (the car went out on 20/03): it fits, it is accepted.
    ids.E = await book('2034-03-19T20:00:00.000Z', '2034-03-20T10:00:00.000Z');
    const res = await patch(
      `/api/v1/salik-charges/${unmatched.id}`,
      { version: unmatched.version, rentalId: ids.E.id },
      owner,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ matchState: 'matched', rentalId: ids.E.id });
    expect(
      (await get(`/api/v1/salik-charges?rentalId=${ids.E.id}`, owner)).body.items.map((s: { id: string }) => s.id),
    ).toContain(unmatched.id);
  });

  it('fines: a mapped file imports once; a missing mapping is a 400 naming the field', async () => {
    const csv = `Fine No,When,Car,Value,Kind\nF1-${n},2034-03-02 12:00,${plate},300,Red light\nF2-${n},2034-03-02 12:30,${plate},,Parking\n`;
    const noMap = await post('/api/v1/traffic-tickets/import', { preview: true, csv, source: `rta-${n}` }, owner);
    expect(noMap.status).toBe(400);
    expect(noMap.body.error.fields).toEqual({
      'mapping.plate': 'Map a column to this field',
      'mapping.date': 'Map a column to this field',
    });
    const mapping = { ticketNumber: 'Fine No', date: 'When', plate: 'Car', amount: 'Value', violationType: 'Kind' };
    const first = await post(
      '/api/v1/traffic-tickets/import',
      { preview: false, csv, mapping, source: `rta-${n}` },
      owner,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ created: 1, counts: { create: 1, error: 1, matched: 1 } });
    expect(first.body.rows[1].errors).toEqual({ amount: 'Value missing' });
    // The mapping is remembered for the source: the same file again without it creates nothing.
    const second = await post('/api/v1/traffic-tickets/import', { preview: false, csv, source: `rta-${n}` }, owner);
    expect(second.body).toMatchObject({ created: 0, counts: { duplicate: 1 } });
  });
});

describe('alerts', () => {
  it('generating twice creates each alert once; read and resolve; roles see their areas only', async () => {
    const first = await post('/api/v1/alerts/generate', {}, owner);
    expect(first.status).toBe(200);
    expect(first.body.created).toBeGreaterThan(0);
    const second = await post('/api/v1/alerts/generate', {}, owner);
    expect(second.body.created).toBe(0);
    const unread = (await get('/api/v1/alerts?status=unread', owner)).body.items as {
      id: string;
      type: string;
      category: string;
      actionUrl: string;
    }[];
    expect(unread.map((a) => a.type)).toEqual(expect.arrayContaining(['ticket_unmatched', 'toll_unmatched']));
    expect(
      (await get('/api/v1/alerts', t.mechanic.token)).body.items.filter(
        (a: { category: string }) => a.category === 'tickets',
      ),
    ).toHaveLength(0);
    const one = unread.find((a) => a.type === 'ticket_unmatched')!;
    expect((await post(`/api/v1/alerts/${one.id}/read`, {}, t.mechanic.token)).status).toBe(404);
    expect((await post(`/api/v1/alerts/${one.id}/read`, {}, other.token)).status).toBe(404);
    expect((await post(`/api/v1/alerts/${one.id}/read`, {}, t.staff.token)).body.status).toBe('read');
    const resolved = await post(`/api/v1/alerts/${one.id}/resolve`, { note: 'Matched by hand' }, owner);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolutionNote: 'Matched by hand' });
    expect((await get('/api/v1/alerts?status=resolved', owner)).body.items.map((a: { id: string }) => a.id)).toContain(
      one.id,
    );
    expect((await post('/api/v1/alerts/generate', {}, owner)).body.created).toBe(0);
  });
});

describe('the scheduled alerts job', () => {
  it('finds the company through its work index, raises the new condition once, and twice at once creates nothing twice', async () => {
    const made = (await ticket({ plate: uniquePlate('J'), violationDate: A.start })).body;
    // Limited to this company (still found through the indexes): other test files' companies are
    // theirs to watch, and their alert lists must not change under them.
    const run = { onlyTenants: [t.owner.tenantId] };
    const first = await alertsJob(run);
    expect(first.units).toBe(1);
    const mine = async () => (await get('/api/v1/alerts?limit=100', owner)).body.items as { relatedEntityId: string }[];
    const before = await mine();
    expect(before.filter((a) => a.relatedEntityId === made.id)).toHaveLength(1);
    await Promise.all([alertsJob(run), alertsJob(run)]);
    expect((await mine()).length).toBe(before.length);
  });
});

describe('roles and tenancy', () => {
  it('STAFF may work tickets; MECHANIC gets 403; another company gets 404', async () => {
    expect((await get('/api/v1/traffic-tickets', t.staff.token)).status).toBe(200);
    expect((await ticket({ violationDate: A.start })).status).toBe(201);
    expect((await get('/api/v1/traffic-tickets', t.mechanic.token)).status).toBe(403);
    expect((await get('/api/v1/salik-charges', t.mechanic.token)).status).toBe(403);
    const mine = (await get('/api/v1/traffic-tickets?limit=1', owner)).body.items[0];
    expect((await get(`/api/v1/traffic-tickets/${mine.id}`, other.token)).status).toBe(404);
    expect((await post(`/api/v1/traffic-tickets/${mine.id}/recharge`, {}, other.token)).status).toBe(404);
    expect((await post('/api/v1/salik-charges/recharge', { rentalId: ids.A.id }, other.token)).status).toBe(404);
    expect((await get(`/api/v1/traffic-tickets?rentalId=${ids.A.id}`, other.token)).body.items).toHaveLength(0);
  });
});
