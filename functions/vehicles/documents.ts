import { ulid } from 'ulid';
import { auditItem } from '../lib/data/audit';
import { sortKey } from '../lib/data/keys';
import { queryPage, transact, tx } from '../lib/data/repo';
import { validationFailed } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { checkUpload, headObject, isKeyInPrefix, newObjectKey, presignDownload, presignUpload, tenantPrefix, type UploadLimits } from '../lib/storage';
import { DOCUMENT_REMINDER_DAYS } from '../../shared/constants';
import {
  DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES, VEHICLE_MESSAGES, type VehicleDocumentApi, type createVehicleDocumentSchema, type vehicleUploadUrlSchema,
} from '../../shared/schemas/vehicles';
import type { z } from 'zod';
import { requireVehicle, vehicleDocumentsPk } from './data';

/**
 * Vehicle documents (registration, insurance…): files under tenants/{tenantId}/vehicles/{vehicleId}/
 * through lib/storage, one record item each at pk `T#{t}#VEHICLE_DOC#{vehicleId}`, sk `{ulid}`.
 * Flow: upload-url (type and size checked: PDF/JPG/PNG ≤ 10 MB, too large → 413) → the browser
 * PUTs the file → the record is refused unless the object exists in this vehicle's prefix.
 */
export const VEHICLE_DOCUMENT_LIMITS: UploadLimits = {
  contentTypes: DOCUMENT_MIME_TYPES,
  maxBytes: DOCUMENT_MAX_BYTES,
  messages: { type: VEHICLE_MESSAGES.fileTypeInvalid, tooLarge: VEHICLE_MESSAGES.fileTooLarge },
};

export const vehicleDocumentPrefix = (tenantId: string, vehicleId: string) => tenantPrefix(tenantId, 'vehicles', vehicleId);

/** True when `key` is a plain object key inside this vehicle's prefix. */
export const isVehicleDocumentKey = (tenantId: string, vehicleId: string, key: string) => isKeyInPrefix(vehicleDocumentPrefix(tenantId, vehicleId), key);

export async function createVehicleDocumentUploadUrl(tenantId: string, vehicleId: string, body: z.output<typeof vehicleUploadUrlSchema>) {
  const vehicle = await requireVehicle(tenantId, vehicleId);
  checkUpload(VEHICLE_DOCUMENT_LIMITS, body);
  const upload = await presignUpload(newObjectKey(vehicleDocumentPrefix(tenantId, vehicle.id), body.fileName), body.contentType, { size: body.size });
  return { uploadUrl: upload.uploadUrl, key: upload.key, method: upload.method, headers: upload.headers };
}

function toDocumentApi(item: Record<string, unknown>): VehicleDocumentApi {
  const { pk: _pk, sk: _sk, entityType: _e, tenantId: _t, ...rest } = item;
  return rest as unknown as VehicleDocumentApi;
}

export async function recordVehicleDocument(actor: Actor, vehicleId: string, body: z.output<typeof createVehicleDocumentSchema>) {
  const { tenantId } = actor;
  const vehicle = await requireVehicle(tenantId, vehicleId);
  checkUpload(VEHICLE_DOCUMENT_LIMITS, { contentType: body.fileType, size: body.fileSize });
  if (!isVehicleDocumentKey(tenantId, vehicle.id, body.key)) throw validationFailed({ key: VEHICLE_MESSAGES.fileKeyInvalid });
  const object = await headObject(body.key);
  if (!object) throw validationFailed({ key: VEHICLE_MESSAGES.fileMissing });
  checkUpload(VEHICLE_DOCUMENT_LIMITS, { contentType: body.fileType, size: object.size });
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
    uploadedBy: actor.userId,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await transact([
    tx.putNew(item),
    tx.put(auditItem(actor, 'vehicle.document.create', 'vehicle', vehicle.id, { after: { documentId: id, title: body.title, documentType: body.documentType } })),
  ]);
  return { ...toDocumentApi(item), fileUrl: await presignDownload(item.fileKey, { fileName: item.fileName }) };
}

export async function listVehicleDocuments(tenantId: string, vehicleId: string, q: { limit: number; cursor?: string }) {
  const vehicle = await requireVehicle(tenantId, vehicleId);
  const page = await queryPage<Record<string, unknown>>({ tenantId, pk: vehicleDocumentsPk(tenantId, vehicle.id), limit: q.limit, cursor: q.cursor ?? null, forward: false });
  const items = await Promise.all(
    page.items.map(async (it) => ({ ...toDocumentApi(it), fileUrl: await presignDownload(it.fileKey as string, { fileName: it.fileName as string }) })),
  );
  return { items, nextCursor: page.nextCursor };
}
