/**
 * Invoices feature: API calls, cache keys, the PDF download and the catalog area (registered
 * here, so it ships with the invoice pages and the rental/customer invoice links, not the
 * sign-in bundle). Lists, filters, errors and invalidation come from the web kit (KIT.md).
 */
import { addArea } from '../../../../shared/i18n';
import { invoices as invoicesCatalog } from '../../../../shared/i18n/invoices';
import {
  INVOICE_MESSAGES,
  type Invoice,
  type InvoiceDetail,
  type InvoiceList,
} from '../../../../shared/schemas/invoices';
import { apiPath, apiStem, callApi, type BodyOf } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';

addArea('invoices', invoicesCatalog);
registerMessages('invoices.messages', INVOICE_MESSAGES);

export type { Invoice, InvoiceDetail, InvoiceList };

export const INVOICES_PATH = apiStem('listInvoices');
export const invoicePath = (id: string) => apiPath('getInvoice', { id });

export const STATUS_TONES = {
  draft: 'slate',
  issued: 'blue',
  partially_paid: 'amber',
  paid: 'green',
  void: 'muted',
  overdue: 'red',
} as const;

export const invoiceApi = {
  create: (body: BodyOf<'createInvoice'>) => callApi<'createInvoice', InvoiceDetail>('createInvoice', { body }),
  update: (id: string, body: BodyOf<'updateInvoice'>) =>
    callApi<'updateInvoice', InvoiceDetail>('updateInvoice', { params: { id }, body }),
  issue: (id: string) => callApi<'issueInvoice', InvoiceDetail>('issueInvoice', { params: { id }, body: {} }),
  creditNote: (id: string, reason: string) =>
    callApi<'creditInvoice', InvoiceDetail>('creditInvoice', {
      params: { id },
      body: { reason },
      headers: { 'Idempotency-Key': `cn-${id}-${Date.now()}` },
    }),
  email: (id: string, to?: string) =>
    callApi<'emailInvoice', { sentTo: string }>('emailInvoice', { params: { id }, body: to ? { to } : {} }),
  pdf: (id: string, document: 'invoice' | 'credit_note' = 'invoice') =>
    callApi<'getInvoicePdf', { url: string; fileName: string }>('getInvoicePdf', {
      params: { id },
      query: { document },
    }),
};

/** Asks for the presigned URL and lets the browser download the file. */
export async function downloadInvoicePdf(id: string, document: 'invoice' | 'credit_note' = 'invoice'): Promise<void> {
  const { url, fileName } = await invoiceApi.pdf(id, document);
  const a = window.document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noreferrer';
  window.document.body.appendChild(a);
  a.click();
  a.remove();
}
