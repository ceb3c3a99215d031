import { routeMaker } from './types';
import {
  documentBulkSchema,
  documentCreateSchema,
  documentIdParamsSchema,
  documentListQuerySchema,
  documentPageSchema,
  documentRejectSchema,
  documentReminderHistorySchema,
  documentReminderRunSchema,
  documentSchema,
  documentUpdateSchema,
  documentUploadUrlSchema,
  documentUseTemplateSchema,
  documentVersionSchema,
} from '../schemas/documents';
import {
  documentBulkResultSchema,
  documentDetailSchema,
  documentDownloadSchema,
  documentsOverviewSchema,
} from '../schemas/documents';
import { uploadTargetSchema } from '../schemas/upload';

const route = routeMaker('documents');
const params = documentIdParamsSchema;

/**
 * Documents (issue 11, fixed paths). Every route needs `documentsVehicle` (every role); the
 * handler then checks the ability of the document's scope (documentsVehicle / documentsCustomer /
 * documentsCompany) and answers 403 outside the matrix (DESIGN.md §6: MECHANIC vehicle only).
 */
export const documentsRoutes = [
  route({
    operationId: 'documentUploadUrl',
    method: 'POST',
    path: '/api/v1/documents/upload-url',
    ability: 'documentsVehicle',
    summary: 'Presigned PUT URL for a document file (PDF, JPG or PNG, at most 10 MB)',
    request: { body: documentUploadUrlSchema },
    response: uploadTargetSchema,
  }),
  route({
    operationId: 'listDocuments',
    method: 'GET',
    path: '/api/v1/documents',
    ability: 'documentsVehicle',
    summary: 'Latest versions of one scope’s documents; q searches title, type, tags, file name and extracted text',
    request: { query: documentListQuerySchema },
    response: documentPageSchema,
  }),
  route({
    operationId: 'createDocument',
    method: 'POST',
    path: '/api/v1/documents',
    ability: 'documentsVehicle',
    summary: 'Record an uploaded document (the object is checked by its real size and magic bytes)',
    request: { body: documentCreateSchema },
    response: documentSchema,
  }),
  route({
    operationId: 'documentsOverview',
    method: 'GET',
    path: '/api/v1/documents/overview',
    ability: 'documentsVehicle',
    summary: 'Counts by validity and type of one scope and what expires in the next 30/60/90 days',
    request: { query: documentListQuerySchema },
    response: documentsOverviewSchema,
  }),
  route({
    operationId: 'bulkDocuments',
    method: 'POST',
    path: '/api/v1/documents/bulk',
    ability: 'documentsVehicle',
    summary: 'Bulk action on selected documents: analyze, download (one ZIP), approve, delete (confirm: true)',
    request: { body: documentBulkSchema },
    response: documentBulkResultSchema,
  }),
  route({
    operationId: 'runDocumentReminders',
    method: 'POST',
    path: '/api/v1/documents/reminders/run',
    ability: 'documentsCompany',
    summary:
      'Runs the expiry reminders now for this company (exactly once per document and stage, like the daily job); answers the run with its emails',
    response: documentReminderRunSchema,
  }),
  route({
    operationId: 'documentReminders',
    method: 'GET',
    path: '/api/v1/documents/{id}/reminders',
    ability: 'documentsVehicle',
    summary: 'The expiry reminders sent for a document (every version), newest first',
    request: { params },
    response: documentReminderHistorySchema,
  }),
  route({
    operationId: 'getDocument',
    method: 'GET',
    path: '/api/v1/documents/{id}',
    ability: 'documentsVehicle',
    summary: 'One document with its version history',
    request: { params },
    response: documentDetailSchema,
  }),
  route({
    operationId: 'updateDocument',
    method: 'PATCH',
    path: '/api/v1/documents/{id}',
    ability: 'documentsVehicle',
    summary: 'Edit a document’s fields (optimistic concurrency on version)',
    request: { params, body: documentUpdateSchema },
    response: documentSchema,
  }),
  route({
    operationId: 'addDocumentVersion',
    method: 'POST',
    path: '/api/v1/documents/{id}/versions',
    ability: 'documentsVehicle',
    summary: 'Replace the file: creates version n+1 (parentDocumentId = this one), back to draft',
    request: { params, body: documentVersionSchema },
    response: documentSchema,
  }),
  route({
    operationId: 'submitDocument',
    method: 'POST',
    path: '/api/v1/documents/{id}/submit',
    ability: 'documentsVehicle',
    summary: 'draft or rejected → under_review',
    request: { params },
    response: documentSchema,
  }),
  route({
    operationId: 'approveDocument',
    method: 'POST',
    path: '/api/v1/documents/{id}/approve',
    ability: 'documentsVehicle',
    summary: 'under_review → approved',
    request: { params },
    response: documentSchema,
  }),
  route({
    operationId: 'rejectDocument',
    method: 'POST',
    path: '/api/v1/documents/{id}/reject',
    ability: 'documentsVehicle',
    summary: 'under_review → rejected (rejectionReason required)',
    request: { params, body: documentRejectSchema },
    response: documentSchema,
  }),
  route({
    operationId: 'analyzeDocument',
    method: 'POST',
    path: '/api/v1/documents/{id}/analyze',
    ability: 'documentsVehicle',
    summary: 'Reads the file (PDF text layer, image text chunks, MRZ) and proposes fields with confidence',
    request: { params },
    response: documentSchema,
  }),
  route({
    operationId: 'useDocumentTemplate',
    method: 'POST',
    path: '/api/v1/documents/{id}/use-template',
    ability: 'documentsVehicle',
    summary:
      'A new draft document of the chosen scope from this company template (its file copied in storage, type and title prefilled)',
    request: { params, body: documentUseTemplateSchema },
    response: documentSchema,
  }),
  route({
    operationId: 'downloadDocument',
    method: 'GET',
    path: '/api/v1/documents/{id}/download',
    ability: 'documentsVehicle',
    summary: 'Short-lived download link of this version’s file',
    request: { params },
    response: documentDownloadSchema,
  }),
];
