import { FINANCE_MESSAGES } from '../../shared/schemas/finance';
import { calendarDateInZone } from '../../shared/regions';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { entityKey } from '../lib/data/keys';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { getItem, transact, tx, type Item, type TransactItem } from '../lib/data/repo';
import { companyTimezone, readCompanySettings } from '../lib/company-settings';
import { conflict, isConditionFailure, notFound } from '../lib/errors';
import { reversalJournalItems } from './deps';

/**
 * What finance entries and transfers share: each is a view of one journal entry, written with it
 * in one transaction (with its audit line and Idempotency-Key record), and never edited — a
 * correction is the reversal of its journal entry, written with the item's `reversedAt` (set
 * once, conditionally) in one transaction.
 */
export type MovementKind = 'FINANCE_ENTRY' | 'FINANCE_TRANSFER';

/** The id of the journal entry among a posting's items. */
export const journalEntryIdOf = (items: TransactItem[]) =>
  String(
    (
      items.find((i) => (i.Put?.Item as Item | undefined)?.entityType === 'JOURNAL_ENTRY')?.Put?.Item as
        | Item
        | undefined
    )?.id ?? '',
  );

/** Today in the company's time zone (the default date of entries, transfers and reversals). */
export const companyDay = async (tenantId: string) =>
  calendarDateInZone(new Date(), companyTimezone(await readCompanySettings(tenantId)));

/** Writes a new movement item with its journal, audit line and idempotency record; answers 201 with `toApi(item)`. */
export async function writeMovement(
  actor: Actor,
  item: Item,
  journal: TransactItem[],
  audit: { action: string; entity: string; after: unknown },
  record: (r: StoredResponse) => TransactItem[],
  toApi: (i: Item) => unknown,
): Promise<StoredResponse> {
  const response = { status: 201, body: toApi(item) };
  await transact([
    ...journal,
    tx.putNew(item),
    tx.putNew(auditItem(actor, audit.action, audit.entity, String(item.id), { after: audit.after })),
    ...record(response),
  ]);
  return response;
}

/** POST …/{id}/reverse: posts the reversal of the movement's journal entry and marks the movement reversed. */
export async function reverseMovement(
  actor: Actor,
  kind: MovementKind,
  id: string,
  reason: string | undefined,
  idempotencyKey: string | undefined,
  toApi: (i: Item) => unknown,
): Promise<StoredResponse> {
  const { tenantId } = actor;
  return runIdempotent(tenantId, `finance-reverse:${id}`, idempotencyKey, async (record) => {
    const key = entityKey(tenantId, kind, id);
    const item = await getItem(key, true);
    if (!item) throw notFound('Not found');
    if (item.reversedAt) throw conflict(FINANCE_MESSAGES.alreadyReversed, undefined, 'INVALID_REVERSAL');
    const date = await companyDay(tenantId);
    const what = kind === 'FINANCE_ENTRY' ? 'finance entry' : 'transfer';
    const journal = await reversalJournalItems(tenantId, String(item.journalEntryId), {
      date,
      description: `Reversal of ${what}${reason ? `: ${reason}` : ''}`,
      createdBy: actor.userId,
    });
    const reversalEntryId = journalEntryIdOf(journal);
    const now = new Date().toISOString();
    const after = { ...item, reversedAt: now, reversalEntryId, reversalReason: reason ?? null };
    const response = { status: 200, body: toApi(after) };
    try {
      await transact([
        ...journal,
        tx.raw('Update', {
          Key: key,
          UpdateExpression: 'SET reversedAt = :now, reversalEntryId = :r, reversalReason = :why',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(reversedAt)',
          ExpressionAttributeValues: { ':now': now, ':r': reversalEntryId, ':why': reason ?? null },
        }),
        tx.putNew(
          auditItem(
            actor,
            `finance.${kind === 'FINANCE_ENTRY' ? 'entry' : 'transfer'}.reverse`,
            kind.toLowerCase(),
            id,
            { note: reason },
          ),
        ),
        ...record(response),
      ]);
    } catch (err) {
      if (isConditionFailure(err) && (await getItem(key, true))?.reversedAt)
        throw conflict(FINANCE_MESSAGES.alreadyReversed, undefined, 'INVALID_REVERSAL');
      throw err;
    }
    return response;
  });
}
