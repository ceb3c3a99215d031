import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createDocument, createVehicle } from '../../test/integration/entity-factories';
import { handler as fleetHealthJob } from '../jobs/fleet-health';

/**
 * GET /api/v1/fleet-health over HTTP (issue 14 part B): per role (STAFF 403), the factors of real
 * data (documents on file beat the vehicle's own dates, urgent maintenance), GET never writes,
 * POST …/recompute stores the scores on the vehicles, a fresh stored computation is served until
 * the next recompute, a grade drop raises one alert, another company 404, and the daily job
 * once per company and day.
 */
type Row = {
  vehicleId: string;
  score: number;
  grade: string;
  previousScore: number | null;
  factors: { key: string; weight: number; penalty: number; detail: Record<string, unknown> }[];
};
let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const year = new Date().getUTCFullYear();
const ids: Record<string, string> = {};
const health = async (query = '', token = owner) => get(`/api/v1/fleet-health${query}`, token);
const recompute = async (query = '', token = owner) => post(`/api/v1/fleet-health/recompute${query}`, {}, token);
const rowOf = (body: { vehicles: Row[] }, id: string) => body.vehicles.find((v) => v.vehicleId === id)!;
const factor = (row: Row, key: string) => row.factors.find((f) => f.key === key)!;

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
  ids.clean = (
    await createVehicle(owner, {
      year,
      odometerKm: 5000,
      insuranceExpiryDate: day(200),
      registrationExpiryDate: day(300),
    })
  ).id;
  // The vehicle's own fields say valid; the registration on file expired three days ago and wins.
  ids.lapsed = (
    await createVehicle(owner, {
      year,
      odometerKm: 5000,
      insuranceExpiryDate: day(200),
      registrationExpiryDate: day(300),
    })
  ).id;
  await createDocument(owner, {
    scope: 'vehicle',
    vehicleId: ids.lapsed,
    title: 'Mulkiya',
    documentType: 'registration',
    expiryDate: day(-3),
  });
  ids.otherVehicle = (await createVehicle(other.token)).id;
}, 120_000);

describe('GET /api/v1/fleet-health', () => {
  it('answers OWNER, ADMIN and MECHANIC; STAFF is outside the matrix (403)', async () => {
    for (const role of ['OWNER', 'ADMIN', 'MECHANIC'] as const)
      expect((await health('', t.tokens[role])).status, role).toBe(200);
    const staff = await health('', t.tokens.STAFF);
    expect(staff.status).toBe(403);
    expect(staff.body.error.code).toBe('FORBIDDEN');
    expect((await recompute('', t.tokens.STAFF)).status).toBe(403);
  });

  it('scores each vehicle from its factors and shows each contribution; GET writes nothing, recompute writes the score to the vehicle', async () => {
    const initial = (await get(`/api/v1/vehicles/${ids.lapsed}`, owner)).body.healthScore;
    const read = await health();
    expect(read.body.stored).toBe(false);
    expect(rowOf(read.body, ids.lapsed).score).toBe(75);
    expect((await get(`/api/v1/vehicles/${ids.lapsed}`, owner)).body.healthScore).toBe(initial); // a read changed nothing
    expect(initial).not.toBe(75);
    const res = await recompute('', t.tokens.MECHANIC);
    expect(res.status).toBe(200);
    expect(res.body.stored).toBe(true);
    const clean = rowOf(res.body, ids.clean);
    const lapsed = rowOf(res.body, ids.lapsed);
    expect(clean.factors.map((f) => f.key)).toEqual([
      'maintenance',
      'documents',
      'damage',
      'incidents',
      'age',
      'mileage',
      'utilisation',
    ]);
    // New, compliant, 5,000 km, never booked in 30 days (idle: −10).
    expect(factor(clean, 'documents')).toMatchObject({
      weight: 30,
      penalty: 0,
      detail: { registration: 'valid', insurance: 'valid' },
    });
    expect(factor(clean, 'utilisation')).toMatchObject({ weight: 10, penalty: 10, detail: { percent: 0 } });
    expect(clean).toMatchObject({ score: 90, grade: 'excellent' });
    expect(factor(lapsed, 'documents')).toMatchObject({
      penalty: 15,
      detail: { registration: 'expired', registrationExpiry: day(-3) },
    });
    expect(lapsed).toMatchObject({ score: 75, grade: 'good' });
    expect(res.body.grades).toMatchObject({ excellent: 1, good: 1 });
    expect(res.body.averageScore).toBe(83); // (90 + 75) / 2 rounded
    for (const id of [ids.clean, ids.lapsed]) {
      const v = (await get(`/api/v1/vehicles/${id}`, owner)).body;
      expect(v.healthScore).toBe(rowOf(res.body, id).score);
      expect(v.healthGrade).toBe(rowOf(res.body, id).grade);
    }
  });

  it('serves the stored computation until the next recompute; a grade drop raises one alert the fleet-health roles see', async () => {
    for (let i = 0; i < 2; i++) {
      const rec = await post(
        '/api/v1/maintenance',
        {
          vehicleId: ids.lapsed,
          type: 'brakes',
          date: day(1),
          estimatedCost: 300,
          status: 'pending',
          priority: 'urgent',
        },
        owner,
      );
      expect(rec.status, JSON.stringify(rec.body)).toBe(201);
    }
    const cached = await health();
    expect(cached.body.stored).toBe(true);
    expect(rowOf(cached.body, ids.lapsed).score).toBe(75); // the stored computation is still fresh
    const res = await recompute();
    const lapsed = rowOf(res.body, ids.lapsed);
    expect(factor(lapsed, 'maintenance')).toMatchObject({ weight: 25, penalty: 20, detail: { urgent: 2 } });
    expect(lapsed).toMatchObject({ score: 55, grade: 'fair', previousScore: 75 });
    expect((await get(`/api/v1/vehicles/${ids.lapsed}`, owner)).body.healthScore).toBe(55);
    await recompute(); // a re-run raises nothing twice
    const alerts = (await get('/api/v1/alerts?category=fleet&limit=100', t.tokens.MECHANIC)).body.items as {
      type: string;
      relatedEntityId: string;
      params: Record<string, string>;
    }[];
    expect(alerts.filter((a) => a.relatedEntityId === ids.lapsed)).toMatchObject([
      { type: 'health_dropped', params: { grade: 'fair', score: '55', previous: '75' } },
    ]);
    expect((await get('/api/v1/alerts?category=fleet&limit=100', t.tokens.STAFF)).body.items).toEqual([]);
  });

  it("one vehicle by vehicleId; another company's vehicle is 404 and never in the answer; bad input 400", async () => {
    const one = await health(`?vehicleId=${ids.clean}`);
    expect(one.status).toBe(200);
    expect(one.body.vehicles.map((v: Row) => v.vehicleId)).toEqual([ids.clean]);
    expect((await health(`?vehicleId=${ids.otherVehicle}`)).status).toBe(404);
    const theirs = await recompute('', other.token);
    expect(theirs.body.vehicles.map((v: Row) => v.vehicleId)).toEqual([ids.otherVehicle]);
    expect((await health(`?vehicleId=${ids.clean}`, other.token)).status).toBe(404);
    expect((await recompute(`?vehicleId=${ids.clean}`, other.token)).status).toBe(404);
    const bad = await health('?vehicleId=not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('vehicleId');
  });

  it('the daily job recomputes each indexed company once per company day', async () => {
    const only = [t.owner.tenantId];
    expect(await fleetHealthJob({ onlyTenants: only })).toMatchObject({
      units: 1,
      totals: { computed: 0, skipped: 1 },
      errors: 0,
    }); // stored today by recompute
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const [a, b] = await Promise.all([
      fleetHealthJob({ time: tomorrow, onlyTenants: only }),
      fleetHealthJob({ time: tomorrow, onlyTenants: only }),
    ]);
    expect(a.totals.computed + b.totals.computed).toBeGreaterThanOrEqual(1);
    expect(await fleetHealthJob({ time: tomorrow, onlyTenants: only })).toMatchObject({
      totals: { computed: 0, skipped: 1 },
    });
  });
});
