import { ulid } from 'ulid';
import { normalBalance } from '../../shared/accounting/chart';
import { BUCKET_SHARDS } from '../../shared/accounting/journal';
import { PAYMENT_METHODS } from '../../shared/accounting/posting-rules';
import {
  ACCOUNTING_MESSAGES,
  type CreateAccountBody,
  type PaymentMethodMappingsBody,
  type UpdateAccountBody,
} from '../../shared/schemas/accounting';
import { auditItem } from '../lib/data/audit';
import type { AuditActor } from '../lib/actor';
import { batchGet, getItem, queryPage, transact, tx, type TransactItem } from '../lib/data/repo';
import { conflict, notFound, validationFailed, HttpError } from '../lib/errors';
import { readLifetimeBalances, readMovements } from './buckets';
import {
  accountKey,
  accountShardKey,
  accountToApi,
  glLinePk,
  settingsKey,
  shardLockItem,
  type AccountItem,
} from './model';
import { ensureAccounting, newAccountItems, readAccounts } from './setup';

/**
 * Chart of accounts use cases: list with balances, add under a group, rename, (de)activate,
 * payment method → account mappings. Accounts are never deleted (no route): an account with
 * postings keeps its history; one without can simply be deactivated.
 */
export async function listAccounts(tenantId: string, query: { asOf?: string; includeInactive?: boolean }) {
  await ensureAccounting(tenantId);
  const [accounts, balances] = await Promise.all([
    readAccounts(tenantId),
    query.asOf ? readMovements(tenantId, null, query.asOf) : readLifetimeBalances(tenantId),
  ]);
  const items = withGroupBalances(accounts, balances).filter((a) => query.includeInactive || a.isActive);
  return { items, nextCursor: null };
}

/** API accounts sorted by code, groups carrying the sum of their accounts. */
export function withGroupBalances(
  accounts: AccountItem[],
  balances: Map<string, { debitMinor: number; creditMinor: number }>,
) {
  const totals = new Map<string, { debitMinor: number; creditMinor: number }>();
  const parentOf = new Map(accounts.map((a) => [a.id, a.parentId]));
  for (const a of accounts) {
    const b = balances.get(a.id);
    if (!b || a.isGroup) continue;
    for (let id: string | null | undefined = a.id; id; id = parentOf.get(id)) {
      const t = totals.get(id) ?? { debitMinor: 0, creditMinor: 0 };
      t.debitMinor += b.debitMinor;
      t.creditMinor += b.creditMinor;
      totals.set(id, t);
    }
  }
  return [...accounts]
    .sort((x, y) => x.code.localeCompare(y.code))
    .map((a) => {
      const t = totals.get(a.id) ?? { debitMinor: 0, creditMinor: 0 };
      return accountToApi(
        a,
        { ...t, normalMinor: normalBalance(a.type, t.debitMinor, t.creditMinor) },
        t.debitMinor > 0 || t.creditMinor > 0,
      );
    });
}

export async function getAccountOr404(tenantId: string, id: string): Promise<AccountItem> {
  const a = /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)
    ? ((await getItem(accountKey(tenantId, id), true)) as AccountItem | undefined)
    : undefined;
  if (!a) throw notFound('Account not found');
  return a;
}

export async function createAccount(actor: AuditActor, body: CreateAccountBody) {
  const settings = await ensureAccounting(actor.tenantId);
  const parent = await getAccountOr404(actor.tenantId, body.parentId).catch(() => {
    throw validationFailed({ parentId: ACCOUNTING_MESSAGES.parentRequired });
  });
  if (!parent.isGroup) throw validationFailed({ parentId: ACCOUNTING_MESSAGES.parentNotGroup });
  if (body.code[0] !== parent.code[0]) throw validationFailed({ code: ACCOUNTING_MESSAGES.codeOutsideGroup });
  const now = new Date().toISOString();
  const id = ulid();
  const [account, codeItem] = newAccountItems(
    actor.tenantId,
    {
      id,
      code: body.code,
      name: body.name,
      nameAr: body.nameAr ?? body.name,
      type: parent.type,
      parentId: parent.id,
      isGroup: body.isGroup,
      isActive: true,
      isSystem: false,
      description: body.description ?? null,
    },
    now,
  );
  const items: TransactItem[] = [
    tx.putNew(account),
    tx.putNew(codeItem),
    // The code → id map other domains post through; the version condition keeps concurrent additions apart.
    tx.update(
      settingsKey(actor.tenantId),
      settings.version,
      { accountIds: { ...settings.accountIds, [body.code]: id } },
      now,
    ),
    tx.putNew(
      auditItem(actor, 'accounting.account.create', 'account', id, {
        after: { code: body.code, name: body.name, parent: parent.code },
      }),
    ),
  ];
  // A new leaf inherits the lock: its shards carry the lock date before it can take postings.
  if (!body.isGroup && (settings.lockDate || settings.vatFiledThrough)) {
    for (let s = 0; s < BUCKET_SHARDS; s++)
      items.push(shardLockItem(actor.tenantId, id, s, settings.lockDate, settings.vatFiledThrough));
  }
  try {
    await transact(items);
  } catch (err) {
    if ((err as { name?: string }).name === 'TransactionCanceledException') {
      const taken = await getItem({ pk: codeItem.pk, sk: codeItem.sk }, true);
      if (taken) throw conflict(ACCOUNTING_MESSAGES.codeTaken, { code: ACCOUNTING_MESSAGES.codeTaken }, 'DUPLICATE');
    }
    throw err;
  }
  return accountToApi(account as AccountItem);
}

export { shardLockItem };

export async function updateAccount(actor: AuditActor, id: string, body: UpdateAccountBody) {
  const settings = await ensureAccounting(actor.tenantId);
  const account = await getAccountOr404(actor.tenantId, id);
  const changes: Record<string, unknown> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.nameAr !== undefined) changes.nameAr = body.nameAr || account.nameAr;
  if (body.description !== undefined) changes.description = body.description || null;
  const now = new Date().toISOString();
  const items: TransactItem[] = [];
  if (body.isActive !== undefined && body.isActive !== account.isActive) {
    changes.isActive = body.isActive;
    if (!body.isActive) {
      if (account.isSystem)
        throw conflict(ACCOUNTING_MESSAGES.systemAccountDeactivate, {
          isActive: ACCOUNTING_MESSAGES.systemAccountDeactivate,
        });
      if (Object.values(settings.methodAccounts).includes(account.id))
        throw conflict('This account receives a payment method; map the method to another account first', {
          isActive: 'Mapped to a payment method',
        });
    }
    if (!account.isGroup) {
      // Deactivation: read every shard, refuse unless the balance is zero, and write `inactive` on
      // each shard conditioned on the amounts read — a posting in between fails the transaction.
      const shards = await batchGet(
        Array.from({ length: BUCKET_SHARDS }, (_, s) => accountShardKey(actor.tenantId, id, s)),
      );
      const net = shards.reduce((n, s) => n + Number(s?.debitMinor ?? 0) - Number(s?.creditMinor ?? 0), 0);
      if (!body.isActive && net !== 0)
        throw new HttpError(409, 'ACCOUNT_HAS_BALANCE', ACCOUNTING_MESSAGES.deactivateWithBalance, {
          isActive: ACCOUNTING_MESSAGES.deactivateWithBalance,
        });
      shards.forEach((s, shard) => {
        const values: Record<string, unknown> = { ':et': 'ACCOUNT_BALANCE', ':a': id };
        let condition = 'attribute_not_exists(pk)';
        if (s) {
          condition = 'debitMinor = :d AND creditMinor = :c';
          values[':d'] = s.debitMinor ?? 0;
          values[':c'] = s.creditMinor ?? 0;
        }
        if (s && (s.debitMinor === undefined || s.creditMinor === undefined)) condition = 'attribute_exists(pk)';
        items.push(
          tx.raw('Update', {
            Key: accountShardKey(actor.tenantId, id, shard),
            UpdateExpression: body.isActive
              ? 'SET entityType = :et, accountId = :a REMOVE inactive'
              : 'SET entityType = :et, accountId = :a, inactive = :true',
            ConditionExpression: condition,
            ExpressionAttributeValues: body.isActive ? values : { ...values, ':true': true },
          }),
        );
      });
    }
  }
  const next = { ...account, ...changes, version: account.version + 1, updatedAt: now } as AccountItem;
  await transact([
    tx.update(accountKey(actor.tenantId, id), account.version, changes, now),
    ...items,
    tx.putNew(
      auditItem(actor, 'accounting.account.update', 'account', id, { before: pick(account, changes), after: changes }),
    ),
  ]);
  return accountToApi(next, undefined, false);
}

const pick = (a: AccountItem, changes: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(changes).map((k) => [k, (a as Record<string, unknown>)[k]]));

/** Whether an account has ever been posted to (one item read from its GL partition). */
export async function hasPostings(tenantId: string, accountId: string): Promise<boolean> {
  const page = await queryPage({ tenantId, pk: glLinePk(tenantId, accountId), limit: 1 });
  return page.items.length > 0;
}

export async function getMappings(tenantId: string) {
  const settings = await ensureAccounting(tenantId);
  const accounts = new Map((await readAccounts(tenantId)).map((a) => [a.id, a]));
  return {
    items: PAYMENT_METHODS.map((method) => {
      const a = accounts.get(settings.methodAccounts[method] ?? '');
      return {
        method,
        accountId: a?.id ?? null,
        accountCode: a?.code ?? null,
        accountName: a?.name ?? null,
        accountNameAr: a?.nameAr ?? null,
      };
    }),
  };
}

export async function putMappings(actor: AuditActor, body: PaymentMethodMappingsBody) {
  const settings = await ensureAccounting(actor.tenantId);
  const accounts = new Map((await readAccounts(actor.tenantId)).map((a) => [a.id, a]));
  const fields: Record<string, string> = {};
  body.mappings.forEach((m, i) => {
    const a = accounts.get(m.accountId);
    if (!a || a.isGroup || !a.isActive) fields[`mappings.${i}.accountId`] = ACCOUNTING_MESSAGES.mappingAccount;
  });
  if (Object.keys(fields).length) throw validationFailed(fields);
  const methodAccounts = {
    ...settings.methodAccounts,
    ...Object.fromEntries(body.mappings.map((m) => [m.method, m.accountId])),
  };
  await transact([
    tx.update(settingsKey(actor.tenantId), settings.version, { methodAccounts }),
    tx.putNew(
      auditItem(actor, 'accounting.mappings', 'accounting', actor.tenantId, {
        before: settings.methodAccounts,
        after: methodAccounts,
      }),
    ),
  ]);
  return getMappings(actor.tenantId);
}
