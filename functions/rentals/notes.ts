import { auditItem } from '../lib/data/audit';
import type { Actor } from '../lib/actor';
import { queryPage, transact, tx } from '../lib/data/repo';
import { noteItem, notePk, toApi, type RentalItem } from './data';

/** Notes on a rental (internal, staff_only, public), newest first. */
export async function listRentalNotes(tenantId: string, rentalId: string) {
  const page = await queryPage({ tenantId, pk: notePk(tenantId, rentalId), limit: 100, forward: false });
  return { items: page.items.map((i) => toApi(i)), nextCursor: page.nextCursor };
}

export async function addRentalNote(actor: Actor, rental: RentalItem, body: { content: string; visibility: string }) {
  const note = noteItem(actor.tenantId, rental.id, body, actor, new Date().toISOString());
  await transact([
    tx.putNew(note),
    tx.putNew(auditItem(actor, 'rental.note', 'rental', rental.id, { note: `visibility ${body.visibility}` })),
  ]);
  return toApi(note);
}
