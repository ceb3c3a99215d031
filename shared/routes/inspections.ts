import { routeMaker } from './types';
import {
  confirmInspectionChargeSchema,
  createInspectionSchema,
  inspectionIdParams,
  inspectionUploadUrlSchema,
  listInspectionsQuery,
  signInspectionSchema,
  updateInspectionSchema,
} from '../schemas/inspections';
import {
  inspectionChargeResponseSchema,
  inspectionPageSchema,
  inspectionSchema,
  maintenanceUploadTargetSchema,
} from '../schemas/maintenance-responses';

/** Vehicle inspections (issue 12; fixed paths), served by the maintenance Lambda. */
const route = routeMaker('maintenance');
const byId = { params: inspectionIdParams };

export const inspectionRoutes = [
  route({
    operationId: 'listInspections',
    method: 'GET',
    path: '/api/v1/inspections',
    ability: 'vehicleInspections',
    summary: "Inspections, newest first (or a rental's: rentalId)",
    request: { query: listInspectionsQuery },
    response: inspectionPageSchema,
  }),
  route({
    operationId: 'createInspection',
    method: 'POST',
    path: '/api/v1/inspections',
    ability: 'vehicleInspections',
    summary: 'Records a check-out or check-in inspection of a rental (one of each)',
    request: { body: createInspectionSchema },
    response: inspectionSchema,
  }),
  route({
    operationId: 'createInspectionUploadUrl',
    method: 'POST',
    path: '/api/v1/inspections/upload-url',
    ability: 'vehicleInspections',
    summary: 'Presigned PUT for an inspection photo (JPG or PNG, at most 10 MB)',
    request: { body: inspectionUploadUrlSchema },
    response: maintenanceUploadTargetSchema,
  }),
  route({
    operationId: 'getInspection',
    method: 'GET',
    path: '/api/v1/inspections/{id}',
    ability: 'vehicleInspections',
    summary:
      'One inspection with photo links, the PDF link once signed, and (check-in) the differences from the check-out with proposed charges',
    request: byId,
    response: inspectionSchema,
  }),
  route({
    operationId: 'updateInspection',
    method: 'PATCH',
    path: '/api/v1/inspections/{id}',
    ability: 'vehicleInspections',
    summary: 'Edits a draft inspection (409 once signed)',
    request: { ...byId, body: updateInspectionSchema },
    response: inspectionSchema,
  }),
  route({
    operationId: 'confirmInspectionCharge',
    method: 'POST',
    path: '/api/v1/inspections/{id}/charges',
    ability: 'rentalsEdit',
    summary: 'Posts one proposed charge of a check-in to its rental (once; 409 when already posted)',
    request: { ...byId, body: confirmInspectionChargeSchema },
    idempotent: true,
    response: inspectionChargeResponseSchema,
  }),
  route({
    operationId: 'signInspection',
    method: 'POST',
    path: '/api/v1/inspections/{id}/sign',
    ability: 'vehicleInspections',
    summary: 'Both signatures: the inspection is locked and its bilingual PDF stored',
    request: { ...byId, body: signInspectionSchema },
    response: inspectionSchema,
  }),
];
