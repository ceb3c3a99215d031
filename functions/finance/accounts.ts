import { fromMinor } from '../../shared/money';
import { FINANCE_MONEY_ACCOUNTS, MONEY_ACCOUNT_CODES } from '../../shared/schemas/finance';
import { notFound } from '../lib/errors';
import { accountIdsByCode, accountStatement, assetBalancesMinor } from './deps';

/**
 * The company's money accounts (issue 10): cash box, petty cash and bank, each a GL account
 * (1110, 1120, 1210); balances and statements are read from the GL through accounting/api.
 */
export async function moneyAccounts(tenantId: string) {
  const ids = await accountIdsByCode(tenantId);
  const accountIds = FINANCE_MONEY_ACCOUNTS.map((a) => ids[MONEY_ACCOUNT_CODES[a]]!).filter(Boolean);
  const balances = await assetBalancesMinor(tenantId, accountIds);
  return {
    items: FINANCE_MONEY_ACCOUNTS.map((a) => ({ id: a, code: MONEY_ACCOUNT_CODES[a], balance: fromMinor(balances[ids[MONEY_ACCOUNT_CODES[a]] ?? ''] ?? 0) })),
  };
}

export async function moneyAccountStatement(tenantId: string, id: string, q: { from: string; to: string; limit: number; cursor?: string }) {
  const code = MONEY_ACCOUNT_CODES[id as keyof typeof MONEY_ACCOUNT_CODES];
  if (!code) throw notFound('Account not found');
  const accountId = (await accountIdsByCode(tenantId))[code];
  if (!accountId) throw notFound('Account not found');
  return accountStatement(tenantId, { accountId, ...q });
}
