import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';

import { invoicesRoutes } from '../../shared/routes/invoices';
import { createDraft, readInvoiceItem, updateDraft } from './draft';
import { issueInvoice } from './issue';
import { creditInvoice } from './credit-note';
import { invoiceDetail, listInvoices } from './read';
import { emailInvoice, ensureInvoicePdf, invoicePdfUrl, invoiceXml } from './documents';
import { isReleased, submitDocument } from './deps';

/** Invoices (issue 19): operationId → use case. */
export const handler = createDomainHandler('invoices', invoicesRoutes, {
  listInvoices: async (ctx) => reply.ok(await listInvoices(ctx.auth.tenantId, ctx.query)),
  createInvoice: async (ctx) =>
    reply.created(await invoiceDetail(ctx.auth.tenantId, await createDraft(actorOf(ctx), ctx.body))),
  getInvoice: async (ctx) => reply.ok(await invoiceDetail(ctx.auth.tenantId, ctx.params.id)),
  updateInvoice: async (ctx) =>
    reply.ok(await invoiceDetail(ctx.auth.tenantId, await updateDraft(actorOf(ctx), ctx.params.id, ctx.body))),
  issueInvoice: async (ctx) => {
    const issued = await issueInvoice(actorOf(ctx), ctx.params.id);
    // Issue 29: a standard Saudi invoice is cleared by ZATCA before it is given to the buyer. If ZATCA does not
    // answer now, the invoice stays issued with its document pending: the submission job clears it later.
    if (issued.einvoice && !isReleased(issued.einvoice))
      await submitDocument(ctx.auth.tenantId, issued.id).catch((err) =>
        ctx.log.warn('einvoice clearance deferred', { invoiceId: issued.id, error: String(err) }),
      );
    // The immutable PDF is written now; if that fails it is written on the first download.
    await ensureInvoicePdf(ctx.auth.tenantId, issued).catch((err) =>
      ctx.log.warn('invoice pdf deferred', { invoiceId: issued.id, error: String(err) }),
    );
    return reply.ok(await invoiceDetail(ctx.auth.tenantId, issued.id));
  },
  creditInvoice: async (ctx) => {
    await creditInvoice(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey);
    return reply.created(
      await invoiceDetail(ctx.auth.tenantId, await readInvoiceItem(ctx.auth.tenantId, ctx.params.id)),
    );
  },
  emailInvoice: async (ctx) => reply.ok(await emailInvoice(actorOf(ctx), ctx.params.id, ctx.body)),
  getInvoiceXml: async (ctx) => ({
    status: 200,
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `inline; filename="${ctx.params.id}-${ctx.query.document}.xml"`,
    },
    body: Buffer.from(await invoiceXml(ctx.auth.tenantId, ctx.params.id, ctx.query.document), 'utf8'),
  }),
  getInvoicePdf: async (ctx) => reply.ok(await invoicePdfUrl(ctx.auth.tenantId, ctx.params.id, ctx.query.document)),
});
