/**
 * Demo GPS (functions/jobs/demo-reset.ts), after rentals: the demo company's geofences (each
 * type, DEMO_GEOFENCES), trackers on most vehicles (every fifth has none), a week of drives along
 * the Dubai road polylines (one or two trips a day, some speeding on Sheikh Zayed Road), and
 * the zone events and alerts the SAME evaluation as the live ingest makes of that history
 * (shared/gps/rules.ts), linked to the rental that had the car. The vehicles' latest position is
 * each tracker's last one; vehicles without a tracker have no position (no invented dots on the
 * map). Two trackers went quiet a day and a half ago and two have a low battery, so the fleet
 * health System Alerts have something true to show. Deterministic but for the device ids.
 */
import { ulid } from 'ulid';
import { DEMO_GEOFENCES, DUBAI_ROUTES } from '../../shared/gps/dubai-routes';
import { drive, type DrivePoint } from '../../shared/gps/drive';
import { GPS_DEFAULTS, alertWorthy, emptyState, evaluate, inDropZone, type EvalFence } from '../../shared/gps/rules';
import type { DemoWorld } from '../lib/demo/world';
import { writeBatch } from '../lib/demo/world';
import { updateRaw, type Item } from '../lib/data/repo';
import { raiseAlerts, rentalLinksBetween, vehicleKey } from './deps';
import { alertOf } from './ingest';
import { eventItem, geofenceKey, positionKey, trackerKey, type GeofenceItem } from './model';
import { newDevice, newSecret } from './trackers';

const DAY = 86_400_000;
/** A position a minute on the last day (the map's default trail), every three minutes before (a lighter reset). */
const STEP_SECONDS = 60;
const OLDER_STEP_SECONDS = 180;

export async function seedGps(world: DemoWorld): Promise<void> {
  const t = world.tenantId;
  const rnd = world.random;
  const now = world.now.getTime();
  const nowIso = world.now.toISOString();
  const fences: GeofenceItem[] = DEMO_GEOFENCES.map((g) => {
    const id = ulid(now - DAY * 30);
    return {
      ...geofenceKey(t, id),
      entityType: 'GEOFENCE',
      id,
      name: g.name,
      type: g.type,
      shape: g.shape,
      center: 'center' in g ? g.center : null,
      radius: 'radius' in g ? g.radius : null,
      coordinates: 'coordinates' in g ? g.coordinates.map((c) => [...c] as [number, number]) : null,
      speedLimitKmh: 'speedLimitKmh' in g ? g.speedLimitKmh : null,
      timeWindow: 'timeWindow' in g ? { ...g.timeWindow, days: [...g.timeWindow.days] } : null,
      vehicleIds: null,
      isActive: true,
      version: 1,
      createdAt: new Date(now - DAY * 30).toISOString(),
      updatedAt: new Date(now - DAY * 30).toISOString(),
    };
  });
  const items: Item[] = [...fences];
  const evalFences: EvalFence[] = fences;
  const settings = {
    speedLimitKmh: GPS_DEFAULTS.speedLimitKmh,
    overspeedMinSeconds: GPS_DEFAULTS.overspeedMinSeconds,
    timeZone: 'Asia/Dubai',
  };
  const alerts: ReturnType<typeof alertOf>[] = [];
  const active = world.vehicles.filter((v) => !v.isArchived);
  let positions = 0;
  let events = 0;
  // The drives are computed in order (world.random stays deterministic); the reads and writes
  // each vehicle needs run afterwards, six vehicles at a time.
  const io: Array<() => Promise<void>> = [];
  for (const [i, v] of active.entries()) {
    if (i % 5 === 4) {
      // No tracker: no position on the map.
      io.push(async () => {
        await updateRaw({
          Key: vehicleKey(t, v.id),
          UpdateExpression: 'SET latitude = :n, longitude = :n, speed = :n, heading = :n, lastGpsUpdate = :n',
          ExpressionAttributeValues: { ':n': null },
        });
      });
      continue;
    }
    const quiet = i === 2 || i === 7; // went offline a day and a half ago
    const end = quiet ? now - 36 * 3_600_000 : now - (2 + Math.floor(rnd() * 40)) * 60_000;
    const track: DrivePoint[] = [];
    for (let day = 6; day >= 0; day--) {
      const trips = 1 + Math.floor(rnd() * 2);
      for (let k = 0; k < trips; k++) {
        const route = DUBAI_ROUTES[(i + k + day) % DUBAI_ROUTES.length];
        const a = rnd() * 0.3;
        const b = 0.6 + rnd() * 0.4;
        const [from, to] = (k + day) % 2 ? [b, a] : [a, b];
        const start = end - day * DAY - (trips - k) * 4 * 3_600_000;
        if (start > end - 10 * 60_000) continue;
        const leg = drive(route, {
          from,
          to,
          startMs: start,
          stepSeconds: day === 0 ? STEP_SECONDS : OLDER_STEP_SECONDS,
          speeding: (i + day) % 4 === 0,
          random: rnd,
        }).filter((p) => Date.parse(p.at) <= end);
        track.push(...leg);
      }
    }
    track.sort((x, y) => x.at.localeCompare(y.at));
    if (!track.length) continue;
    const r = evaluate(v.id, evalFences, emptyState(), track, settings);
    const last = track[track.length - 1];
    const device = newDevice(t, v.id, newSecret(), new Date(now - 20 * DAY).toISOString());
    const battery = i === 3 || i === 11 ? 8 + Math.floor(rnd() * 8) : 40 + Math.floor(rnd() * 60);
    items.push({
      ...device,
      ...r.state,
      lastPositionAt: last.at,
      lastLat: last.lat,
      lastLon: last.lon,
      batteryPercent: battery,
      insideDropZone: inDropZone(evalFences, last.lon, last.lat),
    });
    items.push({
      ...trackerKey(t, v.id),
      entityType: 'GPS_TRACKER',
      vehicleId: v.id,
      deviceId: device.deviceId,
      createdAt: device.createdAt,
    });
    for (const p of track) {
      items.push({
        ...positionKey(t, v.id, p.at),
        entityType: 'GPS_POS',
        at: p.at,
        lat: p.lat,
        lon: p.lon,
        speed: p.speed,
        heading: p.heading,
        altitude: null,
        accuracy: 8,
        batt: battery,
        outOfOrder: false,
        receivedAt: p.at,
        ttl: Math.floor(Date.parse(p.at) / 1000) + GPS_DEFAULTS.positionRetentionDays * 86_400,
      });
    }
    positions += track.length;
    const label = `${v.make} ${v.model} · ${v.licensePlate}`;
    io.push(async () => {
      const linkAt = await rentalLinksBetween(t, v.id, track[0].at, last.at);
      for (const e of r.events) {
        const ev = eventItem(t, v.id, label, e, linkAt(e.at), nowIso);
        items.push(ev);
        events++;
        if (alertWorthy(e) && Date.parse(e.at) > now - DAY) alerts.push(alertOf(ev));
      }
      await updateRaw({
        Key: vehicleKey(t, v.id),
        UpdateExpression: 'SET latitude = :lat, longitude = :lon, speed = :s, heading = :h, lastGpsUpdate = :at',
        ExpressionAttributeValues: {
          ':lat': last.lat,
          ':lon': last.lon,
          ':s': last.speed,
          ':h': last.heading,
          ':at': last.at,
        },
      });
    });
  }
  for (let k = 0; k < io.length; k += 6) await Promise.all(io.slice(k, k + 6).map((task) => task()));
  // Four writers at once: the history is thousands of independent puts.
  const quarter = Math.ceil(items.length / 4);
  await Promise.all([0, 1, 2, 3].map((k) => writeBatch(items.slice(k * quarter, (k + 1) * quarter))));
  if (alerts.length) await raiseAlerts(t, alerts);
  world.counts.gps = items.length;
  world.counts.gpsPositions = positions;
  world.counts.gpsEvents = events;
}
