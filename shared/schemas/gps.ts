import * as z from 'zod';
import { GEOFENCE_TYPES, GPS_DEFAULTS, WEEKDAYS, type TimeWindow, type ZoneEventKind } from '../gps/rules';
import { GPS_MESSAGES as M } from '../gps/messages';
import { ringSelfIntersects } from '../gps/polygon';
import { cursor, entityId, name, utcDateTime } from './fields';
import { pageOf } from './page';
import type { Stop, Trip } from '../gps/trips';

/**
 * GPS tracking and geofences (issue 14; business-data §3 vehicles' GPS fields, geofences,
 * zone_events). Speeds are km/h, distances km, radii metres, coordinates WGS84 degrees.
 */
export const vehicleIdParams = z.object({ id: entityId() });
export const geofenceIdParams = z.object({ id: entityId() });

const lat = z.number({ error: M.latitudeRange }).min(-90, M.latitudeRange).max(90, M.latitudeRange);
const lon = z.number({ error: M.longitudeRange }).min(-180, M.longitudeRange).max(180, M.longitudeRange);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeFormat);

export const timeWindowSchema = z.object({
  days: z.array(z.enum(WEEKDAYS)).min(1, M.daysRequired).max(7),
  start: hhmm,
  end: hhmm,
}) satisfies z.ZodType<TimeWindow>;

const fenceFields = {
  name: name({ required: M.nameRequired }).min(1, M.nameRequired),
  type: z.enum(GEOFENCE_TYPES, { error: M.typeInvalid }),
  shape: z.enum(['circle', 'polygon'], { error: M.shapeInvalid }),
  center: z.tuple([lon, lat]).nullable().optional(),
  /** metres, 20 m to 100 km */
  radius: z.number({ error: M.radiusRange }).min(20, M.radiusRange).max(100_000, M.radiusRange).nullable().optional(),
  /** one ring of [lng, lat], 3 to 200 points */
  coordinates: z
    .array(z.tuple([lon, lat]))
    .min(3, M.polygonPoints)
    .max(200, M.polygonPoints)
    // Issue 27: a ring whose edges cross or touch has no clear inside (shared/gps/polygon.ts).
    .refine((ring) => ring.length < 3 || !ringSelfIntersects(ring), M.polygonSelfIntersecting)
    .nullable()
    .optional(),
  speedLimitKmh: z
    .number({ error: M.speedLimitRange })
    .int(M.speedLimitRange)
    .min(5, M.speedLimitRange)
    .max(250, M.speedLimitRange)
    .nullable()
    .optional(),
  timeWindow: timeWindowSchema.nullable().optional(),
  vehicleIds: z.array(entityId()).max(500).nullable().optional(),
  isActive: z.boolean().optional(),
};

function checkShape(
  b: { shape?: 'circle' | 'polygon'; center?: unknown; radius?: unknown; coordinates?: unknown },
  ctx: z.core.$RefinementCtx,
) {
  if (b.shape === 'circle') {
    if (!b.center) ctx.addIssue({ code: 'custom', message: M.centerRequired, path: ['center'] });
    if (!b.radius) ctx.addIssue({ code: 'custom', message: M.radiusRequired, path: ['radius'] });
  }
  if (b.shape === 'polygon' && !b.coordinates)
    ctx.addIssue({ code: 'custom', message: M.polygonPoints, path: ['coordinates'] });
}

export const createGeofenceSchema = z.object(fenceFields).superRefine(checkShape);
export type CreateGeofenceBody = z.output<typeof createGeofenceSchema>;
/** PATCH: any field; a change of shape must bring its geometry (checked against the stored fence on the server). */
export const updateGeofenceSchema = z.object({ ...fenceFields, version: z.number().int().min(1).optional() }).partial();
export type UpdateGeofenceBody = z.output<typeof updateGeofenceSchema>;

export const listGeofencesQuery = z.object({ type: z.enum(GEOFENCE_TYPES).optional() });

/** One position of the JSON batch (our simulator and integrations). `timestamp` ISO 8601 or epoch seconds/ms. */
export const positionInSchema = z.object({
  timestamp: z.union([utcDateTime(M.timestampInvalid), z.number()]),
  lat,
  lon,
  /** km/h */
  speed: z.number().min(0, M.speedRange).max(400, M.speedRange).optional(),
  bearing: z.number().min(0, M.bearingRange).max(360, M.bearingRange).optional(),
  altitude: z.number().min(-1000).max(20_000).optional(),
  accuracy: z.number().min(0).max(100_000).optional(),
  batt: z.number().min(0, M.batteryRange).max(100, M.batteryRange).optional(),
});
export type PositionIn = z.output<typeof positionInSchema>;
export const MAX_BATCH = 50;
export const positionsBatchSchema = z.object({
  deviceId: z.string().min(1).max(64),
  secret: z.string().min(1).max(200).optional(),
  /** Each position is validated after the device is authenticated (positionInSchema). */
  positions: z.array(z.unknown()).min(1, M.positionsRequired).max(MAX_BATCH, M.batchTooLarge),
});

const limit = z.coerce.number().int().min(1).max(500).optional();
export const positionsQuery = z.object({
  vehicleId: entityId(),
  from: utcDateTime().optional(),
  to: utcDateTime().optional(),
  limit: z.coerce.number().int().min(1).max(5000).optional(),
});
export const tripsQuery = z
  .object({
    vehicleId: entityId().optional(),
    rentalId: entityId().optional(),
    from: utcDateTime().optional(),
    to: utcDateTime().optional(),
  })
  .refine((q) => !!q.vehicleId || !!q.rentalId, { message: M.vehicleOrRental, path: ['vehicleId'] });
export const eventsQuery = z.object({
  vehicleId: entityId().optional(),
  rentalId: entityId().optional(),
  kind: z.enum(['entry', 'exit', 'speeding']).optional(),
  limit,
  cursor: cursor().optional(),
});

/** The company's GPS settings (positions kept, speed limit where no geofence sets one, overspeed duration). */
export const gpsSettingsSchema = z
  .object({
    positionRetentionDays: z
      .number({ error: M.retentionRange })
      .int(M.retentionRange)
      .min(7, M.retentionRange)
      .max(365, M.retentionRange),
    speedLimitKmh: z
      .number({ error: M.speedLimitRange })
      .int(M.speedLimitRange)
      .min(5, M.speedLimitRange)
      .max(250, M.speedLimitRange),
    overspeedMinSeconds: z
      .number({ error: M.overspeedRange })
      .int(M.overspeedRange)
      .min(0, M.overspeedRange)
      .max(600, M.overspeedRange),
  })
  .partial();
export type GpsSettingsApi = Required<z.output<typeof gpsSettingsSchema>>;

// ---- answers -------------------------------------------------------------------------------
// The route table declares these (shared/routes/gps.ts); the web's types are inferred from them.

const lngLat = z.tuple([z.number(), z.number()]);
const timeWindowAnswer = z.object({
  days: z.array(z.enum(WEEKDAYS)),
  start: z.string(),
  end: z.string(),
}) satisfies z.ZodType<TimeWindow>;

/** What an ingest request stored: positions accepted, of them out of order, zone events raised. */
export const ingestResponse = z.object({ accepted: z.number(), outOfOrder: z.number(), events: z.number() });

export const trackerAnswer = z.object({
  vehicleId: z.string(),
  deviceId: z.string(),
  /** Only in the answer that created or rotated it. */
  secret: z.string().optional(),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  lastPositionAt: z.string().nullable(),
  batteryPercent: z.number().nullable(),
  /** The OsmAnd URL to enter in Traccar Client (server URL). */
  osmandPath: z.string(),
});
export type TrackerApi = z.infer<typeof trackerAnswer>;
export const trackerResponse = z.object({ tracker: trackerAnswer.nullable() });
export const createdTrackerResponse = z.object({ tracker: trackerAnswer.extend({ secret: z.string() }) });

export const geofenceResponse = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(GEOFENCE_TYPES),
  shape: z.enum(['circle', 'polygon']),
  center: lngLat.nullable(),
  radius: z.number().nullable(),
  coordinates: z.array(lngLat).nullable(),
  speedLimitKmh: z.number().nullable(),
  timeWindow: timeWindowAnswer.nullable(),
  vehicleIds: z.array(z.string()).nullable(),
  isActive: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GeofenceApi = z.infer<typeof geofenceResponse>;
export const geofencePageResponse = pageOf(geofenceResponse);

export const liveVehicleAnswer = z.object({
  vehicleId: z.string(),
  label: z.string(),
  licensePlate: z.string(),
  status: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  lastGpsUpdate: z.string().nullable(),
  hasTracker: z.boolean(),
  batteryPercent: z.number().nullable(),
});
export type LiveVehicleApi = z.infer<typeof liveVehicleAnswer>;
export const liveResponse = z.object({ items: z.array(liveVehicleAnswer) });

export const positionAnswer = z.object({
  at: z.string(),
  lat: z.number(),
  lon: z.number(),
  speed: z.number(),
  heading: z.number().nullable(),
  outOfOrder: z.boolean(),
});
export type PositionApi = z.infer<typeof positionAnswer>;
export const positionsResponse = z.object({ items: z.array(positionAnswer) });

export const zoneEventAnswer = z.object({
  id: z.string(),
  kind: z.enum(['entry', 'exit', 'speeding']) satisfies z.ZodType<ZoneEventKind>,
  at: z.string(),
  vehicleId: z.string(),
  vehicleLabel: z.string(),
  fenceId: z.string().nullable(),
  fenceName: z.string().nullable(),
  fenceType: z.enum(GEOFENCE_TYPES).nullable(),
  lat: z.number(),
  lon: z.number(),
  speed: z.number(),
  limitKmh: z.number().nullable(),
  maxSpeedKmh: z.number().nullable(),
  rentalId: z.string().nullable(),
  rentalReference: z.string().nullable(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
});
export type ZoneEventApi = z.infer<typeof zoneEventAnswer>;
export const eventPageResponse = pageOf(zoneEventAnswer);

const tripAnswer = z.object({
  startAt: z.string(),
  endAt: z.string(),
  startLat: z.number(),
  startLon: z.number(),
  endLat: z.number(),
  endLon: z.number(),
  distanceKm: z.number(),
  durationSeconds: z.number(),
  maxSpeedKmh: z.number(),
  averageSpeedKmh: z.number(),
}) satisfies z.ZodType<Trip>;
const stopAnswer = z.object({
  startAt: z.string(),
  endAt: z.string(),
  lat: z.number(),
  lon: z.number(),
  durationSeconds: z.number(),
}) satisfies z.ZodType<Stop>;

export const tripsResponse = z.object({
  vehicleId: z.string(),
  from: z.string(),
  to: z.string(),
  trips: z.array(tripAnswer),
  stops: z.array(stopAnswer),
  distanceKm: z.number(),
  /** With rentalId: the rental's evidence (GPS km vs odometer and allowance, speeding, exits). */
  rental: z
    .object({
      id: z.string(),
      referenceNumber: z.string(),
      odometerStart: z.number().nullable(),
      odometerEnd: z.number().nullable(),
      odometerKm: z.number().nullable(),
      kmAllowance: z.number().nullable(),
      speedingCount: z.number(),
      geofenceExits: z.number(),
      events: z.array(zoneEventAnswer),
    })
    .optional(),
});
export type TripsApi = z.infer<typeof tripsResponse>;

export const gpsSettingsResponse = z.object({
  positionRetentionDays: z.number(),
  speedLimitKmh: z.number(),
  overspeedMinSeconds: z.number(),
}) satisfies z.ZodType<GpsSettingsApi>;

export const GPS_RETENTION_DEFAULT_DAYS = GPS_DEFAULTS.positionRetentionDays;
