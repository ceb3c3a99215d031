import { beforeAll, describe, expect, it } from 'vitest';
import { get, post, put } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { INSPECTION_MESSAGES } from '../../shared/schemas/inspections';

/**
 * Issue 27 "one source for each rule" over HTTP: for the same rental the quote, the return
 * preview, the return, the check-in inspection's proposal and the GPS evidence give ONE km
 * allowance and extra-km figure (fixed-term early and late, open-ended); a confirmed proposal
 * posts once (a second confirm is 409 with the ledger and the books unchanged; extra km the
 * return already charged shows as posted and is refused); the company's damage price list fills
 * the proposed damage charges, the amount editable before confirming.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
let owner: string;
let customerId: string;

beforeAll(async () => {
  owner = (await registerTenant()).token;
  customerId = (await createCustomer(owner, { fullNameEnglish: 'Usage Customer', dateOfBirth: '1982-03-03' }))
    .id as string;
});

interface Case {
  start: number;
  booking: Record<string, unknown>;
  driven: number;
  limit: number;
}

/** Quote, book, pick up at the start, check-out, then a check-in now with `driven` km on the clock. */
async function run(c: Case) {
  const vehicleId = (await createVehicle(owner, { odometerKm: 10_000 })).id as string;
  const body = {
    customerId,
    vehicleId,
    startDate: iso(c.start),
    dailyRate: 100,
    dailyKmLimit: c.limit,
    extraChargePerKm: 0.5,
    ...c.booking,
  };
  const quote = await post('/api/v1/rentals/quote', body, owner);
  expect(quote.status, JSON.stringify(quote.body)).toBe(200);
  const booked = await post('/api/v1/rentals', body, owner);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = booked.body.id as string;
  const picked = await post(
    `/api/v1/rentals/${id}/pickup`,
    { odometerStart: 10_000, fuelLevelStart: 'full', pickedUpAt: iso(c.start) },
    owner,
  );
  expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  expect(
    (await post('/api/v1/inspections', { rentalId: id, kind: 'check_out', odometer: 10_000, fuelLevel: 'full' }, owner))
      .status,
  ).toBe(201);
  const inn = await post(
    '/api/v1/inspections',
    {
      rentalId: id,
      kind: 'check_in',
      odometer: 10_000 + c.driven,
      fuelLevel: 'full',
      damages: [{ id: 'new-dent', view: 'rear', x: 50, y: 60, type: 'dent', severity: 'moderate' }],
    },
    owner,
  );
  expect(inn.status, JSON.stringify(inn.body)).toBe(201);
  const returnBody = { odometerEnd: 10_000 + c.driven, condition: 'good', fuelLevelEnd: 'full' };
  return { id, quote: quote.body, inspectionId: inn.body.id as string, returnBody };
}

const inspection = async (id: string) => (await get(`/api/v1/inspections/${id}`, owner)).body;
const evidence = async (rentalId: string) => (await get(`/api/v1/gps/trips?rentalId=${rentalId}`, owner)).body.rental;
const extraKmOf = (proposed: { key: string; amount: number; postedBy: string | null }[]) =>
  proposed.find((p) => p.key === 'extra_km');
const ledger = async (rentalId: string) =>
  (await get(`/api/v1/rentals/${rentalId}/ledger`, owner)).body.items as {
    category: string;
    amount: number;
    label: string;
  }[];
const books = async () =>
  (await get(`/api/v1/accounting/trial-balance?asOf=${iso(Date.now() + DAY).slice(0, 10)}`, owner)).body;

/** Every answer's allowance and extra km for the rental, before and after its return. */
async function agree(r: Awaited<ReturnType<typeof run>>, want: { allowance: number; extraKm: number }) {
  const before = await inspection(r.inspectionId);
  expect(before.diff).toMatchObject({ allowanceKm: want.allowance, extraKm: want.extraKm });
  expect((await evidence(r.id)).kmAllowance).toBe(want.allowance);
  const preview = await post(`/api/v1/rentals/${r.id}/return-preview`, r.returnBody, owner);
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  expect(preview.body.km).toMatchObject({ allowance: want.allowance, extra: want.extraKm });
  const extraLine = preview.body.lines.find((l: { code: string }) => l.code === 'extra_km');
  expect(extraLine?.amount ?? 0).toBe(want.extraKm * 0.5);
  expect(extraKmOf(before.diff.proposed)?.amount ?? 0).toBe(want.extraKm * 0.5);
  const returned = await post(`/api/v1/rentals/${r.id}/return`, r.returnBody, owner);
  expect(returned.status, JSON.stringify(returned.body)).toBe(200);
  const after = await inspection(r.inspectionId);
  expect(after.diff).toMatchObject({ allowanceKm: want.allowance, extraKm: want.extraKm });
  expect((await evidence(r.id)).kmAllowance).toBe(want.allowance);
  return { before, after };
}

describe('one allowance and extra-km figure for the same rental', () => {
  it('fixed-term 3 days returned early (20 h in): the booked 3 days everywhere — 600 km, 50 over', async () => {
    const start = Date.now() - 20 * HOUR;
    const r = await run({ start, booking: { endDate: iso(start + 3 * DAY) }, driven: 650, limit: 200 });
    expect(r.quote).toMatchObject({ days: 3, allowanceKm: 600 });
    await agree(r, { allowance: 600, extraKm: 50 });
  });

  it('fixed-term 3 days returned late (3 d 5 h): 4 chargeable days everywhere — 1,000 km at 250 a day', async () => {
    const start = Date.now() - 3 * DAY - 5 * HOUR;
    const r = await run({ start, booking: { endDate: iso(start + 3 * DAY) }, driven: 1100, limit: 250 });
    // The quote is the booking as booked: 3 days × 250 (the GPS used to show 250 here, billing 750).
    expect(r.quote).toMatchObject({ days: 3, allowanceKm: 750 });
    const { after } = await agree(r, { allowance: 1000, extraKm: 100 });
    // The return charged the extra km: the proposal shows it posted and a confirmation is refused.
    expect(extraKmOf(after.diff.proposed)?.postedBy).toBe('return');
    const before = await ledger(r.id);
    const again = await post(`/api/v1/inspections/${r.inspectionId}/charges`, { key: 'extra_km', amount: 50 }, owner);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(INSPECTION_MESSAGES.chargePosted);
    expect(await ledger(r.id)).toEqual(before);
  });

  it('open-ended (30 days expected) returned after 5 d 2 h: the quote plans 30 days; return, check-in and GPS agree on the 6 days used', async () => {
    const start = Date.now() - 5 * DAY - 2 * HOUR;
    const r = await run({ start, booking: { openEnded: true, expectedDuration: 30 }, driven: 1500, limit: 200 });
    expect(r.quote).toMatchObject({ days: 30, allowanceKm: 6000 });
    await agree(r, { allowance: 1200, extraKm: 300 });
  });
});

describe('a confirmed proposal posts once', () => {
  it('extra km confirmed before the return: a second confirm is 409 with ledger and books unchanged; the return nets it', async () => {
    const start = Date.now() - 20 * HOUR;
    const r = await run({ start, booking: { endDate: iso(start + 3 * DAY) }, driven: 700, limit: 200 });
    const detail = await inspection(r.inspectionId);
    const proposal = extraKmOf(detail.diff.proposed)!;
    expect(proposal).toMatchObject({
      amount: 50,
      postedBy: null,
      labelKey: 'inspections.charge.extraKm',
      labelParams: { km: 100, allowance: 600, days: 3 },
    });
    const key = `insp-${r.inspectionId}-extra`;
    const first = await post(
      `/api/v1/inspections/${r.inspectionId}/charges`,
      { key: 'extra_km', amount: proposal.amount },
      owner,
      { 'Idempotency-Key': key },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const [ledgerAfter, booksAfter] = await Promise.all([ledger(r.id), books()]);
    expect(ledgerAfter.filter((e) => e.category === 'extra_km').map((e) => e.amount)).toEqual([50]);
    // The same request again (same key) replays the first answer; a new confirmation is refused.
    const replay = await post(
      `/api/v1/inspections/${r.inspectionId}/charges`,
      { key: 'extra_km', amount: proposal.amount },
      owner,
      { 'Idempotency-Key': key },
    );
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    const second = await post(
      `/api/v1/inspections/${r.inspectionId}/charges`,
      { key: 'extra_km', amount: proposal.amount },
      owner,
    );
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(INSPECTION_MESSAGES.chargePosted);
    expect(await ledger(r.id)).toEqual(ledgerAfter);
    expect(await books()).toEqual(booksAfter);
    expect(extraKmOf((await inspection(r.inspectionId)).diff.proposed)?.postedBy).toBe('confirmation');
    // The return charges the same 100 km: nothing more of extra km is posted.
    const preview = (await post(`/api/v1/rentals/${r.id}/return-preview`, r.returnBody, owner)).body;
    expect(preview.km).toMatchObject({ allowance: 600, extra: 100 });
    expect((await post(`/api/v1/rentals/${r.id}/return`, r.returnBody, owner)).status).toBe(200);
    expect((await ledger(r.id)).filter((e) => e.category === 'extra_km').map((e) => e.amount)).toEqual([50]);
    // A key the inspection does not propose: 409, nothing written.
    const unknown = await post(
      `/api/v1/inspections/${r.inspectionId}/charges`,
      { key: 'damage:nope', amount: 10 },
      owner,
    );
    expect(unknown.status).toBe(409);
    expect(unknown.body.error.message).toBe(INSPECTION_MESSAGES.chargeUnknown);
  });
});

describe('the damage price list', () => {
  it('is a pricing setting (bad amounts 400) and fills the proposed damage charges; the confirmed amount is the edited one', async () => {
    const current = (await get('/api/v1/pricing-settings', owner)).body;
    // A new company reads the default list (by severity).
    expect(current.damagePrices.dent).toEqual({ minor: 150, moderate: 500, severe: 1500 });
    const list = { ...current.damagePrices, dent: { minor: 220, moderate: 680, severe: 1900 } };
    const bad = await put(
      '/api/v1/pricing-settings',
      { version: current.version, damagePrices: { ...list, dent: { minor: -1, moderate: 680, severe: 1900 } } },
      owner,
    );
    expect(bad.status).toBe(400);
    const saved = await put('/api/v1/pricing-settings', { version: current.version, damagePrices: list }, owner);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.damagePrices.dent).toEqual({ minor: 220, moderate: 680, severe: 1900 });

    const start = Date.now() - 20 * HOUR;
    const r = await run({ start, booking: { endDate: iso(start + 3 * DAY) }, driven: 100, limit: 200 });
    const damage = (await inspection(r.inspectionId)).diff.proposed.find(
      (p: { key: string }) => p.key === 'damage:new-dent',
    );
    expect(damage).toMatchObject({
      category: 'damage_fees',
      amount: 680,
      postedBy: null,
      labelKey: 'inspections.charge.damage',
      labelParams: { type: 'dent', severity: 'moderate', view: 'rear' },
    });
    const confirmed = await post(
      `/api/v1/inspections/${r.inspectionId}/charges`,
      { key: damage.key, amount: 600 },
      owner,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect((await ledger(r.id)).filter((e) => e.category === 'damage_fees').map((e) => e.amount)).toEqual([600]);
    expect(
      (await post(`/api/v1/inspections/${r.inspectionId}/charges`, { key: damage.key, amount: 600 }, owner)).status,
    ).toBe(409);
  });
});
