import { ulid } from 'ulid';
import { fromMinor } from '../../shared/money';
import { getRegionConfig } from '../../shared/regions';
import { formatIban } from '../../shared/finance/iban';
import {
  BANK_ACCOUNT_CODE_RANGE,
  FINANCE_CATEGORIES,
  FINANCE_MESSAGES,
  FINANCE_MONEY_ACCOUNTS,
  MONEY_ACCOUNT_CODES,
  type CreateBankAccountBody,
  type MoneyAccount,
} from '../../shared/schemas/finance';
import type { Actor } from '../lib/actor';
import { auditItem } from '../lib/data/audit';
import { entityKey, tenantPk } from '../lib/data/keys';
import { getItem, queryAll, transact, tx, type Item } from '../lib/data/repo';
import { companyRegion, companyToday, readCompanySettings } from '../lib/company-settings';
import { conflict, isConditionFailure, notFound, validationFailed } from '../lib/errors';
import {
  accountIdsByCode,
  accountStatement,
  assetBalancesMinor,
  exportAccountStatement,
  incomeAndExpenses,
  newLeafAccountItems,
} from './deps';

/**
 * The company's money accounts (issue 10): the cash box (GL 1110), petty cash (1120), the main
 * bank account of the chart (1210) and every bank account the company adds — each added account
 * is its own GL leaf under 1200 "Bank and clearing" (codes 1211–1249), created in the same
 * transaction as the bank account item, so its balance and statement are the GL's like the
 * others'. Balances and statements are read from the GL through accounting/api.
 *
 * Items: pk `T#{t}#BANK_ACCOUNT`, sk `{id}` (name, bank, IBAN, currency, glAccountId, glCode);
 * pk `T#{t}#BANK_IBAN`, sk `{iban}` (one bank account per IBAN).
 *
 * Decision: a bank account is kept in the company currency. The GL has one currency, and a
 * foreign-currency account would need exchange-rate revaluation the books do not do; the API
 * refuses another currency with a clear message rather than mixing currencies in one balance.
 */
export interface BankAccountItem extends Item {
  id: string;
  name: string;
  bank: string;
  iban: string;
  currency: string;
  glAccountId: string;
  glCode: string;
  createdAt: string;
}
const bankKey = (tenantId: string, id: string) => entityKey(tenantId, 'BANK_ACCOUNT', id);
const ibanKey = (tenantId: string, iban: string) => entityKey(tenantId, 'BANK_IBAN', iban);

/** A resolved money account: its GL account and what the screens show of it. */
export interface ResolvedMoneyAccount {
  ref: string;
  kind: MoneyAccount['kind'];
  glAccountId: string;
  label: string;
  bank?: BankAccountItem;
}

const readBankAccounts = (tenantId: string) =>
  queryAll<BankAccountItem>({ tenantId, pk: tenantPk(tenantId, 'BANK_ACCOUNT'), max: 100 });

/** 'cash_box' | 'petty_cash' | 'bank' | a bank account id → its GL account; undefined when unknown to this company. */
export async function resolveMoneyAccount(
  tenantId: string,
  ref: string,
  ids?: Record<string, string>,
): Promise<ResolvedMoneyAccount | undefined> {
  const fixed = MONEY_ACCOUNT_CODES[ref as keyof typeof MONEY_ACCOUNT_CODES];
  if (fixed) {
    const glAccountId = (ids ?? (await accountIdsByCode(tenantId)))[fixed];
    return glAccountId
      ? { ref, kind: ref as MoneyAccount['kind'], glAccountId, label: ref.replace('_', ' ') }
      : undefined;
  }
  const bank = (await getItem(bankKey(tenantId, ref), true)) as BankAccountItem | undefined;
  return bank
    ? { ref, kind: 'bank', glAccountId: bank.glAccountId, label: `${bank.name} (${bank.bank})`, bank }
    : undefined;
}

/** Every money account with its balance: two Queries (bank accounts, balance shards). */
export async function moneyAccounts(tenantId: string): Promise<{ items: MoneyAccount[] }> {
  const [ids, banks, settings] = await Promise.all([
    accountIdsByCode(tenantId),
    readBankAccounts(tenantId),
    readCompanySettings(tenantId),
  ]);
  const currency = getRegionConfig(companyRegion(settings)).currency;
  const fixed = FINANCE_MONEY_ACCOUNTS.map((a) => ({ ref: a, glId: ids[MONEY_ACCOUNT_CODES[a]] ?? '' }));
  const balances = await assetBalancesMinor(
    tenantId,
    [...fixed.map((f) => f.glId), ...banks.map((b) => b.glAccountId)].filter(Boolean),
  );
  return {
    items: [
      ...fixed.map((f) => ({
        id: f.ref,
        kind: f.ref,
        code: MONEY_ACCOUNT_CODES[f.ref],
        name: null,
        bank: null,
        iban: null,
        currency,
        balance: fromMinor(balances[f.glId] ?? 0),
      })),
      ...banks
        .sort((a, b) => a.glCode.localeCompare(b.glCode))
        .map((b) => ({
          id: b.id,
          kind: 'bank' as const,
          code: b.glCode,
          name: b.name,
          bank: b.bank,
          iban: b.iban,
          currency: b.currency,
          balance: fromMinor(balances[b.glAccountId] ?? 0),
        })),
    ],
  };
}

/** Adds a bank account: the account item, its IBAN guard and its GL leaf account in one transaction. */
export async function createBankAccount(actor: Actor, body: CreateBankAccountBody): Promise<MoneyAccount> {
  const { tenantId } = actor;
  const currency = getRegionConfig(companyRegion(await readCompanySettings(tenantId))).currency;
  if (body.currency !== currency)
    throw validationFailed({ currency: FINANCE_MESSAGES.currencyNotCompany }, FINANCE_MESSAGES.currencyNotCompany);
  if (await getItem(ibanKey(tenantId, body.iban), true))
    throw conflict(FINANCE_MESSAGES.ibanTaken, { iban: FINANCE_MESSAGES.ibanTaken }, 'DUPLICATE');
  // Two additions at once race for the same next code or the accounting settings' version: retry once on a lost race.
  for (let attempt = 0; ; attempt++) {
    const gl = await newLeafAccountItems(actor, {
      ...BANK_ACCOUNT_CODE_RANGE,
      name: `Bank — ${body.name}`,
      nameAr: `البنك — ${body.name}`,
      description: `${body.bank} · ${body.iban}`,
    });
    const id = ulid();
    const now = new Date().toISOString();
    const item: BankAccountItem = {
      ...bankKey(tenantId, id),
      entityType: 'BANK_ACCOUNT',
      id,
      tenantId,
      name: body.name,
      bank: body.bank,
      iban: body.iban,
      currency,
      glAccountId: gl.accountId,
      glCode: gl.code,
      createdBy: actor.userId,
      createdAt: now,
    };
    try {
      await transact([
        ...gl.items,
        tx.putNew(item),
        tx.putNew({ ...ibanKey(tenantId, body.iban), entityType: 'BANK_IBAN', bankAccountId: id }),
        tx.putNew(
          auditItem(actor, 'finance.bank_account.create', 'bank_account', id, {
            after: { name: body.name, bank: body.bank, iban: body.iban, code: gl.code },
          }),
        ),
      ]);
      return {
        id,
        kind: 'bank',
        code: gl.code,
        name: body.name,
        bank: body.bank,
        iban: body.iban,
        currency,
        balance: 0,
      };
    } catch (err) {
      if (await getItem(ibanKey(tenantId, body.iban), true))
        throw conflict(FINANCE_MESSAGES.ibanTaken, { iban: FINANCE_MESSAGES.ibanTaken }, 'DUPLICATE');
      if (
        attempt < 2 &&
        (isConditionFailure(err) || (err as { name?: string }).name === 'TransactionCanceledException')
      )
        continue;
      throw err;
    }
  }
}

/** One money account's statement from the GL (JSON page), or the whole period as CSV / PDF. */
export async function moneyAccountStatement(
  tenantId: string,
  id: string,
  query: {
    from?: string;
    to?: string;
    limit: number;
    cursor?: string;
    format: 'json' | 'csv' | 'pdf';
    lang: 'en' | 'ar';
  },
) {
  const account = await resolveMoneyAccount(tenantId, id);
  if (!account) throw notFound('Account not found');
  const today = companyToday(await readCompanySettings(tenantId));
  const to = query.to ?? today;
  const q = { ...query, from: query.from ?? `${(query.to ?? today).slice(0, 8)}01`, to };
  if (q.from > q.to) throw validationFailed({ from: 'The start date must be on or before the end date' });
  if (q.format !== 'json') {
    // A short title (the header's line has room for it beside the company name); the bank, the
    // account's name and its IBAN are rows below the header (issue 27: nothing overlaps).
    const b = account.bank;
    const details = b
      ? [
          { en: 'Account', ar: 'الحساب', value: b.name },
          ...(b.bank ? [{ en: 'Bank', ar: 'البنك', value: b.bank }] : []),
          ...(b.iban ? [{ en: 'IBAN', ar: 'رقم الآيبان', value: formatIban(b.iban) }] : []),
        ]
      : [];
    return {
      file: await exportAccountStatement(
        tenantId,
        { accountId: account.glAccountId, from: q.from, to: q.to },
        q.format,
        q.lang,
        STATEMENT_TITLES[account.kind],
        `statement-${account.bank?.glCode ?? account.ref}-${q.from}-${q.to}`,
        details,
      ),
    };
  }
  const statement = await accountStatement(tenantId, {
    accountId: account.glAccountId,
    from: q.from,
    to: q.to,
    limit: q.limit,
    cursor: q.cursor,
  });
  return {
    statement: {
      ...statement,
      moneyAccount: {
        id: account.ref,
        kind: account.kind,
        name: account.bank?.name ?? null,
        bank: account.bank?.bank ?? null,
        iban: account.bank?.iban ?? null,
      },
    },
  };
}

const STATEMENT_TITLES = {
  cash_box: { en: 'Cash box statement', ar: 'كشف حساب الصندوق' },
  petty_cash: { en: 'Petty cash statement', ar: 'كشف حساب النثرية' },
  bank: { en: 'Bank account statement', ar: 'كشف حساب بنكي' },
} as const;

/**
 * The operational charges ledger (issue 10): the period's expenses by category — every expense
 * account of the GL with movements in the period (finance entries, maintenance costs, fines,
 * card fees…), read from the balance buckets like the P&L, so its cost does not grow with entries.
 * Rows that are a finance category carry its key (the screens name them in the user's language).
 */
export async function operationalCharges(tenantId: string, from: string, to: string) {
  const pl = await incomeAndExpenses(tenantId, from, to);
  const categoryOf = new Map(Object.entries(FINANCE_CATEGORIES.expense).map(([k, code]) => [code as string, k]));
  const rows = pl.expenses.rows.filter((r) => !r.isGroup && r.amount !== 0);
  return {
    from,
    to,
    items: rows.map((r) => ({
      accountId: r.accountId,
      code: r.code,
      name: r.name,
      nameAr: r.nameAr,
      category: categoryOf.get(r.code) ?? null,
      amount: r.amount,
    })),
    total: pl.expenses.total,
  };
}
