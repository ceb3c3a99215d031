import turfDistance from '@turf/distance';
import { point } from '@turf/helpers';

/**
 * Trips and stops from a track, Traccar's model (its ReportUtils / TripsConfig): the vehicle is
 * "moving" while its speed is above a threshold; a trip ends when it has stood still longer than
 * the minimal parking duration (the trip ends at the first still position); a gap in the data
 * longer than that counts as a stop too. Trips shorter than the minimal distance AND duration are
 * dropped (GPS drift in a car park is not a trip).
 */
export const TRIP_DEFAULTS = {
  /** km/h; Traccar's default speedThreshold is 0.01 knots, phones report 1–3 km/h of drift. */
  movingSpeedKmh: 3,
  minimalParkingSeconds: 300,
  minimalTripDistanceM: 500,
  minimalTripSeconds: 300,
} as const;

export interface TrackPoint {
  at: string;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
}

export interface Trip {
  startAt: string;
  endAt: string;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  distanceKm: number;
  durationSeconds: number;
  maxSpeedKmh: number;
  averageSpeedKmh: number;
}

export interface Stop {
  startAt: string;
  endAt: string;
  lat: number;
  lon: number;
  durationSeconds: number;
}

type LatLon = Pick<TrackPoint, 'lat' | 'lon'>;
const km = (a: LatLon, b: LatLon) =>
  turfDistance(point([a.lon, a.lat]), point([b.lon, b.lat]), { units: 'kilometers' });

/** Great-circle length in km of a path of positions, in order (turf). */
export function pathKm(points: readonly LatLon[]): number {
  let d = 0;
  for (let i = 1; i < points.length; i++) d += km(points[i - 1]!, points[i]!);
  return d;
}
const secs = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 1000;
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

export function tripsAndStops(
  track: TrackPoint[],
  cfg: typeof TRIP_DEFAULTS = TRIP_DEFAULTS,
): { trips: Trip[]; stops: Stop[]; distanceKm: number } {
  const pts = [...track].sort((a, b) => a.at.localeCompare(b.at));
  const trips: Trip[] = [];
  const stops: Stop[] = [];
  let tripStart = -1;
  let stillSince = -1;
  const closeTrip = (endIdx: number) => {
    const seg = pts.slice(tripStart, endIdx + 1);
    let dist = 0;
    for (let i = 1; i < seg.length; i++) dist += km(seg[i - 1], seg[i]);
    const dur = secs(seg[0].at, seg[seg.length - 1].at);
    if (dist * 1000 >= cfg.minimalTripDistanceM || dur >= cfg.minimalTripSeconds) {
      const s = seg[0];
      const e = seg[seg.length - 1];
      trips.push({
        startAt: s.at,
        endAt: e.at,
        startLat: s.lat,
        startLon: s.lon,
        endLat: e.lat,
        endLon: e.lon,
        distanceKm: round(dist, 2),
        durationSeconds: Math.round(dur),
        maxSpeedKmh: Math.round(Math.max(...seg.map((p) => p.speed))),
        averageSpeedKmh: dur > 0 ? Math.round((dist / dur) * 3600) : 0,
      });
    }
    tripStart = -1;
  };
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i];
    const moving = p.speed > cfg.movingSpeedKmh;
    // A silence longer than the parking duration ends the trip at the last position before it.
    if (tripStart >= 0 && i > 0 && secs(pts[i - 1].at, p.at) > cfg.minimalParkingSeconds) {
      closeTrip(stillSince >= 0 ? stillSince : i - 1);
      stillSince = -1;
    }
    if (moving) {
      if (tripStart < 0) tripStart = i;
      stillSince = -1;
    } else if (tripStart >= 0) {
      if (stillSince < 0) stillSince = i;
      if (secs(pts[stillSince].at, p.at) >= cfg.minimalParkingSeconds) {
        closeTrip(stillSince);
        stillSince = -1;
      }
    }
  }
  if (tripStart >= 0) closeTrip(stillSince >= 0 ? stillSince : pts.length - 1);
  // Stops: the time between one trip's end and the next trip's start (at least the parking duration).
  for (let i = 0; i + 1 < trips.length; i++) {
    const dur = secs(trips[i].endAt, trips[i + 1].startAt);
    if (dur >= cfg.minimalParkingSeconds)
      stops.push({
        startAt: trips[i].endAt,
        endAt: trips[i + 1].startAt,
        lat: trips[i].endLat,
        lon: trips[i].endLon,
        durationSeconds: Math.round(dur),
      });
  }
  return {
    trips,
    stops,
    distanceKm: round(
      trips.reduce((s, t) => s + t.distanceKm, 0),
      2,
    ),
  };
}
