/**
 * Payments feature: paths, operations, answer types and the catalog area (registered here, so it
 * ships with the invoice and payment pages, not the sign-in bundle).
 */
import useSWR from 'swr';
import { addArea } from '../../../../shared/i18n';
import { payments as paymentsCatalog } from '../../../../shared/i18n/payments';
import { PAYMENT_MESSAGES } from '../../../../shared/schemas/payments';
import type {
  InvoicePayments,
  Payment,
  PayOnlineResponse,
  PublicPaymentStatus,
} from '../../../../shared/schemas/payments-responses';
import { apiPath, apiStem, callApi, type BodyOf } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';

addArea('payments', paymentsCatalog);
registerMessages('payments.messages', PAYMENT_MESSAGES);

export type { InvoicePayments, Payment, PayOnlineResponse, PublicPaymentStatus };

export const invoicePaymentsPath = (invoiceId: string) => apiPath('listInvoicePayments', { id: invoiceId });
export const paymentPath = (id: string) => apiPath('getPayment', { id });

/** A fresh key per dialog opening: a double click or a network retry records one payment. */
export const newIdempotencyKey = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const paymentsApi = {
  record: (invoiceId: string, body: BodyOf<'recordInvoicePayment'>, key: string) =>
    callApi<'recordInvoicePayment', Payment>('recordInvoicePayment', {
      params: { id: invoiceId },
      body,
      headers: { 'Idempotency-Key': key },
    }),
  payOnline: (invoiceId: string, language: 'en' | 'ar', key: string) =>
    callApi<'payInvoiceOnline', PayOnlineResponse>('payInvoiceOnline', {
      params: { id: invoiceId },
      body: { language },
      headers: { 'Idempotency-Key': key },
    }),
  refund: (paymentId: string, body: BodyOf<'refundPayment'>, key: string) =>
    callApi<'refundPayment', Payment>('refundPayment', {
      params: { id: paymentId },
      body,
      headers: { 'Idempotency-Key': key },
    }),
  receiptUrl: (receiptId: string) =>
    callApi<'getReceiptPdf', { url: string }>('getReceiptPdf', { params: { id: receiptId } }),
};

export const useInvoicePayments = (invoiceId: string | null) =>
  useSWR<InvoicePayments | null>(invoiceId ? invoicePaymentsPath(invoiceId) : null);

/** Opens a receipt's PDF (a presigned URL made on request) in a new tab. */
export async function openReceipt(receiptId: string): Promise<void> {
  const { url } = await paymentsApi.receiptUrl(receiptId);
  window.open(url, '_blank', 'noopener');
}

export const PAYMENT_TONES = {
  paid: 'green',
  pending: 'amber',
  processing: 'blue',
  failed: 'red',
  cancelled: 'slate',
  refunded: 'violet',
} as const;

/** The public return page's routes (no sign-in; the attempt's return token is the key). */
export const publicPaymentPath = (token: string) => apiPath('getPublicPayment', { token });
export const publicPaymentsApi = {
  receiptUrl: (token: string) =>
    callApi<'getPublicReceiptPdf', { url: string }>('getPublicReceiptPdf', { params: { token } }),
  retry: (token: string, language: 'en' | 'ar') =>
    callApi<'retryPublicPayment', { url: string }>('retryPublicPayment', { params: { token }, body: { language } }),
};
