import { routeMaker } from './types';
import {
  completeMaintenanceSchema, createMaintenanceSchema, generatePredictionsSchema, listMaintenanceQuery, listPredictionsQuery,
  maintenanceActionSchema, maintenanceIdParams, maintenanceUploadUrlSchema, scheduleFromDocumentsSchema, serviceProgramSchema,
  updateMaintenanceSchema,
} from '../schemas/maintenance';
import {
  generateResultSchema, maintenancePageSchema, scheduleFromDocumentsResultSchema, maintenancePredictionPageSchema, maintenanceRecordSchema, maintenanceUploadTargetSchema,
  serviceProgramResponseSchema,
} from '../schemas/maintenance-responses';

import { inspectionRoutes } from './inspections';

const route = routeMaker('maintenance');
const byId = { params: maintenanceIdParams };

/** Maintenance records, service programs and predictions (issue 12; fixed paths). */
export const maintenanceRoutes = [
  route({ operationId: 'listMaintenance', method: 'GET', path: '/api/v1/maintenance', ability: 'maintenanceRead', summary: 'Maintenance records, newest service date first; filters status, priority, vehicleId, from, to', request: { query: listMaintenanceQuery }, response: maintenancePageSchema }),
  route({ operationId: 'createMaintenance', method: 'POST', path: '/api/v1/maintenance', ability: 'maintenanceEdit', summary: 'Adds a record (scheduled holds the vehicle for its window: 409 Booking Conflict over a booking)', request: { body: createMaintenanceSchema }, response: maintenanceRecordSchema }),
  route({ operationId: 'scheduleMaintenanceFromDocuments', method: 'POST', path: '/api/v1/maintenance/from-documents', ability: 'maintenanceEdit', summary: 'Schedules one record per selected vehicle document (the documents page\'s "Schedule maintenance"), answered per document', request: { body: scheduleFromDocumentsSchema }, response: scheduleFromDocumentsResultSchema }),
  route({ operationId: 'createMaintenanceUploadUrl', method: 'POST', path: '/api/v1/maintenance/upload-url', ability: 'maintenanceEdit', summary: 'Presigned PUT for an invoice or receipt (PDF, JPG or PNG, at most 10 MB)', request: { body: maintenanceUploadUrlSchema }, response: maintenanceUploadTargetSchema }),
  route({ operationId: 'listPredictions', method: 'GET', path: '/api/v1/maintenance/predictions', ability: 'maintenanceRead', summary: "Service predictions from each vehicle's program and odometer history, with evidence", request: { query: listPredictionsQuery }, response: maintenancePredictionPageSchema }),
  route({ operationId: 'generatePredictions', method: 'POST', path: '/api/v1/maintenance/predictions/generate', ability: 'maintenanceEdit', summary: 'Recomputes predictions for some vehicles or all with a program (partial success reported per vehicle)', request: { body: generatePredictionsSchema }, response: generateResultSchema }),
  route({ operationId: 'getMaintenance', method: 'GET', path: '/api/v1/maintenance/{id}', ability: 'maintenanceRead', summary: 'One record with its invoice download link', request: byId, response: maintenanceRecordSchema }),
  route({ operationId: 'updateMaintenance', method: 'PATCH', path: '/api/v1/maintenance/{id}', ability: 'maintenanceEdit', summary: 'Edits a pending, scheduled or in-progress record (pending ↔ scheduled)', request: { ...byId, body: updateMaintenanceSchema }, response: maintenanceRecordSchema }),
  route({ operationId: 'startMaintenance', method: 'POST', path: '/api/v1/maintenance/{id}/start', ability: 'maintenanceEdit', summary: 'Work starts: the vehicle is in maintenance', request: { ...byId, body: maintenanceActionSchema }, response: maintenanceRecordSchema }),
  route({ operationId: 'completeMaintenance', method: 'POST', path: '/api/v1/maintenance/{id}/complete', ability: 'maintenanceEdit', summary: 'Work done: cost posted to the books when addToFinancials, odometer from serviceMileage, vehicle available', request: { ...byId, body: completeMaintenanceSchema }, response: maintenanceRecordSchema }),
  route({ operationId: 'cancelMaintenance', method: 'POST', path: '/api/v1/maintenance/{id}/cancel', ability: 'maintenanceEdit', summary: 'Cancels a record; a posted cost is reversed', request: { ...byId, body: maintenanceActionSchema }, response: maintenanceRecordSchema }),
  route({ operationId: 'getServiceProgram', method: 'GET', path: '/api/v1/vehicles/{id}/service-program', ability: 'maintenanceRead', summary: "The vehicle's service intervals (by km, by months or both) with the last service of each", request: byId, response: serviceProgramResponseSchema }),
  route({ operationId: 'putServiceProgram', method: 'PUT', path: '/api/v1/vehicles/{id}/service-program', ability: 'maintenanceEdit', summary: "Sets the vehicle's service intervals", request: { ...byId, body: serviceProgramSchema }, response: serviceProgramResponseSchema }),
  ...inspectionRoutes,
];
