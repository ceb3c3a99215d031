import { fromMinor } from '../../shared/money';
import type { AccountType } from '../../shared/accounting/chart';
import type { JournalSource, Party } from '../../shared/accounting/journal';
import { entityKey, keys, sortKey, tenantPk, type Key } from '../lib/data/keys';
import { tx, type Item, type TransactItem } from '../lib/data/repo';

/**
 * Accounting data layout (single table). Every item's pk starts with `T#{t}#`.
 *
 * - Settings: `T#{t}#ACCOUNTING` / `SETTINGS`: region and VAT codes at setup, `accountIds`
 *   (code → account id; codes never change, so this map is safe to cache), payment method →
 *   account id mappings, `lockDate`, `vatFiledThrough`, `version`.
 * - Account: `T#{t}#ACCOUNT` / `{id}` (ULID). Code uniqueness: `T#{t}#ACCOUNT_CODE` / `{code}`.
 * - Account shard: `T#{t}#ACCOUNT_BALANCE` / `{accountId}#{shard}` — lifetime debit/credit of
 *   one shard of one account, ADDed by every posting in the posting's transaction, and THE
 *   posting guard: the ADD carries the condition `inactive` absent and `lockDate` < the entry's
 *   date. Deactivating an account or setting the lock date writes those attributes on all its
 *   shards, so the check is in the transaction without making one item hot.
 * - Month bucket: `T#{t}#GL_MONTH` / `{yyyy-mm}#{accountId}#{shard}`, day bucket
 *   `T#{t}#GL_DAY` / `{yyyy-mm-dd}#{accountId}#{shard}`: debit/credit ADDed per posting. Reports
 *   read whole months from month buckets and partial months from day buckets (bounded by
 *   accounts × periods × shards, never by the number of entries).
 * - VAT buckets: `T#{t}#VAT_MONTH` / `{yyyy-mm}#{code}#{shard}` and `T#{t}#VAT_DAY` /
 *   `{yyyy-mm-dd}#{code}#{shard}`: base and tax (credit − debit) per VAT code.
 * - Journal entry: `T#{t}#JOURNAL` / `{id}` with its lines; gsi1 `T#{t}#JOURNAL_BY_DATE` /
 *   `{date}#{id}` (list by date), gsi2 `T#{t}#JOURNAL_SOURCE#{source}` / `{date}#{id}`.
 * - GL line: `T#{t}#GL_LINE#{accountId}` / `{date}#{entryId}#{lineNo}`: the general ledger of one
 *   account for a period is one Query on its partition between two dates, paged.
 * - Party balance: `T#{t}#GL_PARTY` / `{type}#{id}`: per account net (debit − credit) of the
 *   lines naming that party (a rental), ADDed in the posting's transaction. The self-check
 *   compares it with the rental's sub-ledger in one Query.
 * - Entry numbers: counter `T#{t}#COUNTER` / `JOURNAL`, ADDed outside the transaction (gaps
 *   allowed, so postings never queue behind one counter).
 */
export const settingsKey = (tenantId: string): Key => ({ pk: tenantPk(tenantId, 'ACCOUNTING'), sk: 'SETTINGS' });
/**
 * The self-check's stored answer, beside the settings: `T#{t}#ACCOUNTING` / `SELF_CHECK` — the latest finished
 * run's checks (`checks`, `checkedAt`, `resultTaskId`, `resultCreatedAt`) and the latest run started
 * (`latestTaskId`, `latestCreatedAt`), so GET /accounting/self-check is one item and at most one task read.
 */
export const selfCheckKey = (tenantId: string): Key => ({ pk: tenantPk(tenantId, 'ACCOUNTING'), sk: 'SELF_CHECK' });
export const accountKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'ACCOUNT', id);
export const accountPk = (tenantId: string) => tenantPk(tenantId, 'ACCOUNT');
export const accountCodeKey = (tenantId: string, code: string): Key => entityKey(tenantId, 'ACCOUNT_CODE', code);
export const accountShardKey = (tenantId: string, accountId: string, shard: number): Key => ({
  pk: tenantPk(tenantId, 'ACCOUNT_BALANCE'),
  sk: sortKey(accountId, shard),
});
export const accountShardPk = (tenantId: string) => tenantPk(tenantId, 'ACCOUNT_BALANCE');
export const monthBucketPk = (tenantId: string) => tenantPk(tenantId, 'GL_MONTH');
export const dayBucketPk = (tenantId: string) => tenantPk(tenantId, 'GL_DAY');
export const vatMonthPk = (tenantId: string) => tenantPk(tenantId, 'VAT_MONTH');
export const vatDayPk = (tenantId: string) => tenantPk(tenantId, 'VAT_DAY');
export const journalKey = (tenantId: string, id: string): Key => entityKey(tenantId, 'JOURNAL', id);
export const journalByDatePk = (tenantId: string) => tenantPk(tenantId, 'JOURNAL_BY_DATE');
export const journalBySourcePk = (tenantId: string, source: string) =>
  tenantPk(tenantId, 'JOURNAL_SOURCE', source.toUpperCase());
export const glLinePk = (tenantId: string, accountId: string) => tenantPk(tenantId, 'GL_LINE', accountId);
export const partyKey = (tenantId: string, party: Party): Key => ({
  pk: tenantPk(tenantId, 'GL_PARTY'),
  sk: sortKey(party.type.toUpperCase(), party.id),
});
export const partyPk = (tenantId: string) => tenantPk(tenantId, 'GL_PARTY');
export const journalCounterKey = (tenantId: string): Key => keys.counter(tenantId, 'JOURNAL');
/** Attribute of a party item holding one account's net. */
export const partyAttr = (accountId: string) => `a_${accountId}`;

export interface AccountingSettingsItem extends Item {
  region: string;
  accountIds: Record<string, string>;
  methodAccounts: Record<string, string>;
  lockDate: string | null;
  vatFiledThrough: string | null;
  chartVersion: number;
  version: number;
}

export interface AccountItem extends Item {
  entityType: 'ACCOUNT';
  id: string;
  code: string;
  name: string;
  nameAr: string;
  type: AccountType;
  parentId: string | null;
  isGroup: boolean;
  isActive: boolean;
  isSystem: boolean;
  description: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface StoredLine {
  lineNo: number;
  accountId: string;
  accountCode: string;
  debitMinor: number;
  creditMinor: number;
  vatCode: string | null;
  vatRatePercent: number | null;
  party: Party | null;
  memo: string | null;
}

export interface JournalItem extends Item {
  entityType: 'JOURNAL_ENTRY';
  id: string;
  entryNumber: string;
  date: string;
  description: string;
  reference: string | null;
  source: JournalSource;
  sourceId: string | null;
  totalMinor: number;
  isPosted: true;
  reversalOfId: string | null;
  reversedById: string | null;
  lines: StoredLine[];
  /** Account ids of the lines (list filter by account). */
  accountIds: string[];
  searchText: string;
  attachments?: { key: string; name: string }[];
  createdBy: string | null;
  createdAt: string;
}

export function accountToApi(
  a: AccountItem,
  balance?: { debitMinor: number; creditMinor: number; normalMinor: number },
  hasPostings = false,
) {
  return {
    id: a.id,
    code: a.code,
    name: a.name,
    nameAr: a.nameAr,
    type: a.type,
    parentId: a.parentId,
    isGroup: a.isGroup,
    isActive: a.isActive,
    isSystem: a.isSystem,
    description: a.description ?? null,
    balance: fromMinor(balance?.normalMinor ?? 0),
    debit: fromMinor(balance?.debitMinor ?? 0),
    credit: fromMinor(balance?.creditMinor ?? 0),
    hasPostings,
  };
}

export function entryToApi(e: JournalItem, accounts: Map<string, Pick<AccountItem, 'code' | 'name' | 'nameAr'>>) {
  return {
    id: e.id,
    entryNumber: e.entryNumber,
    date: e.date,
    description: e.description,
    reference: e.reference ?? null,
    source: e.source,
    sourceId: e.sourceId ?? null,
    totalAmount: fromMinor(e.totalMinor),
    isPosted: true,
    reversalOfId: e.reversalOfId ?? null,
    reversedById: e.reversedById ?? null,
    lines: e.lines.map((l) => {
      const a = accounts.get(l.accountId);
      return {
        lineNo: l.lineNo,
        accountId: l.accountId,
        accountCode: a?.code ?? l.accountCode,
        accountName: a?.name ?? '',
        accountNameAr: a?.nameAr ?? '',
        type: l.debitMinor > 0 ? ('debit' as const) : ('credit' as const),
        debit: fromMinor(l.debitMinor),
        credit: fromMinor(l.creditMinor),
        amount: fromMinor(l.debitMinor || l.creditMinor),
        vatCode: l.vatCode ?? null,
        vatRate: l.vatRatePercent ?? null,
        party: l.party ?? null,
        description: l.memo ?? null,
      };
    }),
    attachments: e.attachments ?? [],
    createdBy: e.createdBy ?? null,
    createdAt: e.createdAt,
  };
}

/** The lock dates written on one balance shard of an account (a new leaf inherits the books' lock). */
export function shardLockItem(
  tenantId: string,
  accountId: string,
  shard: number,
  lockDate: string | null,
  vatFiledThrough: string | null,
): TransactItem {
  const sets = ['entityType = :et', 'accountId = :a'];
  const removes: string[] = [];
  const values: Record<string, unknown> = { ':et': 'ACCOUNT_BALANCE', ':a': accountId };
  if (lockDate) {
    sets.push('lockDate = :l');
    values[':l'] = lockDate;
  } else removes.push('lockDate');
  if (vatFiledThrough) {
    sets.push('vatFiledThrough = :v');
    values[':v'] = vatFiledThrough;
  } else removes.push('vatFiledThrough');
  return tx.raw('Update', {
    Key: accountShardKey(tenantId, accountId, shard),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeValues: values,
  });
}
