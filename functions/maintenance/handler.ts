import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { actorOf } from '../lib/actor';
import { maintenanceRoutes } from '../../shared/routes/maintenance';
import { cancelRecord, completeRecord, createRecord, getRecord, startRecord, updateRecord } from './records';
import { listRecords } from './list';
import { scheduleFromDocuments } from './from-document';
import { invoiceUploadUrl } from './invoice';
import { confirmInspectionCharge, createInspection, getInspection, listInspections, photoUploadUrl, signInspection, updateInspection } from './inspections';
import { generatePredictions, getProgram, listPredictions, putProgram } from './predictions';

/** Maintenance routes (shared/routes/maintenance.ts): operationId → use case, nothing else. */
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
  listPredictions: async (ctx) => reply.ok(await listPredictions(t(ctx), ctx.query.vehicleId)),
  generatePredictions: async (ctx) => reply.ok(await generatePredictions(actorOf(ctx), ctx.body?.vehicleIds)),
  getServiceProgram: async (ctx) => reply.ok(await getProgram(t(ctx), ctx.params.id)),
  putServiceProgram: async (ctx) => reply.ok(await putProgram(actorOf(ctx), ctx.params.id, ctx.body)),
  listInspections: async (ctx) => reply.ok(await listInspections(t(ctx), ctx.query)),
  createInspection: async (ctx) => reply.created(await createInspection(actorOf(ctx), ctx.body)),
  createInspectionUploadUrl: async (ctx) => reply.ok(await photoUploadUrl(t(ctx), ctx.body)),
  getInspection: async (ctx) => reply.ok(await getInspection(t(ctx), ctx.params.id)),
  updateInspection: async (ctx) => reply.ok(await updateInspection(actorOf(ctx), ctx.params.id, ctx.body)),
  signInspection: async (ctx) => reply.ok(await signInspection(actorOf(ctx), ctx.params.id, ctx.body)),
  confirmInspectionCharge: async (ctx) => {
    const r = await confirmInspectionCharge(actorOf(ctx), ctx.params.id, ctx.body, ctx.idempotencyKey);
    return reply.status(r.status, r.body);
  },
});
