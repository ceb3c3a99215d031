/**
 * The books' settings on /dashboard/accounting: the account each payment method posts to
 * (OWNER, ADMIN) and the period lock / VAT period filed (OWNER only; the API refuses others).
 */
import { useState } from 'react';
import useSWR from 'swr';
import { PAYMENT_METHODS } from '../../../../shared/accounting/posting-rules';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { ACCOUNTING_PATH } from './accounting-api';
import { AccountSelect, DateField, useAccounts } from './ReportKit';
import { SetupBooksCard } from './AccountingTasks';
import { apiPath, callApi, type BodyOf } from '../../lib/api-client';

const MAPPINGS_PATH = apiPath('getPaymentMethodMappings');
const LOCK_PATH = apiPath('getLockDate');

export function BooksSettings() {
  const t = useT();
  const canLock = useCan('accountingLock');
  const invalidate = useInvalidate();
  const accounts = useAccounts();
  const mappings = useSWR<{ items: { method: string; accountId: string | null }[] }>(MAPPINGS_PATH);
  const lock = useSWR<{ lockDate: string | null; vatFiledThrough: string | null }>(LOCK_PATH);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [lockDraft, setLockDraft] = useState<{ lockDate?: string; vatFiledThrough?: string }>({});
  const [busy, setBusy] = useState(false);
  const b = (k: string) => t(`accounting.ui.books.${k}`);

  const saveMappings = async () => {
    setBusy(true);
    try {
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      await callApi('putPaymentMethodMappings', {
        body: {
          mappings: Object.entries(picked).map(([method, accountId]) => ({ method, accountId })),
        } as BodyOf<'putPaymentMethodMappings'>,
      });
      toast({ variant: 'success', title: b('mappingsSaved') });
      setPicked({});
      await invalidate(ACCOUNTING_PATH);
    } catch (error) {
      toastApiError(b('saveFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  const saveLock = async () => {
    setBusy(true);
    try {
      const lockDate = lockDraft.lockDate ?? lock.data?.lockDate ?? null;
      const vatFiledThrough = lockDraft.vatFiledThrough ?? lock.data?.vatFiledThrough ?? null;
      await callApi('putLockDate', { body: { lockDate: lockDate || null, vatFiledThrough: vatFiledThrough || null } });
      toast({ variant: 'success', title: b('lockSaved') });
      setLockDraft({});
      await invalidate(ACCOUNTING_PATH);
    } catch (error) {
      toastApiError(b('saveFailed'), error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mt-8" aria-labelledby="books-settings">
      <h2 id="books-settings" className="mb-3 text-lg font-semibold">
        {b('title')}
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="card">
          <h3 className="font-medium">{b('mappingsTitle')}</h3>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{b('mappingsHint')}</p>
          <div className="space-y-2">
            {PAYMENT_METHODS.map((method) => (
              <AccountSelect
                key={method}
                id={`map-${method}`}
                label={b(`method.${method}`)}
                allLabel={t('accounting.ui.chooseAccount')}
                accounts={accounts.data?.items ?? []}
                value={picked[method] ?? mappings.data?.items.find((m) => m.method === method)?.accountId ?? ''}
                onChange={(v) => setPicked((p) => ({ ...p, [method]: v }))}
              />
            ))}
          </div>
          <button
            type="button"
            className="btn-primary mt-3"
            disabled={busy || Object.keys(picked).length === 0}
            onClick={() => void saveMappings()}
          >
            {b('saveMappings')}
          </button>
        </div>
        <div className="card">
          <h3 className="font-medium">{b('lockTitle')}</h3>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{b('lockHint')}</p>
          {canLock ? (
            <>
              <div className="flex flex-wrap gap-4">
                <DateField
                  id="lock-date"
                  label={b('lockDate')}
                  value={lockDraft.lockDate ?? lock.data?.lockDate ?? ''}
                  onChange={(v) => setLockDraft((d) => ({ ...d, lockDate: v }))}
                />
                <DateField
                  id="vat-filed"
                  label={b('vatFiledThrough')}
                  value={lockDraft.vatFiledThrough ?? lock.data?.vatFiledThrough ?? ''}
                  onChange={(v) => setLockDraft((d) => ({ ...d, vatFiledThrough: v }))}
                />
              </div>
              <button
                type="button"
                className="btn-primary mt-3"
                disabled={busy || Object.keys(lockDraft).length === 0}
                onClick={() => void saveLock()}
              >
                {b('saveLock')}
              </button>
            </>
          ) : (
            <p className="text-sm">{b('ownerOnly')}</p>
          )}
        </div>
        <SetupBooksCard />
      </div>
    </section>
  );
}
