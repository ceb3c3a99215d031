import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { actorOf } from '../lib/actor';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { cancelRecord, completeRecord, startRecord } from './record-transitions';
import { createRecord, getRecord, updateRecord } from './records';
import { listRecords } from './list';
import { scheduleFromDocuments } from './from-document';
import { invoiceUploadUrl } from './invoice';

/**
 * Maintenance routes (shared/routes/maintenance.ts): operationId → use case, nothing else.
 * Inspections and predictions (which read and post through rentals) load with their first route
 * (lazy chunks): a cold start serving the records does not load the rentals code (`npm run bench`).
 */
const inspections = () => import('./inspections');
const predictions = () => import('./predictions');
const t = (ctx: RequestCtx) => ctx.auth.tenantId;

export const handler = createDomainHandler('maintenance', maintenanceRoutes, {
  listMaintenance: async (ctx) => reply.ok(await listRecords(t(ctx), ctx.query)),
  createMaintenance: async (ctx) => reply.created(await createRecord(actorOf(ctx), ctx.body)),
  scheduleMaintenanceFromDocuments: async (ctx) => reply.ok(await scheduleFromDocuments(actorOf(ctx), ctx.body)),
  createMaintenanceUploadUrl: async (ctx) => reply.ok(await invoiceUploadUrl(t(ctx), ctx.body)),
  getMaintenance: async (ctx) => reply.ok(await getRecord(t(ctx), ctx.params.id)),
  updateMaintenance: async (ctx) => reply.ok(await updateRecord(actorOf(ctx), ctx.params.id, ctx.body)),
  startMaintenance: async (ctx) => reply.ok(await startRecord(actorOf(ctx), ctx.params.id, ctx.body)),
  completeMaintenance: async (ctx) => reply.ok(await completeRecord(actorOf(ctx), ctx.params.id, ctx.body)),
  cancelMaintenance: async (ctx) => reply.ok(await cancelRecord(actorOf(ctx), ctx.params.id, ctx.body)),
  listPredictions: async (ctx) => reply.ok(await (await predictions()).listPredictions(t(ctx), ctx.query.vehicleId)),
  generatePredictions: async (ctx) =>
    reply.ok(await (await predictions()).generatePredictions(actorOf(ctx), ctx.body?.vehicleIds)),
  getServiceProgram: async (ctx) => reply.ok(await (await predictions()).getProgram(t(ctx), ctx.params.id)),
  putServiceProgram: async (ctx) =>
    reply.ok(await (await predictions()).putProgram(actorOf(ctx), ctx.params.id, ctx.body)),
  listInspections: async (ctx) => reply.ok(await (await inspections()).listInspections(t(ctx), ctx.query)),
  createInspection: async (ctx) => reply.created(await (await inspections()).createInspection(actorOf(ctx), ctx.body)),
  createInspectionUploadUrl: async (ctx) => reply.ok(await (await inspections()).photoUploadUrl(t(ctx), ctx.body)),
  getInspection: async (ctx) => reply.ok(await (await inspections()).getInspection(t(ctx), ctx.params.id)),
  updateInspection: async (ctx) =>
    reply.ok(await (await inspections()).updateInspection(actorOf(ctx), ctx.params.id, ctx.body)),
  signInspection: async (ctx) =>
    reply.ok(await (await inspections()).signInspection(actorOf(ctx), ctx.params.id, ctx.body)),
  confirmInspectionCharge: async (ctx) => {
    const { confirmInspectionCharge } = await inspections();
    const r = await confirmInspectionCharge(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey);
    return reply.status(r.status, r.body);
  },
});
