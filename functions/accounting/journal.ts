import { toMinor } from '../../shared/money';
import { calendarDateInZone } from '../../shared/regions';
import { reversalLines, type JournalLine } from '../../shared/accounting/journal';
import type { CreateJournalEntryBody } from '../../shared/schemas/accounting';
import { auditItem } from '../lib/data/audit';
import type { AuditActor } from '../lib/actor';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { getItem, queryPage, tx } from '../lib/data/repo';
import { conflict, notFound } from '../lib/errors';
import { readCompany } from './deps';
import { conflictReversed, postJournal } from './engine';
import { entryToApi, journalByDatePk, journalBySourcePk, journalKey, type JournalItem } from './model';
import { readAccounts } from './setup';
import { checkAttachments, withDownloadUrls } from './attachments';

/** Manual journal entries, reversals and reading the journal. */
export async function accountNames(tenantId: string) {
  return new Map((await readAccounts(tenantId)).map((a) => [a.id, a]));
}

export async function createManualEntry(
  actor: AuditActor & { userId: string },
  body: CreateJournalEntryBody,
  idempotencyKey?: string,
) {
  return runIdempotent(actor.tenantId, 'journal', idempotencyKey, async (record) => {
    await checkAttachments(actor.tenantId, body.attachments);
    const lines: JournalLine[] = body.lines.map((l) => ({
      accountId: l.accountId,
      debitMinor: l.type === 'debit' ? toMinor(l.amount) : 0,
      creditMinor: l.type === 'credit' ? toMinor(l.amount) : 0,
      vatCode: l.vatCode ?? null,
      party: l.party ?? null,
      memo: l.description ?? null,
    }));
    const accounts = await accountNames(actor.tenantId);
    let stored: StoredResponse | undefined;
    await postJournal(
      actor.tenantId,
      {
        date: body.date,
        description: body.description,
        reference: body.reference ?? null,
        source: 'manual',
        lines,
        createdBy: actor.userId,
        attachments: body.attachments,
      },
      (e) => {
        stored = { status: 201, body: entryToApi(e, accounts) };
        return [
          tx.putNew(
            auditItem(actor, 'accounting.journal.post', 'journal', e.id, {
              after: { entryNumber: e.entryNumber, total: e.totalMinor / 100 },
            }),
          ),
          ...record(stored),
        ];
      },
    );
    return stored!;
  });
}

export async function getEntryOr404(tenantId: string, id: string): Promise<JournalItem> {
  const e = /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)
    ? ((await getItem(journalKey(tenantId, id), true)) as JournalItem | undefined)
    : undefined;
  if (!e) throw notFound('Journal entry not found');
  return e;
}

export async function getEntry(tenantId: string, id: string) {
  const entry = entryToApi(await getEntryOr404(tenantId, id), await accountNames(tenantId));
  return { ...entry, attachments: await withDownloadUrls(entry.attachments) };
}

export async function reverseEntry(
  actor: AuditActor & { userId: string },
  id: string,
  body: { date?: string; reason?: string },
  idempotencyKey?: string,
) {
  return runIdempotent(actor.tenantId, `journal-reverse:${id}`, idempotencyKey, async (record) => {
    const original = await getEntryOr404(actor.tenantId, id);
    if (original.reversalOfId)
      throw conflict('A reversal cannot be reversed; post a new entry instead', undefined, 'INVALID_REVERSAL');
    if (original.reversedById) throw conflictReversed();
    const date = body.date ?? calendarDateInZone(new Date(), (await readCompany(actor.tenantId)).timezone);
    const accounts = await accountNames(actor.tenantId);
    let stored: StoredResponse | undefined;
    try {
      await postJournal(
        actor.tenantId,
        {
          date,
          description: `Reversal of ${original.entryNumber}${body.reason ? `: ${body.reason}` : ''}`,
          reference: original.entryNumber,
          source: original.source,
          sourceId: original.sourceId,
          lines: reversalLines(original.lines),
          createdBy: actor.userId,
          reversalOfId: original.id,
        },
        (e) => {
          stored = { status: 201, body: entryToApi(e, accounts) };
          return [
            tx.putNew(auditItem(actor, 'accounting.journal.reverse', 'journal', original.id, { note: body.reason })),
            ...record(stored),
          ];
        },
      );
    } catch (err) {
      // The conditional link on the original lost: someone reversed it meanwhile.
      if ((await getEntryOr404(actor.tenantId, id)).reversedById) throw conflictReversed();
      throw err;
    }
    return stored!;
  });
}

export interface ListEntriesQuery {
  source?: string;
  from?: string;
  to?: string;
  accountId?: string;
  q?: string;
  limit: number;
  cursor?: string;
}

/** One Query page: by date (gsi1) or by source (gsi2), newest date first; account and text filter the page. */
export async function listEntries(tenantId: string, query: ListEntriesQuery) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  if (query.accountId) {
    parts.push('contains(#acc, :acc)');
    names['#acc'] = 'accountIds';
    values[':acc'] = query.accountId;
  }
  if (query.q) {
    parts.push('contains(#s, :q)');
    names['#s'] = 'searchText';
    values[':q'] = query.q.toLowerCase();
  }
  const page = await queryPage<JournalItem>({
    tenantId,
    pk: query.source ? journalBySourcePk(tenantId, query.source) : journalByDatePk(tenantId),
    index: query.source ? 'gsi2' : 'gsi1',
    skBetween: [query.from ?? '0000-00-00', `${query.to ?? '9999-12-31'}#\uffff`],
    limit: query.limit,
    cursor: query.cursor,
    forward: false,
    filter: parts.length ? { expression: parts.join(' AND '), names, values } : undefined,
    signature: [query.source, query.from, query.to, query.accountId, query.q],
  });
  const accounts = await accountNames(tenantId);
  return { items: page.items.map((e) => entryToApi(e, accounts)), nextCursor: page.nextCursor };
}
