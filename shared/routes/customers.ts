import * as z from 'zod';
import { routeMaker } from './types';
import {
  activeBodySchema,
  customerCreateSchema,
  customerListQuerySchema,
  customerUpdateSchema,
  idParamsSchema,
  idScanUploadUrlSchema,
  noteCreateSchema,
  pageQuerySchema,
  idScanResultSchema,
  vipBodySchema,
} from '../schemas/customers';
import {
  customerNotePageSchema,
  customerNoteSchema,
  customerPageSchema,
  customerSchema,
  uploadTargetSchema,
} from '../schemas/customers-responses';

const route = routeMaker('customers');

const idParams = idParamsSchema;

/** Customers: directory, profile, VIP/active toggles, notes, documents, rental history, ID scan. */
export const customersRoutes = [
  route({
    operationId: 'listCustomers',
    method: 'GET',
    path: '/api/v1/customers',
    ability: 'customersRead',
    summary:
      'Customer directory: q (name en/ar, phone, email, licence), VIP, tier, active/inactive, sort, cursor pages',
    request: { query: customerListQuerySchema },
    response: customerPageSchema,
  }),
  route({
    operationId: 'createCustomer',
    method: 'POST',
    path: '/api/v1/customers',
    ability: 'customersEdit',
    summary: 'Add a customer (date of birth checked against the company region minimum age)',
    request: { body: customerCreateSchema },
    response: customerSchema,
  }),
  route({
    operationId: 'scanCustomerId',
    method: 'POST',
    path: '/api/v1/customers/id-scan',
    ability: 'customersEdit',
    rawBody: true,
    summary:
      'Extract customer fields from a passport / ID card / licence (PDF text layer, MRZ): the raw file as the body, or JSON {"key"} of a file uploaded via /id-scan/upload-url',
    response: idScanResultSchema,
  }),
  route({
    operationId: 'customerIdScanUploadUrl',
    method: 'POST',
    path: '/api/v1/customers/id-scan/upload-url',
    ability: 'customersEdit',
    summary: 'Presigned PUT URL for an ID scan too large to send directly (then POST /id-scan with {"key"})',
    request: { body: idScanUploadUrlSchema },
    response: uploadTargetSchema,
  }),
  route({
    operationId: 'getCustomer',
    method: 'GET',
    path: '/api/v1/customers/{id}',
    ability: 'customersRead',
    summary: 'Customer profile with loyalty, age/licence status per region and blacklist matches',
    request: { params: idParams },
    response: customerSchema,
  }),
  route({
    operationId: 'updateCustomer',
    method: 'PATCH',
    path: '/api/v1/customers/{id}',
    ability: 'customersEdit',
    summary: 'Edit a customer (optimistic concurrency on version)',
    request: { params: idParams, body: customerUpdateSchema },
    response: customerSchema,
  }),
  route({
    operationId: 'setCustomerVip',
    method: 'POST',
    path: '/api/v1/customers/{id}/vip',
    ability: 'customersEdit',
    summary: 'Mark or unmark a customer as VIP',
    request: { params: idParams, body: vipBodySchema },
    response: customerSchema,
  }),
  route({
    operationId: 'setCustomerActive',
    method: 'POST',
    path: '/api/v1/customers/{id}/active',
    ability: 'customersEdit',
    summary: 'Activate or deactivate a customer',
    request: { params: idParams, body: activeBodySchema },
    response: customerSchema,
  }),
  route({
    operationId: 'listCustomerNotes',
    method: 'GET',
    path: '/api/v1/customers/{id}/notes',
    ability: 'customersRead',
    summary: 'Notes on a customer, newest first (internal notes are for managers only)',
    request: { params: idParams, query: pageQuerySchema },
    response: customerNotePageSchema,
  }),
  route({
    operationId: 'addCustomerNote',
    method: 'POST',
    path: '/api/v1/customers/{id}/notes',
    ability: 'customersEdit',
    summary: 'Add a note with visibility internal, staff_only or public',
    request: { params: idParams, body: noteCreateSchema },
    response: customerNoteSchema,
  }),
];
