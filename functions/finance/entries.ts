import { ulid } from 'ulid';
import { FINANCE_CATEGORIES, FINANCE_MESSAGES, MONEY_ACCOUNT_CODES, type CreateFinanceEntryBody } from '../../shared/schemas/finance';
import { calendarDateInZone } from '../../shared/regions';
import { fromMinor, toMinor } from '../../shared/money';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { entityKey, tenantPk } from '../lib/data/keys';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { queryPage, transact, tx, type Item } from '../lib/data/repo';
import { companyTimezone, readCompanySettings } from '../lib/company-settings';
import { validationFailed } from '../lib/errors';
import { accountIdsByCode, journalItems } from './deps';

/**
 * Finance entries (issue 10): income or expense of the company outside rentals, paid from or into
 * the cash box, petty cash or the bank. An entry is a view of its journal entry: the item and the
 * journal (money account against the category's income/expense account) are written in ONE
 * transaction through accounting/api; balances come from the GL. Entries are never edited —
 * a correction is a reversal in the journal.
 *
 * Items: pk `T#{t}#FINANCE_ENTRY`, sk `{id}` (ULID: newest first when read backwards).
 */
const entryKey = (tenantId: string, id: string) => entityKey(tenantId, 'FINANCE_ENTRY', id);

export async function createFinanceEntry(actor: Actor, body: CreateFinanceEntryBody, idempotencyKey?: string): Promise<StoredResponse> {
  const { tenantId } = actor;
  return runIdempotent(tenantId, 'finance-entry', idempotencyKey, async (record) => {
    const categoryCode = (FINANCE_CATEGORIES[body.type] as Record<string, string>)[body.category];
    if (!categoryCode) throw validationFailed({ category: FINANCE_MESSAGES.categoryInvalid }, FINANCE_MESSAGES.fillRequired);
    const [ids, settings] = await Promise.all([accountIdsByCode(tenantId), readCompanySettings(tenantId)]);
    const money = ids[MONEY_ACCOUNT_CODES[body.account]];
    const other = ids[categoryCode];
    if (!money || !other) throw validationFailed({ category: FINANCE_MESSAGES.categoryInvalid }, FINANCE_MESSAGES.fillRequired);
    const amountMinor = toMinor(body.amount);
    const id = ulid();
    const now = new Date().toISOString();
    const date = body.date ?? calendarDateInZone(new Date(), companyTimezone(settings));
    const income = body.type === 'income';
    const journal = await journalItems(tenantId, {
      date, description: `${income ? 'Income' : 'Expense'}: ${body.category.replace(/_/g, ' ')}${body.notes ? ` — ${body.notes}` : ''}`,
      reference: null, source: 'finance', sourceId: id, createdBy: actor.userId,
      lines: [
        { accountId: money, debitMinor: income ? amountMinor : 0, creditMinor: income ? 0 : amountMinor },
        { accountId: other, debitMinor: income ? 0 : amountMinor, creditMinor: income ? amountMinor : 0 },
      ],
    });
    const journalEntryId = String((journal.find((i) => (i.Put?.Item as Item | undefined)?.entityType === 'JOURNAL_ENTRY')?.Put?.Item as Item | undefined)?.id ?? '');
    const item: Item = {
      ...entryKey(tenantId, id), entityType: 'FINANCE_ENTRY', id, tenantId, type: body.type, amountMinor, category: body.category,
      notes: body.notes ?? null, date, account: body.account, journalEntryId, createdBy: actor.userId, createdAt: now,
    };
    const response = { status: 201, body: toApi(item) };
    await transact([
      ...journal,
      tx.putNew(item),
      tx.putNew(auditItem(actor, 'finance.entry', 'finance_entry', id, { after: { type: body.type, amount: body.amount, category: body.category, account: body.account } })),
      ...record(response),
    ]);
    return response;
  });
}

export function toApi(item: Item) {
  return {
    id: String(item.id), type: item.type as 'income' | 'expense', amount: fromMinor(Number(item.amountMinor)), category: String(item.category),
    notes: (item.notes as string | null) ?? null, date: String(item.date), account: item.account as 'cash_box' | 'petty_cash' | 'bank',
    journalEntryId: String(item.journalEntryId ?? ''), createdAt: String(item.createdAt),
  };
}

export async function listFinanceEntries(tenantId: string, query: { type?: 'income' | 'expense'; limit: number; cursor?: string }) {
  const page = await queryPage<Item>({
    tenantId, pk: tenantPk(tenantId, 'FINANCE_ENTRY'), forward: false, limit: query.limit, cursor: query.cursor, signature: [query.type],
    filter: query.type ? { expression: '#t = :t', names: { '#t': 'type' }, values: { ':t': query.type } } : undefined,
  });
  return { items: page.items.map(toApi), nextCursor: page.nextCursor };
}
