import { budget, percentile, type Check, type Section } from './checks';

/**
 * GPS ingest (issue 14) through the local gateway: positions per second for OsmAnd GETs one at a
 * time, from 10 devices at once, and in JSON batches of 50; DynamoDB round trips per position
 * (x-ddb-calls of the answer). A single OsmAnd position costs a GetItem of the device, one
 * transaction (position + device state) and one conditional update of the vehicle: 3 round trips
 * (the company's geofences and settings are cached per instance).
 */
const SEQUENTIAL = Number(process.env.BENCH_GPS_N ?? 200);
const DEVICES = 10;
const PER_DEVICE = 30;
const BATCHES = 10;

export const gpsSection: Section = {
  name: 'gps',
  needsStack: true,
  async run({ base }) {
    const { registerTenant } = await import('../integration/fixtures');
    const { createVehicle, geofenceBody } = await import('../integration/entity-factories');
    const { post } = await import('../integration/client');
    const owner = await registerTenant();
    for (const [i, type] of (['RESTRICTED', 'SERVICE_AREA', 'DROP_ZONE'] as const).entries()) {
      await post(
        '/api/v1/geofences',
        geofenceBody({ name: `Bench ${type}`, type, center: [55.2 + i * 0.05, 25.2], radius: 800 }),
        owner.token,
      );
    }
    const devices = await Promise.all(
      Array.from({ length: DEVICES }, async () => {
        const v = await createVehicle(owner.token);
        const r = await post(`/api/v1/vehicles/${v.id}/tracker`, {}, owner.token);
        return r.body.tracker as { deviceId: string; secret: string };
      }),
    );
    // Positions a little apart in time and space, ending now (none in the future).
    const start = Date.now() - 3_600_000;
    let clock = 0;
    const stamp = () => new Date(start + (clock += 1000)).toISOString();
    const osmand = async (d: { deviceId: string; secret: string }, i: number) => {
      const q = new URLSearchParams({
        id: d.deviceId,
        lat: String(25.2 + (i % 100) * 0.001),
        lon: String(55.2 + (i % 50) * 0.002),
        timestamp: stamp(),
        speed: '30',
      });
      const res = await fetch(`${base}/api/v1/gps/osmand?${q}`, { headers: { 'x-device-secret': d.secret } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`osmand: HTTP ${res.status}`);
      return Number(res.headers.get('x-ddb-calls'));
    };
    const checks: Check[] = [];

    // One device, one position at a time
    const calls: number[] = [];
    let t0 = performance.now();
    for (let i = 0; i < SEQUENTIAL; i++) calls.push(await osmand(devices[0], i));
    let secs = (performance.now() - t0) / 1000;
    checks.push({
      check: `GPS OsmAnd GET, one at a time (n=${SEQUENTIAL})`,
      measured: `${(SEQUENTIAL / secs).toFixed(0)} positions/s`,
      note: 'local gateway figure',
    });
    const steady = percentile(calls.slice(5), 50);
    checks.push({
      check: 'GPS DynamoDB calls per OsmAnd position',
      measured: `${steady} (max ${Math.max(...calls)} on a cold cache)`,
      budget: budget('≤ 3', steady <= 3),
    });

    // Ten devices at once
    t0 = performance.now();
    await Promise.all(
      devices.map(async (d, k) => {
        for (let i = 0; i < PER_DEVICE; i++) await osmand(d, k * 1000 + i);
      }),
    );
    secs = (performance.now() - t0) / 1000;
    checks.push({
      check: `GPS OsmAnd GET, ${DEVICES} devices at once (n=${DEVICES * PER_DEVICE})`,
      measured: `${((DEVICES * PER_DEVICE) / secs).toFixed(0)} positions/s`,
      note: 'local gateway figure',
    });

    // JSON batches of 50
    const batchCalls: number[] = [];
    t0 = performance.now();
    for (let b = 0; b < BATCHES; b++) {
      const d = devices[1 + (b % (DEVICES - 1))];
      const positions = Array.from({ length: 50 }, (_, i) => ({
        timestamp: stamp(),
        lat: 25.2 + i * 0.001,
        lon: 55.3,
        speed: 40,
      }));
      const res = await fetch(`${base}/api/v1/gps/positions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-secret': d.secret },
        body: JSON.stringify({ deviceId: d.deviceId, positions }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`batch: HTTP ${res.status}`);
      batchCalls.push(Number(res.headers.get('x-ddb-calls')));
    }
    secs = (performance.now() - t0) / 1000;
    checks.push({
      check: `GPS JSON batch of 50 (n=${BATCHES * 50})`,
      measured: `${((BATCHES * 50) / secs).toFixed(0)} positions/s`,
      note: 'local gateway figure',
    });
    const perPos = percentile(batchCalls, 50) / 50;
    checks.push({
      check: 'GPS DynamoDB calls per batched position',
      measured: perPos.toFixed(2),
      budget: budget('≤ 0.2', perPos <= 0.2),
    });
    return checks;
  },
};
