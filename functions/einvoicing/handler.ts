import { actorOf } from '../lib/actor';
import { createDomainHandler, reply } from '../lib/http';
import { einvoicingRoutes } from '../../shared/routes/einvoicing';
import { readStatus } from './status';

/**
 * Onboarding (CSR, UBL builder, XAdES stamp, ZATCA client) and submission (the network clients) are lazy chunks:
 * the status route stays light.
 */
export const handler = createDomainHandler('einvoicing', einvoicingRoutes, {
  getEInvoicingStatus: async (ctx) => reply.ok(await readStatus(ctx.auth.tenantId, ctx.auth.tenantName)),
  onboardEInvoicing: async (ctx) => {
    const { onboard } = await import('./onboard');
    return reply.ok(await onboard(ctx.auth.tenantId, ctx.body.otp, ctx.auth.tenantName, actorOf(ctx)));
  },
  connectEInvoicingNetwork: async (ctx) => {
    const { connectNetwork } = await import('./network');
    return reply.ok(await connectNetwork(ctx.auth.tenantId, ctx.body, actorOf(ctx), ctx.auth.tenantName));
  },
  disconnectEInvoicingNetwork: async (ctx) => {
    const { disconnectNetwork } = await import('./network');
    return reply.ok(await disconnectNetwork(ctx.auth.tenantId, actorOf(ctx), ctx.auth.tenantName));
  },
  listEInvoiceDocuments: async (ctx) => {
    const { listDocuments } = await import('./documents');
    return reply.ok(await listDocuments(ctx.auth.tenantId, ctx.query));
  },
  retryEInvoiceDocument: async (ctx) => {
    const { retryDocument } = await import('./documents');
    return reply.ok(await retryDocument(ctx.auth.tenantId, ctx.params.id, actorOf(ctx)));
  },
});
