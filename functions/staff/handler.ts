import { createDomainHandler, reply } from '../lib/http';
import { actorOf } from '../lib/actor';
import { staffRoutes } from '../../shared/routes/staff';
import { listStaffPage } from './data';
import { activateStaff, createStaff, deleteStaff, getStaff, suspendStaff, unsuspendStaff, updateStaff } from './manage';

/** Staff Lambda: each operation is one use-case call (manage.ts holds the rules). */
export const handler = createDomainHandler('staff', staffRoutes, {
  listStaff: async (ctx) => reply.ok(await listStaffPage(ctx.auth.tenantId, ctx.query.limit, ctx.query.cursor)),
  getStaff: async (ctx) => reply.ok(await getStaff(ctx.auth.tenantId, ctx.params.id)),
  createStaff: async (ctx) => reply.created(await createStaff(actorOf(ctx), ctx.body)),
  updateStaff: async (ctx) => reply.ok(await updateStaff(actorOf(ctx), ctx.params.id, ctx.body)),
  suspendStaff: async (ctx) => reply.ok(await suspendStaff(actorOf(ctx), ctx.params.id)),
  unsuspendStaff: async (ctx) => reply.ok(await unsuspendStaff(actorOf(ctx), ctx.params.id)),
  activateStaff: async (ctx) => reply.ok(await activateStaff(actorOf(ctx), ctx.params.id)),
  deleteStaff: async (ctx) => {
    await deleteStaff(actorOf(ctx), ctx.params.id, ctx.log);
    return reply.noContent();
  },
});
