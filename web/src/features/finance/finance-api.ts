/** Finance (issue 10): API paths, calls and the money account names shared by the finance screens. */
import useSWR from 'swr';
import type { FinanceTransfer, MoneyAccount, OperationalCharges } from '../../../../shared/schemas/finance';
import { useT } from '../../i18n';
import { apiArea, apiPath, apiStem, callApi } from '../../lib/api-client';
import { uploadFileTo } from '../../lib/upload';
import '../invoices/automation-api'; // registers the finance catalog and messages

export type { FinanceTransfer, MoneyAccount, OperationalCharges };
export const ENTRIES_PATH = apiStem('listFinanceEntries');
export const ACCOUNTS_PATH = apiStem('listMoneyAccounts');
export const TRANSFERS_PATH = apiStem('listTransfers');
export const OPERATIONAL_PATH = apiPath('getOperationalCharges');
/** Every cached read a money movement changes (balances, lists, statements, the accounting screens). */
export const MONEY_PATHS = [
  ENTRIES_PATH,
  ACCOUNTS_PATH,
  TRANSFERS_PATH,
  OPERATIONAL_PATH,
  apiArea('listAccounts'),
] as const;

export const newIdempotencyKey = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

export const financeApi = {
  uploadReceipt: (file: File, onProgress: (percent: number) => void) =>
    uploadFileTo(apiPath('financeReceiptUploadUrl'), file, onProgress),
  reverse: (kind: 'entries' | 'transfers', id: string) =>
    callApi(kind === 'entries' ? 'reverseFinanceEntry' : 'reverseTransfer', {
      params: { id },
      body: {},
      headers: { 'Idempotency-Key': `rev-${id}` },
    }),
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
