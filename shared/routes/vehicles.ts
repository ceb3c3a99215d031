import { routeMaker } from './types';
import {
  archiveVehicleSchema,
  changeVehicleStatusSchema,
  createVehicleSchema,
  fleetCalendarQuerySchema,
  listVehiclesQuerySchema,
  updateVehicleSchema,
  vehicleIdParamsSchema,
  vehicleScheduleQuerySchema,
  vehicleApiSchema,
  vehiclePageSchema,
  vehicleMakesSchema,
  vehicleScheduleSchema,
  fleetCalendarApiSchema,
} from '../schemas/vehicles';

const route = routeMaker('vehicles');

const byId = { params: vehicleIdParamsSchema };

export const vehiclesRoutes = [
  route({ operationId: 'listVehicles', method: 'GET', path: '/api/v1/vehicles', ability: 'vehiclesRead', summary: 'One page of vehicles: filters make, status, category, showArchived; q (search); sort; limit; cursor', request: { query: listVehiclesQuerySchema }, response: vehiclePageSchema }),
  route({ operationId: 'createVehicle', method: 'POST', path: '/api/v1/vehicles', ability: 'vehiclesEdit', summary: 'Adds a vehicle (licence plate unique per company)', request: { body: createVehicleSchema }, response: vehicleApiSchema }),
  route({ operationId: 'listVehicleMakes', method: 'GET', path: '/api/v1/vehicle-makes', ability: 'vehiclesRead', summary: 'Makes used in the fleet, for the make filter', response: vehicleMakesSchema }),
  route({ operationId: 'getVehicle', method: 'GET', path: '/api/v1/vehicles/{id}', ability: 'vehiclesRead', summary: 'One vehicle', request: byId, response: vehicleApiSchema }),
  route({ operationId: 'updateVehicle', method: 'PATCH', path: '/api/v1/vehicles/{id}', ability: 'vehiclesEdit', summary: 'Edits a vehicle (optional expected version: 409 if changed meanwhile)', request: { ...byId, body: updateVehicleSchema }, response: vehicleApiSchema }),
  route({ operationId: 'archiveVehicle', method: 'POST', path: '/api/v1/vehicles/{id}/archive', ability: 'vehiclesEdit', summary: 'Archives a vehicle (refused while it has current or upcoming rentals)', request: { ...byId, body: archiveVehicleSchema }, response: vehicleApiSchema }),
  route({ operationId: 'unarchiveVehicle', method: 'POST', path: '/api/v1/vehicles/{id}/unarchive', ability: 'vehiclesEdit', summary: 'Brings an archived vehicle back', request: { ...byId, body: archiveVehicleSchema }, response: vehicleApiSchema }),
  route({ operationId: 'changeVehicleStatus', method: 'POST', path: '/api/v1/vehicles/{id}/status', ability: 'vehiclesChangeStatus', summary: 'Sets available, in_maintenance or out_of_service (rented is set by rentals)', request: { ...byId, body: changeVehicleStatusSchema }, response: vehicleApiSchema }),
  route({ operationId: 'getVehicleSchedule', method: 'GET', path: '/api/v1/vehicles/{id}/schedule', ability: 'fleetCalendarRead', summary: "The vehicle's current and upcoming rental and maintenance blocks", request: { ...byId, query: vehicleScheduleQuerySchema }, response: vehicleScheduleSchema }),
  route({ operationId: 'fleetCalendar', method: 'GET', path: '/api/v1/calendar/fleet', ability: 'fleetCalendarRead', summary: 'For each vehicle, its bookings and maintenance blocks between start and end (YYYY-MM-DD, both included, at most 93 days)', request: { query: fleetCalendarQuerySchema }, response: fleetCalendarApiSchema }),
];
