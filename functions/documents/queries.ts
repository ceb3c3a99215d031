import { batchGet, queryAll, queryPage } from '../lib/data/repo';
import { FilterBuilder } from '../lib/data/filter';
import type { Actor } from '../lib/actor';
import { notFound } from '../lib/errors';
import { DOCUMENT_VALIDITY, type DocumentListQuery, type DocumentScope } from '../../shared/schemas/documents';
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES } from '../../shared/schemas/documents-constants';
import { vehicleAndCustomerExist } from './deps';
import { documentKey, latestIndexPk, ownerPk, toDocumentApi, type DocumentItem } from './model';
import { versionIds } from './writes';
import { requireScope } from './read';
import { addDays } from '../../shared/calendar';

/**
 * Lists read the latest-version index of one scope (gsi1, one Query page, newest first).
 * Validity filters compare stored dates with the company's today: expired = expiryDate < today;
 * expiring soon = remindFrom ≤ today ≤ expiryDate; valid = remindFrom > today; no expiry = none.
 */
export async function listDocuments(
  actor: Actor,
  q: DocumentListQuery & { scope: DocumentScope; limit: number },
  today: string,
) {
  requireScope(actor, q.scope);
  const owner = q.scope === 'vehicle' ? q.vehicleId : q.scope === 'customer' ? q.customerId : undefined;
  if (owner) {
    await requireOwner(actor.tenantId, q.scope, owner);
    if (!q.q && !q.documentType && !q.status && !q.validity && q.awaitingMyReview !== 'true')
      return ownerDocuments(actor.tenantId, owner, q, today);
  }
  const f = new FilterBuilder()
    .eq('documentType', q.documentType)
    .eq('vehicleId', q.vehicleId)
    .eq('customerId', q.customerId);
  if (q.status === 'expired')
    f.where(
      '(#status = :st OR (#status = :ap AND #expiryDate < :today))',
      { '#status': 'status', '#expiryDate': 'expiryDate' },
      { ':st': 'expired', ':ap': 'approved', ':today': today },
    );
  else if (q.status)
    f.where(
      '#status = :status AND NOT (#status = :ap AND #expiryDate < :today)',
      { '#status': 'status', '#expiryDate': 'expiryDate' },
      { ':status': q.status, ':ap': 'approved', ':today': today },
    );
  if (q.validity === 'expired') f.where('#expiryDate < :vt', { '#expiryDate': 'expiryDate' }, { ':vt': today });
  if (q.validity === 'expiring_soon')
    f.where(
      '#remindFrom <= :vt AND #expiryDate >= :vt',
      { '#remindFrom': 'remindFrom', '#expiryDate': 'expiryDate' },
      { ':vt': today },
    );
  if (q.validity === 'valid') f.where('#remindFrom > :vt', { '#remindFrom': 'remindFrom' }, { ':vt': today });
  if (q.validity === 'no_expiry') f.where('attribute_not_exists(#expiryDate)', { '#expiryDate': 'expiryDate' }, {});
  // "Awaiting my review": under review and assigned to me, or unassigned (anyone may review those).
  if (q.awaitingMyReview === 'true')
    f.where(
      '#status = :ur AND (#assignee = :me OR attribute_not_exists(#assignee))',
      { '#status': 'status', '#assignee': 'assignee' },
      { ':ur': 'under_review', ':me': actor.username },
    );
  const words = (q.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  words.forEach((w, i) => f.where(`contains(#searchText, :w${i})`, { '#searchText': 'searchText' }, { [`:w${i}`]: w }));
  const page = await queryPage<DocumentItem>({
    tenantId: actor.tenantId,
    pk: latestIndexPk(actor.tenantId, q.scope),
    index: 'gsi1',
    forward: false,
    limit: q.limit,
    cursor: q.cursor,
    filter: f.build(),
    signature: [
      'docs',
      q.documentType,
      q.status,
      q.validity,
      q.vehicleId,
      q.customerId,
      q.awaitingMyReview,
      q.q,
      today,
    ],
  });
  return { items: page.items.map((d) => toDocumentApi(d, today)), nextCursor: page.nextCursor };
}

/** A vehicle's or customer's page asks for its documents by id: another company's (or none) → 404. */
async function requireOwner(tenantId: string, scope: DocumentScope, owner: string) {
  const exists = await vehicleAndCustomerExist(
    tenantId,
    scope === 'vehicle' ? owner : undefined,
    scope === 'customer' ? owner : undefined,
  );
  if (!exists.vehicle) throw notFound(DOCUMENT_MESSAGES.vehicleNotFound);
  if (!exists.customer) throw notFound(DOCUMENT_MESSAGES.customerNotFound);
}

/**
 * The documents of one vehicle or customer (its page's list), newest first: one Query on the
 * owner's pointer partition (latest versions only) and one batch read, not a filtered walk of
 * the scope's index.
 */
async function ownerDocuments(tenantId: string, owner: string, q: { limit: number; cursor?: string }, today: string) {
  const page = await queryPage<{ documentId: string }>({
    tenantId,
    pk: ownerPk(tenantId, owner),
    forward: false,
    limit: q.limit,
    cursor: q.cursor,
    signature: ['docs-of', owner],
  });
  const docs = (await batchGet(page.items.map((p) => documentKey(tenantId, p.documentId)))) as (
    | DocumentItem
    | undefined
  )[];
  return {
    items: docs.filter((d): d is DocumentItem => !!d && !d.deleted).map((d) => toDocumentApi(d, today)),
    nextCursor: page.nextCursor,
  };
}

/**
 * Overview of one scope: counts by validity and type, and what expires in the next 30/60/90 days.
 * Reads the scope's latest index (bounded to 2,000 documents, far beyond a small company's set).
 */
export async function documentsOverview(actor: Actor, scope: DocumentScope, today: string) {
  requireScope(actor, scope);
  const all = await queryAll<DocumentItem>({
    tenantId: actor.tenantId,
    pk: latestIndexPk(actor.tenantId, scope),
    index: 'gsi1',
    max: 2000,
  });
  const byValidity = Object.fromEntries(DOCUMENT_VALIDITY.map((v) => [v, 0])) as Record<string, number>;
  const byType = Object.fromEntries(DOCUMENT_TYPES.map((t) => [t, 0])) as Record<string, number>;
  const expiringWithin = { 30: 0, 60: 0, 90: 0 } as Record<30 | 60 | 90, number>;
  let awaitingReview = 0;
  for (const d of all) {
    const api = toDocumentApi(d, today);
    byValidity[api.validity]++;
    byType[api.documentType]++;
    if (api.status === 'under_review') awaitingReview++;
    for (const n of [30, 60, 90] as const)
      if (d.expiryDate && d.expiryDate >= today && d.expiryDate <= addDays(today, n)) expiringWithin[n]++;
  }
  return { scope, total: all.length, byValidity, byType, expiringWithin, awaitingReview };
}

/** One document with its versions (newest first), each with its own id for downloading. */
export async function documentWithVersions(actor: Actor, doc: DocumentItem, today: string) {
  const ids = await versionIds(actor.tenantId, doc.rootDocumentId);
  const items = (await batchGet(ids.map((id) => documentKey(actor.tenantId, id)))) as (DocumentItem | undefined)[];
  const versions = items
    .filter((d): d is DocumentItem => !!d)
    .map((d) => ({
      id: d.id,
      version: d.docVersion,
      fileName: d.fileName,
      fileSize: d.fileSize,
      uploadedBy: d.uploadedBy ?? null,
      createdAt: d.createdAt,
      isLatest: d.isLatest,
    }));
  return { ...toDocumentApi(doc, today), versions };
}
