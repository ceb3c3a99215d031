import { createDomainHandler, reply } from '../lib/http';
import { einvoicingRoutes } from '../../shared/routes/einvoicing';
import { onboard, readStatus } from './onboard';

export const handler = createDomainHandler('einvoicing', einvoicingRoutes, {
  getEInvoicingStatus: async (ctx) => reply.ok(await readStatus(ctx.auth.tenantId, ctx.auth.tenantName)),
  onboardEInvoicing: async (ctx) => reply.ok(await onboard(ctx.auth.tenantId, ctx.body.otp, ctx.auth.tenantName)),
});
