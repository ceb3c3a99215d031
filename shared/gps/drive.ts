import turfAlong from '@turf/along';
import turfBearing from '@turf/bearing';
import turfLength from '@turf/length';
import { lineString, point } from '@turf/helpers';
import type { DemoRoute } from './dubai-routes';

/**
 * A drive along a route polyline (the simulator and the demo history): positions every
 * `stepSeconds` from fraction `from` to fraction `to` of the route (to < from drives it
 * backwards), at the route's speed with a little variation, and 135–145 km/h on its `fast`
 * stretch when `speeding` is set.
 */
export interface DrivePoint {
  at: string;
  lat: number;
  lon: number;
  speed: number;
  heading: number;
}

/** Heading in whole degrees 0–359 from `a` to `b` ([lon, lat]), turf's initial great-circle bearing. */
export function bearing(a: [number, number], b: [number, number]): number {
  return Math.round((turfBearing(point(a), point(b)) + 360) % 360);
}

export function drive(
  route: DemoRoute,
  o: { from: number; to: number; startMs: number; stepSeconds: number; speeding?: boolean; random?: () => number },
): DrivePoint[] {
  const line = lineString(route.path);
  const total = turfLength(line, { units: 'kilometers' });
  const rnd = o.random ?? Math.random;
  const dir = o.to >= o.from ? 1 : -1;
  const out: DrivePoint[] = [];
  let frac = o.from;
  let t = o.startMs;
  for (let guard = 0; guard < 10_000; guard++) {
    const fast = o.speeding && route.fast && frac >= route.fast[0] && frac <= route.fast[1];
    const speed = Math.round((fast ? 135 + rnd() * 10 : route.speedKmh * (0.85 + rnd() * 0.3)) * 10) / 10;
    const c = turfAlong(line, frac * total, { units: 'kilometers' }).geometry.coordinates as [number, number];
    const next = turfAlong(line, Math.min(total, Math.max(0, (frac + dir * 0.001) * total)), { units: 'kilometers' })
      .geometry.coordinates as [number, number];
    out.push({
      at: new Date(t).toISOString(),
      lat: Math.round(c[1] * 1e6) / 1e6,
      lon: Math.round(c[0] * 1e6) / 1e6,
      speed,
      heading: bearing(dir > 0 ? c : next, dir > 0 ? next : c),
    });
    if ((dir > 0 && frac >= o.to) || (dir < 0 && frac <= o.to)) break;
    frac += (dir * (speed * o.stepSeconds)) / 3600 / total;
    frac = dir > 0 ? Math.min(frac, o.to) : Math.max(frac, o.to);
    t += o.stepSeconds * 1000;
  }
  // Parked at the end: speed 0.
  if (out.length) out[out.length - 1] = { ...out[out.length - 1], speed: 0 };
  return out;
}
