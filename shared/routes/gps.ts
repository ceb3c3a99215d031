import { routeMaker } from './types';
import {
  createGeofenceSchema, eventsQuery, gpsSettingsSchema, geofenceIdParams, listGeofencesQuery, positionsBatchSchema, positionsQuery, tripsQuery, updateGeofenceSchema, vehicleIdParams,
  createdTrackerResponse, eventPageResponse, geofencePageResponse, geofenceResponse, gpsSettingsResponse, ingestResponse, liveResponse,
  positionsResponse, trackerResponse, tripsResponse,
} from '../schemas/gps';
import { noContent } from '../schemas/page';

const route = routeMaker('gps');
/** An OsmAnd request is a handful of parameters. */
const OSMAND_BYTES = 8 * 1024;

/**
 * GPS tracking and geofences (issue 14). The two ingest routes are public in the route table (no
 * JWT: a tracker has none) and authenticate the device by its secret; they can only write the
 * positions of the device that authenticated. Reads: gpsRead (every role); edits: gpsEdit.
 */
export const gpsRoutes = [
  route({ operationId: 'osmandGet', method: 'GET', path: '/api/v1/gps/osmand', auth: 'public', summary: 'OsmAnd protocol (Traccar Client): id, lat, lon, timestamp, speed (knots), bearing, altitude, accuracy, batt; secret= or X-Device-Secret', response: ingestResponse }),
  route({ operationId: 'osmandPost', method: 'POST', path: '/api/v1/gps/osmand', auth: 'public', rawBody: true, maxBodyBytes: OSMAND_BYTES, summary: 'OsmAnd protocol as a form or Traccar Client JSON body', response: ingestResponse }),
  route({ operationId: 'postPositions', method: 'POST', path: '/api/v1/gps/positions', auth: 'public', summary: 'JSON batch of up to 50 positions of one device (speed in km/h), authenticated by its secret', request: { body: positionsBatchSchema }, response: ingestResponse }),
  route({ operationId: 'getTracker', method: 'GET', path: '/api/v1/vehicles/{id}/tracker', ability: 'gpsRead', summary: "The vehicle's tracker (device id, last position, battery); never the secret", request: { params: vehicleIdParams }, response: trackerResponse }),
  route({ operationId: 'createTracker', method: 'POST', path: '/api/v1/vehicles/{id}/tracker', ability: 'gpsEdit', summary: 'Creates the tracker or rotates its secret; the secret is in this answer only', request: { params: vehicleIdParams }, response: createdTrackerResponse }),
  route({ operationId: 'gpsLive', method: 'GET', path: '/api/v1/gps/live', ability: 'gpsRead', summary: 'Every vehicle with its latest position, speed, heading and last update', response: liveResponse }),
  route({ operationId: 'listPositions', method: 'GET', path: '/api/v1/gps/positions', ability: 'gpsRead', summary: "A vehicle's positions between from and to (default: the last 24 hours)", request: { query: positionsQuery }, response: positionsResponse }),
  route({ operationId: 'listTrips', method: 'GET', path: '/api/v1/gps/trips', ability: 'gpsRead', summary: "Trips and stops of a vehicle or a rental; a rental's answer adds GPS km vs odometer and allowance, speeding and geofence exits", request: { query: tripsQuery }, response: tripsResponse }),
  route({ operationId: 'listGpsEvents', method: 'GET', path: '/api/v1/gps/events', ability: 'gpsRead', summary: 'Zone entries, exits and speeding, newest first; filters vehicleId, rentalId, kind', request: { query: eventsQuery }, response: eventPageResponse }),
  route({ operationId: 'getGpsSettings', method: 'GET', path: '/api/v1/gps/settings', ability: 'gpsRead', summary: 'Positions kept (days, default 90), the company speed limit (km/h, default 120), the overspeed duration (s, default 30)', response: gpsSettingsResponse }),
  route({ operationId: 'updateGpsSettings', method: 'PATCH', path: '/api/v1/gps/settings', ability: 'gpsEdit', summary: 'Changes the GPS settings (new positions get the new retention)', request: { body: gpsSettingsSchema }, response: gpsSettingsResponse }),
  route({ operationId: 'listGeofences', method: 'GET', path: '/api/v1/geofences', ability: 'gpsRead', summary: 'Geofences; filter type', request: { query: listGeofencesQuery }, response: geofencePageResponse }),
  route({ operationId: 'createGeofence', method: 'POST', path: '/api/v1/geofences', ability: 'gpsEdit', summary: 'Adds a circle or polygon geofence', request: { body: createGeofenceSchema }, response: geofenceResponse }),
  route({ operationId: 'getGeofence', method: 'GET', path: '/api/v1/geofences/{id}', ability: 'gpsRead', summary: 'One geofence', request: { params: geofenceIdParams }, response: geofenceResponse }),
  route({ operationId: 'updateGeofence', method: 'PATCH', path: '/api/v1/geofences/{id}', ability: 'gpsEdit', summary: 'Edits a geofence (version optional for optimistic concurrency)', request: { params: geofenceIdParams, body: updateGeofenceSchema }, response: geofenceResponse }),
  route({ operationId: 'deleteGeofence', method: 'DELETE', path: '/api/v1/geofences/{id}', ability: 'gpsEdit', summary: 'Deletes a geofence; its past events keep its name and type', request: { params: geofenceIdParams }, response: noContent }),
];
