import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { forbidden, notFound } from '../lib/errors';
import { actorOf } from '../lib/actor';
import { companyCalendar, companySettingsFrom, readCompanySettings } from '../lib/company-settings';
import { isUlid, keys } from '../lib/data/keys';
import { batchGet } from '../lib/data/repo';
import { hasAbility } from '../../shared/permissions';
import { customersRoutes } from '../../shared/routes/customers';
import { blacklistRoutes } from '../../shared/routes/blacklist';
import { customerKey, toCustomerApi, type CustomerItem } from './model';
import { listCustomers, requireCustomer } from './directory';
import { createCustomer, updateCustomer } from './writes';
import {
  blacklistMatchesFor,
  createBlacklistEntry,
  getBlacklistEntry,
  listBlacklist,
  toBlacklistApi,
  updateBlacklistEntry,
} from './blacklist-data';
import { addNote, listNotes } from './notes';
import { idScanUploadUrl } from './documents';
import { scanCustomerId } from './scan';

/**
 * The customers Lambda: customers (directory, profile, VIP/active, notes, documents, rental
 * history, ID scan) and the blacklist (business-data §3 customers, blacklisted_customers).
 */
/** Managers see and write internal notes; front-desk staff work with staff_only and public notes. */
const seesInternalNotes = (ctx: RequestCtx) => hasAbility(ctx.auth.role, 'blacklistEdit');

/** Region and the company's today, from the one settings reader (ages and licence status depend on them). */
const readCompanyContext = async (tenantId: string) => companyCalendar(await readCompanySettings(tenantId, ''));

export const handler = createDomainHandler('customers', [...customersRoutes, ...blacklistRoutes], {
  listCustomers: async (ctx) => {
    const [page, company] = await Promise.all([
      listCustomers(ctx.auth.tenantId, ctx.query),
      readCompanyContext(ctx.auth.tenantId),
    ]);
    return reply.ok({ items: page.items.map((c) => toCustomerApi(c, company)), nextCursor: page.nextCursor });
  },

  createCustomer: async (ctx) => {
    const company = await readCompanyContext(ctx.auth.tenantId);
    const item = await createCustomer(actorOf(ctx), ctx.body, company);
    return reply.created({
      ...toCustomerApi(item, company),
      blacklistMatches: await blacklistMatchesFor(ctx.auth.tenantId, item),
    });
  },

  getCustomer: async (ctx) => {
    // One batch read for the customer and the settings (region), then one Query for the blacklist.
    if (!isUlid(ctx.params.id)) throw notFound('Customer not found');
    const [item, settings] = await batchGet([
      customerKey(ctx.auth.tenantId, ctx.params.id),
      keys.settings(ctx.auth.tenantId),
    ]);
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
    const item = await updateCustomer(
      actorOf(ctx),
      ctx.params.id,
      { isVip: ctx.body.isVip },
      ctx.body.version,
      company,
      ctx.body.isVip ? 'customer.vip.on' : 'customer.vip.off',
    );
    return reply.ok(toCustomerApi(item, company));
  },

  setCustomerActive: async (ctx) => {
    const company = await readCompanyContext(ctx.auth.tenantId);
    const item = await updateCustomer(
      actorOf(ctx),
      ctx.params.id,
      { isActive: ctx.body.isActive },
      ctx.body.version,
      company,
      ctx.body.isActive ? 'customer.activate' : 'customer.deactivate',
    );
    return reply.ok(toCustomerApi(item, company));
  },

  listCustomerNotes: async (ctx) => {
    await requireCustomer(ctx.auth.tenantId, ctx.params.id);
    return reply.ok(await listNotes(ctx.auth.tenantId, ctx.params.id, ctx.query, seesInternalNotes(ctx)));
  },

  addCustomerNote: async (ctx) => {
    if (ctx.body.visibility === 'internal' && !seesInternalNotes(ctx))
      throw forbidden('Only managers can add internal notes');
    await requireCustomer(ctx.auth.tenantId, ctx.params.id);
    return reply.created(await addNote(actorOf(ctx), ctx.params.id, ctx.body));
  },

  customerIdScanUploadUrl: async (ctx) => reply.ok(await idScanUploadUrl(ctx.auth.tenantId, ctx.body)),

  scanCustomerId: async (ctx) =>
    reply.ok(await scanCustomerId(ctx.auth.tenantId, ctx.rawBody, ctx.headers['content-type'], ctx.log)),

  // ---------------------------------------------------------------------------------------------
  // Blacklist
  // ---------------------------------------------------------------------------------------------

  listBlacklist: async (ctx) => {
    const page = await listBlacklist(ctx.auth.tenantId, ctx.query);
    return reply.ok({ items: page.items.map(toBlacklistApi), nextCursor: page.nextCursor });
  },

  createBlacklistEntry: async (ctx) =>
    reply.created(toBlacklistApi(await createBlacklistEntry(actorOf(ctx), ctx.body))),

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
