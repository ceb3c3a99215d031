import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { badRequest, forbidden, notFound, tooLarge, unsupportedMediaType, HttpError } from '../lib/errors';
import { actorOf } from '../lib/actor';
import { companyCalendar, companySettingsFrom, readCompanySettings } from '../lib/company-settings';
import { isUlid, keys } from '../lib/data/keys';
import { batchGet } from '../lib/data/repo';
import { parseWith } from '../lib/validation';
import { hasAbility } from '../../shared/permissions';
import { customersRoutes } from '../../shared/routes/customers';
import { blacklistRoutes } from '../../shared/routes/blacklist';
import { DOCUMENT_MAX_BYTES, ID_SCAN_CONTENT_TYPES, ID_SCAN_MESSAGES, idScanFromKeySchema } from '../../shared/schemas/customers';
import { customerKey, toCustomerApi, type CustomerItem } from './model';
import { listCustomers, requireCustomer } from './directory';
import { createCustomer, updateCustomer } from './writes';
import { blacklistMatchesFor, createBlacklistEntry, getBlacklistEntry, listBlacklist, toBlacklistApi, updateBlacklistEntry } from './blacklist-data';
import { addNote, listNotes } from './notes';
import { DOCUMENT_MESSAGES, customerUploadUrl, idScanUploadUrl, isIdScanKey, listDocuments, recordDocument, takeIdScan } from './documents';
import { listRentalsForCustomer } from './deps';
import { IdScanError, scanIdDocument, sniffType, type ScanContentType } from './id-scan/extract';

/**
 * The customers Lambda: customers (directory, profile, VIP/active, notes, documents, rental
 * history, ID scan) and the blacklist (business-data §3 customers, blacklisted_customers).
 */
/** Managers see and write internal notes; front-desk staff work with staff_only and public notes. */
const seesInternalNotes = (ctx: RequestCtx) => hasAbility(ctx.auth.role, 'blacklistEdit');

export const scanFailed = (reason: string) => new HttpError(422, 'ID_SCAN_FAILED', ID_SCAN_MESSAGES.failed, { file: reason });

/** Region and the company's today, from the one settings reader (ages and licence status depend on them). */
const readCompanyContext = async (tenantId: string) => companyCalendar(await readCompanySettings(tenantId, ''));

export const handler = createDomainHandler('customers', [...customersRoutes, ...blacklistRoutes], {
  listCustomers: async (ctx) => {
    const [page, company] = await Promise.all([listCustomers(ctx.auth.tenantId, ctx.query), readCompanyContext(ctx.auth.tenantId)]);
    return reply.ok({ items: page.items.map((c) => toCustomerApi(c, company)), nextCursor: page.nextCursor });
  },

  createCustomer: async (ctx) => {
    const company = await readCompanyContext(ctx.auth.tenantId);
    const item = await createCustomer(actorOf(ctx), ctx.body, company);
    return reply.created({ ...toCustomerApi(item, company), blacklistMatches: await blacklistMatchesFor(ctx.auth.tenantId, item) });
  },

  getCustomer: async (ctx) => {
    // One batch read for the customer and the settings (region), then one Query for the blacklist.
    if (!isUlid(ctx.params.id)) throw notFound('Customer not found');
    const [item, settings] = await batchGet([customerKey(ctx.auth.tenantId, ctx.params.id), keys.settings(ctx.auth.tenantId)]);
    if (!item) throw notFound('Customer not found');
    const company = companyCalendar(companySettingsFrom(settings));
    const blacklistMatches = await blacklistMatchesFor(ctx.auth.tenantId, item as CustomerItem);
    return reply.ok({ ...toCustomerApi(item, company), blacklistMatches });
  },

  updateCustomer: async (ctx) => {
    const { version, ...changes } = ctx.body;
    const company = await readCompanyContext(ctx.auth.tenantId);
    const item = await updateCustomer(actorOf(ctx), ctx.params.id, changes, version, company);
    return reply.ok(toCustomerApi(item, company));
  },

  setCustomerVip: async (ctx) => {
    const company = await readCompanyContext(ctx.auth.tenantId);
    const item = await updateCustomer(actorOf(ctx), ctx.params.id, { isVip: ctx.body.isVip }, ctx.body.version, company, ctx.body.isVip ? 'customer.vip.on' : 'customer.vip.off');
    return reply.ok(toCustomerApi(item, company));
  },

  setCustomerActive: async (ctx) => {
    const company = await readCompanyContext(ctx.auth.tenantId);
    const item = await updateCustomer(actorOf(ctx), ctx.params.id, { isActive: ctx.body.isActive }, ctx.body.version, company, ctx.body.isActive ? 'customer.activate' : 'customer.deactivate');
    return reply.ok(toCustomerApi(item, company));
  },

  listCustomerNotes: async (ctx) => {
    await requireCustomer(ctx.auth.tenantId, ctx.params.id);
    return reply.ok(await listNotes(ctx.auth.tenantId, ctx.params.id, ctx.query, seesInternalNotes(ctx)));
  },

  addCustomerNote: async (ctx) => {
    if (ctx.body.visibility === 'internal' && !seesInternalNotes(ctx)) throw forbidden('Only managers can add internal notes');
    await requireCustomer(ctx.auth.tenantId, ctx.params.id);
    return reply.created(await addNote(actorOf(ctx), ctx.params.id, ctx.body));
  },

  customerDocumentUploadUrl: async (ctx) => {
    await requireCustomer(ctx.auth.tenantId, ctx.params.id);
    return reply.ok(await customerUploadUrl(ctx.auth.tenantId, ctx.params.id, ctx.body));
  },

  recordCustomerDocument: async (ctx) => {
    const customer = await requireCustomer(ctx.auth.tenantId, ctx.params.id);
    return reply.created(await recordDocument(actorOf(ctx), customer, ctx.body));
  },

  listCustomerDocuments: async (ctx) => {
    await requireCustomer(ctx.auth.tenantId, ctx.params.id);
    return reply.ok(await listDocuments(ctx.auth.tenantId, ctx.params.id, ctx.query));
  },

  listCustomerRentals: async (ctx) => {
    await requireCustomer(ctx.auth.tenantId, ctx.params.id);
    const page = await listRentalsForCustomer(ctx.auth.tenantId, ctx.params.id, ctx.query.cursor, ctx.query.limit);
    return reply.ok(page);
  },

  customerIdScanUploadUrl: async (ctx) => reply.ok(await idScanUploadUrl(ctx.auth.tenantId, ctx.body)),

  scanCustomerId: async (ctx) => {
    let file = ctx.rawBody;
    let declared = (ctx.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (declared === 'application/json') {
      // A scan uploaded to S3 first (large files): { "key": "tenants/{t}/id-scans/…" }.
      let parsed: unknown;
      try {
        parsed = JSON.parse((file ?? Buffer.alloc(0)).toString('utf8'));
      } catch {
        throw badRequest('Request body must be valid JSON');
      }
      const { key } = parseWith(idScanFromKeySchema, parsed, 'body');
      if (!isIdScanKey(ctx.auth.tenantId, key)) throw badRequest(DOCUMENT_MESSAGES.badKey, { key: DOCUMENT_MESSAGES.badKey });
      const taken = await takeIdScan(key, DOCUMENT_MAX_BYTES);
      if (!taken) throw badRequest(DOCUMENT_MESSAGES.notUploaded, { key: DOCUMENT_MESSAGES.notUploaded });
      if (taken === 'too_large') throw tooLarge(ID_SCAN_MESSAGES.tooLarge);
      file = taken.body;
      declared = sniffType(file) ?? (taken.contentType ?? '').toLowerCase();
    }
    if (!file || file.length === 0) throw scanFailed(ID_SCAN_MESSAGES.empty);
    if (file.length > DOCUMENT_MAX_BYTES) throw tooLarge(ID_SCAN_MESSAGES.tooLarge);
    const actual = sniffType(file);
    if (!(ID_SCAN_CONTENT_TYPES as readonly string[]).includes(declared) || !actual || actual !== declared) {
      throw unsupportedMediaType(ID_SCAN_MESSAGES.unsupportedType, { file: ID_SCAN_MESSAGES.unsupportedType });
    }
    try {
      const result = scanIdDocument(file, actual as ScanContentType);
      // Log what kind of document was read, never its contents (DESIGN.md §6).
      ctx.log.info('id scan', { source: result.source, documentType: result.documentType, confidence: result.confidence, bytes: file.length });
      return reply.ok(result);
    } catch (err) {
      if (err instanceof IdScanError) {
        ctx.log.info('id scan found nothing', { type: actual, bytes: file.length });
        throw scanFailed(err.reason);
      }
      throw err;
    }
  },

  // ---------------------------------------------------------------------------------------------
  // Blacklist
  // ---------------------------------------------------------------------------------------------

  listBlacklist: async (ctx) => {
    const page = await listBlacklist(ctx.auth.tenantId, ctx.query);
    return reply.ok({ items: page.items.map(toBlacklistApi), nextCursor: page.nextCursor });
  },

  createBlacklistEntry: async (ctx) => reply.created(toBlacklistApi(await createBlacklistEntry(actorOf(ctx), ctx.body))),

  getBlacklistEntry: async (ctx) => {
    const item = await getBlacklistEntry(ctx.auth.tenantId, ctx.params.id);
    if (!item) throw notFound('Blacklist entry not found');
    return reply.ok(toBlacklistApi(item));
  },

  updateBlacklistEntry: async (ctx) => {
    const { version, ...changes } = ctx.body;
    return reply.ok(toBlacklistApi(await updateBlacklistEntry(actorOf(ctx), ctx.params.id, changes, version)));
  },
});
