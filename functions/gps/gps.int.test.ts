import { beforeAll, describe, expect, it } from 'vitest';
import { call, del, get, patch, post } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { createCustomer, createVehicle, geofenceBody } from '../../test/integration/entity-factories';

/**
 * GPS over HTTP (issue 14): OsmAnd GET/POST and the JSON batch through the public routes, device
 * authentication (wrong secret, unknown device), the latest position written only when newer,
 * geofence CRUD with validation, events and alerts generated once (and linked to the rental),
 * roles (STAFF and MECHANIC read-only) and tenancy.
 */
let t: Awaited<ReturnType<typeof tenantWithAllRoles>>;
let other: Awaited<ReturnType<typeof registerTenant>>;
let owner: string;

const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();
const secs = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

async function tracked(token: string) {
  const v = await createVehicle(token);
  const res = await post(`/api/v1/vehicles/${v.id}/tracker`, {}, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return {
    vehicleId: v.id as string,
    deviceId: res.body.tracker.deviceId as string,
    secret: res.body.tracker.secret as string,
  };
}

const osmand = (q: Record<string, string>) => get(`/api/v1/gps/osmand?${new URLSearchParams(q)}`);
const batch = (d: { deviceId: string; secret: string }, positions: unknown[]) =>
  post('/api/v1/gps/positions', { deviceId: d.deviceId, positions }, undefined, { 'x-device-secret': d.secret });

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  owner = t.owner.token;
});

describe('trackers and positions in', () => {
  it('the secret is shown once; rotating replaces it and the old one stops working', async () => {
    const d = await tracked(owner);
    expect(d.deviceId).toMatch(new RegExp(`^${t.owner.tenantId}[0-9A-Z]{8}$`));
    expect(d.secret.length).toBeGreaterThanOrEqual(24);
    const shown = await get(`/api/v1/vehicles/${d.vehicleId}/tracker`, owner);
    expect(shown.status).toBe(200);
    expect(shown.body.tracker.deviceId).toBe(d.deviceId);
    expect(shown.body.tracker.secret).toBeUndefined();
    const rotated = await post(`/api/v1/vehicles/${d.vehicleId}/tracker`, {}, owner);
    expect(rotated.body.tracker.deviceId).toBe(d.deviceId);
    expect(rotated.body.tracker.secret).not.toBe(d.secret);
    expect(
      (await osmand({ id: d.deviceId, secret: d.secret, lat: '25.2', lon: '55.27', timestamp: secs(ago(5)) })).status,
    ).toBe(401);
    expect(
      (
        await osmand({
          id: d.deviceId,
          secret: rotated.body.tracker.secret,
          lat: '25.2',
          lon: '55.27',
          timestamp: secs(ago(5)),
        })
      ).status,
    ).toBe(200);
  });

  it('OsmAnd GET and POST store the position and update the vehicle (speed knots → km/h)', async () => {
    const d = await tracked(owner);
    const at1 = ago(60);
    const r1 = await osmand({
      id: d.deviceId,
      secret: d.secret,
      lat: '25.204849',
      lon: '55.270783',
      timestamp: secs(at1),
      speed: '10',
      bearing: '90',
      batt: '77',
    });
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r1.body).toMatchObject({ accepted: 1, outOfOrder: 0 });
    let v = (await get(`/api/v1/vehicles/${d.vehicleId}`, owner)).body;
    expect(v).toMatchObject({
      latitude: 25.204849,
      longitude: 55.270783,
      speed: 18.5,
      heading: 90,
      lastGpsUpdate: new Date(Math.floor(Date.parse(at1) / 1000) * 1000).toISOString(),
    });

    const at2 = ago(30);
    const form = new URLSearchParams({
      id: d.deviceId,
      lat: '25.2100',
      lon: '55.2800',
      timestamp: at2,
      speed: '20',
    }).toString();
    const r2 = await call('/api/v1/gps/osmand', {
      method: 'POST',
      raw: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-device-secret': d.secret },
    });
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    v = (await get(`/api/v1/vehicles/${d.vehicleId}`, owner)).body;
    expect(v).toMatchObject({ latitude: 25.21, longitude: 55.28, lastGpsUpdate: at2 });
    const track = await get(`/api/v1/gps/positions?vehicleId=${d.vehicleId}&from=${ago(3600)}`, owner);
    expect(track.body.items.map((p: { lat: number }) => p.lat)).toEqual([25.204849, 25.21]);
    const tracker = (await get(`/api/v1/vehicles/${d.vehicleId}/tracker`, owner)).body.tracker;
    expect(tracker).toMatchObject({ lastPositionAt: at2, batteryPercent: 77 });
  });

  it('wrong secret 401, unknown device 401, nothing stored', async () => {
    const d = await tracked(owner);
    const q = { lat: '25.2', lon: '55.27', timestamp: secs(ago(10)) };
    expect((await osmand({ ...q, id: d.deviceId, secret: 'not-the-secret' })).status).toBe(401);
    expect((await osmand({ ...q, id: d.deviceId })).status).toBe(401);
    expect((await osmand({ ...q, id: `${t.owner.tenantId}ZZZZZZZZ`, secret: d.secret })).status).toBe(401);
    expect((await osmand({ ...q, id: 'garbage', secret: d.secret })).status).toBe(401);
    expect(
      (await batch({ deviceId: d.deviceId, secret: 'nope' }, [{ timestamp: ago(5), lat: 25.2, lon: 55.27 }])).status,
    ).toBe(401);
    expect((await get(`/api/v1/gps/positions?vehicleId=${d.vehicleId}&from=${ago(3600)}`, owner)).body.items).toEqual(
      [],
    );
  });

  it("a device can only write its own company's vehicle: another company's vehicle is never touched", async () => {
    const mine = await tracked(owner);
    const theirs = await tracked(other.token);
    const before = (await get(`/api/v1/vehicles/${theirs.vehicleId}`, other.token)).body;
    // my secret with their device id, and their device id's company prefix with my device suffix
    expect(
      (await osmand({ id: theirs.deviceId, secret: mine.secret, lat: '1', lon: '1', timestamp: secs(ago(5)) })).status,
    ).toBe(401);
    expect(
      (
        await osmand({
          id: other.tenantId + mine.deviceId.slice(26),
          secret: mine.secret,
          lat: '1',
          lon: '1',
          timestamp: secs(ago(5)),
        })
      ).status,
    ).toBe(401);
    const after = (await get(`/api/v1/vehicles/${theirs.vehicleId}`, other.token)).body;
    expect(after.lastGpsUpdate).toBe(before.lastGpsUpdate);
    expect(after.latitude).toBe(before.latitude);
    // their positions are not readable by us
    expect((await get(`/api/v1/gps/positions?vehicleId=${theirs.vehicleId}`, owner)).status).toBe(404);
    expect((await get(`/api/v1/vehicles/${theirs.vehicleId}/tracker`, owner)).status).toBe(404);
  });

  it('an older position is stored but does not overwrite the newer one', async () => {
    const d = await tracked(owner);
    const newer = ago(20);
    const older = ago(120);
    expect((await batch(d, [{ timestamp: newer, lat: 25.3, lon: 55.3, speed: 50 }])).status).toBe(200);
    const late = await batch(d, [{ timestamp: older, lat: 25.1, lon: 55.1, speed: 40 }]);
    expect(late.body).toMatchObject({ accepted: 1, outOfOrder: 1 });
    const v = (await get(`/api/v1/vehicles/${d.vehicleId}`, owner)).body;
    expect(v).toMatchObject({ latitude: 25.3, longitude: 55.3, lastGpsUpdate: newer });
    const track = (await get(`/api/v1/gps/positions?vehicleId=${d.vehicleId}&from=${ago(3600)}`, owner)).body.items;
    expect(track.map((p: { at: string; outOfOrder: boolean }) => [p.at, p.outOfOrder])).toEqual([
      [older, true],
      [newer, false],
    ]);
  });

  it('positions are validated: ranges, future timestamps; nothing stored', async () => {
    const d = await tracked(owner);
    const bad = await batch(d, [
      { timestamp: ago(5), lat: 95, lon: 55 },
      { timestamp: new Date(Date.now() + 3_600_000).toISOString(), lat: 25, lon: 55 },
      { timestamp: ago(5), lat: 25, lon: 55, speed: 900 },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      'positions.0.lat': 'Latitude must be between -90 and 90',
      'positions.1.timestamp': 'Timestamp is in the future',
      'positions.2.speed': 'Speed must be between 0 and 400 km/h',
    });
    expect(
      (await osmand({ id: d.deviceId, secret: d.secret, lat: 'abc', lon: '55', timestamp: secs(ago(5)) })).status,
    ).toBe(400);
    expect((await get(`/api/v1/gps/positions?vehicleId=${d.vehicleId}&from=${ago(3600)}`, owner)).body.items).toEqual(
      [],
    );
  });
});

describe('geofences', () => {
  it('CRUD with validation', async () => {
    const bad = await post(
      '/api/v1/geofences',
      { name: '', type: 'NOPE', shape: 'circle', center: [55.27, 25.2], radius: 5 },
      owner,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      name: 'Geofence name is required',
      radius: 'Radius must be between 20 m and 100 km',
    });
    expect(bad.body.error.fields.type).toBeTruthy();
    const noRadius = await post('/api/v1/geofences', geofenceBody({ radius: null }), owner);
    expect(noRadius.body.error.fields).toMatchObject({ radius: 'A circle needs a radius' });
    const poly = await post(
      '/api/v1/geofences',
      geofenceBody({
        shape: 'polygon',
        coordinates: [
          [55.1, 25.1],
          [55.2, 25.1],
        ],
      }),
      owner,
    );
    expect(poly.body.error.fields).toMatchObject({ coordinates: 'A polygon needs 3 to 200 points' });
    const strange = await post(
      '/api/v1/geofences',
      geofenceBody({ vehicleIds: ['01JAAAAAAAAAAAAAAAAAAAAAAA'] }),
      owner,
    );
    expect(strange.status).toBe(400);

    const made = await post(
      '/api/v1/geofences',
      geofenceBody({
        name: 'Airport',
        type: 'RESTRICTED',
        speedLimitKmh: 60,
        timeWindow: { days: ['fri'], start: '22:00', end: '06:00' },
      }),
      owner,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Airport',
      type: 'RESTRICTED',
      shape: 'circle',
      radius: 500,
      speedLimitKmh: 60,
      version: 1,
    });
    const edited = await patch(
      `/api/v1/geofences/${made.body.id}`,
      {
        shape: 'polygon',
        coordinates: [
          [55.1, 25.1],
          [55.2, 25.1],
          [55.2, 25.2],
        ],
      },
      owner,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ shape: 'polygon', center: null, radius: null, version: 2 });
    expect((await patch(`/api/v1/geofences/${made.body.id}`, { name: 'Stale', version: 1 }, owner)).status).toBe(409);
    const list = await get('/api/v1/geofences?type=RESTRICTED', t.staff.token);
    expect(list.body.items.map((g: { id: string }) => g.id)).toContain(made.body.id);
    expect((await get(`/api/v1/geofences/${made.body.id}`, other.token)).status).toBe(404);
    expect((await del(`/api/v1/geofences/${made.body.id}`, other.token)).status).toBe(404);
    expect((await del(`/api/v1/geofences/${made.body.id}`, owner)).status).toBe(204);
    expect((await get(`/api/v1/geofences/${made.body.id}`, owner)).status).toBe(404);
  });

  it('a self-intersecting polygon (a bow-tie) is refused on create and on edit with a field error; nothing written (issue 27)', async () => {
    const bowTie = [
      [55.13, 25.07],
      [55.15, 25.09],
      [55.15, 25.07],
      [55.13, 25.09],
    ];
    const before = (await get('/api/v1/geofences', owner)).body.items.length;
    const refused = await post(
      '/api/v1/geofences',
      geofenceBody({ name: 'Crossed yard', shape: 'polygon', center: null, radius: null, coordinates: bowTie }),
      owner,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      coordinates: 'The polygon’s edges cross or touch each other: draw the outline without crossing it',
    });
    expect((await get('/api/v1/geofences', owner)).body.items).toHaveLength(before);
    // The same four corners in drawing order make a valid square.
    const square = [bowTie[0], bowTie[2], bowTie[1], bowTie[3]];
    const made = await post(
      '/api/v1/geofences',
      geofenceBody({ name: 'Marina yard', shape: 'polygon', center: null, radius: null, coordinates: square }),
      owner,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const edit = await patch(`/api/v1/geofences/${made.body.id}`, { coordinates: bowTie, version: 1 }, owner);
    expect(edit.status).toBe(400);
    expect(edit.body.error.fields.coordinates).toMatch(/cross or touch/);
    expect((await get(`/api/v1/geofences/${made.body.id}`, owner)).body).toMatchObject({
      version: 1,
      coordinates: square,
    });
  });

  it('STAFF and MECHANIC read but cannot edit', async () => {
    const g = await post('/api/v1/geofences', geofenceBody(), owner);
    const v = await createVehicle(owner);
    for (const token of [t.staff.token, t.mechanic.token]) {
      expect((await get('/api/v1/geofences', token)).status).toBe(200);
      expect((await get('/api/v1/gps/live', token)).status).toBe(200);
      expect((await post('/api/v1/geofences', geofenceBody(), token)).status).toBe(403);
      expect((await patch(`/api/v1/geofences/${g.body.id}`, { name: 'x' }, token)).status).toBe(403);
      expect((await del(`/api/v1/geofences/${g.body.id}`, token)).status).toBe(403);
      expect((await post(`/api/v1/vehicles/${v.id}/tracker`, {}, token)).status).toBe(403);
    }
    expect((await post('/api/v1/geofences', geofenceBody(), t.admin.token)).status).toBe(201);
  });
});

describe('events and alerts', () => {
  it('entry, exit and speeding are generated once, linked to the rental and customer, and raise alerts once', async () => {
    const d = await tracked(owner);
    const customer = await createCustomer(owner, { fullNameEnglish: 'Hamdan Evidence' });
    const rental = await post(
      '/api/v1/rentals',
      {
        vehicleId: d.vehicleId,
        customerId: customer.id,
        startDate: ago(7200),
        endDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        dailyRate: 100,
        taxRate: 5,
      },
      owner,
    );
    expect(rental.status, JSON.stringify(rental.body)).toBe(201);
    // A restricted circle unique to this test, far from the others (so other tests' fences do not interfere)
    const center: [number, number] = [54.5 + Math.random() * 0.1, 24.4 + Math.random() * 0.1];
    const fence = await post(
      '/api/v1/geofences',
      geofenceBody({ name: 'Closed yard', type: 'RESTRICTED', center, radius: 300, vehicleIds: [d.vehicleId] }),
      owner,
    );
    expect(fence.status).toBe(201);
    const out = (s: number, speed = 40) => ({ timestamp: ago(s), lat: center[1] + 0.01, lon: center[0], speed });
    const inn = (s: number, speed = 40) => ({ timestamp: ago(s), lat: center[1], lon: center[0], speed });
    const positions = [
      out(600),
      inn(590),
      inn(580),
      out(570),
      out(560, 150),
      out(540, 155),
      out(520, 150),
      out(500, 60),
    ];
    const first = await batch(d, positions);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ accepted: 8, outOfOrder: 0, events: 3 });
    const again = await batch(d, positions);
    expect(again.body).toMatchObject({ accepted: 8, outOfOrder: 8, events: 0 });

    const events = (await get(`/api/v1/gps/events?vehicleId=${d.vehicleId}`, owner)).body.items;
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(['speeding', 'exit', 'entry']);
    for (const e of events)
      expect(e).toMatchObject({
        rentalId: rental.body.id,
        rentalReference: rental.body.referenceNumber,
        customerId: customer.id,
        customerName: 'Hamdan Evidence',
      });
    expect(events[0]).toMatchObject({ limitKmh: 120, maxSpeedKmh: 155 });
    expect((await get(`/api/v1/gps/events?rentalId=${rental.body.id}`, owner)).body.items).toHaveLength(3);

    const alerts = (await get('/api/v1/alerts?category=gps&limit=100', owner)).body.items.filter(
      (a: { relatedEntityId: string }) => a.relatedEntityId === rental.body.id,
    );
    expect(alerts.map((a: { type: string }) => a.type).sort()).toEqual(['gps_restricted_entry', 'gps_speeding']);

    const evidence = await get(`/api/v1/gps/trips?rentalId=${rental.body.id}`, owner);
    expect(evidence.status).toBe(200);
    expect(evidence.body.rental).toMatchObject({ id: rental.body.id, speedingCount: 1, geofenceExits: 1 });
    expect(evidence.body.distanceKm).toBeGreaterThan(0);
    expect((await get(`/api/v1/gps/trips?rentalId=${rental.body.id}`, other.token)).status).toBe(404);
  });

  it('live fleet lists the vehicles with their trackers', async () => {
    const d = await tracked(owner);
    await batch(d, [{ timestamp: ago(5), lat: 25.25, lon: 55.3, speed: 30, batt: 55 }]);
    const live = (await get('/api/v1/gps/live', owner)).body.items;
    expect(live.find((v: { vehicleId: string }) => v.vehicleId === d.vehicleId)).toMatchObject({
      hasTracker: true,
      latitude: 25.25,
      longitude: 55.3,
      batteryPercent: 55,
    });
    expect(
      (await get('/api/v1/gps/live', other.token)).body.items.find(
        (v: { vehicleId: string }) => v.vehicleId === d.vehicleId,
      ),
    ).toBeUndefined();
  });

  it('company GPS settings: speed limit and overspeed duration apply, retention bounds what is accepted', async () => {
    const co = await registerTenant();
    expect((await get('/api/v1/gps/settings', co.token)).body).toEqual({
      positionRetentionDays: 90,
      speedLimitKmh: 120,
      overspeedMinSeconds: 30,
    });
    const bad = await patch('/api/v1/gps/settings', { positionRetentionDays: 2 }, co.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ positionRetentionDays: 'Keep positions between 7 and 365 days' });
    const set = await patch(
      '/api/v1/gps/settings',
      { positionRetentionDays: 30, speedLimitKmh: 80, overspeedMinSeconds: 0 },
      co.token,
    );
    expect(set.body).toEqual({ positionRetentionDays: 30, speedLimitKmh: 80, overspeedMinSeconds: 0 });
    const d = await tracked(co.token);
    const r = await batch(d, [{ timestamp: ago(60), lat: 25.2, lon: 55.2, speed: 90 }]);
    expect(r.body).toMatchObject({ accepted: 1, events: 1 });
    expect((await get(`/api/v1/gps/events?vehicleId=${d.vehicleId}`, co.token)).body.items[0]).toMatchObject({
      kind: 'speeding',
      limitKmh: 80,
    });
    const old = await batch(d, [{ timestamp: ago(40 * 86_400), lat: 25.2, lon: 55.2 }]);
    expect(old.status).toBe(400);
    expect(old.body.error.fields).toMatchObject({
      'positions.0.timestamp': 'Timestamp is older than the position retention period',
    });
  });
});
