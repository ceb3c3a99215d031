import { routeMaker } from './types';
import {
  createInvoiceSchema,
  creditNoteSchema,
  debitNoteSchema,
  emailInvoiceSchema,
  invoiceDetailSchema,
  invoiceDocumentQuery,
  invoiceEmailAnswerSchema,
  invoiceIdParams,
  invoiceListSchema,
  invoicePdfSchema,
  listInvoicesQuery,
  updateInvoiceSchema,
} from '../schemas/invoices';

const route = routeMaker('invoices');
const byId = { params: invoiceIdParams };

/**
 * Tax invoices (issue 19; fixed paths). Reads need financeRead (OWNER, ADMIN, STAFF), every
 * change financeEdit (OWNER, ADMIN); MECHANIC has no access (403).
 */
export const invoicesRoutes = [
  route({
    operationId: 'listInvoices',
    method: 'GET',
    path: '/api/v1/invoices',
    ability: 'financeRead',
    summary:
      'Invoices, newest first; filters status (open, overdue too), customerId, rentalId, q (number, customer, rental), from/to (issue date); page totals',
    request: { query: listInvoicesQuery },
    response: invoiceListSchema,
  }),
  route({
    operationId: 'createInvoice',
    method: 'POST',
    path: '/api/v1/invoices',
    ability: 'financeEdit',
    summary:
      'Drafts an invoice from a rental (whole rental, or one billing period) with lines from its charges not yet invoiced',
    request: { body: createInvoiceSchema },
    response: invoiceDetailSchema,
  }),
  route({
    operationId: 'getInvoice',
    method: 'GET',
    path: '/api/v1/invoices/{id}',
    ability: 'financeRead',
    summary: 'One invoice with lines, credit note and payments',
    request: byId,
    response: invoiceDetailSchema,
  }),
  route({
    operationId: 'updateInvoice',
    method: 'PATCH',
    path: '/api/v1/invoices/{id}',
    ability: 'financeEdit',
    summary: 'Edits a draft (due date, notes, customer VAT number, language); an issued invoice is locked (409)',
    request: { ...byId, body: updateInvoiceSchema },
    response: invoiceDetailSchema,
  }),
  route({
    operationId: 'issueInvoice',
    method: 'POST',
    path: '/api/v1/invoices/{id}/issue',
    ability: 'financeEdit',
    summary: 'Issues a draft: gap-free INV- number, marks its charges invoiced, locks it, stores the PDF',
    request: byId,
    response: invoiceDetailSchema,
  }),
  route({
    operationId: 'creditInvoice',
    method: 'POST',
    path: '/api/v1/invoices/{id}/credit-note',
    ability: 'financeEdit',
    summary:
      'Credit note for an issued invoice: reverses its charges through the rental ledger (and the GL) and voids it',
    request: { ...byId, body: creditNoteSchema },
    response: invoiceDetailSchema,
    idempotent: true,
  }),
  route({
    operationId: 'debitInvoice',
    method: 'POST',
    path: '/api/v1/invoices/{id}/debit-note',
    ability: 'financeEdit',
    summary:
      'Debit note on an issued invoice: further charges added to its rental (and the GL), its own DN- number ' +
      'referencing the invoice, and its e-invoice document',
    request: { ...byId, body: debitNoteSchema },
    response: invoiceDetailSchema,
    idempotent: true,
  }),
  route({
    operationId: 'emailInvoice',
    method: 'POST',
    path: '/api/v1/invoices/{id}/email',
    ability: 'financeEdit',
    summary: 'Emails the issued invoice PDF to the customer (or `to`)',
    request: { ...byId, body: emailInvoiceSchema },
    response: invoiceEmailAnswerSchema,
  }),
  route({
    operationId: 'getInvoicePdf',
    method: 'GET',
    path: '/api/v1/invoices/{id}/pdf',
    ability: 'financeRead',
    summary:
      'Presigned URL of the invoice PDF (or its credit note with document=credit_note, a debit note with ' +
      'document=debit_note and debitNoteId, default the latest)',
    request: { ...byId, query: invoiceDocumentQuery },
    response: invoicePdfSchema,
  }),
  route({
    operationId: 'getInvoiceXml',
    method: 'GET',
    path: '/api/v1/invoices/{id}/xml',
    ability: 'financeRead',
    summary:
      "The invoice's e-invoice XML as issued (signed for Saudi companies; ZATCA's cleared copy once cleared), or its " +
      'credit note or a debit note as the PDF route; 404 when it has none',
    request: { ...byId, query: invoiceDocumentQuery },
    responseTypes: ['application/xml'],
  }),
];
