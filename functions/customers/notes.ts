import { ulid } from 'ulid';
import type { NoteVisibility } from '../../shared/schemas/customers';
import { auditItem } from '../lib/data/audit';
import type { Actor } from '../lib/actor';
import { sortKey, tenantPk } from '../lib/data/keys';
import { queryPage, toEntity, transact, tx, type Item } from '../lib/data/repo';

/**
 * Customer notes: pk `T#{t}#CUSTOMER_NOTE#{customerId}`, sk `{ulid}` (newest first when read
 * backwards). Notes are never edited or deleted: they are a record of what staff were told.
 *
 * Visibility (the spec lists internal, staff_only, public without saying who sees what; decided):
 * - internal: managers only (OWNER, ADMIN, SUPERADMIN) — e.g. disputes, credit decisions;
 * - staff_only: everyone at the company who works with customers;
 * - public: may be shared with the customer (e.g. printed on paperwork).
 * Front-desk STAFF neither see nor write internal notes.
 */
export const notesPk = (tenantId: string, customerId: string) => tenantPk(tenantId, 'CUSTOMER_NOTE', customerId);

export interface NoteApi {
  id: string;
  customerId: string;
  content: string;
  visibility: NoteVisibility;
  authorId: string | null;
  authorName: string | null;
  createdAt: string;
}

const toNoteApi = (item: Item): NoteApi => {
  const e = toEntity<Record<string, unknown>>(item)!;
  return {
    id: String(e.id),
    customerId: String(e.customerId),
    content: String(e.content),
    visibility: e.visibility as NoteVisibility,
    authorId: (e.authorId as string) ?? null,
    authorName: (e.authorName as string) ?? null,
    createdAt: String(e.createdAt),
  };
};

export async function listNotes(
  tenantId: string,
  customerId: string,
  q: { limit: number; cursor?: string },
  includeInternal: boolean,
) {
  const page = await queryPage<Item>({
    tenantId,
    pk: notesPk(tenantId, customerId),
    forward: false,
    limit: q.limit,
    cursor: q.cursor,
    filter: includeInternal
      ? undefined
      : { expression: '#vis <> :internal', names: { '#vis': 'visibility' }, values: { ':internal': 'internal' } },
    signature: ['notes', includeInternal],
  });
  return { items: page.items.map(toNoteApi), nextCursor: page.nextCursor };
}

export async function addNote(
  actor: Actor,
  customerId: string,
  input: { content: string; visibility: NoteVisibility },
): Promise<NoteApi> {
  const id = ulid();
  const now = new Date().toISOString();
  const item: Item = {
    pk: notesPk(actor.tenantId, customerId),
    sk: sortKey(id),
    entityType: 'CUSTOMER_NOTE',
    id,
    customerId,
    content: input.content,
    visibility: input.visibility,
    authorId: actor.userId ?? null,
    authorName: actor.username ?? null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await transact([
    tx.putNew(item),
    tx.putNew(
      auditItem(actor, 'customer.note.add', 'customer', customerId, { note: `visibility ${input.visibility}` }),
    ),
  ]);
  return toNoteApi(item);
}
