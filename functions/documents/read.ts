import type { Actor } from '../lib/actor';
import { isUlid } from '../lib/data/keys';
import { getItem } from '../lib/data/repo';
import { forbidden, HttpError, notFound } from '../lib/errors';
import { hasAbility, type Ability } from '../../shared/permissions';
import type { DocumentScope } from '../../shared/schemas/documents';
import { DOCUMENT_MESSAGES } from '../../shared/schemas/documents-constants';
import { documentKey, type DocumentItem } from './model';

/**
 * Reading one document for a use case (writes.ts, the handler, and maintenance's "schedule from
 * documents" through api.ts). Ability per scope: vehicle documentsVehicle, customer
 * documentsCustomer, company documentsCompany (403 otherwise).
 */
export const SCOPE_ABILITY: Record<DocumentScope, Ability> = {
  vehicle: 'documentsVehicle',
  customer: 'documentsCustomer',
  company: 'documentsCompany',
};

export function requireScope(actor: Pick<Actor, 'role'>, scope: DocumentScope) {
  if (!hasAbility(actor.role, SCOPE_ABILITY[scope])) throw forbidden();
}

/** The document (any version) of the caller's company, 404 otherwise; 403 outside its scope's ability. */
export async function requireDocument(actor: Pick<Actor, 'tenantId' | 'role'>, id: string): Promise<DocumentItem> {
  if (!isUlid(id)) throw notFound(DOCUMENT_MESSAGES.notFound);
  const item = (await getItem(documentKey(actor.tenantId, id))) as DocumentItem | undefined;
  if (!item || item.deleted) throw notFound(DOCUMENT_MESSAGES.notFound);
  requireScope(actor, item.scope);
  return item;
}

/**
 * The vehicle document maintenance schedules a record from (POST /api/v1/maintenance/from-documents):
 * 404/403 as above, 422 "Only vehicle documents can schedule maintenance" for a customer or company one.
 */
export async function vehicleDocument(actor: Pick<Actor, 'tenantId' | 'role'>, id: string) {
  const doc = await requireDocument(actor, id);
  if (doc.scope !== 'vehicle' || !doc.vehicleId) {
    throw new HttpError(422, 'VALIDATION_FAILED', DOCUMENT_MESSAGES.scheduleNeedsVehicle);
  }
  return { id: doc.id, vehicleId: doc.vehicleId, title: doc.title, documentType: doc.documentType };
}
