import { ulid } from 'ulid';
import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { auditItem } from '../lib/data/audit';
import { queryPage, transact, tx, versionedUpdate, type TransactItem } from '../lib/data/repo';
import { cancellationCodes, conflict, isConditionFailure, notFound, tooLarge, validationFailed } from '../lib/errors';
import { toMinor } from '../../shared/money';
import {
  DOCUMENT_MAX_BYTES,
  VEHICLE_MESSAGES,
  normalizePlate,
  type CreateVehicleBody,
  type ListVehiclesQuery,
  type UpdateVehicleBody,
  type VehicleDocumentApi,
  type VehicleStatus,
} from '../../shared/schemas/vehicles';
import {
  activeFleet,
  buildVehicleItem,
  derivedAttributes,
  getVehicle,
  listVehicles,
  toVehicleApi,
  vehicleDocumentsPk,
  vehicleKey,
  vehicleMakes,
  vehicleMakesKey,
  vehiclePlateKey,
  type VehicleItem,
} from './data';
import { blocksOverlapping, fleetBlocks } from './schedule';
import { assembleCalendar, calendarWindow, statusChangeRefusal } from './rules';
import { headObject, isVehicleDocumentKey, presignDownload, presignUpload, safeFileName, vehicleDocumentPrefix } from './documents';
import { DOCUMENT_REMINDER_DAYS } from '../../shared/constants';
import { sortKey } from '../lib/data/keys';

/**
 * Vehicles domain: the fleet, its documents and the fleet calendar.
 *
 * Decisions:
 * - 'rented' is never set by hand: starting a rental sets it, returning clears it (rentals
 *   domain). A vehicle whose status is 'rented' but has no active rental block (e.g. data fixed
 *   by hand) may be changed, so a stuck status can always be cleared.
 * - Archived vehicles keep their licence plate claim (so unarchiving can never collide), cannot
 *   change status, and are refused by rentals. Archiving is refused while the vehicle is rented
 *   or has a pending/active/overdue rental block that has not ended; future maintenance blocks
 *   do not stop it.
 */
const ACTIVE_RENTAL_STATUSES = new Set(['pending', 'active', 'overdue']);

const actor = (ctx: RequestCtx) => ({
  tenantId: ctx.auth.tenantId,
  userId: ctx.auth.userId,
  username: ctx.auth.username,
  requestId: ctx.requestId,
});

async function loadVehicle(ctx: RequestCtx): Promise<VehicleItem> {
  const vehicle = await getVehicle(ctx.auth.tenantId, ctx.params.id);
  if (!vehicle) throw notFound('Vehicle not found');
  return vehicle;
}

/** The version an edit is based on: the one the client loaded when it says so, else the current. */
function expectedVersion(vehicle: VehicleItem, clientVersion: number | undefined): number {
  if (clientVersion !== undefined && clientVersion !== vehicle.version) {
    throw conflict('This vehicle was changed by someone else. Reload and try again.', undefined, 'VERSION_CONFLICT');
  }
  return vehicle.version;
}

function plateConflict() {
  return conflict(VEHICLE_MESSAGES.plateTaken, { licensePlate: VEHICLE_MESSAGES.plateTaken }, 'DUPLICATE');
}

function makesFacetUpdate(tenantId: string, make: string): TransactItem {
  return tx.raw('Update', {
    Key: vehicleMakesKey(tenantId),
    UpdateExpression: 'ADD #makes :make SET #entityType = :type',
    ExpressionAttributeNames: { '#makes': 'makes', '#entityType': 'entityType' },
    ExpressionAttributeValues: { ':make': new Set([make.trim()]), ':type': 'VEHICLE_FACET' },
  });
}

/** True when a rental block covers this instant (the vehicle is out on a rental now). */
async function onActiveRental(tenantId: string, vehicleId: string, now: string): Promise<boolean> {
  const blocks = await blocksOverlapping(tenantId, vehicleId, now, new Date(Date.parse(now) + 1).toISOString());
  return blocks.some((b) => b.kind === 'rental' && (b.status === 'active' || b.status === 'overdue'));
}

async function checkStatusChange(tenantId: string, vehicle: VehicleItem, next: VehicleStatus, now: string): Promise<void> {
  const needsScheduleRead = next !== vehicle.status && vehicle.status === 'rented' && !vehicle.isArchived && next !== 'rented';
  const active = needsScheduleRead ? await onActiveRental(tenantId, vehicle.id, now) : false;
  const refusal = statusChangeRefusal(vehicle, next, active);
  if (refusal) throw conflict(refusal, { status: refusal });
}

// ---------------------------------------------------------------------------------------------
// Vehicles
// ---------------------------------------------------------------------------------------------

async function listVehiclesImpl(ctx: RequestCtx<unknown, ListVehiclesQuery>) {
  return reply.ok(await listVehicles(ctx.auth.tenantId, ctx.query));
}

async function createVehicle(ctx: RequestCtx<CreateVehicleBody>) {
  const { tenantId } = ctx.auth;
  const { dailyRate, monthlyRate, ...rest } = ctx.body;
  const now = new Date().toISOString();
  const id = ulid();
  const item = buildVehicleItem(tenantId, id, { ...rest, dailyRateMinor: toMinor(dailyRate), monthlyRateMinor: monthlyRate === null ? null : toMinor(monthlyRate) }, now);
  const plateIndex = 1;
  try {
    await transact([
      tx.putNew(item),
      tx.putNew({ ...vehiclePlateKey(tenantId, item.licensePlate), entityType: 'VEHICLE_PLATE', vehicleId: id, licensePlate: item.licensePlate, createdAt: now }),
      makesFacetUpdate(tenantId, item.make),
      tx.put(auditItem(actor(ctx), 'vehicle.create', 'vehicle', id, { after: { make: item.make, model: item.model, licensePlate: item.licensePlate } })),
    ]);
  } catch (err) {
    if (isConditionFailure(err) && cancellationCodes(err)[plateIndex] === 'ConditionalCheckFailed') throw plateConflict();
    throw err;
  }
  ctx.log.info('vehicle created', { vehicleId: id });
  return reply.created(toVehicleApi(item));
}

async function getVehicleImpl(ctx: RequestCtx) {
  return reply.ok(toVehicleApi(await loadVehicle(ctx)));
}

async function updateVehicle(ctx: RequestCtx<UpdateVehicleBody>) {
  const { tenantId } = ctx.auth;
  const vehicle = await loadVehicle(ctx);
  const version = expectedVersion(vehicle, ctx.body.version);
  const { version: _v, dailyRate, monthlyRate, status, ...fields } = ctx.body;
  const now = new Date().toISOString();

  const changes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== (vehicle as Record<string, unknown>)[name]) changes[name] = value;
  }
  if (dailyRate !== undefined && toMinor(dailyRate) !== vehicle.dailyRateMinor) changes.dailyRateMinor = toMinor(dailyRate);
  if (monthlyRate !== undefined) {
    const minor = monthlyRate === null ? null : toMinor(monthlyRate);
    if (minor !== vehicle.monthlyRateMinor) changes.monthlyRateMinor = minor;
  }
  if (status !== undefined && status !== vehicle.status) {
    await checkStatusChange(tenantId, vehicle, status, now);
    changes.status = status;
  }
  if (Object.keys(changes).length === 0) return reply.ok(toVehicleApi(vehicle));

  const next = { ...vehicle, ...changes } as VehicleItem;
  Object.assign(changes, derivedAttributes(tenantId, next));

  const items: TransactItem[] = [tx.update(vehicleKey(tenantId, vehicle.id), version, changes, now)];
  const plateChanged = normalizePlate(next.licensePlate) !== normalizePlate(vehicle.licensePlate);
  let plateIndex = -1;
  if (plateChanged) {
    items.push(tx.delete(vehiclePlateKey(tenantId, vehicle.licensePlate)));
    plateIndex = items.length;
    items.push(tx.putNew({ ...vehiclePlateKey(tenantId, next.licensePlate), entityType: 'VEHICLE_PLATE', vehicleId: vehicle.id, licensePlate: next.licensePlate, createdAt: now }));
  } else if (next.licensePlate !== vehicle.licensePlate) {
    // Same plate, new spelling ("A12345" → "A 12345"): keep the claim's display text in step.
    items.push(tx.put({ ...vehiclePlateKey(tenantId, next.licensePlate), entityType: 'VEHICLE_PLATE', vehicleId: vehicle.id, licensePlate: next.licensePlate, createdAt: now }));
  }
  if (changes.make !== undefined) items.push(makesFacetUpdate(tenantId, next.make));
  const before: Record<string, unknown> = {};
  for (const k of Object.keys(changes)) if (!k.startsWith('gsi') && k !== 'searchText' && k !== 'makeKey') before[k] = (vehicle as Record<string, unknown>)[k];
  const after = Object.fromEntries(Object.keys(before).map((k) => [k, changes[k]]));
  items.push(tx.put(auditItem(actor(ctx), 'vehicle.update', 'vehicle', vehicle.id, { before, after })));

  try {
    await transact(items);
  } catch (err) {
    if (plateIndex >= 0 && isConditionFailure(err) && cancellationCodes(err)[plateIndex] === 'ConditionalCheckFailed') throw plateConflict();
    throw err;
  }
  return reply.ok(toVehicleApi({ ...next, version: version + 1, updatedAt: now }));
}

async function changeVehicleStatus(ctx: RequestCtx<{ status: VehicleStatus; version?: number }>) {
  const { tenantId } = ctx.auth;
  const vehicle = await loadVehicle(ctx);
  const version = expectedVersion(vehicle, ctx.body.version);
  const now = new Date().toISOString();
  if (ctx.body.status === vehicle.status) return reply.ok(toVehicleApi(vehicle));
  await checkStatusChange(tenantId, vehicle, ctx.body.status, now);
  await transact([
    tx.update(vehicleKey(tenantId, vehicle.id), version, { status: ctx.body.status }, now),
    tx.put(auditItem(actor(ctx), 'vehicle.status', 'vehicle', vehicle.id, { before: { status: vehicle.status }, after: { status: ctx.body.status } })),
  ]);
  return reply.ok(toVehicleApi({ ...vehicle, status: ctx.body.status, version: version + 1, updatedAt: now }));
}

async function archiveVehicle(ctx: RequestCtx<{ version?: number }>) {
  const { tenantId } = ctx.auth;
  const vehicle = await loadVehicle(ctx);
  if (vehicle.isArchived) throw conflict(VEHICLE_MESSAGES.alreadyArchived);
  const version = expectedVersion(vehicle, ctx.body.version);
  if (vehicle.status === 'rented') throw conflict(VEHICLE_MESSAGES.archiveRented);
  const now = new Date().toISOString();
  const blocks = await blocksOverlapping(tenantId, vehicle.id, now, null);
  if (blocks.some((b) => b.kind === 'rental' && ACTIVE_RENTAL_STATUSES.has(b.status))) throw conflict(VEHICLE_MESSAGES.archiveHasRentals);

  // Condition on scheduleVersion as read: a booking committed since the check above fails this.
  const update = versionedUpdate(vehicleKey(tenantId, vehicle.id), version, { isArchived: true, archivedAt: now }, now);
  const { TableName: _t, ...body } = update;
  body.ConditionExpression += ' AND (attribute_not_exists(#scheduleVersion) OR #scheduleVersion = :scheduleVersion)';
  body.ExpressionAttributeNames['#scheduleVersion'] = 'scheduleVersion';
  (body.ExpressionAttributeValues as Record<string, unknown>)[':scheduleVersion'] = vehicle.scheduleVersion ?? 0;
  await transact([
    tx.raw('Update', body),
    tx.put(auditItem(actor(ctx), 'vehicle.archive', 'vehicle', vehicle.id, { before: { isArchived: false }, after: { isArchived: true } })),
  ]);
  return reply.ok(toVehicleApi({ ...vehicle, isArchived: true, archivedAt: now, version: version + 1, updatedAt: now }));
}

async function unarchiveVehicle(ctx: RequestCtx<{ version?: number }>) {
  const { tenantId } = ctx.auth;
  const vehicle = await loadVehicle(ctx);
  if (!vehicle.isArchived) throw conflict(VEHICLE_MESSAGES.notArchived);
  const version = expectedVersion(vehicle, ctx.body.version);
  const now = new Date().toISOString();
  await transact([
    tx.update(vehicleKey(tenantId, vehicle.id), version, { isArchived: false, archivedAt: null }, now),
    tx.put(auditItem(actor(ctx), 'vehicle.unarchive', 'vehicle', vehicle.id, { before: { isArchived: true }, after: { isArchived: false } })),
  ]);
  return reply.ok(toVehicleApi({ ...vehicle, isArchived: false, archivedAt: null, version: version + 1, updatedAt: now }));
}

async function listVehicleMakes(ctx: RequestCtx) {
  return reply.ok({ items: await vehicleMakes(ctx.auth.tenantId) });
}

async function getVehicleSchedule(ctx: RequestCtx<unknown, { from?: string }>) {
  const vehicle = await loadVehicle(ctx);
  const from = ctx.query.from ? new Date(ctx.query.from).toISOString() : new Date().toISOString();
  const blocks = await blocksOverlapping(ctx.auth.tenantId, vehicle.id, from, null);
  return reply.ok({ items: blocks.sort((a, b) => a.start.localeCompare(b.start)) });
}

// ---------------------------------------------------------------------------------------------
// Fleet calendar
// ---------------------------------------------------------------------------------------------

async function fleetCalendar(ctx: RequestCtx<unknown, { start: string; end: string }>) {
  const { tenantId } = ctx.auth;
  const { start, end } = ctx.query;
  const window = calendarWindow(start, end);
  const [vehicles, blocks] = await Promise.all([activeFleet(tenantId), fleetBlocks(tenantId, window.from, window.to)]);
  return reply.ok(assembleCalendar(start, end, vehicles, blocks));
}

// ---------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------

function checkSize(size: number) {
  if (size > DOCUMENT_MAX_BYTES) throw tooLarge(VEHICLE_MESSAGES.fileTooLarge);
}

async function createVehicleDocumentUploadUrl(ctx: RequestCtx<{ fileName: string; contentType: string; size: number }>) {
  const vehicle = await loadVehicle(ctx);
  checkSize(ctx.body.size);
  const key = `${vehicleDocumentPrefix(ctx.auth.tenantId, vehicle.id)}${ulid()}-${safeFileName(ctx.body.fileName)}`;
  const uploadUrl = await presignUpload(key, ctx.body.contentType, ctx.body.size);
  return reply.ok({ uploadUrl, key, method: 'PUT', headers: { 'content-type': ctx.body.contentType } });
}

interface CreateDocumentBody {
  key: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  documentType: VehicleDocumentApi['documentType'];
  title: string;
  description: string | null;
  expiryDate: string | null;
}

function toDocumentApi(item: Record<string, unknown>): VehicleDocumentApi {
  const { pk: _pk, sk: _sk, entityType: _e, tenantId: _t, ...rest } = item;
  return rest as unknown as VehicleDocumentApi;
}

async function createVehicleDocument(ctx: RequestCtx<CreateDocumentBody>) {
  const { tenantId } = ctx.auth;
  const vehicle = await loadVehicle(ctx);
  const body = ctx.body;
  checkSize(body.fileSize);
  if (!isVehicleDocumentKey(tenantId, vehicle.id, body.key)) throw validationFailed({ key: VEHICLE_MESSAGES.fileKeyInvalid });
  const object = await headObject(body.key);
  if (!object) throw validationFailed({ key: VEHICLE_MESSAGES.fileMissing });
  checkSize(object.size);
  const now = new Date().toISOString();
  const id = ulid();
  const item = {
    pk: vehicleDocumentsPk(tenantId, vehicle.id),
    sk: sortKey(id),
    entityType: 'VEHICLE_DOCUMENT',
    id,
    tenantId,
    vehicleId: vehicle.id,
    scope: 'vehicle' as const,
    title: body.title,
    description: body.description,
    documentType: body.documentType,
    fileName: body.fileName,
    fileType: body.fileType,
    fileSize: object.size,
    fileKey: body.key,
    expiryDate: body.expiryDate,
    reminderThreshold: DOCUMENT_REMINDER_DAYS,
    // Uploaded by staff, not yet reviewed: the documents module's workflow starts at draft.
    status: 'draft',
    uploadedBy: ctx.auth.userId,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await transact([
    tx.putNew(item),
    tx.put(auditItem(actor(ctx), 'vehicle.document.create', 'vehicle', vehicle.id, { after: { documentId: id, title: body.title, documentType: body.documentType } })),
  ]);
  return reply.created({ ...toDocumentApi(item), fileUrl: await presignDownload(item.fileKey, item.fileName) });
}

async function listVehicleDocuments(ctx: RequestCtx<unknown, { limit: number; cursor?: string }>) {
  const { tenantId } = ctx.auth;
  const vehicle = await loadVehicle(ctx);
  const page = await queryPage<Record<string, unknown>>({
    tenantId,
    pk: vehicleDocumentsPk(tenantId, vehicle.id),
    limit: ctx.query.limit,
    cursor: ctx.query.cursor ?? null,
    forward: false,
  });
  const items = await Promise.all(
    page.items.map(async (it) => ({ ...toDocumentApi(it), fileUrl: await presignDownload(it.fileKey as string, it.fileName as string) })),
  );
  return reply.ok({ items, nextCursor: page.nextCursor });
}

export const handler = createDomainHandler('vehicles', {
  listVehicles: listVehiclesImpl,
  createVehicle,
  listVehicleMakes,
  getVehicle: getVehicleImpl,
  updateVehicle,
  archiveVehicle,
  unarchiveVehicle,
  changeVehicleStatus,
  getVehicleSchedule,
  createVehicleDocumentUploadUrl,
  createVehicleDocument,
  listVehicleDocuments,
  fleetCalendar,
});
