import * as z from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES, RECEIPT_KINDS } from './payments';

/** Answers of the payments routes (the web imports these types; nothing is retyped). */
export const allocationSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  rentalId: z.string(),
  amount: z.number(),
});

export const receiptRefSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  amount: z.number(),
  issuedAt: z.string(),
});

export const paymentSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  rentalId: z.string(),
  rentalReference: z.string().nullable(),
  customerId: z.string(),
  amount: z.number(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  allocations: z.array(allocationSchema),
  /** Overpayment kept as customer credit. */
  credit: z.number(),
  refunded: z.number(),
  receipt: receiptRefSchema.nullable(),
  refundReceipts: z.array(receiptRefSchema),
  gateway: z.object({ name: z.string(), tranRef: z.string().nullable(), url: z.string().nullable() }).nullable(),
  failureReason: z.string().nullable(),
  /**
   * The gateway's response status of a failed attempt (PayTabs A, D, E, H, P, V, X…), translated on screen;
   * failureReason is its raw text.
   */
  gatewayStatus: z.string().nullable(),
  invoice: z
    .object({
      id: z.string(),
      number: z.string().nullable(),
      status: z.string(),
      balance: z.number(),
      total: z.number(),
    })
    .nullable(),
  rentalBalance: z.number().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const payOnlineResponseSchema = z.object({ url: z.string(), paymentId: z.string() });
export type PayOnlineResponse = z.infer<typeof payOnlineResponseSchema>;

export const invoicePaymentsResponseSchema = z.object({ items: z.array(paymentSchema), customerCredit: z.number() });
export type InvoicePayments = z.infer<typeof invoicePaymentsResponseSchema>;

/**
 * What the public return page (GET /payments/return/{token}, no sign-in) shows of ONE payment:
 * its state, amount, invoice number, the company's name and logo, the receipt number (PDF through
 * the token) and a failed attempt's reason — nothing else about the company or the customer.
 */
export const publicPaymentStatusSchema = z.object({
  paymentId: z.string(),
  state: z.enum(['paid', 'pending', 'failed']),
  amount: z.number(),
  currency: z.string(),
  invoiceNumber: z.string().nullable(),
  company: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  receipt: z.object({ number: z.string() }).nullable(),
  failure: z.object({ gatewayStatus: z.string().nullable(), message: z.string().nullable() }).nullable(),
  canRetry: z.boolean(),
  paidAt: z.string().nullable(),
});
export type PublicPaymentStatus = z.infer<typeof publicPaymentStatusSchema>;

/**
 * The gateway's callback is acknowledged (a repeated one as a duplicate); it is the gateway, not a person, that reads
 * it.
 */
export const paymentCallbackAnswerSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  status: z.enum(['paid', 'failed', 'expired']).optional(),
});
