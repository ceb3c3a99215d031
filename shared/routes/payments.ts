import * as z from 'zod';
import { routeMaker } from './types';
import {
  gatewayParams,
  invoicePaymentSchema,
  payOnlineSchema,
  paymentIdParams,
  receiptIdParams,
  refundPaymentSchema,
  returnTokenParams,
  returnTokenQuery,
} from '../schemas/payments';
import {
  invoicePaymentsResponseSchema,
  payOnlineResponseSchema,
  paymentCallbackAnswerSchema,
  paymentSchema,
  publicPaymentStatusSchema,
} from '../schemas/payments-responses';

const route = routeMaker('payments');
const invoiceParams = paymentIdParams;

/**
 * Payments (issue 19): recorded against an invoice (allocated oldest open invoice first, the
 * rest kept as customer credit), online through the company's gateway (hosted page; the signed
 * server-to-server callback is the only thing that marks an online payment paid), REC- receipts
 * and refunds. Reads need financeRead, payments financeRecordPayment (STAFF too), refunds
 * financeEdit (OWNER, ADMIN): money going out is a manager's decision. MECHANIC: none.
 */
export const paymentsRoutes = [
  route({
    operationId: 'listInvoicePayments',
    method: 'GET',
    path: '/api/v1/invoices/{id}/payments',
    ability: 'financeRead',
    summary: "Payments applied to an invoice, with their receipts, and the customer's credit",
    request: { params: invoiceParams },
    response: invoicePaymentsResponseSchema,
  }),
  route({
    operationId: 'recordInvoicePayment',
    method: 'POST',
    path: '/api/v1/invoices/{id}/payments',
    ability: 'financeRecordPayment',
    summary:
      "Records a payment: this invoice first, then the customer's oldest open invoices, the rest as customer credit; REC- receipt; posted through the rental ledger",
    request: { params: invoiceParams, body: invoicePaymentSchema },
    response: paymentSchema,
    idempotent: true,
  }),
  route({
    operationId: 'payInvoiceOnline',
    method: 'POST',
    path: '/api/v1/invoices/{id}/pay-online',
    ability: 'financeRecordPayment',
    summary: "Creates the gateway's hosted payment page for the invoice balance; answers its URL",
    request: { params: invoiceParams, body: payOnlineSchema },
    response: payOnlineResponseSchema,
    idempotent: true,
  }),
  route({
    operationId: 'paymentCallback',
    method: 'POST',
    path: '/api/v1/payments/callback/{gateway}',
    auth: 'public',
    rawBody: true,
    maxBodyBytes: 64 * 1024,
    summary:
      "The gateway's server-to-server callback, verified by its signature with the company's server key; idempotent on the gateway transaction",
    request: { params: gatewayParams },
    response: paymentCallbackAnswerSchema,
  }),
  // The gateway's browser return (the `return` URL it is given): PayTabs POSTs its fields as a form, a sandbox or a
  // bookmark may GET it. Either way 303 See Other to the public page /payments/return?token=… (Post/Redirect/Get): the
  // form's fields are not trusted (the signed callback is the only thing that settles a payment).
  route({
    operationId: 'paymentBrowserReturn',
    method: 'POST',
    path: '/api/v1/payments/return',
    auth: 'public',
    rawBody: true,
    maxBodyBytes: 16 * 1024,
    summary: "The gateway's browser return (a form POST): 303 to the public return page of the attempt's token",
    request: { query: returnTokenQuery },
    // A 303 without a body: no 2xx answer to parse (the contract checks 2xx only).
    responseTypes: ['text/plain'],
  }),
  route({
    operationId: 'paymentBrowserReturnGet',
    method: 'GET',
    path: '/api/v1/payments/return',
    auth: 'public',
    summary: "The gateway's browser return as a GET: 303 to the public return page of the attempt's token",
    request: { query: returnTokenQuery },
    responseTypes: ['text/plain'],
  }),
  // The customer's return from the gateway without signing in (public, like the callback): the attempt's return token
  // is the only key; wrong, expired or another payment's → 404.
  route({
    operationId: 'getPublicPayment',
    method: 'GET',
    path: '/api/v1/payments/return/{token}',
    auth: 'public',
    summary:
      "One online payment's status for the customer returning from the gateway (state, amount, invoice number, company name and logo, receipt number), by its return token",
    request: { params: returnTokenParams },
    response: publicPaymentStatusSchema,
  }),
  route({
    operationId: 'getPublicReceiptPdf',
    method: 'GET',
    path: '/api/v1/payments/return/{token}/receipt',
    auth: 'public',
    summary: "Presigned URL of that payment's receipt PDF, by its return token",
    request: { params: returnTokenParams },
    response: z.object({ url: z.string() }),
  }),
  route({
    operationId: 'retryPublicPayment',
    method: 'POST',
    path: '/api/v1/payments/return/{token}/retry',
    auth: 'public',
    summary:
      "A failed attempt tried again by the customer: a new hosted page for the same invoice's balance; answers its URL",
    request: { params: returnTokenParams, body: payOnlineSchema.optional() },
    response: z.object({ url: z.string() }),
  }),
  route({
    operationId: 'getPayment',
    method: 'GET',
    path: '/api/v1/payments/{id}',
    ability: 'financeRead',
    summary: 'One payment with its invoice, allocations, receipt and refunds',
    request: { params: paymentIdParams },
    response: paymentSchema,
  }),
  route({
    operationId: 'refundPayment',
    method: 'POST',
    path: '/api/v1/payments/{id}/refund',
    ability: 'financeEdit',
    summary: 'Refunds (part of) a payment to its original method, with a refund receipt',
    request: { params: paymentIdParams, body: refundPaymentSchema },
    response: paymentSchema,
    idempotent: true,
  }),
  route({
    operationId: 'getFinalSettlementPdf',
    method: 'GET',
    path: '/api/v1/rentals/{id}/final-settlement',
    ability: 'financeRead',
    summary:
      "Presigned URL of a closed rental's final settlement PDF (charges, payments, deposit applied and refunded, final balance); versioned by the rental's version",
    request: { params: paymentIdParams },
    response: z.object({ url: z.string() }),
  }),
  route({
    operationId: 'getReceiptPdf',
    method: 'GET',
    path: '/api/v1/receipts/{id}/pdf',
    ability: 'financeRead',
    summary: 'Presigned URL of a receipt or refund receipt PDF (English and Arabic)',
    request: { params: receiptIdParams },
    response: z.object({ url: z.string() }),
  }),
];
