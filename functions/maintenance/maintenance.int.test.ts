import { beforeAll, describe, expect, it } from 'vitest';
import { get, patch, post, put, setupBooks, checkBooks } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { MAINTENANCE_MESSAGES } from '../../shared/schemas/maintenance';
import { keys } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';
import { handler as runDailyPredictions } from '../jobs/maintenance-predictions';
import { addDays } from '../../shared/calendar';

/**
 * Maintenance over HTTP (issue 12 "Done when"): validation messages verbatim with nothing
 * written; the transitions table (others 409); a scheduled window blocks bookings (409 Booking
 * Conflict) and frees them when cancelled; vehicle status and odometer follow; completion with
 * addToFinancials posts a balanced journal (self-check green) and cancelling reverses it; invoice
 * upload; predictions on fixed odometer histories, too little history, batch partial success;
 * roles (STAFF 403, MECHANIC allowed) and another company's ids (404).
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;
let today: string;

let seq = 0;
/** Far-future dates per test so windows never collide. */
const futureDay = () => addDays('2034-01-10', ++seq * 20);

const record = (vehicleId: string, over: Record<string, unknown> = {}) => ({
  vehicleId,
  type: 'oil_change',
  date: futureDay(),
  estimatedCost: 250,
  addToFinancials: false,
  ...over,
});

async function create(body: Record<string, unknown>, token = owner) {
  const res = await post('/api/v1/maintenance', body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as {
    id: string;
    status: string;
    version: number;
    date: string;
    endDate: string | null;
    journalEntryId: string | null;
    reversalEntryId: string | null;
  };
}

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

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  // A UAE company with VAT on, so completion books input VAT.
  await setCompany(t.owner.tenantId, {
    preferences: { region: 'AE', language: 'en' },
    enableVat: true,
    vatRate: 0.05,
    timezone: 'Asia/Dubai',
  });
  expect((await setupBooks(owner)).status).toBe(200);
  today = (await get('/api/v1/accounting/summary', owner)).body.asOf;
});

describe('validation (spec §5 messages verbatim, nothing written)', () => {
  it('vehicle, type, date and cost are required', async () => {
    const before = (await get('/api/v1/maintenance?limit=100', owner)).body.items.length;
    const res = await post('/api/v1/maintenance', {}, owner);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields).toMatchObject({
      vehicleId: 'Vehicle is required',
      type: 'Type is required',
      date: 'Date is required',
      estimatedCost: 'Cost is required',
    });
    expect((await get('/api/v1/maintenance?limit=100', owner)).body.items.length).toBe(before);
  });

  it('the invoice file must be PDF, JPG or PNG (upload URL and record)', async () => {
    const up = await post(
      '/api/v1/maintenance/upload-url',
      { fileName: 'invoice.exe', contentType: 'application/x-msdownload', size: 10 },
      owner,
    );
    expect(up.status).toBe(400);
    expect(up.body.error.fields.contentType).toBe('Invoice file must be PDF, JPG or PNG');
    const v = await createVehicle(owner);
    const res = await post(
      '/api/v1/maintenance',
      record(v.id, { invoiceFile: { key: 'x', fileName: 'a.txt', contentType: 'text/plain' } }),
      owner,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields['invoiceFile.contentType']).toBe(MAINTENANCE_MESSAGES.invoiceType);
    // Another company's prefix is refused.
    const foreign = await post(
      '/api/v1/maintenance',
      record(v.id, {
        invoiceFile: {
          key: `tenants/${other.tenantId}/maintenance/x.pdf`,
          fileName: 'x.pdf',
          contentType: 'application/pdf',
        },
      }),
      owner,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields.invoiceFile).toBe(MAINTENANCE_MESSAGES.invoiceInvalid);
  });

  it('end date before the service date is refused', async () => {
    const v = await createVehicle(owner);
    const res = await post('/api/v1/maintenance', record(v.id, { date: '2034-05-10', endDate: '2034-05-09' }), owner);
    expect(res.status).toBe(400);
    expect(res.body.error.fields.endDate).toBe(MAINTENANCE_MESSAGES.endBeforeStart);
  });
});

describe('transitions', () => {
  it('follow the table; anything else is 409', async () => {
    const v = await createVehicle(owner);
    const pending = await create(record(v.id, { status: 'pending' }));
    expect(pending.status).toBe('pending');
    const scheduled = await patch(`/api/v1/maintenance/${pending.id}`, { status: 'scheduled' }, owner);
    expect(scheduled.body.status).toBe('scheduled');
    const done = await post(`/api/v1/maintenance/${pending.id}/complete`, { actualCost: 200 }, owner);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('completed');
    for (const action of ['start', 'complete']) {
      const res = await post(`/api/v1/maintenance/${pending.id}/${action}`, {}, owner);
      expect(res.status, action).toBe(409);
      expect(res.body.error.code).toBe('INVALID_TRANSITION');
    }
    expect((await patch(`/api/v1/maintenance/${pending.id}`, { notes: 'late edit' }, owner)).status).toBe(409);
    const cancelled = await post(`/api/v1/maintenance/${pending.id}/cancel`, { reason: 'entered twice' }, owner);
    expect(cancelled.body.status).toBe('cancelled');
    for (const action of ['start', 'complete', 'cancel'])
      expect((await post(`/api/v1/maintenance/${pending.id}/${action}`, {}, owner)).status).toBe(409);
  });

  it('a stale version is 409', async () => {
    const v = await createVehicle(owner);
    const r = await create(record(v.id));
    expect((await patch(`/api/v1/maintenance/${r.id}`, { notes: 'first', version: r.version }, owner)).status).toBe(
      200,
    );
    const stale = await patch(`/api/v1/maintenance/${r.id}`, { notes: 'second', version: r.version }, owner);
    expect(stale.status).toBe(409);
  });
});

describe('the maintenance window blocks bookings', () => {
  it('409 Booking Conflict while scheduled; the booking goes through once cancelled', async () => {
    const v = await createVehicle(owner);
    const c = await createCustomer(owner, { fullNameEnglish: 'Window Test', dateOfBirth: '1985-03-03' });
    const day = futureDay();
    const r = await create(record(v.id, { date: day, endDate: addDays(day, 2) }));
    const booking = {
      vehicleId: v.id,
      customerId: c.id,
      startDate: `${addDays(day, 1)}T08:00:00.000Z`,
      endDate: `${addDays(day, 4)}T08:00:00.000Z`,
      dailyRate: 100,
    };
    const refused = await post('/api/v1/rentals', booking, owner);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('BOOKING_CONFLICT');
    expect(refused.body.error.message).toBe('Booking Conflict');
    expect(refused.body.error.conflicts).toEqual([
      expect.objectContaining({ kind: 'maintenance', refId: r.id, status: 'scheduled' }),
    ]);
    // The fleet calendar and the vehicle schedule show the block.
    const cal = await get(`/api/v1/calendar/fleet?start=${day}&end=${addDays(day, 3)}`, owner);
    expect(JSON.stringify(cal.body)).toContain(r.id);

    expect((await post(`/api/v1/maintenance/${r.id}/cancel`, {}, owner)).status).toBe(200);
    // Cancelled work leaves the calendar.
    expect(
      JSON.stringify((await get(`/api/v1/calendar/fleet?start=${day}&end=${addDays(day, 3)}`, owner)).body),
    ).not.toContain(r.id);
    const ok = await post('/api/v1/rentals', booking, owner);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);

    // Scheduling over that booking is refused the same way.
    const over = await post('/api/v1/maintenance', record(v.id, { date: addDays(day, 2) }), owner);
    expect(over.status).toBe(409);
    expect(over.body.error.conflicts[0]).toMatchObject({ kind: 'rental', refId: ok.body.id });
    // A pending record (nothing booked with the workshop) does not hold the vehicle.
    expect(
      (await post('/api/v1/maintenance', record(v.id, { date: addDays(day, 2), status: 'pending' }), owner)).status,
    ).toBe(201);
  });

  it('moving the window frees the old days', async () => {
    const v = await createVehicle(owner);
    const c = await createCustomer(owner, { fullNameEnglish: 'Move Test', dateOfBirth: '1985-03-03' });
    const day = futureDay();
    const r = await create(record(v.id, { date: day }));
    expect((await patch(`/api/v1/maintenance/${r.id}`, { date: addDays(day, 5) }, owner)).status).toBe(200);
    const res = await post(
      '/api/v1/rentals',
      {
        vehicleId: v.id,
        customerId: c.id,
        startDate: `${day}T08:00:00.000Z`,
        endDate: `${addDays(day, 2)}T08:00:00.000Z`,
        dailyRate: 100,
      },
      owner,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('the vehicle is in maintenance while work is in progress, available after; odometer follows service mileage when higher', async () => {
    const v = await createVehicle(owner, { odometerKm: 5000 });
    const r = await create(record(v.id, { date: today }));
    expect((await post(`/api/v1/maintenance/${r.id}/start`, {}, owner)).body.status).toBe('in_progress');
    expect((await get(`/api/v1/vehicles/${v.id}`, owner)).body.status).toBe('in_maintenance');
    const done = await post(`/api/v1/maintenance/${r.id}/complete`, { actualCost: 180, serviceMileage: 5400 }, owner);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = (await get(`/api/v1/vehicles/${v.id}`, owner)).body;
    expect(after.status).toBe('available');
    expect(after.odometerKm).toBe(5400);
    // Serviced today, nothing else open: no service penalty any more (a 2023 car at 5,400 km loses only its age).
    const agePenalty = Math.min(20, 2 * (Number(today.slice(0, 4)) - 2023));
    expect(after.healthScore).toBe(100 - agePenalty);
    expect(v.healthScore).toBe(100 - agePenalty - 10); // never serviced when added
    // A lower service mileage leaves the odometer alone.
    const r2 = await create(record(v.id, { date: today, type: 'tyres' }));
    expect((await post(`/api/v1/maintenance/${r2.id}/complete`, { serviceMileage: 5100 }, owner)).status).toBe(200);
    expect((await get(`/api/v1/vehicles/${v.id}`, owner)).body.odometerKm).toBe(5400);
  });
});

describe('finishing early', () => {
  it('gives the rest of the window back to bookings; the done part stays on the calendar', async () => {
    const v = await createVehicle(owner);
    const c = await createCustomer(owner, { fullNameEnglish: 'Early Finish', dateOfBirth: '1985-03-03' });
    const r = await create(record(v.id, { date: today, endDate: addDays(today, 4) }));
    await post(`/api/v1/maintenance/${r.id}/start`, {}, owner);
    const booking = {
      vehicleId: v.id,
      customerId: c.id,
      startDate: `${addDays(today, 2)}T08:00:00.000Z`,
      endDate: `${addDays(today, 3)}T08:00:00.000Z`,
      dailyRate: 100,
    };
    expect((await post('/api/v1/rentals', booking, owner)).status).toBe(409);
    expect((await post(`/api/v1/maintenance/${r.id}/complete`, { actualCost: 10 }, owner)).status).toBe(200);
    expect((await post('/api/v1/rentals', booking, owner)).status).toBe(201);
    const cal = await get(`/api/v1/calendar/fleet?start=${today}&end=${addDays(today, 1)}`, owner);
    expect(JSON.stringify(cal.body)).toContain(r.id);
  });
});

describe('money: completion posts, cancelling reverses', () => {
  const entriesOf = async (id: string) =>
    (
      (await get('/api/v1/accounting/journal-entries?source=maintenance&limit=100', owner)).body.items as {
        id: string;
        sourceId: string;
        reversalOfId: string | null;
        lines: { accountCode: string; debit: number; credit: number; vatCode: string | null }[];
      }[]
    ).filter((e) => e.sourceId === id);
  const selfCheckGreen = async () => {
    const res = await checkBooks(owner);
    expect(res.status).toBe(200);
    for (const c of res.body.checks)
      expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 300)}`).toBe(true);
  };

  it('expense + input VAT against bank, balanced; the cancel posts the reversal', async () => {
    const v = await createVehicle(owner);
    const r = await create(record(v.id, { date: today, addToFinancials: true, paidFrom: 'bank', estimatedCost: 100 }));
    const done = await post(
      `/api/v1/maintenance/${r.id}/complete`,
      { actualCost: 105, vatAmount: 5, invoiceId: 'WS-991' },
      owner,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.journalEntryId).toBeTruthy();
    const [entry] = await entriesOf(r.id);
    const lines = entry.lines.map((l) => [l.accountCode, l.debit, l.credit]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['5110', 100, 0],
        ['1510', 5, 0],
        ['1210', 0, 105],
      ]),
    );
    expect(entry.lines.find((l) => l.accountCode === '1510')!.vatCode).toBe('AE_IN_SR');
    await selfCheckGreen();

    const cancelled = await post(`/api/v1/maintenance/${r.id}/cancel`, { reason: 'wrong vehicle' }, owner);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.reversalEntryId).toBeTruthy();
    const all = await entriesOf(r.id);
    expect(all).toHaveLength(2);
    const net: Record<string, number> = {};
    for (const e of all) for (const l of e.lines) net[l.accountCode] = (net[l.accountCode] ?? 0) + l.debit - l.credit;
    expect(Object.values(net).every((n) => Math.abs(n) < 1e-9)).toBe(true);
    await selfCheckGreen();
  });

  it('without addToFinancials nothing is posted; on account credits payables', async () => {
    const v = await createVehicle(owner);
    const r = await create(record(v.id, { date: today }));
    await post(`/api/v1/maintenance/${r.id}/complete`, { actualCost: 90 }, owner);
    expect(await entriesOf(r.id)).toHaveLength(0);
    const r2 = await create(record(v.id, { date: today, type: 'brakes', addToFinancials: true, paidFrom: 'payables' }));
    await post(`/api/v1/maintenance/${r2.id}/complete`, { actualCost: 300 }, owner);
    const [e] = await entriesOf(r2.id);
    expect(e.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual(
      expect.arrayContaining([
        ['5110', 300, 0],
        ['2110', 0, 300],
      ]),
    );
  });

  it('an uploaded invoice is kept with the record and downloadable', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% workshop invoice\n');
    const up = await post(
      '/api/v1/maintenance/upload-url',
      { fileName: 'ws-invoice.pdf', contentType: 'application/pdf', size: pdf.length },
      owner,
    );
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect((await fetch(up.body.uploadUrl, { method: 'PUT', body: pdf, headers: up.body.headers })).status).toBe(200);
    const v = await createVehicle(owner);
    const r = await create(record(v.id, { date: today }));
    const done = await post(
      `/api/v1/maintenance/${r.id}/complete`,
      { actualCost: 50, invoiceFile: { key: up.body.key, fileName: 'ws-invoice.pdf', contentType: 'application/pdf' } },
      owner,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const detail = await get(`/api/v1/maintenance/${r.id}`, owner);
    expect(detail.body.invoiceFile.fileName).toBe('ws-invoice.pdf');
    const file = await fetch(detail.body.invoiceFile.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString()).toContain('workshop invoice');
  });
});

describe('service programs and predictions', () => {
  /** Completed general services at fixed days back with fixed mileage: the vehicle's odometer history. */
  async function vehicleWithHistory(readings: [daysAgo: number, km: number][]) {
    const v = await createVehicle(owner, { odometerKm: 1000 });
    for (const [daysAgo, km] of readings) {
      const r = await create(
        record(v.id, { type: 'general_service', date: addDays(today, -daysAgo), status: 'pending' }),
      );
      const done = await post(
        `/api/v1/maintenance/${r.id}/complete`,
        { serviceMileage: km, completedDate: addDays(today, -daysAgo) },
        owner,
      );
      expect(done.status, JSON.stringify(done.body)).toBe(200);
    }
    return v.id as string;
  }

  it("due date, urgency and confidence from the vehicle's own history; a record in one click", async () => {
    // 10,000 → 13,000 km over 60 days, evenly: 50 km/day. Oil every 10,000 km from the first reading.
    const vehicleId = await vehicleWithHistory([
      [90, 10_000],
      [60, 11_500],
      [30, 13_000],
    ]);
    const prog = await put(
      `/api/v1/vehicles/${vehicleId}/service-program`,
      {
        intervals: [
          { type: 'oil_change', everyKm: 10_000 },
          { type: 'registration', everyMonths: 12 },
        ],
      },
      owner,
    );
    expect(prog.status, JSON.stringify(prog.body)).toBe(200);
    expect(prog.body.intervals).toHaveLength(2);
    const gen = await post('/api/v1/maintenance/predictions/generate', { vehicleIds: [vehicleId] }, owner);
    expect(gen.body).toMatchObject({ succeeded: 1, failed: 0, partial: false });
    const list = (await get(`/api/v1/maintenance/predictions?vehicleId=${vehicleId}`, owner)).body.items as Record<
      string,
      any
    >[];
    const oil = list.find((p) => p.type === 'oil_change')!;
    expect(oil.kmPerDay).toBe(50);
    expect(oil.dueKm).toBe(20_000);
    expect(oil.kmLeft).toBe(7000);
    expect(oil.dueDate).toBe(addDays(today, 140));
    expect(oil.urgency).toBe('not_urgent');
    expect(oil.insufficientHistory).toBe(false);
    expect(oil.confidence).toBe(0.25);
    expect(oil.evidence).toHaveLength(3);
    // Registration: 12 months after the first reading (no registration on record).
    const reg = list.find((p) => p.type === 'registration')!;
    const first = addDays(today, -90);
    expect(reg.dueDate).toBe(`${Number(first.slice(0, 4)) + 1}${first.slice(4)}`);
    expect(reg.confidence).toBe(1);

    // One click: a scheduled record that keeps the prediction's confidence.
    const made = await create({
      vehicleId,
      type: 'oil_change',
      date: oil.dueDate,
      estimatedCost: 200,
      predictionId: oil.id,
      addToFinancials: false,
    });
    const detail = (await get(`/api/v1/maintenance/${made.id}`, owner)).body;
    expect(detail).toMatchObject({
      isAiGenerated: true,
      source: 'ai_generated',
      aiConfidence: 0.25,
      status: 'scheduled',
    });
    const again = (await get(`/api/v1/maintenance/predictions?vehicleId=${vehicleId}`, owner)).body.items.find(
      (p: { type: string }) => p.type === 'oil_change',
    );
    expect(again.recordId).toBe(made.id);
  });

  it('too little history says so instead of guessing; a batch reports partial success per vehicle', async () => {
    const thin = await vehicleWithHistory([[10, 4000]]);
    await put(`/api/v1/vehicles/${thin}/service-program`, { intervals: [{ type: 'tyres', everyKm: 40_000 }] }, owner);
    const noProgram = (await createVehicle(owner)).id;
    const gen = await post('/api/v1/maintenance/predictions/generate', { vehicleIds: [thin, noProgram] }, owner);
    expect(gen.status).toBe(200);
    expect(gen.body).toMatchObject({
      succeeded: 1,
      failed: 1,
      partial: true,
      message: MAINTENANCE_MESSAGES.partialSuccess,
    });
    expect(gen.body.results.find((r: { vehicleId: string }) => r.vehicleId === noProgram).ok).toBe(false);
    const [tyres] = (await get(`/api/v1/maintenance/predictions?vehicleId=${thin}`, owner)).body.items;
    expect(tyres.insufficientHistory).toBe(true);
    expect(tyres.dueDate).toBeNull();
    expect(tyres.kmPerDay).toBeNull();
    expect(tyres.confidence).toBe(0);
    expect(tyres.reason).toMatch(/^Too little odometer history/);

    const failed = await post('/api/v1/maintenance/predictions/generate', { vehicleIds: [noProgram] }, owner);
    expect(failed.body).toMatchObject({ succeeded: 0, failed: 1, message: MAINTENANCE_MESSAGES.generateFailed });
  });

  it('the daily job reads the program index, predicts each vehicle once a day (a re-run does nothing twice)', async () => {
    const vehicleId = await vehicleWithHistory([
      [40, 2000],
      [20, 3000],
      [1, 3950],
    ]);
    await put(
      `/api/v1/vehicles/${vehicleId}/service-program`,
      { intervals: [{ type: 'brakes', everyKm: 20_000 }] },
      owner,
    );
    expect((await get(`/api/v1/maintenance/predictions?vehicleId=${vehicleId}`, owner)).body.items).toHaveLength(0);
    const first = await runDailyPredictions();
    expect(first.totals.generated).toBeGreaterThanOrEqual(1);
    const [made] = (await get(`/api/v1/maintenance/predictions?vehicleId=${vehicleId}`, owner)).body.items;
    expect(made).toMatchObject({ type: 'brakes', kmPerDay: 50, dueKm: 22_000 });
    const second = await runDailyPredictions();
    expect(second.totals.skipped).toBeGreaterThanOrEqual(1);
    const [again] = (await get(`/api/v1/maintenance/predictions?vehicleId=${vehicleId}`, owner)).body.items;
    expect(again.generatedAt).toBe(made.generatedAt);
  });

  it('a program needs a distance or a time interval', async () => {
    const v = await createVehicle(owner);
    const res = await put(`/api/v1/vehicles/${v.id}/service-program`, { intervals: [{ type: 'tyres' }] }, owner);
    expect(res.status).toBe(400);
    expect(res.body.error.fields['intervals.0.everyKm']).toBe(MAINTENANCE_MESSAGES.intervalRequired);
  });
});

describe('roles and tenancy', () => {
  it('STAFF reads but cannot edit (403); MECHANIC can', async () => {
    const v = await createVehicle(owner);
    expect((await get('/api/v1/maintenance', t.staff.token)).status).toBe(200);
    const staff = await post('/api/v1/maintenance', record(v.id), t.staff.token);
    expect(staff.status).toBe(403);
    const mech = await post(
      '/api/v1/maintenance',
      record(v.id, { assignedTo: t.mechanic.member.id }),
      t.mechanic.token,
    );
    expect(mech.status, JSON.stringify(mech.body)).toBe(201);
    expect(mech.body.assignedToName).toBeTruthy();
    expect((await post(`/api/v1/maintenance/${mech.body.id}/start`, {}, t.staff.token)).status).toBe(403);
    expect((await post(`/api/v1/maintenance/${mech.body.id}/cancel`, {}, t.mechanic.token)).status).toBe(200);
  });

  it("another company gets 404 and cannot use this company's vehicle", async () => {
    const v = await createVehicle(owner);
    const r = await create(record(v.id));
    expect((await get(`/api/v1/maintenance/${r.id}`, other.token)).status).toBe(404);
    expect((await post(`/api/v1/maintenance/${r.id}/start`, {}, other.token)).status).toBe(404);
    expect((await get(`/api/v1/vehicles/${v.id}/service-program`, other.token)).status).toBe(404);
    const foreign = await post('/api/v1/maintenance', record(v.id), other.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields.vehicleId).toBe('Vehicle is required');
    expect((await get('/api/v1/maintenance?limit=100', other.token)).body.items).toHaveLength(0);
  });

  it('filters: status, priority, vehicle and dates', async () => {
    const v = await createVehicle(owner);
    const a = await create(record(v.id, { priority: 'urgent', date: '2035-06-01' }));
    await create(record(v.id, { priority: 'low', date: '2035-07-01', status: 'pending' }));
    const byVehicle = (await get(`/api/v1/maintenance?vehicleId=${v.id}`, owner)).body.items;
    expect(byVehicle.map((r: { date: string }) => r.date)).toEqual(['2035-07-01', '2035-06-01']);
    const urgent = (await get(`/api/v1/maintenance?vehicleId=${v.id}&priority=urgent`, owner)).body.items;
    expect(urgent.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const june = (await get('/api/v1/maintenance?from=2035-06-01&to=2035-06-30&limit=100', owner)).body.items;
    expect(june.map((r: { id: string }) => r.id)).toContain(a.id);
    expect(june.every((r: { date: string }) => r.date.startsWith('2035-06'))).toBe(true);
    const pending = (await get(`/api/v1/maintenance?vehicleId=${v.id}&status=pending`, owner)).body.items;
    expect(pending).toHaveLength(1);
  });
});
