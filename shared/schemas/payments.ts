import * as z from 'zod';
import { MAX_MONEY_AMOUNT, MONEY_MESSAGES, hasAtMostDecimals, positiveMoneyAmount } from '../money';
import { entityId, text } from './fields';

/**
 * Payments against invoices, online payments through the company's gateway, receipts and
 * refunds (issue 19; business-data §3 payments: methods and statuses, default currency AED).
 * Request schemas here; answers in payments-responses.ts.
 */
export const PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'online', 'pos_machine'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Methods staff record by hand (online payments come through the gateway only). */
export const MANUAL_PAYMENT_METHODS = ['cash', 'credit_card', 'debit_card', 'bank_transfer', 'pos_machine'] as const;
export const PAYMENT_STATUSES = ['pending', 'processing', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const RECEIPT_KINDS = ['receipt', 'refund_receipt'] as const;
export const PAYMENT_GATEWAY_NAMES = ['paytabs'] as const;

/** Messages shown to people (English; Arabic in shared/i18n/payments.ts under payments.messages). */
export const PAYMENT_MESSAGES = {
  amountRequired: 'Amount is required',
  methodRequired: 'Payment method is required',
  refundOverPaid: 'Refund cannot exceed what is left of the payment',
  invoiceNotOpen: 'Only an issued or partially paid invoice takes payments',
  nothingToPay: 'This invoice has no balance to pay',
  gatewayNotConfigured: 'Online payments are not set up: add the PayTabs profile ID and server key in company settings',
  gatewayUnavailable: 'The payment gateway did not answer. Nothing was charged; please try again.',
  notRefundable: 'Only a paid payment can be refunded',
  notRetryable: 'Only a failed payment can be tried again',
  refundInProgress: 'A refund of this payment is already with the payment gateway. Try again in a minute.',
  gatewayRefundRefused: 'The payment gateway refused the refund ({{reason}}). Nothing was refunded.',
  gatewayRefundUnavailable:
    'The payment gateway did not answer. Nothing was recorded; check the refund in the gateway before trying again.',
} as const;

export const paymentIdParams = z.object({ id: entityId() });
export const receiptIdParams = z.object({ id: entityId() });
/**
 * The public return page's token: `{tenantId}.{paymentId}.{secret}` (functions/payments/public-return.ts); checked
 * there, 404 when wrong.
 */
export const returnTokenParams = z.object({ token: z.string().min(1).max(200) });
/** The gateway's browser return carries the same token in its query (`/api/v1/payments/return?token=…`). */
export const returnTokenQuery = returnTokenParams;
export const gatewayParams = z.object({ gateway: z.enum(PAYMENT_GATEWAY_NAMES) });

export const invoicePaymentSchema = z.object({
  amount: z
    .number({ error: PAYMENT_MESSAGES.amountRequired })
    .positive({ error: MONEY_MESSAGES.positive })
    .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
    .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals }),
  method: z.enum(MANUAL_PAYMENT_METHODS, { error: PAYMENT_MESSAGES.methodRequired }),
});
export type InvoicePaymentBody = z.output<typeof invoicePaymentSchema>;

export const payOnlineSchema = z.object({
  /** The hosted page's language (the customer's), English by default. */
  language: z.enum(['en', 'ar']).default('en'),
});

export const refundPaymentSchema = z.object({
  /** Omitted: whatever is left of the payment. */
  amount: positiveMoneyAmount.optional(),
  reason: text(200).optional(),
});
export type RefundPaymentBody = z.output<typeof refundPaymentSchema>;
