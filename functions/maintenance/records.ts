import { ulid } from 'ulid';
import {
  EDITABLE,
  HOLDS_VEHICLE,
  maintenanceWindow,
  nextStatus,
  type MaintenanceAction,
} from '../../shared/maintenance/lifecycle';
import {
  MAINTENANCE_MESSAGES,
  type CreateMaintenanceBody,
  type UpdateMaintenanceBody,
} from '../../shared/schemas/maintenance';
import { toMinor } from '../../shared/money';
import type { Actor } from '../lib/actor';
import { retryOnConflict } from '../lib/data/counters';
import { batchGet, getItem, type TransactItem } from '../lib/data/repo';
import { conflict, validationFailed } from '../lib/errors';
import { companyTimezone, readCompanySettings } from './deps';
import { checkInvoiceFile, presignInvoice } from './invoice';
import { maintenanceIndexes, maintenanceKey, toMaintenanceApi, userKey, type MaintenanceItem } from './model';
import { commit, getRecordItem, mutate, readVehicle, refuse, type VehicleRead } from './record-write';

/**
 * Maintenance records as the desk edits them: create (also from a prediction or a document), update
 * while the work is still editable, read. The status transitions (start, complete, cancel) and their
 * money sit in record-transitions.ts; both write through the one path of record-write.ts.
 */
const vehicleLabelOf = (v: VehicleRead) =>
  [v.make, v.model, v.licensePlate ? `(${v.licensePlate})` : ''].filter(Boolean).join(' ');

async function assigneeName(tenantId: string, userId: string | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const u = await getItem(userKey(tenantId, userId), true);
  if (!u) throw validationFailed({ assignedTo: MAINTENANCE_MESSAGES.mechanicNotFound });
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return full || (u.username as string);
}

export async function createRecord(actor: Actor, body: CreateMaintenanceBody) {
  const id = ulid();
  let extra: TransactItem[] = [];
  if (body.predictionId) {
    // One click from a prediction: the record keeps its confidence, the prediction links back.
    // Predictions (and the rentals' odometer readings they read) load only for a record made from one.
    const { predictionLink } = await import('./predictions');
    const { prediction, item } = await predictionLink(actor.tenantId, body.predictionId, id);
    if (prediction.vehicleId !== body.vehicleId)
      throw validationFailed({ vehicleId: MAINTENANCE_MESSAGES.predictionNotFound });
    body = { ...body, isAiGenerated: true, aiConfidence: body.aiConfidence ?? prediction.confidence };
    extra = [item];
  }
  const { tenantId } = actor;
  const [settings, vehicle, assignedToName] = await Promise.all([
    readCompanySettings(tenantId),
    readVehicle(tenantId, body.vehicleId),
    assigneeName(tenantId, body.assignedTo),
  ]);
  if (!vehicle) throw validationFailed({ vehicleId: MAINTENANCE_MESSAGES.vehicleRequired });
  if (vehicle.isArchived)
    throw conflict(MAINTENANCE_MESSAGES.vehicleArchived, { vehicleId: MAINTENANCE_MESSAGES.vehicleArchived });
  if (body.invoiceFile) await checkInvoiceFile(tenantId, body.invoiceFile);
  const now = new Date().toISOString();
  const tz = companyTimezone(settings);
  const w = maintenanceWindow(body.date, body.endDate ?? null, tz);
  const base: MaintenanceItem = {
    ...maintenanceKey(tenantId, id),
    ...maintenanceIndexes(tenantId, { vehicleId: body.vehicleId, date: body.date, id }),
    entityType: 'MAINTENANCE',
    id,
    tenantId,
    vehicleId: body.vehicleId,
    vehicleLabel: vehicleLabelOf(vehicle),
    type: body.type,
    notes: body.notes ?? null,
    estimatedCostMinor: toMinor(body.estimatedCost),
    actualCostMinor: body.actualCost == null ? null : toMinor(body.actualCost),
    vatMinor: body.vatAmount == null ? null : toMinor(body.vatAmount),
    date: body.date,
    endDate: body.endDate ?? null,
    completedDate: null,
    status: body.status,
    priority: body.priority,
    isAiGenerated: body.isAiGenerated,
    source: body.isAiGenerated ? 'ai_generated' : 'manual',
    aiConfidence: body.aiConfidence ?? null,
    predictionId: body.predictionId ?? null,
    sourceDocumentId: body.sourceDocumentId ?? null,
    assignedTo: body.assignedTo ?? null,
    assignedToName,
    invoiceId: body.invoiceId ?? null,
    invoiceFile: body.invoiceFile ?? null,
    addToFinancials: body.addToFinancials,
    paidFrom: body.paidFrom,
    serviceMileage: body.serviceMileage ?? null,
    servicedBy: body.servicedBy ?? null,
    blockStart: HOLDS_VEHICLE.has(body.status) ? w.start : null,
    blockEnd: HOLDS_VEHICLE.has(body.status) ? w.end : null,
    posted: null,
    reversalEntryId: null,
    cancelReason: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    createdBy: actor.userId,
  };
  const saved = await retryOnConflict(async () => {
    const v = (await readVehicle(tenantId, body.vehicleId))!;
    return commit(actor, null, v, { next: base, action: 'create', extra }, now, tz);
  });
  return toMaintenanceApi(saved);
}

export async function updateRecord(actor: Actor, id: string, body: UpdateMaintenanceBody) {
  const assigned = body.assignedTo === undefined ? undefined : await assigneeName(actor.tenantId, body.assignedTo);
  if (body.invoiceFile) await checkInvoiceFile(actor.tenantId, body.invoiceFile);
  return mutate(actor, id, body.version, async (r, _v, { tz }) => {
    if (!EDITABLE.has(r.status)) throw conflict(MAINTENANCE_MESSAGES.notEditable, undefined, 'INVALID_TRANSITION');
    let status = r.status;
    if (body.status && body.status !== r.status) {
      const action: MaintenanceAction = body.status === 'scheduled' ? 'schedule' : 'unschedule';
      status = nextStatus(r.status, action) ?? refuse(r.status, action);
    }
    const date = body.date ?? r.date;
    const endDate = body.endDate === undefined ? r.endDate : body.endDate;
    if (endDate && endDate < date) throw validationFailed({ endDate: MAINTENANCE_MESSAGES.endBeforeStart });
    const w = maintenanceWindow(date, endDate, tz);
    const next: MaintenanceItem = {
      ...r,
      ...maintenanceIndexes(actor.tenantId, { vehicleId: r.vehicleId, date, id: r.id }),
      type: body.type ?? r.type,
      notes: body.notes === undefined ? r.notes : body.notes,
      estimatedCostMinor: body.estimatedCost === undefined ? r.estimatedCostMinor : toMinor(body.estimatedCost),
      actualCostMinor:
        body.actualCost === undefined ? r.actualCostMinor : body.actualCost === null ? null : toMinor(body.actualCost),
      vatMinor: body.vatAmount === undefined ? r.vatMinor : body.vatAmount === null ? null : toMinor(body.vatAmount),
      date,
      endDate,
      status,
      priority: body.priority ?? r.priority,
      assignedTo: body.assignedTo === undefined ? r.assignedTo : body.assignedTo,
      assignedToName: assigned === undefined ? r.assignedToName : assigned,
      invoiceId: body.invoiceId === undefined ? r.invoiceId : body.invoiceId,
      invoiceFile: body.invoiceFile === undefined ? r.invoiceFile : body.invoiceFile,
      addToFinancials: body.addToFinancials ?? r.addToFinancials,
      paidFrom: body.paidFrom ?? r.paidFrom,
      serviceMileage: body.serviceMileage === undefined ? r.serviceMileage : body.serviceMileage,
      servicedBy: body.servicedBy === undefined ? r.servicedBy : body.servicedBy,
      blockStart: HOLDS_VEHICLE.has(status) ? w.start : null,
      blockEnd: HOLDS_VEHICLE.has(status) ? w.end : null,
    };
    return { next, action: 'update' };
  });
}

export async function getRecord(tenantId: string, id: string) {
  const r = await getRecordItem(tenantId, id);
  return toMaintenanceApi(r, r.invoiceFile ? await presignInvoice(r.invoiceFile) : null);
}

/** Records by id (batch), for predictions turned into records. */
export async function recordsByIds(tenantId: string, ids: string[]): Promise<MaintenanceItem[]> {
  return (
    await batchGet(
      ids.map((id) => maintenanceKey(tenantId, id)),
      false,
    )
  ).filter((x): x is MaintenanceItem => !!x);
}
