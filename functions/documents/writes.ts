import { ulid } from 'ulid';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { isUlid } from '../lib/data/keys';
import { getItem, queryAll, transact, tx, type TransactItem } from '../lib/data/repo';
import { badRequest, conflict, forbidden, notFound, unsupportedMediaType } from '../lib/errors';
import { copyObject, deleteObject, getObjectBytes, headObject, isKeyInPrefix, newObjectKey } from '../lib/storage';
import { hasAbility, type Ability } from '../../shared/permissions';
import {
  DEFAULT_REMINDER_THRESHOLD_DAYS,
  type DocumentCreateInput,
  type DocumentScope,
  type DocumentUpdateInput,
  type DocumentUseTemplateInput,
} from '../../shared/schemas/documents';
import {
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TRANSITIONS,
  type DocumentType,
} from '../../shared/schemas/documents-constants';
import { sniffType, vehicleAndCustomerExist } from './deps';
import { requireDocument, requireScope } from './read';
import {
  chainKey,
  chainPk,
  documentKey,
  documentPrefix,
  latestIndexAttrs,
  ownerPointer,
  ownerPointerKey,
  searchTextOf,
  type DocumentItem,
} from './model';

const putPointer = (tenantId: string, d: DocumentItem): TransactItem[] => {
  const p = ownerPointer(tenantId, d);
  return p ? [tx.put(p)] : [];
};
const deletePointer = (tenantId: string, d: DocumentItem): TransactItem[] => {
  const k = ownerPointerKey(tenantId, d);
  return k ? [tx.delete(k)] : [];
};

/** The stored file checked by its real size and first bytes (a renamed .exe is refused and deleted). */
async function checkStoredFile(tenantId: string, key: string) {
  if (!isKeyInPrefix(documentPrefix(tenantId), key))
    throw badRequest(DOCUMENT_MESSAGES.badKey, { key: DOCUMENT_MESSAGES.badKey });
  const head = await headObject(key);
  if (!head) throw badRequest(DOCUMENT_MESSAGES.notUploaded, { key: DOCUMENT_MESSAGES.notUploaded });
  if (head.size > DOCUMENT_FILE_MAX_BYTES) {
    await deleteObject(key).catch(() => undefined);
    throw badRequest(DOCUMENT_MESSAGES.fileTooLarge, { key: DOCUMENT_MESSAGES.fileTooLarge });
  }
  const bytes = await getObjectBytes(key);
  const real = bytes ? sniffType(bytes.body) : undefined;
  if (!real) {
    await deleteObject(key).catch(() => undefined);
    throw unsupportedMediaType(DOCUMENT_MESSAGES.fileContentMismatch, { key: DOCUMENT_MESSAGES.fileContentMismatch });
  }
  return { fileType: real, fileSize: head.size };
}

const fileNameOf = (key: string, given?: string) =>
  given ||
  key
    .split('/')
    .pop()!
    .replace(/^[0-9A-HJKMNP-TV-Z]{26}-/, '');

export async function createDocument(actor: Actor, input: ReturnType<typeof parseCreate>) {
  requireScope(actor, input.scope);
  await requireOwnerExists(actor.tenantId, input);
  const file = await checkStoredFile(actor.tenantId, input.key);
  const item = newDocumentItem(
    actor.tenantId,
    input,
    { fileKey: input.key, fileName: fileNameOf(input.key, input.fileName), ...file },
    { uploadedBy: actor.username },
  );
  await transact([
    ...newDocumentWrites(actor.tenantId, item),
    tx.putNew(
      auditItem(actor, 'document.create', 'document', item.id, {
        after: { scope: item.scope, documentType: item.documentType, title: item.title },
      }),
    ),
  ]);
  return item;
}

/** The vehicle or customer a document is recorded for must be the caller's company's (400 on the field otherwise). */
async function requireOwnerExists(
  tenantId: string,
  input: { scope: DocumentScope; vehicleId?: string | null; customerId?: string | null },
) {
  const exists = await vehicleAndCustomerExist(
    tenantId,
    input.scope === 'vehicle' ? input.vehicleId : undefined,
    input.scope === 'customer' ? input.customerId : undefined,
  );
  if (!exists.vehicle)
    throw badRequest(DOCUMENT_MESSAGES.vehicleNotFound, { vehicleId: DOCUMENT_MESSAGES.vehicleNotFound });
  if (!exists.customer)
    throw badRequest(DOCUMENT_MESSAGES.customerNotFound, { customerId: DOCUMENT_MESSAGES.customerNotFound });
}

type NewDocumentFields = Pick<
  DocumentCreateInput,
  | 'vehicleId'
  | 'customerId'
  | 'rentalId'
  | 'title'
  | 'description'
  | 'expiryDate'
  | 'reminderThreshold'
  | 'tags'
  | 'assignee'
  | 'isTemplate'
> & { scope: DocumentScope; documentType: DocumentType };
type StoredFile = Pick<DocumentItem, 'fileKey' | 'fileName' | 'fileType' | 'fileSize'>;

/**
 * A new document's first version (draft unless told), with its search text and index attributes.
 * Used by upload, "use template" and the one-off move of the older vehicle and customer
 * documents (./legacy-move.ts, which keeps their id, dates and uploader).
 */
export function newDocumentItem(
  tenantId: string,
  input: NewDocumentFields,
  file: StoredFile,
  opts: { id?: string; createdAt?: string; uploadedBy?: string; status?: DocumentItem['status'] } = {},
): DocumentItem {
  const id = opts.id ?? ulid();
  const now = opts.createdAt ?? new Date().toISOString();
  const base = {
    ...documentKey(tenantId, id),
    entityType: 'DOC' as const,
    id,
    scope: input.scope,
    ...(input.scope === 'vehicle' && input.vehicleId ? { vehicleId: input.vehicleId } : {}),
    ...(input.scope === 'customer' && input.customerId ? { customerId: input.customerId } : {}),
    ...(input.rentalId ? { rentalId: input.rentalId } : {}),
    title: input.title,
    ...(input.description ? { description: input.description } : {}),
    documentType: input.documentType,
    ...file,
    docVersion: 1,
    rootDocumentId: id,
    isLatest: true,
    ...(input.expiryDate ? { expiryDate: input.expiryDate } : {}),
    reminderThreshold: input.reminderThreshold ?? DEFAULT_REMINDER_THRESHOLD_DAYS,
    status: opts.status ?? ('draft' as const),
    ...(input.assignee ? { assignee: input.assignee } : {}),
    tags: input.tags ?? [],
    isTemplate: !!input.isTemplate,
    ...(opts.uploadedBy ? { uploadedBy: opts.uploadedBy } : {}),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  return { ...base, searchText: searchTextOf(base), ...latestIndexAttrs(base, tenantId) };
}

/** The writes of a new document (besides its audit): the item, its chain entry and its owner pointer. */
export const newDocumentWrites = (tenantId: string, item: DocumentItem): TransactItem[] => [
  tx.putNew(item),
  tx.putNew({ ...chainKey(tenantId, item.id, 1), entityType: 'DOC_CHAIN', id: item.id, docVersion: 1 }),
  ...putPointer(tenantId, item),
];

/**
 * "Use template" (issue 11): a company template's file is copied in storage (server-side, no
 * re-upload) into a new draft document of the chosen scope, its type and title prefilled (the
 * title may be given). The template must be the latest version and flagged as a template (409
 * otherwise); reading it needs the company scope's ability and the new document its own scope's.
 */
export async function useTemplate(
  actor: Actor,
  templateId: string,
  input: DocumentUseTemplateInput & { scope: DocumentScope },
) {
  const template = await requireDocument(actor, templateId);
  requireLatest(template);
  if (!template.isTemplate) throw conflict(DOCUMENT_MESSAGES.notTemplate);
  requireScope(actor, input.scope);
  await requireOwnerExists(actor.tenantId, input);
  const fileKey = newObjectKey(documentPrefix(actor.tenantId), template.fileName);
  await copyObject(template.fileKey, fileKey);
  const tags = template.tags.filter((t) => t !== 'template');
  const item = newDocumentItem(
    actor.tenantId,
    {
      ...input,
      title: input.title || template.title,
      documentType: template.documentType,
      description: template.description,
      tags,
    },
    { fileKey, fileName: template.fileName, fileType: template.fileType, fileSize: template.fileSize },
    { uploadedBy: actor.username },
  );
  try {
    await transact([
      ...newDocumentWrites(actor.tenantId, item),
      tx.putNew(
        auditItem(actor, 'document.create', 'document', item.id, {
          note: `from template ${template.id}`,
          after: { scope: item.scope, documentType: item.documentType, title: item.title },
        }),
      ),
    ]);
  } catch (err) {
    await deleteObject(fileKey).catch(() => undefined);
    throw err;
  }
  return item;
}
const parseCreate = (v: DocumentCreateInput) => v as DocumentCreateInput & { scope: DocumentScope };

/** Changes of the latest version in one transaction: fields, index attributes and search text follow. */
function planChanges(actor: Actor, doc: DocumentItem, changes: Partial<DocumentItem>): Record<string, unknown> {
  const next = { ...doc, ...changes } as DocumentItem;
  const idx = latestIndexAttrs(next, actor.tenantId);
  return {
    ...changes,
    searchText: searchTextOf(next, String(doc.extractedText ?? '')),
    // undefined removes: a document without expiry leaves the reminder index.
    gsi2pk: idx.gsi2pk,
    gsi2sk: idx.gsi2sk,
    remindFrom: idx.remindFrom,
  };
}

function requireLatest(doc: DocumentItem) {
  if (!doc.isLatest) throw conflict(DOCUMENT_MESSAGES.notLatest);
}

export async function updateDocument(actor: Actor, id: string, input: DocumentUpdateInput) {
  const doc = await requireDocument(actor, id);
  requireLatest(doc);
  const { version, ...rest } = input;
  const changes: Partial<DocumentItem> = {};
  for (const [k, v] of Object.entries(rest))
    if (v !== undefined) (changes as Record<string, unknown>)[k] = v === null || v === '' ? undefined : v;
  if ('expiryDate' in rest && rest.expiryDate === null) changes.expiryDate = undefined;
  const plan = planChanges(actor, doc, changes);
  await transact([
    tx.update(documentKey(actor.tenantId, id), version, plan),
    ...putPointer(actor.tenantId, { ...doc, ...changes } as DocumentItem),
    tx.putNew(
      auditItem(actor, 'document.update', 'document', id, { before: pick(doc, Object.keys(changes)), after: changes }),
    ),
  ]);
  return (await getItem(documentKey(actor.tenantId, id))) as DocumentItem;
}

const pick = (o: Record<string, unknown>, ks: string[]) => Object.fromEntries(ks.map((k) => [k, o[k]]));

/** Replacing the file: version n+1 becomes the latest (draft again), the old one leaves the indexes. */
export async function addVersion(
  actor: Actor,
  id: string,
  input: { key: string; fileName?: string; expiryDate?: string | null },
) {
  const doc = await requireDocument(actor, id);
  requireLatest(doc);
  const file = await checkStoredFile(actor.tenantId, input.key);
  const newId = ulid();
  const now = new Date().toISOString();
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...rest } = doc;
  const base = {
    ...rest,
    ...documentKey(actor.tenantId, newId),
    id: newId,
    fileKey: input.key,
    fileName: fileNameOf(input.key, input.fileName),
    ...file,
    docVersion: doc.docVersion + 1,
    parentDocumentId: doc.id,
    isLatest: true,
    expiryDate: input.expiryDate === undefined ? doc.expiryDate : (input.expiryDate ?? undefined),
    status: 'draft' as const,
    approver: undefined,
    approvedAt: undefined,
    rejectedAt: undefined,
    rejectionReason: undefined,
    analysisStatus: undefined,
    analysisError: undefined,
    analysisMethod: undefined,
    analysisProposals: undefined,
    extractedText: undefined,
    uploadedBy: actor.username,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  const item = Object.fromEntries(
    Object.entries({ ...base, searchText: searchTextOf(base), ...latestIndexAttrs(base, actor.tenantId) }).filter(
      ([, v]) => v !== undefined,
    ),
  ) as DocumentItem;
  await transact([
    tx.update(documentKey(actor.tenantId, doc.id), doc.version, {
      isLatest: false,
      gsi1pk: undefined,
      gsi1sk: undefined,
      gsi2pk: undefined,
      gsi2sk: undefined,
    }),
    tx.putNew(item),
    tx.putNew({
      ...chainKey(actor.tenantId, doc.rootDocumentId, item.docVersion),
      entityType: 'DOC_CHAIN',
      id: newId,
      docVersion: item.docVersion,
    }),
    ...deletePointer(actor.tenantId, doc),
    ...putPointer(actor.tenantId, item),
    tx.putNew(
      auditItem(actor, 'document.version', 'document', newId, {
        note: `version ${item.docVersion} replaces ${doc.id}`,
      }),
    ),
  ]);
  return item;
}

/** The versions of a document's chain, newest first (ids and numbers; the items by one batch read). */
export async function versionIds(tenantId: string, rootId: string): Promise<string[]> {
  const chain = await queryAll({ tenantId, pk: chainPk(tenantId, rootId), forward: false, max: 200 });
  return chain.map((c) => String(c.id));
}

/** submit / approve / reject: the TRANSITIONS table decides; anything else is a 409. */
export async function transition(actor: Actor, id: string, action: keyof typeof DOCUMENT_TRANSITIONS, reason?: string) {
  const doc = await requireDocument(actor, id);
  requireLatest(doc);
  const rule = DOCUMENT_TRANSITIONS[action];
  if (!rule.from.includes(doc.status)) {
    throw conflict(
      DOCUMENT_MESSAGES.transitionRefused.replace('{{from}}', doc.status).replace('{{to}}', rule.to),
      undefined,
      undefined,
      { from: doc.status, to: rule.to } as never,
    );
  }
  const now = new Date().toISOString();
  const changes: Record<string, unknown> = { status: rule.to };
  if (action === 'approve')
    Object.assign(changes, {
      approver: actor.username,
      approvedAt: now,
      rejectedAt: undefined,
      rejectionReason: undefined,
    });
  if (action === 'reject')
    Object.assign(changes, { approver: actor.username, rejectedAt: now, rejectionReason: reason });
  await transact(transitionItems(actor, doc, changes, action, now));
  return (await getItem(documentKey(actor.tenantId, id))) as DocumentItem;
}

const transitionItems = (
  actor: Actor,
  doc: DocumentItem,
  changes: Record<string, unknown>,
  action: string,
  now: string,
): TransactItem[] => [
  tx.update(documentKey(actor.tenantId, doc.id), doc.version, changes, now),
  ...putPointer(actor.tenantId, { ...doc, ...changes } as DocumentItem),
  tx.putNew(
    auditItem(actor, `document.${action}`, 'document', doc.id, {
      before: { status: doc.status },
      after: { status: changes.status, rejectionReason: changes.rejectionReason },
    }),
  ),
];

/**
 * Deleting removes a document and all its versions from the lists and the reminder index
 * (items keep `deleted` for the audit trail; files are deleted from storage).
 */
export async function deleteDocument(actor: Actor, id: string) {
  const doc = await requireDocument(actor, id);
  requireLatest(doc);
  await transact([
    tx.update(documentKey(actor.tenantId, id), doc.version, {
      deleted: true,
      isLatest: false,
      gsi1pk: undefined,
      gsi1sk: undefined,
      gsi2pk: undefined,
      gsi2sk: undefined,
    }),
    ...deletePointer(actor.tenantId, doc),
    tx.putNew(
      auditItem(actor, 'document.delete', 'document', id, { before: { title: doc.title, version: doc.docVersion } }),
    ),
  ]);
  await deleteObject(doc.fileKey).catch(() => undefined);
}
