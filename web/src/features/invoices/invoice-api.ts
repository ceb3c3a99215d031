/**
 * Invoices feature: API calls, cache keys, the PDF download and the catalog area (registered
 * here, so it ships with the invoice pages and the rental/customer invoice links, not the
 * sign-in bundle). Lists, filters, errors and invalidation come from the web kit (KIT.md).
 */
import { addArea } from '../../../../shared/i18n';
import { invoices as invoicesCatalog } from '../../../../shared/i18n/invoices';
import { INVOICE_MESSAGES, type Invoice, type InvoiceDetail, type InvoiceList } from '../../../../shared/schemas/invoices';
import { api } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';

addArea('invoices', invoicesCatalog);
registerMessages('invoices.messages', INVOICE_MESSAGES);

export type { Invoice, InvoiceDetail, InvoiceList };

export const INVOICES_PATH = '/api/v1/invoices';
export const invoicePath = (id: string) => `${INVOICES_PATH}/${encodeURIComponent(id)}`;

export const STATUS_TONES = { draft: 'slate', issued: 'blue', partially_paid: 'amber', paid: 'green', void: 'muted', overdue: 'red' } as const;

export const invoiceApi = {
  create: (body: { rentalId: string; periodStart?: string; periodEnd?: string }) => api.post<InvoiceDetail>(INVOICES_PATH, body),
  update: (id: string, body: { notes?: string; dueDate?: string; customerVatNumber?: string; version?: number }) => api.patch<InvoiceDetail>(invoicePath(id), body),
  issue: (id: string) => api.post<InvoiceDetail>(`${invoicePath(id)}/issue`, {}),
  creditNote: (id: string, reason: string) => api.post<InvoiceDetail>(`${invoicePath(id)}/credit-note`, { reason }, { headers: { 'Idempotency-Key': `cn-${id}-${Date.now()}` } }),
  email: (id: string, to?: string) => api.post<{ sentTo: string }>(`${invoicePath(id)}/email`, to ? { to } : {}),
  pdf: (id: string, document: 'invoice' | 'credit_note' = 'invoice') => api.get<{ url: string; fileName: string }>(`${invoicePath(id)}/pdf?document=${document}`),
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
