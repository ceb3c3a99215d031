/**
 * Positions in (issue 14): the OsmAnd protocol (Traccar Client and many hardware trackers) and our
 * JSON batch. Per request: one GetItem (the device: secret hash, evaluation state, throttle), the
 * company context (cached, context.ts), one transaction (positions + events + the device's new
 * state, conditioned on the device's version so two requests of one device cannot both evaluate
 * from the same state), one conditional UpdateItem of the vehicle's latest position (an older
 * position never overwrites a newer one). Alerts, when an event deserves one, go through the
 * alerts area's API (one alert per event, ever).
 *
 * Units: OsmAnd `speed` is in knots (what Traccar Client sends, Traccar's own unit); the JSON
 * batch speaks km/h; Traccar Client's JSON body (`location.coords.speed`) is m/s.
 */
import { GPS_DEFAULTS, alertWorthy, evaluate, inDropZone, type ZoneEventDraft } from '../../shared/gps/rules';
import { GPS_MESSAGES as M } from '../../shared/gps/messages';
import { positionInSchema, type PositionIn } from '../../shared/schemas/gps';
import { getItem, transact, tx, updateRaw, type Item, type TransactItem } from '../lib/data/repo';
import {
  badRequest,
  isConditionFailure,
  tooManyAttempts,
  unauthorized,
  validationFailed,
  type FieldErrors,
} from '../lib/errors';
import { gpsContext, type GpsContext } from './context';
import { raiseAlerts, readVehicle, rentalAt, vehicleKey, vehicleLabel, type NewAlert } from './deps';
import {
  deviceKey,
  eventItem,
  positionKey,
  tenantOfDevice,
  type DeviceItem,
  type EventItem,
  type RentalLink,
} from './model';
import { secretMatches } from './trackers';
import { runAsTenant } from '../lib/clients/tenant-scope';

/** Positions one device may send per minute (a tracker reports every 1–30 s; a backlog flush is sent in batches). */
export const MAX_POSITIONS_PER_MINUTE = 240;
const KNOTS_TO_KMH = 1.852;
/** Compared against when the device is unknown, so an unknown id costs the same time as a wrong secret. */
const DUMMY_HASH = '0'.repeat(64);

export interface NormalPosition {
  at: string;
  lat: number;
  lon: number;
  speed: number;
  heading: number | null;
  altitude: number | null;
  accuracy: number | null;
  batt: number | null;
}

export interface IngestResult {
  accepted: number;
  outOfOrder: number;
  events: number;
}

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

function toIso(ts: string | number): string | null {
  if (typeof ts === 'number') {
    if (!Number.isFinite(ts)) return null;
    const ms = ts < 1e12 ? ts * 1000 : ts;
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  if (/^\d+(\.\d+)?$/.test(ts)) return toIso(Number(ts));
  const d = new Date(ts);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * Validates positions (ranges by schema, then time): too far in the future or older than the retention → 400, nothing
 * stored.
 */
export function normalise(raw: unknown[], now: number, retentionDays: number, fieldPrefix: string): NormalPosition[] {
  const fields: FieldErrors = {};
  const out: NormalPosition[] = [];
  raw.forEach((r, i) => {
    const path = (f: string) => (fieldPrefix ? `${fieldPrefix}.${i}.${f}` : f);
    const parsed = positionInSchema.safeParse(r);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fields[path(String(issue.path[0] ?? 'position'))] ??= issue.message;
      return;
    }
    const p: PositionIn = parsed.data;
    const at = toIso(p.timestamp);
    if (!at) {
      fields[path('timestamp')] = M.timestampInvalid;
      return;
    }
    const t = Date.parse(at);
    if (t > now + GPS_DEFAULTS.maxFutureSeconds * 1000) {
      fields[path('timestamp')] = M.timestampFuture;
      return;
    }
    if (t < now - retentionDays * 86_400_000) {
      fields[path('timestamp')] = M.timestampTooOld;
      return;
    }
    out.push({
      at,
      lat: round(p.lat, 6),
      lon: round(p.lon, 6),
      speed: round(p.speed ?? 0, 1),
      heading: p.bearing ?? null,
      altitude: p.altitude ?? null,
      accuracy: p.accuracy ?? null,
      batt: p.batt ?? null,
    });
  });
  if (Object.keys(fields).length) throw validationFailed(fields);
  return out;
}

const num = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));

/**
 * One OsmAnd request: query parameters and/or a form body (`id`/`deviceid`, `lat`, `lon` or
 * `location=lat,lon`, `timestamp`, `speed` knots, `bearing`/`heading`, `altitude`, `accuracy`,
 * `batt`), or Traccar Client's JSON body. The secret: `secret=` or the X-Device-Secret header.
 */
export function parseOsmand(
  query: Record<string, string | undefined>,
  body: Buffer | undefined,
  headers: Record<string, string>,
): { deviceId: string; secret: string; raw: Record<string, unknown> } {
  const params: Record<string, string | undefined> = { ...query };
  const text = body?.toString('utf8').trim() ?? '';
  if (text && !/^[^=&\s{["]+=/.test(text)) {
    // Not a form: Traccar Client's JSON object, or nothing we understand (400, before any lookup).
    let j: {
      device_id?: string;
      secret?: string;
      location?: { timestamp?: string; coords?: Record<string, number>; battery?: { level?: number } };
    };
    try {
      j = JSON.parse(text);
    } catch {
      throw badRequest(M.bodyInvalid);
    }
    if (!j || typeof j !== 'object' || Array.isArray(j)) throw badRequest(M.bodyInvalid);
    const c = j.location?.coords ?? {};
    params.id ??= j.device_id;
    params.secret ??= j.secret;
    params.lat ??= c.latitude?.toString();
    params.lon ??= c.longitude?.toString();
    params.timestamp ??= j.location?.timestamp;
    if (c.speed !== undefined && c.speed >= 0) params.speed ??= String((c.speed * 3.6) / KNOTS_TO_KMH);
    if (c.heading !== undefined && c.heading >= 0) params.bearing ??= String(c.heading);
    if (c.altitude !== undefined) params.altitude ??= String(c.altitude);
    if (c.accuracy !== undefined) params.accuracy ??= String(c.accuracy);
    const lvl = j.location?.battery?.level;
    if (typeof lvl === 'number' && lvl >= 0) params.batt ??= String(Math.round(lvl <= 1 ? lvl * 100 : lvl));
  } else if (text) {
    for (const [k, v] of new URLSearchParams(text)) params[k] ??= v;
  }
  if (params.location && (!params.lat || !params.lon)) {
    const [la, lo] = params.location.split(',');
    params.lat ??= la;
    params.lon ??= lo;
  }
  const knots = num(params.speed);
  const raw: Record<string, unknown> = {
    // OsmAnd sends epoch seconds (or ms), some devices a date-time: normalised to ISO here.
    timestamp: params.timestamp ? (toIso(params.timestamp) ?? params.timestamp) : new Date().toISOString(),
    lat: num(params.lat),
    lon: num(params.lon),
    speed: knots === undefined ? undefined : round(knots * KNOTS_TO_KMH, 1),
    bearing: num(params.bearing ?? params.heading),
    altitude: num(params.altitude),
    accuracy: num(params.accuracy),
    batt: num(params.batt),
  };
  return {
    deviceId: params.id ?? params.deviceid ?? '',
    secret: headers['x-device-secret'] ?? params.secret ?? '',
    raw,
  };
}

/** The authenticated device, or 401 (same answer, same work, for an unknown device and a wrong secret). */
export async function authenticate(
  deviceId: string,
  secret: string,
): Promise<{ tenantId: string; device: DeviceItem }> {
  const tenantId = tenantOfDevice(deviceId);
  const device = tenantId
    ? ((await getItem(deviceKey(tenantId, deviceId), true)) as DeviceItem | undefined)
    : undefined;
  const ok = secretMatches(secret, device?.secretHash ?? DUMMY_HASH);
  if (!tenantId || !device || !secret || !ok) throw unauthorized(M.deviceUnknown);
  return { tenantId, device };
}

function throttle(device: DeviceItem, n: number, now: number): { rateWindow: string; rateCount: number } {
  const minute = new Date(now).toISOString().slice(0, 16);
  const count = (device.rateWindow === minute ? device.rateCount : 0) + n;
  if (count > MAX_POSITIONS_PER_MINUTE) throw tooManyAttempts(M.tooManyPositions, 60 - new Date(now).getUTCSeconds());
  return { rateWindow: minute, rateCount: count };
}

export function alertOf(e: EventItem): NewAlert {
  const who = e.customerName ? ` (${e.rentalReference} · ${e.customerName})` : '';
  const params = {
    vehicle: e.vehicleLabel,
    fence: e.fenceName ?? '',
    speed: String(Math.round(e.maxSpeedKmh ?? e.speed)),
    limit: String(e.limitKmh ?? ''),
    customer: e.customerName ?? '',
    rental: e.rentalReference ?? '',
  };
  const common = {
    key: `gps:${e.id}`,
    category: 'gps' as const,
    dateDetected: e.at,
    actionUrl: `/gps-tracking?vehicle=${e.vehicleId}`,
    relatedEntityId: e.rentalId ?? e.vehicleId,
    relatedEntityType: e.rentalId ? 'rental' : 'vehicle',
    params,
  };
  if (e.kind === 'speeding') {
    return {
      ...common,
      type: 'gps_speeding',
      severity: 'medium',
      impactLevel: 'safety',
      title: `${e.vehicleLabel} drove ${params.speed} km/h (limit ${params.limit})${who}`,
      description: `Above the limit since ${e.since ?? e.at}`,
    };
  }
  if (e.kind === 'entry') {
    return {
      ...common,
      type: 'gps_restricted_entry',
      severity: 'high',
      impactLevel: 'security',
      title: `${e.vehicleLabel} entered restricted zone ${e.fenceName}${who}`,
      description: `At ${e.at}`,
    };
  }
  return {
    ...common,
    type: 'gps_service_area_exit',
    severity: 'high',
    impactLevel: 'security',
    title: `${e.vehicleLabel} left service area ${e.fenceName}${who}`,
    description: `At ${e.at}`,
  };
}

async function eventItems(
  tenantId: string,
  vehicleId: string,
  drafts: ZoneEventDraft[],
  now: string,
): Promise<EventItem[]> {
  if (!drafts.length) return [];
  const vehicle = await readVehicle(tenantId, vehicleId);
  const label = vehicle ? vehicleLabel(vehicle) : vehicleId;
  const links = new Map<string, RentalLink | null>();
  const out: EventItem[] = [];
  for (const d of drafts) {
    const minute = d.at.slice(0, 16);
    if (!links.has(minute)) links.set(minute, await rentalAt(tenantId, vehicleId, d.at));
    out.push(eventItem(tenantId, vehicleId, label, d, links.get(minute) ?? null, now));
  }
  return out;
}

/** Stores and evaluates an authenticated device's positions. */
export async function ingestPositions(
  tenantId: string,
  device0: DeviceItem,
  rawPositions: unknown[],
  fieldPrefix: string,
  ctxIn?: GpsContext,
): Promise<IngestResult> {
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const ctx = ctxIn ?? (await gpsContext(tenantId));
  const positions = normalise(rawPositions, nowMs, ctx.positionRetentionDays, fieldPrefix);
  let device = device0;
  for (let attempt = 0; ; attempt++) {
    const rate = throttle(device, positions.length, nowMs);
    const vehicleId = device.vehicleId;
    const r = evaluate(vehicleId, ctx.fences, device, positions, ctx);
    const events = await eventItems(tenantId, vehicleId, r.events, now);
    const newest = positions.reduce((a, p) => (p.at > a.at ? p : a), positions[0]);
    const isNewer = !device.lastPositionAt || newest.at > device.lastPositionAt;
    const ttl = Math.floor(nowMs / 1000) + ctx.positionRetentionDays * 86_400;
    const posItems: Item[] = positions.map((p) => ({
      ...positionKey(tenantId, vehicleId, p.at),
      entityType: 'GPS_POS',
      ...p,
      outOfOrder: !!device.lastAt && p.at <= device.lastAt,
      receivedAt: now,
      ttl: Math.floor(Date.parse(p.at) / 1000) + ctx.positionRetentionDays * 86_400 || ttl,
    }));
    const changes: Record<string, unknown> = {
      lastAt: r.state.lastAt,
      inside: r.state.inside,
      overspeedSince: r.state.overspeedSince,
      overspeedReported: r.state.overspeedReported,
      overspeedMaxKmh: r.state.overspeedMaxKmh,
      ...rate,
      ...(isNewer
        ? {
            lastPositionAt: newest.at,
            lastLat: newest.lat,
            lastLon: newest.lon,
            insideDropZone: inDropZone(ctx.fences, newest.lon, newest.lat),
            ...(newest.batt !== null ? { batteryPercent: newest.batt } : {}),
          }
        : {}),
    };
    const deviceUpdate = tx.update(deviceKey(tenantId, device.deviceId), device.version, changes, now);
    const writes: TransactItem[] = [...posItems.map((i) => tx.put(i)), ...events.map((e) => tx.put(e))];
    try {
      // Positions and events are idempotent puts (their keys are what they are): a first chunk
      // that lands before a failed final transaction is rewritten identically on retry.
      while (writes.length > 99) await transact(writes.splice(0, 99));
      await transact([...writes, deviceUpdate]);
    } catch (err) {
      if (!isConditionFailure(err) || attempt >= 2) throw err;
      device = (await getItem(deviceKey(tenantId, device.deviceId), true)) as DeviceItem;
      continue;
    }
    if (isNewer) await updateVehicleLatest(tenantId, vehicleId, newest);
    const alerts = events.filter(alertWorthy).map(alertOf);
    if (alerts.length) await raiseAlerts(tenantId, alerts);
    return {
      accepted: positions.length,
      outOfOrder: posItems.filter((p) => p.outOfOrder).length,
      events: events.length,
    };
  }
}

/** The vehicle's latest position, only if newer than the stored one (the condition decides, not a read). */
export async function updateVehicleLatest(tenantId: string, vehicleId: string, p: NormalPosition): Promise<boolean> {
  try {
    await updateRaw({
      Key: vehicleKey(tenantId, vehicleId),
      UpdateExpression:
        'SET latitude = :lat, longitude = :lon, speed = :speed, heading = :heading, lastGpsUpdate = :at',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(lastGpsUpdate) OR attribute_type(lastGpsUpdate, :null) OR lastGpsUpdate < :at)',
      ExpressionAttributeValues: {
        ':lat': p.lat,
        ':lon': p.lon,
        ':speed': p.speed,
        ':heading': p.heading,
        ':at': p.at,
        ':null': 'NULL',
      },
    });
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

export async function ingestOsmand(
  query: Record<string, string | undefined>,
  body: Buffer | undefined,
  headers: Record<string, string>,
): Promise<IngestResult> {
  const { deviceId, secret, raw } = parseOsmand(query, body, headers);
  const { tenantId, device } = await authenticate(deviceId, secret);
  // A public route: once the device has proved itself, its company's work runs with the company's scoped clients.
  return runAsTenant(tenantId, () => ingestPositions(tenantId, device, [raw], ''));
}

export async function ingestBatch(
  body: { deviceId: string; secret?: string; positions: unknown[] },
  headers: Record<string, string>,
): Promise<IngestResult> {
  const { tenantId, device } = await authenticate(body.deviceId, headers['x-device-secret'] ?? body.secret ?? '');
  return runAsTenant(tenantId, () => ingestPositions(tenantId, device, body.positions, 'positions'));
}
