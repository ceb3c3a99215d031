import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import turfCircle from '@turf/circle';
import turfDistance from '@turf/distance';
import { point, polygon } from '@turf/helpers';

/**
 * GPS evaluation (issue 14), pure: which geofences a position is inside, the entry/exit events
 * between the previous position's inside-set and this one's, and overspeed held for a minimal
 * duration. The ingest (functions/gps/ingest.ts) keeps `EvalState` on the device item and feeds
 * positions in time order; positions older than the state's last one are stored but never
 * evaluated (out of order).
 */
export const GEOFENCE_TYPES = ['RESTRICTED', 'SERVICE_AREA', 'DROP_ZONE'] as const;
export type GeofenceType = (typeof GEOFENCE_TYPES)[number];
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Company GPS defaults. A rental company in the Gulf: 120 km/h is the common highway limit. */
export const GPS_DEFAULTS = {
  /** Positions are kept this many days (DynamoDB TTL). */
  positionRetentionDays: 90,
  /** Speed limit where no geofence sets one, km/h. */
  speedLimitKmh: 120,
  /** Overspeed must last this long before it is an event (a single GPS spike is not speeding). */
  overspeedMinSeconds: 30,
  /** A position stamped further than this in the future is rejected (device clock skew allowance). */
  maxFutureSeconds: 300,
} as const;

export interface TimeWindow {
  /** Days the window starts on (company time zone). */
  days: Weekday[];
  /** HH:mm; when `end` <= `start` the window runs across midnight into the next day. */
  start: string;
  end: string;
}

export interface FenceShape {
  shape: 'circle' | 'polygon';
  /** circle: [lng, lat] */
  center?: [number, number] | null;
  /** circle: metres */
  radius?: number | null;
  /** polygon: one ring of [lng, lat] (closed or not) */
  coordinates?: [number, number][] | null;
}

export interface EvalFence extends FenceShape {
  id: string;
  name: string;
  type: GeofenceType;
  speedLimitKmh: number | null;
  timeWindow: TimeWindow | null;
  /** null = every vehicle */
  vehicleIds: string[] | null;
}

export interface EvalPosition {
  at: string;
  lat: number;
  lon: number;
  /** km/h */
  speed: number;
}

export interface EvalState {
  /** Time of the last evaluated position (null before the first). */
  lastAt: string | null;
  /** Fence ids the vehicle was inside at lastAt. */
  inside: string[];
  /** Since when the vehicle has been above its limit (null when not). */
  overspeedSince: string | null;
  /** The current overspeed episode has raised its event already. */
  overspeedReported: boolean;
  overspeedMaxKmh: number;
}

export const emptyState = (): EvalState => ({
  lastAt: null,
  inside: [],
  overspeedSince: null,
  overspeedReported: false,
  overspeedMaxKmh: 0,
});

export type ZoneEventKind = 'entry' | 'exit' | 'speeding';

export interface ZoneEventDraft {
  kind: ZoneEventKind;
  at: string;
  lat: number;
  lon: number;
  speed: number;
  fenceId: string | null;
  fenceName: string | null;
  fenceType: GeofenceType | null;
  /** speeding: the limit broken and the top speed of the episode */
  limitKmh?: number;
  maxSpeedKmh?: number;
  /** speeding: since when */
  since?: string;
}

export interface EvalSettings {
  speedLimitKmh: number;
  overspeedMinSeconds: number;
  timeZone: string;
}

function closeRing(ring: [number, number][]): [number, number][] {
  const [a, b] = [ring[0], ring[ring.length - 1]];
  return a[0] === b[0] && a[1] === b[1] ? ring : [...ring, a];
}

/** Whether [lng, lat] lies in the fence's shape (borders count as inside). */
export function insideShape(f: FenceShape, lon: number, lat: number): boolean {
  if (f.shape === 'circle') {
    if (!f.center || !f.radius) return false;
    return turfDistance(point(f.center), point([lon, lat]), { units: meters }) <= f.radius;
  }
  if (!f.coordinates || f.coordinates.length < 3) return false;
  return booleanPointInPolygon(point([lon, lat]), polygon([closeRing(f.coordinates)]));
}
const meters = 'meters' as const;

/** The polygon ring that draws a circle fence on a map (64 steps). */
export function circleRing(center: [number, number], radius: number): [number, number][] {
  return turfCircle(center, radius, { units: meters, steps: 64 }).geometry.coordinates[0] as [number, number][];
}

/** Weekday and minutes after midnight of `at` in `timeZone`. */
export function localClock(at: string | Date, timeZone: string): { day: Weekday; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const day = get('weekday').toLowerCase().slice(0, 3) as Weekday;
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const dayBefore = (d: Weekday): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(d) + 6) % 7];

/**
 * Whether a time window is open at `at` (company time zone). A window from 22:00 to 06:00 on
 * Friday is open Friday 22:00–24:00 and Saturday 00:00–06:00. No window = always open.
 */
export function windowOpen(w: TimeWindow | null, at: string | Date, timeZone: string): boolean {
  if (!w) return true;
  const { day, minutes } = localClock(at, timeZone);
  const s = toMinutes(w.start);
  const e = toMinutes(w.end);
  if (e > s) return w.days.includes(day) && minutes >= s && minutes < e;
  // across midnight (or a full day when start = end)
  return (w.days.includes(day) && minutes >= s) || (w.days.includes(dayBefore(day)) && minutes < e);
}

const applies = (f: EvalFence, vehicleId: string) =>
  !f.vehicleIds || f.vehicleIds.length === 0 || f.vehicleIds.includes(vehicleId);

/**
 * Evaluates positions (any order in; only those newer than state.lastAt are used, in time order)
 * and returns the new state and the events. Fences whose window is closed neither enter nor
 * exit: their last membership is carried over until they open again.
 */
export function evaluate(
  vehicleId: string,
  fences: EvalFence[],
  state: EvalState,
  positions: EvalPosition[],
  s: EvalSettings,
): { state: EvalState; events: ZoneEventDraft[]; evaluated: number } {
  const mine = fences.filter((f) => applies(f, vehicleId));
  const byId = new Map(mine.map((f) => [f.id, f]));
  let st: EvalState = { ...state, inside: state.inside.filter((id) => byId.has(id)) };
  const events: ZoneEventDraft[] = [];
  const ordered = [...positions].sort((a, b) => a.at.localeCompare(b.at));
  let evaluated = 0;
  for (const p of ordered) {
    if (st.lastAt && p.at <= st.lastAt) continue; // out of order (or repeated): stored, not evaluated
    evaluated++;
    const base = { at: p.at, lat: p.lat, lon: p.lon, speed: p.speed };
    const prev = new Set(st.inside);
    const next = new Set<string>();
    for (const f of mine) {
      if (!windowOpen(f.timeWindow, p.at, s.timeZone)) {
        if (prev.has(f.id)) next.add(f.id);
        continue;
      }
      if (insideShape(f, p.lon, p.lat)) next.add(f.id);
    }
    for (const f of mine) {
      const ev = { ...base, fenceId: f.id, fenceName: f.name, fenceType: f.type };
      if (next.has(f.id) && !prev.has(f.id)) events.push({ kind: 'entry', ...ev });
      if (!next.has(f.id) && prev.has(f.id)) events.push({ kind: 'exit', ...ev });
    }
    // The limit: the lowest of the open fences the vehicle is in that set one, else the company's.
    const limits = mine
      .filter((f) => next.has(f.id) && f.speedLimitKmh && windowOpen(f.timeWindow, p.at, s.timeZone))
      .map((f) => f.speedLimitKmh as number);
    const limit = limits.length ? Math.min(...limits) : s.speedLimitKmh;
    const limitFence = limits.length ? (mine.find((f) => next.has(f.id) && f.speedLimitKmh === limit) ?? null) : null;
    let { overspeedSince, overspeedReported, overspeedMaxKmh } = st;
    if (p.speed > limit) {
      if (!overspeedSince) {
        overspeedSince = p.at;
        overspeedReported = false;
        overspeedMaxKmh = 0;
      }
      overspeedMaxKmh = Math.max(overspeedMaxKmh, p.speed);
      const held = (Date.parse(p.at) - Date.parse(overspeedSince)) / 1000;
      if (!overspeedReported && held >= s.overspeedMinSeconds) {
        overspeedReported = true;
        events.push({
          kind: 'speeding',
          ...base,
          fenceId: limitFence?.id ?? null,
          fenceName: limitFence?.name ?? null,
          fenceType: limitFence?.type ?? null,
          limitKmh: limit,
          maxSpeedKmh: overspeedMaxKmh,
          since: overspeedSince,
        });
      }
    } else {
      overspeedSince = null;
      overspeedReported = false;
      overspeedMaxKmh = 0;
    }
    st = { lastAt: p.at, inside: [...next], overspeedSince, overspeedReported, overspeedMaxKmh };
  }
  return { state: st, events, evaluated };
}

/** Which events become alerts: entering a RESTRICTED zone, leaving a SERVICE_AREA, speeding. */
export function alertWorthy(e: ZoneEventDraft): boolean {
  return (
    e.kind === 'speeding' ||
    (e.kind === 'entry' && e.fenceType === 'RESTRICTED') ||
    (e.kind === 'exit' && e.fenceType === 'SERVICE_AREA')
  );
}

/** Whether a position is inside any DROP_ZONE fence (open or not: a car parked in the yard is parked). */
export function inDropZone(fences: EvalFence[], lon: number, lat: number): boolean {
  return fences.some((f) => f.type === 'DROP_ZONE' && insideShape(f, lon, lat));
}
