import { ulid } from 'ulid';
import { ACCOUNT_CODES } from '../../shared/accounting/codes';
import {
  JOURNAL_MESSAGES,
  JOURNAL_NUMBER_START,
  journalNumber,
  lineTotals,
  shardOf,
  totalsByAccount,
  validateJournalLines,
  vatTotalsOf,
  type JournalLine,
  type JournalSource,
  type Party,
} from '../../shared/accounting/journal';
import { vatCodeInfo } from '../../shared/accounting/vat';
import { sortKey, type Key } from '../lib/data/keys';
import { batchGet, transact, tx, updateRaw, type Item, type TransactItem } from '../lib/data/repo';
import { retryOnConflict } from '../lib/data/counters';
import { HttpError, badRequest, conflict, fillTemplate, validationFailed } from '../lib/errors';
import { formatDate } from '../../shared/regions';
import {
  accountKey,
  accountShardKey,
  dayBucketPk,
  glLinePk,
  journalByDatePk,
  journalBySourcePk,
  journalCounterKey,
  journalKey,
  monthBucketPk,
  partyAttr,
  partyKey,
  settingsKey,
  vatDayPk,
  vatMonthPk,
  type AccountItem,
  type AccountingSettingsItem,
  type JournalItem,
  type StoredLine,
} from './model';
import { ensureAccounting } from './setup';

/**
 * THE journal engine (DESIGN.md §14). Every caller — manual entries, rentals, later invoices,
 * deposits, maintenance… — gets its entry's transaction items from `prepareJournal` and writes
 * them in its OWN transaction with its business change, or calls `postJournal` for a standalone
 * entry. Enforced for every caller:
 * - ≥ 2 lines, each debit xor credit > 0 in integer minor units, debits = credits (400);
 * - accounts exist, are active and leaves of this company: checked on read for a clear message,
 *   and IN the transaction by the condition on the account's balance shard (see model.ts);
 * - nothing dated on or before the lock date (409), no VAT line in a filed VAT period (409): checked on
 *   read and by the same shard condition;
 * - append-only: entries are put with attribute_not_exists; a reversal is a new entry with the
 *   lines swapped, linked both ways (the original's `reversedById` is set once, conditionally);
 * - entry numbers JE-n from an atomic counter ADDed OUTSIDE the transaction: unique and
 *   increasing, gaps when a transaction fails, and no queue behind one hot item.
 */
export interface JournalDraft {
  date: string;
  description: string;
  reference?: string | null;
  source: JournalSource;
  sourceId?: string | null;
  lines: JournalLine[];
  createdBy: string | null;
  reversalOfId?: string | null;
  attachments?: { key: string; name: string }[];
}

export interface PartyGuard {
  party: Party;
  /** What the caller read: the party item exists (and is complete) or not; the write is conditioned on it. */
  state: 'absent' | 'complete' | { postedThrough: string };
  /** Marks the party's history fully posted (rentals: every ledger entry up to now is in the GL). */
  complete?: boolean;
  postedThrough?: string;
}

export interface PreparedJournal {
  entry: JournalItem;
  items: TransactItem[];
}

/**
 * The next entry number: an atomic ADD outside any transaction (unique, increasing; a failed
 * posting leaves a gap). Callers on a hot path start it in parallel with their reads.
 */
export async function reserveEntryNumber(tenantId: string): Promise<string> {
  const counter = await updateRaw({
    Key: journalCounterKey(tenantId),
    UpdateExpression: 'SET entityType = :et ADD #v :one',
    ExpressionAttributeNames: { '#v': 'value' },
    ExpressionAttributeValues: { ':one': 1, ':et': 'COUNTER' },
    ReturnValues: 'UPDATED_NEW',
  });
  return journalNumber(JOURNAL_NUMBER_START - 1 + Number(counter?.value ?? 1));
}

/** DynamoDB's limit on one transaction, minus room for the caller's own items. */
const MAX_JOURNAL_ITEMS = 90;

/**
 * A posting dated on or before the lock date (inclusive: "locked through 27/11" refuses 27/11).
 * The message names the date in the company's date format (DD/MM/YYYY or MM/DD/YYYY by region);
 * the web shows the same message in Arabic from `details` (template + params).
 */
export function lockedPeriodError(lockDate: string, region: string) {
  const params = { date: formatDate(lockDate, region) };
  const message = fillTemplate(JOURNAL_MESSAGES.lockedPeriod, params);
  return new HttpError(409, 'PERIOD_LOCKED', message, { date: message }, undefined, {
    template: JOURNAL_MESSAGES.lockedPeriod,
    params,
  });
}

/** The lock guards the lock date itself: a posting dated `date` is refused when `date <= lockDate`. */
export const isLocked = (lockDate: string | null | undefined, date: string) => !!lockDate && date <= lockDate;

/**
 * Checks the draft against the rules and the company's settings and builds the entry's items.
 * `accounts` (read by the caller, consistently) gives clear messages for missing, inactive or
 * group accounts; without it the transaction conditions still refuse them.
 */
export async function prepareJournal(
  tenantId: string,
  settings: AccountingSettingsItem,
  draft: JournalDraft,
  opts: {
    accounts?: Map<string, AccountItem>;
    parties?: PartyGuard[];
    id?: string;
    entryNumber?: Promise<string>;
    bulk?: BulkBooks;
  } = {},
): Promise<PreparedJournal> {
  const problems = validateJournalLines(draft.lines);
  if (problems.length) {
    const main = problems.find((p) => p.field === 'lines') ?? problems[0];
    throw validationFailed(Object.fromEntries(problems.map((p) => [p.field, p.message])), main.message);
  }
  if (isLocked(settings.lockDate, draft.date)) throw lockedPeriodError(settings.lockDate!, settings.region);
  const hasVat = draft.lines.some((l) => l.vatCode);
  if (hasVat && settings.vatFiledThrough && draft.date <= settings.vatFiledThrough) {
    throw new HttpError(409, 'PERIOD_LOCKED', `${JOURNAL_MESSAGES.vatLockedPeriod} (${settings.vatFiledThrough})`, {
      date: JOURNAL_MESSAGES.vatLockedPeriod,
    });
  }
  const fields: Record<string, string> = {};
  draft.lines.forEach((l, i) => {
    if (l.vatCode && vatCodeInfo(l.vatCode)?.region !== settings.region)
      fields[`lines.${i}.vatCode`] = JOURNAL_MESSAGES.unknownVatCode;
    const a = opts.accounts?.get(l.accountId);
    if (opts.accounts && !a) fields[`lines.${i}.accountId`] = JOURNAL_MESSAGES.accountNotFound;
    else if (a?.isGroup) fields[`lines.${i}.accountId`] = JOURNAL_MESSAGES.accountIsGroup;
    else if (a && !a.isActive) fields[`lines.${i}.accountId`] = JOURNAL_MESSAGES.accountInactive;
  });
  if (Object.keys(fields).length) throw validationFailed(fields);

  const id = opts.id ?? ulid();
  // Bulk books have no concurrent writer: one shard keeps the seeded bucket count small.
  const shard = opts.bulk ? 0 : shardOf(id);
  const at = new Date().toISOString();
  const codeOf = new Map(Object.entries(settings.accountIds).map(([code, accId]) => [accId, code]));
  const taxAccounts = new Set(
    [settings.accountIds[ACCOUNT_CODES.vatInput], settings.accountIds[ACCOUNT_CODES.vatOutput]].filter(Boolean),
  );
  const lines: StoredLine[] = draft.lines.map((l, i) => ({
    lineNo: i + 1,
    accountId: l.accountId,
    accountCode: opts.accounts?.get(l.accountId)?.code ?? codeOf.get(l.accountId) ?? '',
    debitMinor: l.debitMinor,
    creditMinor: l.creditMinor,
    vatCode: l.vatCode ?? null,
    vatRatePercent: l.vatRatePercent ?? null,
    party: l.party ?? null,
    memo: l.memo ?? null,
  }));
  const byAccount = totalsByAccount(draft.lines);
  const vat = vatTotalsOf(draft.lines, (accId) => taxAccounts.has(accId));
  const counted =
    1 + lines.length + byAccount.size * 3 + vat.size * 2 + (opts.parties?.length ?? 0) + (draft.reversalOfId ? 1 : 0);
  if (counted > MAX_JOURNAL_ITEMS)
    throw badRequest('This entry has too many lines or accounts for one posting; split it into several entries', {
      lines: 'Too many lines for one entry',
    });

  const entryNumber = await (opts.entryNumber ?? reserveEntryNumber(tenantId));
  const total = lineTotals(draft.lines).debitMinor;
  const entry: JournalItem = {
    ...journalKey(tenantId, id),
    gsi1pk: journalByDatePk(tenantId),
    gsi1sk: sortKey(draft.date, id),
    gsi2pk: journalBySourcePk(tenantId, draft.source),
    gsi2sk: sortKey(draft.date, id),
    entityType: 'JOURNAL_ENTRY',
    id,
    entryNumber,
    date: draft.date,
    description: draft.description,
    reference: draft.reference ?? null,
    source: draft.source,
    sourceId: draft.sourceId ?? null,
    totalMinor: total,
    isPosted: true,
    reversalOfId: draft.reversalOfId ?? null,
    reversedById: null,
    lines,
    accountIds: [...byAccount.keys()],
    searchText: [entryNumber, draft.description, draft.reference ?? ''].join(' ').toLowerCase(),
    ...(draft.attachments?.length ? { attachments: draft.attachments } : {}),
    createdBy: draft.createdBy,
    createdAt: at,
  };

  const month = draft.date.slice(0, 7);
  const items: TransactItem[] = [tx.putNew(entry)];
  for (const l of lines) {
    items.push(
      tx.putNew({
        pk: glLinePk(tenantId, l.accountId),
        sk: sortKey(draft.date, id, String(l.lineNo).padStart(3, '0')),
        entityType: 'GL_LINE',
        entryId: id,
        entryNumber,
        date: draft.date,
        description: l.memo ?? draft.description,
        source: draft.source,
        sourceId: draft.sourceId ?? null,
        accountId: l.accountId,
        debitMinor: l.debitMinor,
        creditMinor: l.creditMinor,
        vatCode: l.vatCode,
        party: l.party,
      }),
    );
  }
  const bulk = opts.bulk;
  for (const [accountId, t] of byAccount) {
    if (bulk) {
      const amounts = { debitMinor: t.debitMinor, creditMinor: t.creditMinor };
      bulk.add(accountShardKey(tenantId, accountId, shard), { entityType: 'ACCOUNT_BALANCE', accountId }, amounts);
      bulk.add(
        { pk: monthBucketPk(tenantId), sk: sortKey(month, accountId, shard) },
        { entityType: 'GL_BUCKET', accountId },
        amounts,
      );
      bulk.add(
        { pk: dayBucketPk(tenantId), sk: sortKey(draft.date, accountId, shard) },
        { entityType: 'GL_BUCKET', accountId },
        amounts,
      );
      continue;
    }
    const add = { ':d': t.debitMinor, ':c': t.creditMinor, ':a': accountId };
    const vatGuard = hasVat ? ' AND (attribute_not_exists(vatFiledThrough) OR vatFiledThrough < :date)' : '';
    items.push(
      tx.raw('Update', {
        Key: accountShardKey(tenantId, accountId, shard),
        UpdateExpression: 'SET entityType = :et, accountId = :a ADD debitMinor :d, creditMinor :c',
        ConditionExpression: `attribute_not_exists(inactive) AND (attribute_not_exists(lockDate) OR lockDate < :date)${vatGuard}`,
        ExpressionAttributeValues: { ...add, ':et': 'ACCOUNT_BALANCE', ':date': draft.date },
      }),
    );
    for (const [pk, period] of [
      [monthBucketPk(tenantId), month],
      [dayBucketPk(tenantId), draft.date],
    ] as const) {
      items.push(
        tx.raw('Update', {
          Key: { pk, sk: sortKey(period, accountId, shard) },
          UpdateExpression: 'SET entityType = :et, accountId = :a ADD debitMinor :d, creditMinor :c',
          ExpressionAttributeValues: { ...add, ':et': 'GL_BUCKET' },
        }),
      );
    }
  }
  for (const [code, t] of vat) {
    if (bulk) {
      for (const [pk, period] of [
        [vatMonthPk(tenantId), month],
        [vatDayPk(tenantId), draft.date],
      ] as const) {
        bulk.add(
          { pk, sk: sortKey(period, code, shard) },
          { entityType: 'VAT_BUCKET', vatCode: code },
          { baseMinor: t.baseMinor, taxMinor: t.taxMinor },
        );
      }
      continue;
    }
    for (const [pk, period] of [
      [vatMonthPk(tenantId), month],
      [vatDayPk(tenantId), draft.date],
    ] as const) {
      items.push(
        tx.raw('Update', {
          Key: { pk, sk: sortKey(period, code, shard) },
          UpdateExpression: 'SET entityType = :et, vatCode = :code ADD baseMinor :b, taxMinor :t',
          ExpressionAttributeValues: { ':et': 'VAT_BUCKET', ':code': code, ':b': t.baseMinor, ':t': t.taxMinor },
        }),
      );
    }
  }
  for (const guard of opts.parties ?? []) {
    if (bulk) bulk.addParty(tenantId, guard, lines, at);
    else items.push(partyUpdate(tenantId, guard, lines, at));
  }
  if (draft.reversalOfId) {
    items.push(
      tx.raw('Update', {
        Key: journalKey(tenantId, draft.reversalOfId),
        UpdateExpression: 'SET reversedById = :id',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_type(reversedById, :null) AND attribute_type(reversalOfId, :null)',
        ExpressionAttributeValues: { ':id': id, ':null': 'NULL' },
      }),
    );
  }
  if (bulk) bulk.puts.push(...items.filter((i) => i.Put).map((i) => (i.Put as unknown as { Item: Item }).Item));
  return { entry, items: bulk ? [] : items };
}

/** ADDs the party's net per account; conditioned on what the caller read (see PartyGuard). */
export function partyUpdate(tenantId: string, guard: PartyGuard, lines: StoredLine[], at: string): TransactItem {
  const key = partyKey(tenantId, guard.party);
  const net = new Map<string, number>();
  for (const l of lines) {
    if (l.party?.type !== guard.party.type || l.party.id !== guard.party.id) continue;
    net.set(l.accountId, (net.get(l.accountId) ?? 0) + l.debitMinor - l.creditMinor);
  }
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':et': 'GL_PARTY',
    ':type': guard.party.type,
    ':pid': guard.party.id,
    ':at': at,
  };
  const adds: string[] = [];
  [...net.entries()].forEach(([accountId, n], i) => {
    names[`#a${i}`] = partyAttr(accountId);
    values[`:n${i}`] = n;
    adds.push(`#a${i} :n${i}`);
  });
  const sets = ['entityType = :et', 'partyType = :type', 'partyId = :pid', 'updatedAt = :at'];
  if (guard.complete) {
    sets.push('complete = :true');
    values[':true'] = true;
  }
  if (guard.postedThrough) {
    sets.push('postedThrough = :through');
    values[':through'] = guard.postedThrough;
  }
  let condition: string;
  if (guard.state === 'absent') condition = 'attribute_not_exists(pk)';
  else if (guard.state === 'complete') {
    condition = 'complete = :isTrue';
    values[':isTrue'] = true;
  } else {
    condition = 'postedThrough = :prev AND attribute_not_exists(complete)';
    values[':prev'] = guard.state.postedThrough;
  }
  return tx.raw('Update', {
    Key: key,
    UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
    ConditionExpression: condition,
    ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
    ExpressionAttributeValues: values,
  });
}

/**
 * Bulk writing for a company's first books (the demo seed): the same entries, lines and
 * buckets as the transactional path, but bucket and party amounts are summed in memory and each
 * item is written once. Only for books nobody else writes to at the same time.
 */
export class BulkBooks {
  readonly puts: Item[] = [];
  private readonly sums = new Map<string, { key: Key; set: Record<string, unknown>; add: Record<string, number> }>();

  add(key: Key, set: Record<string, unknown>, add: Record<string, number>): void {
    const id = `${key.pk}|${key.sk}`;
    const cur = this.sums.get(id) ?? { key, set: {}, add: {} };
    cur.set = { ...cur.set, ...set };
    for (const [k, v] of Object.entries(add)) cur.add[k] = (cur.add[k] ?? 0) + v;
    this.sums.set(id, cur);
  }

  addParty(tenantId: string, guard: PartyGuard, lines: StoredLine[], at: string): void {
    const add: Record<string, number> = {};
    for (const l of lines) {
      if (l.party?.type !== guard.party.type || l.party.id !== guard.party.id) continue;
      add[partyAttr(l.accountId)] = (add[partyAttr(l.accountId)] ?? 0) + l.debitMinor - l.creditMinor;
    }
    this.add(
      partyKey(tenantId, guard.party),
      {
        entityType: 'GL_PARTY',
        partyType: guard.party.type,
        partyId: guard.party.id,
        updatedAt: at,
        ...(guard.complete ? { complete: true } : {}),
      },
      add,
    );
  }

  items(): Item[] {
    return [...this.puts, ...[...this.sums.values()].map((s) => ({ ...s.key, ...s.set, ...s.add }))];
  }
}

/** Reads the accounts of a draft's lines (consistently) for the engine's clear messages. */
export async function readLineAccounts(
  tenantId: string,
  lines: readonly Pick<JournalLine, 'accountId'>[],
): Promise<Map<string, AccountItem>> {
  const ids = [...new Set(lines.map((l) => l.accountId))].filter((id) => /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id));
  const found = ids.length ? await batchGet(ids.map((id) => accountKey(tenantId, id))) : [];
  return new Map(found.filter((a): a is AccountItem => !!a).map((a) => [a.id, a as AccountItem]));
}

/** A standalone entry (manual journal, opening balances…): its own transaction, retried on a lost race. */
export async function postJournal(
  tenantId: string,
  draft: JournalDraft,
  extra: (entry: JournalItem) => TransactItem[] = () => [],
): Promise<JournalItem> {
  return retryOnConflict(async () => {
    const settings = await ensureAccounting(tenantId);
    const accounts = await readLineAccounts(tenantId, draft.lines);
    const { entry, items } = await prepareJournal(tenantId, settings, draft, { accounts });
    await transact([...items, ...extra(entry)]);
    return entry;
  }, 12);
}

export { settingsKey };
export const conflictReversed = () => conflict(JOURNAL_MESSAGES.alreadyReversed, undefined, 'INVALID_REVERSAL');
