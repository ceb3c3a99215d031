import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';

import { invoicesRoutes } from '../../shared/routes/invoices';
import { createDraft, readInvoiceItem, updateDraft } from './draft';
import { issueInvoice } from './issue';
import { creditInvoice } from './credit-note';
import { debitInvoice } from './debit-note';
import { invoiceDetail, listInvoices } from './read';
import { emailInvoice, ensureInvoicePdf, invoicePdfUrl, invoiceXml } from './documents';
import { isReleased, readEDocuments, submitDocument, type EDocItem } from './deps';

/**
 * Issue 29: a standard Saudi document (invoice, credit or debit note) is cleared by ZATCA before it is given to
 * the buyer, so it is submitted right after its issue transaction. If ZATCA does not answer now, the document stays
 * pending (its EDOC_DUE item): the submission job clears it later; the issue itself has succeeded.
 */
async function clearBeforeRelease(
  ctx: { auth: { tenantId: string }; log: { warn: (m: string, f: Record<string, unknown>) => void } },
  documentId: string,
  known?: EDocItem,
): Promise<void> {
  const edoc = known ?? (await readEDocuments(ctx.auth.tenantId, [documentId]))[0];
  if (!edoc || isReleased(edoc)) return;
  await submitDocument(ctx.auth.tenantId, documentId).catch((err) =>
    ctx.log.warn('einvoice clearance deferred', { documentId, error: String(err) }),
  );
}

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
    if (issued.einvoice) await clearBeforeRelease(ctx, issued.id, issued.einvoice);
    // The immutable PDF is written now; if that fails it is written on the first download.
    await ensureInvoicePdf(ctx.auth.tenantId, issued).catch((err) =>
      ctx.log.warn('invoice pdf deferred', { invoiceId: issued.id, error: String(err) }),
    );
    return reply.ok(await invoiceDetail(ctx.auth.tenantId, issued.id));
  },
  creditInvoice: async (ctx) => {
    await creditInvoice(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey);
    const invoice = await readInvoiceItem(ctx.auth.tenantId, ctx.params.id);
    if (invoice.creditNoteId) await clearBeforeRelease(ctx, invoice.creditNoteId);
    return reply.created(await invoiceDetail(ctx.auth.tenantId, invoice));
  },
  debitInvoice: async (ctx) => {
    const { debitNoteId } = await debitInvoice(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey);
    await clearBeforeRelease(ctx, debitNoteId);
    return reply.created(await invoiceDetail(ctx.auth.tenantId, ctx.params.id));
  },
  emailInvoice: async (ctx) => reply.ok(await emailInvoice(actorOf(ctx), ctx.params.id, ctx.body)),
  getInvoiceXml: async (ctx) => ({
    status: 200,
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `inline; filename="${ctx.params.id}-${ctx.query.document}.xml"`,
    },
    body: Buffer.from(await invoiceXml(ctx.auth.tenantId, ctx.params.id, ctx.query), 'utf8'),
  }),
  getInvoicePdf: async (ctx) => reply.ok(await invoicePdfUrl(ctx.auth.tenantId, ctx.params.id, ctx.query)),
});
