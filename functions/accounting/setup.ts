import { ulid } from 'ulid';
import { defaultChart, type ChartAccount } from '../../shared/accounting/chart';
import { DEFAULT_METHOD_ACCOUNTS, PAYMENT_METHODS } from '../../shared/accounting/posting-rules';
import type { RegionCode } from '../../shared/regions';
import { getItem, queryAll, transact, tx, type Item } from '../lib/data/repo';
import { retryOnConflict } from '../lib/data/counters';
import { readCompany } from './deps';
import {
  accountCodeKey,
  accountKey,
  accountPk,
  settingsKey,
  type AccountItem,
  type AccountingSettingsItem,
} from './model';

/**
 * The books of a company: its default chart of accounts and accounting settings, created at
 * sign-up and, for companies that existed before accounting, by the same idempotent call on
 * first use (a posting, a page of the accounting screens, or POST /accounting/setup). Re-running
 * creates only what is missing; concurrent runs settle on the code-uniqueness items.
 */
export const CHART_VERSION = 1;

export async function readAccountingSettings(
  tenantId: string,
  consistent = true,
): Promise<AccountingSettingsItem | undefined> {
  return (await getItem(settingsKey(tenantId), consistent)) as AccountingSettingsItem | undefined;
}

export async function readAccounts(tenantId: string): Promise<AccountItem[]> {
  return queryAll<AccountItem>({ tenantId, pk: accountPk(tenantId), consistent: true, max: 2000 });
}

export type NewAccount = Pick<
  AccountItem,
  'id' | 'code' | 'name' | 'nameAr' | 'type' | 'parentId' | 'isGroup' | 'isActive' | 'isSystem' | 'description'
>;

export function newAccountItems(tenantId: string, a: NewAccount, now: string): Item[] {
  const account: AccountItem = {
    ...accountKey(tenantId, a.id),
    entityType: 'ACCOUNT',
    ...a,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  return [account, { ...accountCodeKey(tenantId, a.code), entityType: 'ACCOUNT_CODE', accountId: a.id, code: a.code }];
}

/**
 * Creates whatever of the default chart and the settings is missing; returns the settings.
 * Following a change of the company's region (chart, tax codes, VAT return) is ./localise.ts.
 */
export async function ensureAccounting(tenantId: string, regionHint?: RegionCode): Promise<AccountingSettingsItem> {
  const existing = await readAccountingSettings(tenantId);
  if (existing && existing.chartVersion >= CHART_VERSION) return existing;
  const region = regionHint ?? (await readCompany(tenantId)).region;
  return retryOnConflict(async () => {
    const current = await readAccountingSettings(tenantId);
    const accounts = await readAccounts(tenantId);
    const idByCode = new Map(accounts.map((a) => [a.code, a.id]));
    const now = new Date().toISOString();
    const missing: Item[] = [];
    for (const c of defaultChart(region)) {
      if (idByCode.has(c.code)) continue;
      const id = ulid();
      idByCode.set(c.code, id);
      missing.push(
        ...newAccountItems(tenantId, toAccount(c, id, c.parentCode ? (idByCode.get(c.parentCode) ?? null) : null), now),
      );
    }
    // Parents come before children in the chart, and each chunk is all-or-nothing.
    for (let i = 0; i < missing.length; i += 50) await transact(missing.slice(i, i + 50).map((it) => tx.putNew(it)));
    const accountIds = Object.fromEntries(idByCode);
    if (current) {
      const changes = { region, accountIds, chartVersion: CHART_VERSION };
      await transact([tx.update(settingsKey(tenantId), current.version, changes, now)]);
      return { ...current, ...changes, version: current.version + 1 };
    }
    const methodAccounts = Object.fromEntries(
      PAYMENT_METHODS.map((m) => [m, idByCode.get(DEFAULT_METHOD_ACCOUNTS[m])!]),
    );
    const settings: AccountingSettingsItem = {
      ...settingsKey(tenantId),
      entityType: 'ACCOUNTING_SETTINGS',
      region,
      accountIds,
      methodAccounts,
      lockDate: null,
      vatFiledThrough: null,
      chartVersion: CHART_VERSION,
      version: 1,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await transact([tx.putNew(settings)]);
      return settings;
    } catch (err) {
      const again = await readAccountingSettings(tenantId);
      if (again) return again;
      throw err;
    }
  });
}

function toAccount(c: ChartAccount, id: string, parentId: string | null) {
  return {
    id,
    code: c.code,
    name: c.name,
    nameAr: c.nameAr,
    type: c.type,
    parentId,
    isGroup: c.isGroup,
    isActive: true,
    isSystem: c.isSystem === true,
    description: null,
  };
}
