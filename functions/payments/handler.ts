import { createDomainHandler, reply, type Reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { paymentsRoutes } from '../../shared/routes/payments';
import { getPayment, listInvoicePayments, recordInvoicePayment } from './record';
import { callbackCartId, payOnline, paymentCallback, retryFromReturn } from './online';
import { runAsTokenTenant } from '../lib/clients/tenant-scope';
import { browserReturn, publicPaymentStatus, publicReceiptUrl } from './public-return';
import { refundPayment } from './refund';
import { receiptPdfUrl } from './receipt/store';
import { finalSettlementUrl } from './settlement/store';

const stored = (r: { status: number; body: unknown }): Reply => reply.status(r.status, r.body);

export const handler = createDomainHandler('payments', paymentsRoutes, {
  listInvoicePayments: async (ctx) => reply.ok(await listInvoicePayments(ctx.auth.tenantId, ctx.params.id)),
  recordInvoicePayment: async (ctx) =>
    stored(await recordInvoicePayment(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  payInvoiceOnline: async (ctx) =>
    stored(await payOnline(actorOf(ctx), ctx.params.id, ctx.body, ctx.headers.origin, ctx.idempotencyKey)),
  // Public, without a user: each runs in the company its token (or the callback's cart id) names.
  paymentCallback: async (ctx) =>
    stored(
      await runAsTokenTenant(callbackCartId(ctx.rawBody), () =>
        paymentCallback(ctx.params.gateway, ctx.rawBody, ctx.headers, ctx.requestId),
      ),
    ),
  paymentBrowserReturn: async (ctx) => browserReturn(ctx.query.token),
  paymentBrowserReturnGet: async (ctx) => browserReturn(ctx.query.token),
  getPublicPayment: async (ctx) =>
    reply.ok(await runAsTokenTenant(ctx.params.token, () => publicPaymentStatus(ctx.params.token))),
  getPublicReceiptPdf: async (ctx) =>
    reply.ok(await runAsTokenTenant(ctx.params.token, () => publicReceiptUrl(ctx.params.token))),
  retryPublicPayment: async (ctx) =>
    stored(
      await runAsTokenTenant(ctx.params.token, () =>
        retryFromReturn(ctx.params.token, ctx.body ?? { language: 'en' }, ctx.headers.origin, ctx.requestId),
      ),
    ),
  getPayment: async (ctx) => reply.ok(await getPayment(ctx.auth.tenantId, ctx.params.id)),
  refundPayment: async (ctx) => stored(await refundPayment(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey)),
  getFinalSettlementPdf: async (ctx) => reply.ok({ url: await finalSettlementUrl(ctx.auth.tenantId, ctx.params.id) }),
  getReceiptPdf: async (ctx) => reply.ok({ url: await receiptPdfUrl(ctx.auth.tenantId, ctx.params.id) }),
});
