/**
 * `npm run gps:simulate` (issue 14): drives vehicles of a company along the Dubai road polylines
 * (shared/gps/dubai-routes.ts) through the PUBLIC OsmAnd endpoint, exactly as Traccar Client on a
 * phone would (id, lat, lon, timestamp, speed in knots, bearing, batt + the device secret), so the
 * live map moves, geofence entries and exits happen, and the first car speeds on Sheikh Zayed
 * Road. It signs in (the demo company by default), creates or rotates each driven vehicle's
 * tracker to learn a secret (the secret is only ever shown in that answer), then sends one
 * position per vehicle every `--interval` ms; each tick covers `--step` seconds of road (default:
 * the interval, so speeds are true), stamped with the real clock; `--replay` sends each lap as a
 * drive that just ended, stamped in the past (a whole route in seconds with true speeds).
 *
 *   npm run gps:simulate                        # 3 demo vehicles, forever (Ctrl-C stops)
 *   npm run gps:simulate -- --vehicles 5 --interval 500 --step 10 --laps 1 --replay
 *   SAYYARA_URL=http://localhost:3000 npm run gps:simulate -- --username me --password secret
 */
import { DUBAI_ROUTES } from '../../shared/gps/dubai-routes';
import { drive } from '../../shared/gps/drive';

export interface SimulateOptions {
  baseUrl: string;
  token: string;
  vehicleIds: string[];
  /** route id per vehicle (default: szr, jbr, airport in turn) */
  routes?: string[];
  intervalMs?: number;
  stepSeconds?: number;
  laps?: number;
  /** first vehicle speeds on its route's fast stretch */
  speeding?: boolean;
  /**
   * 'real' (default): each position is stamped with the clock when sent (keep step = interval
   * for true speeds). 'replay': a lap is a drive that ended now, sent faster than it happened:
   * stamped from now − its duration in `step` seconds, so speeds, durations and the overspeed
   * rule see a true drive (tests, demos of a whole route in seconds).
   */
  clock?: 'real' | 'replay';
  log?: (line: string) => void;
  signal?: AbortSignal;
}

const KMH_TO_KNOTS = 1 / 1.852;

async function json(res: Response) {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return { text };
  }
}

export async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await json(res);
  if (!res.ok) throw new Error(`Sign-in failed (${res.status}): ${JSON.stringify(body).slice(0, 200)}`);
  return body.tokens?.accessToken ?? body.accessToken;
}

/** Creates or rotates the vehicle's tracker; answers its device id and fresh secret. */
export async function trackerFor(
  baseUrl: string,
  token: string,
  vehicleId: string,
): Promise<{ deviceId: string; secret: string }> {
  const res = await fetch(`${baseUrl}/api/v1/vehicles/${vehicleId}/tracker`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = await json(res);
  if (res.status !== 201)
    throw new Error(`Tracker for ${vehicleId}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { deviceId: body.tracker.deviceId, secret: body.tracker.secret };
}

export async function simulate(o: SimulateOptions): Promise<{ sent: number; rejected: number; events: number }> {
  const log = o.log ?? ((l: string) => console.log(l));
  const interval = o.intervalMs ?? 1000;
  const step = o.stepSeconds ?? interval / 1000;
  const laps = o.laps ?? Infinity;
  const cars = await Promise.all(
    o.vehicleIds.map(async (id, i) => {
      const routeId = o.routes?.[i] ?? DUBAI_ROUTES[i % DUBAI_ROUTES.length].id;
      const route = DUBAI_ROUTES.find((r) => r.id === routeId) ?? DUBAI_ROUTES[0];
      return { id, route, device: await trackerFor(o.baseUrl, o.token, id), speeding: (o.speeding ?? true) && i === 0 };
    }),
  );
  let sent = 0;
  let rejected = 0;
  let events = 0;
  for (let lap = 0; lap < laps && !o.signal?.aborted; lap++) {
    const tracks = cars.map((c) =>
      drive(c.route, {
        from: lap % 2 ? 1 : 0,
        to: lap % 2 ? 0 : 1,
        startMs: 0,
        stepSeconds: step,
        speeding: c.speeding,
      }),
    );
    const ticks = Math.max(...tracks.map((t) => t.length));
    log(`lap ${lap + 1}: ${cars.map((c, i) => `${c.route.name} (${tracks[i].length} points)`).join(', ')}`);
    const replayStart = Date.now() - ticks * step * 1000;
    for (let k = 0; k < ticks && !o.signal?.aborted; k++) {
      const started = Date.now();
      const stamp = o.clock === 'replay' ? (replayStart + k * step * 1000) / 1000 : Date.now() / 1000;
      await Promise.all(
        cars.map(async (c, i) => {
          const p = tracks[i][Math.min(k, tracks[i].length - 1)];
          const q = new URLSearchParams({
            id: c.device.deviceId,
            lat: String(p.lat),
            lon: String(p.lon),
            timestamp: String(stamp),
            speed: (p.speed * KMH_TO_KNOTS).toFixed(2),
            bearing: String(p.heading),
            batt: String(90 - (k % 60)),
          });
          const res = await fetch(`${o.baseUrl}/api/v1/gps/osmand?${q}`, {
            headers: { 'x-device-secret': c.device.secret },
          });
          const body = await json(res);
          if (res.ok) {
            sent++;
            events += body.events ?? 0;
            if (body.events) log(`${c.route.name}: ${body.events} event(s) at ${p.lat},${p.lon} ${p.speed} km/h`);
          } else {
            rejected++;
            log(`rejected ${res.status}: ${JSON.stringify(body).slice(0, 160)}`);
          }
        }),
      );
      const wait = interval - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }
  return { sent, rejected, events };
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

async function main() {
  const baseUrl = (process.env.SAYYARA_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  const token = await login(baseUrl, arg('username', 'demo'), arg('password', 'demo1234'));
  const live = await json(await fetch(`${baseUrl}/api/v1/gps/live`, { headers: { authorization: `Bearer ${token}` } }));
  const count = Number(arg('vehicles', '3'));
  const ids = (live.items as { vehicleId: string; hasTracker: boolean }[])
    .filter((v) => v.hasTracker)
    .slice(0, count)
    .map((v) => v.vehicleId);
  if (!ids.length)
    throw new Error(
      'No vehicle with a tracker: add one on a vehicle (POST /api/v1/vehicles/{id}/tracker) or reset the demo',
    );
  const ac = new AbortController();
  process.on('SIGINT', () => ac.abort());
  const r = await simulate({
    baseUrl,
    token,
    vehicleIds: ids,
    intervalMs: Number(arg('interval', '1000')),
    stepSeconds: Number(arg('step', String(Number(arg('interval', '1000')) / 1000))),
    clock: process.argv.includes('--replay') ? 'replay' : 'real',
    laps: Number(arg('laps', 'Infinity')),
    signal: ac.signal,
  });
  console.log(`sent ${r.sent} positions, ${r.rejected} rejected, ${r.events} zone events`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').slice(-3).join('/'))) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
