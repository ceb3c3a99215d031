/** Finance (issue 10): API paths, calls and the money account names shared by the finance screens. */
import useSWR from 'swr';
import type { FinanceTransfer, MoneyAccount, OperationalCharges } from '../../../../shared/schemas/finance';
import { useT } from '../../i18n';
import { api } from '../../lib/api';
import { uploadFileTo } from '../../lib/upload';
import '../invoices/automation-api'; // registers the finance catalog and messages

export type { FinanceTransfer, MoneyAccount, OperationalCharges };
export const ENTRIES_PATH = '/api/v1/finance/entries';
export const ACCOUNTS_PATH = '/api/v1/finance/accounts';
export const TRANSFERS_PATH = '/api/v1/finance/transfers';
export const OPERATIONAL_PATH = '/api/v1/finance/operational-charges';
/** Every cached read a money movement changes (balances, lists, statements, the accounting screens). */
export const MONEY_PATHS = [ENTRIES_PATH, ACCOUNTS_PATH, TRANSFERS_PATH, OPERATIONAL_PATH, '/api/v1/accounting'] as const;

export const newIdempotencyKey = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const financeApi = {
  uploadReceipt: (file: File, onProgress: (percent: number) => void) => uploadFileTo('/api/v1/finance/receipts/upload-url', file, onProgress),
  reverse: (kind: 'entries' | 'transfers', id: string) => api.post(`/api/v1/finance/${kind}/${id}/reverse`, {}, { headers: { 'Idempotency-Key': `rev-${id}` } }),
};

export const useMoneyAccounts = () => useSWR<{ items: MoneyAccount[] }>(ACCOUNTS_PATH);

/** The name of a money account ('cash_box', 'petty_cash', 'bank' or an added bank account's id). */
export function useAccountName() {
  const t = useT();
  const accounts = useMoneyAccounts().data?.items ?? [];
  return (ref: string) => {
    const a = accounts.find((x) => x.id === ref);
    if (a?.name) return `${a.name} · ${a.bank}`;
    return ['cash_box', 'petty_cash', 'bank'].includes(ref) ? t(`finance.entries.accounts.${ref}`) : ref;
  };
}
