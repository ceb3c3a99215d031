import { createDomainHandler, reply } from '../lib/http';
import { einvoicingRoutes } from '../../shared/routes/einvoicing';
import { readStatus } from './status';

/** Onboarding (CSR, UBL builder, XAdES stamp, ZATCA client) is a lazy chunk: the status route stays light. */
export const handler = createDomainHandler('einvoicing', einvoicingRoutes, {
  getEInvoicingStatus: async (ctx) => reply.ok(await readStatus(ctx.auth.tenantId, ctx.auth.tenantName)),
  onboardEInvoicing: async (ctx) => {
    const { onboard } = await import('./onboard');
    return reply.ok(await onboard(ctx.auth.tenantId, ctx.body.otp, ctx.auth.tenantName));
  },
  // WIP (issue 29 submission round): replaced by functions/einvoicing/documents.ts.
  listEInvoiceDocuments: async () => {
    throw new Error('listEInvoiceDocuments: not built yet');
  },
  retryEInvoiceDocument: async () => {
    throw new Error('retryEInvoiceDocument: not built yet');
  },
});
