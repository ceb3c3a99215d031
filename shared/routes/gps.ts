import { routeMaker } from './types';
import {
  createGeofenceSchema, eventsQuery, geofenceIdParams, listGeofencesQuery, positionsBatchSchema, positionsQuery, tripsQuery, updateGeofenceSchema, vehicleIdParams,
} from '../schemas/gps';

const route = routeMaker('gps');
/** An OsmAnd request is a handful of parameters. */
const OSMAND_BYTES = 8 * 1024;

/**
 * GPS tracking and geofences (issue 14). The two ingest routes are public in the route table (no
 * JWT: a tracker has none) and authenticate the device by its secret; they can only write the
 * positions of the device that authenticated. Reads: gpsRead (every role); edits: gpsEdit.
 */
export const gpsRoutes = [
  route({ operationId: 'osmandGet', method: 'GET', path: '/api/v1/gps/osmand', auth: 'public', summary: 'OsmAnd protocol (Traccar Client): id, lat, lon, timestamp, speed (knots), bearing, altitude, accuracy, batt; secret= or X-Device-Secret' }),
  route({ operationId: 'osmandPost', method: 'POST', path: '/api/v1/gps/osmand', auth: 'public', rawBody: true, maxBodyBytes: OSMAND_BYTES, summary: 'OsmAnd protocol as a form or Traccar Client JSON body' }),
  route({ operationId: 'postPositions', method: 'POST', path: '/api/v1/gps/positions', auth: 'public', summary: 'JSON batch of up to 50 positions of one device (speed in km/h), authenticated by its secret', request: { body: positionsBatchSchema } }),
  route({ operationId: 'getTracker', method: 'GET', path: '/api/v1/vehicles/{id}/tracker', ability: 'gpsRead', summary: "The vehicle's tracker (device id, last position, battery); never the secret", request: { params: vehicleIdParams } }),
  route({ operationId: 'createTracker', method: 'POST', path: '/api/v1/vehicles/{id}/tracker', ability: 'gpsEdit', summary: 'Creates the tracker or rotates its secret; the secret is in this answer only', request: { params: vehicleIdParams } }),
  route({ operationId: 'gpsLive', method: 'GET', path: '/api/v1/gps/live', ability: 'gpsRead', summary: 'Every vehicle with its latest position, speed, heading and last update' }),
  route({ operationId: 'listPositions', method: 'GET', path: '/api/v1/gps/positions', ability: 'gpsRead', summary: "A vehicle's positions between from and to (default: the last 24 hours)", request: { query: positionsQuery } }),
  route({ operationId: 'listTrips', method: 'GET', path: '/api/v1/gps/trips', ability: 'gpsRead', summary: "Trips and stops of a vehicle or a rental; a rental's answer adds GPS km vs odometer and allowance, speeding and geofence exits", request: { query: tripsQuery } }),
  route({ operationId: 'listGpsEvents', method: 'GET', path: '/api/v1/gps/events', ability: 'gpsRead', summary: 'Zone entries, exits and speeding, newest first; filters vehicleId, rentalId, kind', request: { query: eventsQuery } }),
  route({ operationId: 'listGeofences', method: 'GET', path: '/api/v1/geofences', ability: 'gpsRead', summary: 'Geofences; filter type', request: { query: listGeofencesQuery } }),
  route({ operationId: 'createGeofence', method: 'POST', path: '/api/v1/geofences', ability: 'gpsEdit', summary: 'Adds a circle or polygon geofence', request: { body: createGeofenceSchema } }),
  route({ operationId: 'getGeofence', method: 'GET', path: '/api/v1/geofences/{id}', ability: 'gpsRead', summary: 'One geofence', request: { params: geofenceIdParams } }),
  route({ operationId: 'updateGeofence', method: 'PATCH', path: '/api/v1/geofences/{id}', ability: 'gpsEdit', summary: 'Edits a geofence (version optional for optimistic concurrency)', request: { params: geofenceIdParams, body: updateGeofenceSchema } }),
  route({ operationId: 'deleteGeofence', method: 'DELETE', path: '/api/v1/geofences/{id}', ability: 'gpsEdit', summary: 'Deletes a geofence; its past events keep its name and type', request: { params: geofenceIdParams } }),
];
