import { routeMaker } from './types';
import {
  edocListQuerySchema,
  edocPageSchema,
  edocSummarySchema,
  einvoicingStatusSchema,
  networkBodySchema,
  onboardBodySchema,
} from '../schemas/einvoicing';
import { idParamsSchema } from '../schemas/page';

const route = routeMaker('einvoicing');

/**
 * E-invoicing (issue 29), the Saudi onboarding slice: managers (OWNER, ADMIN) onboard; the front desk reads the
 * state (there is no ACCOUNTANT role: STAFF, who issue invoices at the counter, stand in for the read-only role).
 */
export const einvoicingRoutes = [
  route({
    operationId: 'getEInvoicingStatus',
    method: 'GET',
    path: '/api/v1/einvoicing/status',
    ability: 'einvoicingRead',
    summary:
      "ZATCA onboarding state of the caller's company: required (Saudi companies), stage, environment, " +
      "the production CSID's expiry, the compliance checks per document type, the last error",
    response: einvoicingStatusSchema,
  }),
  route({
    operationId: 'onboardEInvoicing',
    method: 'POST',
    path: '/api/v1/einvoicing/onboard',
    ability: 'einvoicingManage',
    blockDemo: true,
    summary:
      'Onboards the company with ZATCA using the OTP from the Fatoora portal: key pair and CSR, compliance CSID, ' +
      'one compliance check per document type, production CSID; a second call renews (new key and CSID)',
    request: { body: onboardBodySchema },
    response: einvoicingStatusSchema,
  }),
  route({
    operationId: 'connectEInvoicingNetwork',
    method: 'PUT',
    path: '/api/v1/einvoicing/network',
    ability: 'einvoicingManage',
    blockDemo: true,
    summary:
      'Connects a UAE or Jordan company to its network (service provider API key, JoFotara client id and secret ' +
      "key; sealed, never answered); the company's unsent documents are then sent",
    request: { body: networkBodySchema },
    response: einvoicingStatusSchema,
  }),
  route({
    operationId: 'disconnectEInvoicingNetwork',
    method: 'DELETE',
    path: '/api/v1/einvoicing/network',
    ability: 'einvoicingManage',
    blockDemo: true,
    summary: 'Disconnects the company from its network (its credentials are deleted; new documents stay unsent)',
    response: einvoicingStatusSchema,
  }),
  route({
    operationId: 'listEInvoiceDocuments',
    method: 'GET',
    path: '/api/v1/einvoicing/documents',
    ability: 'einvoicingRead',
    summary:
      'Issued e-invoice documents, newest first, with their submission state (pending, reported, cleared, ' +
      "accepted, rejected with the network's messages, unsent), optionally of one status",
    request: { query: edocListQuerySchema },
    response: edocPageSchema,
  }),
  route({
    operationId: 'retryEInvoiceDocument',
    method: 'POST',
    path: '/api/v1/einvoicing/documents/{id}/retry',
    ability: 'einvoicingManage',
    blockDemo: true,
    summary: 'Submits a pending or unsent document now (the job would retry it later); answers its new state',
    request: { params: idParamsSchema },
    response: edocSummarySchema,
  }),
];
