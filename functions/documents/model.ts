import { tenantPk, sortKey, entityKey, type Key } from '../lib/data/keys';
import type { Item } from '../lib/data/repo';
import { dueShardPk } from '../lib/data/due-index';
import { tenantPrefix } from '../lib/storage';
import { DEFAULT_REMINDER_THRESHOLD_DAYS, documentValidity, type DocumentScope } from '../../shared/documents/validity';
import type { AnalysisProposal, DocumentApi } from '../../shared/schemas/documents';
import type { AnalysisStatus, DocumentStatus, DocumentType } from '../../shared/schemas/documents-constants';

/**
 * Documents domain items and indexes (DESIGN.md §13).
 *
 * - Document version: pk `T#{t}#DOC`, sk `{id}` (every version is its own item and id).
 *   Only the latest version of a chain carries:
 *   - gsi1pk `T#{t}#DOC_LATEST#{SCOPE}`, gsi1sk `{createdAt}#{id}`: a tab of /documents is one
 *     Query on it (filters narrow the page);
 *   - gsi2pk `G#DOC_REMINDERS`, gsi2sk `{nextReminderOn}#{tenantId}#{id}`: the sparse cross-tenant
 *     index of the reminder job (DESIGN.md §15). It exists only while a reminder is still ahead
 *     (an expiry date is set and the document is the latest); the job moves it to the next stage's
 *     date in the same transaction that writes the reminder marker.
 * - Version chain: pk `T#{t}#DOC_CHAIN#{rootId}`, sk `{version:0000}` → { id }: the history of a
 *   document is one Query.
 * - Reminder marker (document_reminders): pk `T#{t}#DOC_REMINDER#{docId}`, sk `{expiryDate}#{stage}`; created
 *   with attribute_not_exists, so one stage of one document is claimed once. While the email is
 *   not confirmed sent it carries gsi2pk `G#DOC_REMINDERS_PENDING` (a crash half-way is finished
 *   by the next run); marked sent, it leaves that index.
 * - Owner pointer: pk `T#{t}#DOC_OF#{vehicleId|customerId}`, sk `{docId}` → { documentType,
 *   expiryDate, title } for the LATEST version of a vehicle's or customer's document, written in
 *   the same transactions: a booking reads a car's and a driver's documents with one Query each
 *   (lapsingDocuments, ./lapsing.ts).
 * - Files: `tenants/{t}/documents/{ulid}-{name}`; ZIP exports `tenants/{t}/document-exports/`.
 */
export const REMINDERS_GSI_PK = 'G#DOC_REMINDERS';
export const PENDING_REMINDERS_GSI_PK = 'G#DOC_REMINDERS_PENDING';

export const documentKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'DOC', id);
export const latestIndexPk = (tenantId: string, scope: DocumentScope) =>
  tenantPk(tenantId, 'DOC_LATEST', scope.toUpperCase());
export const chainPk = (tenantId: string, rootId: string) => tenantPk(tenantId, 'DOC_CHAIN', rootId);
export const chainKey = (tenantId: string, rootId: string, version: number): Key => ({
  pk: chainPk(tenantId, rootId),
  sk: sortKey(String(version).padStart(4, '0')),
});
export const reminderPk = (tenantId: string, docId: string) => tenantPk(tenantId, 'DOC_REMINDER', docId);
export const reminderKey = (tenantId: string, docId: string, expiryDate: string, stage: string): Key => ({
  pk: reminderPk(tenantId, docId),
  sk: sortKey(expiryDate, stage),
});
export { ownerPk } from './owner-key';
import { ownerPk } from './owner-key';
import { addDays } from '../../shared/calendar';

/** The owner pointer of a latest version (vehicle and customer documents only). */
export function ownerPointer(
  tenantId: string,
  d: Pick<
    DocumentItem,
    'id' | 'scope' | 'vehicleId' | 'customerId' | 'documentType' | 'expiryDate' | 'title' | 'status'
  >,
): Item | undefined {
  const owner = d.scope === 'vehicle' ? d.vehicleId : d.scope === 'customer' ? d.customerId : undefined;
  if (!owner) return undefined;
  return {
    pk: ownerPk(tenantId, owner),
    sk: sortKey(d.id),
    entityType: 'DOC_OF',
    documentId: d.id,
    scope: d.scope,
    documentType: d.documentType,
    title: d.title,
    status: d.status,
    ...(d.expiryDate ? { expiryDate: d.expiryDate } : {}),
  };
}
export const ownerPointerKey = (
  tenantId: string,
  d: Pick<DocumentItem, 'id' | 'scope' | 'vehicleId' | 'customerId' | 'documentType' | 'title' | 'status'>,
): Key | undefined => {
  const p = ownerPointer(tenantId, d);
  return p ? { pk: p.pk, sk: p.sk } : undefined;
};

export const documentPrefix = (tenantId: string) => tenantPrefix(tenantId, 'documents');
export const exportPrefix = (tenantId: string) => tenantPrefix(tenantId, 'document-exports');

export interface DocumentItem extends Item {
  entityType: 'DOC';
  id: string;
  scope: DocumentScope;
  vehicleId?: string;
  customerId?: string;
  rentalId?: string;
  title: string;
  description?: string;
  documentType: DocumentType;
  fileKey: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  docVersion: number;
  parentDocumentId?: string;
  rootDocumentId: string;
  isLatest: boolean;
  expiryDate?: string;
  /** expiryDate − reminderThreshold: the day the document turns "expiring soon" (list filters). */
  remindFrom?: string;
  reminderThreshold: number;
  status: DocumentStatus;
  assignee?: string;
  approver?: string;
  approvedAt?: string;
  rejectedAt?: string;
  rejectionReason?: string;
  tags: string[];
  isTemplate: boolean;
  analysisStatus?: AnalysisStatus;
  analysisError?: string;
  analysisMethod?: string;
  analysisProposals?: AnalysisProposal[];
  /** Lower-case title, type, tags, file name and extracted text (bounded): the list search. */
  searchText: string;
  uploadedBy?: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export function searchTextOf(
  d: Pick<DocumentItem, 'title' | 'documentType' | 'tags' | 'fileName'>,
  extracted = '',
): string {
  return [d.title, d.documentType.replace(/_/g, ' '), ...(d.tags ?? []), d.fileName, extracted]
    .join(' \n')
    .toLowerCase()
    .slice(0, 4000);
}

/** The index attributes a latest version carries (the sparse reminder index only with an expiry). */
export function latestIndexAttrs(
  d: Pick<DocumentItem, 'scope' | 'createdAt' | 'id' | 'expiryDate' | 'reminderThreshold'>,
  tenantId: string,
) {
  return {
    gsi1pk: latestIndexPk(tenantId, d.scope),
    gsi1sk: sortKey(d.createdAt, d.id),
    ...(d.expiryDate
      ? {
          gsi2pk: dueShardPk(REMINDERS_GSI_PK, documentKey(tenantId, d.id)),
          gsi2sk: sortKey(addDays(d.expiryDate, -d.reminderThreshold), tenantId, d.id),
          remindFrom: addDays(d.expiryDate, -d.reminderThreshold),
        }
      : {}),
  };
}

export function toDocumentApi(d: DocumentItem, today: string): DocumentApi {
  const { validity, daysLeft } = documentValidity(
    d.expiryDate,
    today,
    d.reminderThreshold ?? DEFAULT_REMINDER_THRESHOLD_DAYS,
  );
  // Approved documents past their expiry read as expired (§4); the stored status keeps the history.
  const status: DocumentStatus = d.status === 'approved' && validity === 'expired' ? 'expired' : d.status;
  return {
    id: d.id,
    scope: d.scope,
    vehicleId: d.vehicleId ?? null,
    customerId: d.customerId ?? null,
    rentalId: d.rentalId ?? null,
    title: d.title,
    description: d.description ?? null,
    documentType: d.documentType,
    fileName: d.fileName,
    fileType: d.fileType,
    fileSize: d.fileSize,
    version: d.docVersion,
    parentDocumentId: d.parentDocumentId ?? null,
    rootDocumentId: d.rootDocumentId,
    isLatest: d.isLatest,
    expiryDate: d.expiryDate ?? null,
    reminderThreshold: d.reminderThreshold ?? DEFAULT_REMINDER_THRESHOLD_DAYS,
    status,
    validity,
    daysLeft,
    assignee: d.assignee ?? null,
    approver: d.approver ?? null,
    approvedAt: d.approvedAt ?? null,
    rejectedAt: d.rejectedAt ?? null,
    rejectionReason: d.rejectionReason ?? null,
    tags: d.tags ?? [],
    isTemplate: !!d.isTemplate,
    analysisStatus: d.analysisStatus ?? null,
    analysisError: d.analysisError ?? null,
    analysisMethod: d.analysisMethod ?? null,
    analysisProposals: d.analysisProposals ?? [],
    uploadedBy: d.uploadedBy ?? null,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    itemVersion: d.version,
  };
}
