/**
 * Payments feature: paths, operations, answer types and the catalog area (registered here, so it
 * ships with the invoice and payment pages, not the sign-in bundle).
 */
import useSWR from 'swr';
import { addArea } from '../../../../shared/i18n';
import { payments as paymentsCatalog } from '../../../../shared/i18n/payments';
import { PAYMENT_MESSAGES } from '../../../../shared/schemas/payments';
import type { InvoicePayments, Payment, PayOnlineResponse, PublicPaymentStatus } from '../../../../shared/schemas/payments-responses';
import { api } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';

addArea('payments', paymentsCatalog);
registerMessages('payments.messages', PAYMENT_MESSAGES);

export type { InvoicePayments, Payment, PayOnlineResponse, PublicPaymentStatus };

export const invoicePaymentsPath = (invoiceId: string) => `/api/v1/invoices/${encodeURIComponent(invoiceId)}/payments`;
export const paymentPath = (id: string) => `/api/v1/payments/${encodeURIComponent(id)}`;

/** A fresh key per dialog opening: a double click or a network retry records one payment. */
export const newIdempotencyKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const paymentsApi = {
  record: (invoiceId: string, body: { amount: number; method: string }, key: string) =>
    api.post<Payment>(invoicePaymentsPath(invoiceId), body, { headers: { 'Idempotency-Key': key } }),
  payOnline: (invoiceId: string, language: 'en' | 'ar', key: string) =>
    api.post<PayOnlineResponse>(`/api/v1/invoices/${encodeURIComponent(invoiceId)}/pay-online`, { language }, { headers: { 'Idempotency-Key': key } }),
  refund: (paymentId: string, body: { amount?: number; reason?: string }, key: string) =>
    api.post<Payment>(`${paymentPath(paymentId)}/refund`, body, { headers: { 'Idempotency-Key': key } }),
  receiptUrl: (receiptId: string) => api.get<{ url: string }>(`/api/v1/receipts/${encodeURIComponent(receiptId)}/pdf`),
};

export const useInvoicePayments = (invoiceId: string | null) => useSWR<InvoicePayments | null>(invoiceId ? invoicePaymentsPath(invoiceId) : null);

/** Opens a receipt's PDF (a presigned URL made on request) in a new tab. */
export async function openReceipt(receiptId: string): Promise<void> {
  const { url } = await paymentsApi.receiptUrl(receiptId);
  window.open(url, '_blank', 'noopener');
}

export const PAYMENT_TONES = { paid: 'green', pending: 'amber', processing: 'blue', failed: 'red', cancelled: 'slate', refunded: 'violet' } as const;

/** The public return page's routes (no sign-in; the attempt's return token is the key). */
export const publicPaymentPath = (token: string) => `/api/v1/payments/return/${encodeURIComponent(token)}`;
export const publicPaymentsApi = {
  receiptUrl: (token: string) => api.get<{ url: string }>(`${publicPaymentPath(token)}/receipt`),
  retry: (token: string, language: 'en' | 'ar') => api.post<{ url: string }>(`${publicPaymentPath(token)}/retry`, { language }),
};
