/**
 * Sentences of the GPS and geofence APIs (schema and server), defined once: the server sends
 * them, the web shows `gps.messages.<key>` in the reader's language (shared/i18n/gps.ts).
 */
export const GPS_MESSAGES = {
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  timeFormat: 'Use a time like 22:00',
  daysRequired: 'Choose at least one day',
  nameRequired: 'Geofence name is required',
  typeInvalid: 'Choose a type: restricted, service area or drop zone',
  shapeInvalid: 'Choose a circle or a polygon',
  radiusRange: 'Radius must be between 20 m and 100 km',
  radiusRequired: 'A circle needs a radius',
  centerRequired: 'A circle needs a center',
  polygonPoints: 'A polygon needs 3 to 200 points',
  polygonSelfIntersecting: 'The polygon’s edges cross or touch each other: draw the outline without crossing it',
  speedLimitRange: 'Speed limit must be a whole number between 5 and 250 km/h',
  timestampInvalid: 'Timestamp must be an ISO date-time or epoch seconds',
  timestampFuture: 'Timestamp is in the future',
  timestampTooOld: 'Timestamp is older than the position retention period',
  speedRange: 'Speed must be between 0 and 400 km/h',
  bearingRange: 'Bearing must be between 0 and 360',
  batteryRange: 'Battery must be between 0 and 100',
  positionsRequired: 'Send at least one position',
  batchTooLarge: 'Send at most 50 positions per request',
  vehicleOrRental: 'Choose a vehicle or a rental',
  deviceUnknown: 'Unknown device or wrong secret',
  tooManyPositions: 'Too many positions from this device; slow down',
  vehicleArchived: 'This vehicle is archived',
  retentionRange: 'Keep positions between 7 and 365 days',
  overspeedRange: 'Overspeed duration must be between 0 and 600 seconds',
  bodyInvalid: 'Send OsmAnd parameters as a form or a JSON object',
} as const;
export type GpsMessageKey = keyof typeof GPS_MESSAGES;
