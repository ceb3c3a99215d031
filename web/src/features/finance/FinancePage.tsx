/**
 * /dashboard/finance (issue 10): finance entries — income or expense outside rentals on the cash
 * box, petty cash or the bank — with the spec's validation (shared schema, messages in English
 * and Arabic; "Please fill all required fields" above the form when a field is missing), and the
 * entries list. Each entry posts its journal in the same transaction (functions/finance/entries.ts).
 */
import { useState } from 'react';
import useSWR from 'swr';
import { FINANCE_CATEGORIES, FINANCE_ENTRY_TYPES, FINANCE_MONEY_ACCOUNTS, createFinanceEntrySchema, type FinanceEntry } from '../../../../shared/schemas/finance';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { api } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { useFormSubmit } from '../../lib/use-form-submit';
import '../invoices/automation-api';

const ENTRIES_PATH = '/api/v1/finance/entries';
const ACCOUNTS_PATH = '/api/v1/finance/accounts';
type EntryType = (typeof FINANCE_ENTRY_TYPES)[number];

export default function FinancePage() {
  const t = useT();
  const f = useFormat();
  const canEdit = useCan('financeEdit');
  const invalidate = useInvalidate();
  const u = (k: string) => t(`finance.entries.${k}`);
  const list = useCursorList<FinanceEntry>(ENTRIES_PATH, {}, { limit: 25 });
  const balances = useSWR<{ items: { id: string; code: string; balance: number }[] }>(ACCOUNTS_PATH);
  const blank = { type: 'expense' as EntryType, amount: '', category: '', account: 'cash_box', date: '', notes: '' };
  const [form, setForm] = useState(blank);
  const [idem, setIdem] = useState(() => `fe-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const { errors, saving, submit, clearError } = useFormSubmit(createFinanceEntrySchema, async (body) => {
    try {
      await api.post(ENTRIES_PATH, body, { headers: { 'Idempotency-Key': idem } });
      toast({ variant: 'success', title: u('added') });
      setForm(blank);
      setIdem(`fe-${Date.now()}-${Math.random().toString(36).slice(2)}`);
      await invalidate(ENTRIES_PATH, ACCOUNTS_PATH, '/api/v1/accounting');
      return {};
    } catch (error) {
      return toastApiError(t('finance.messages.addFailed'), error).fields;
    }
  });
  const missing = Object.values(errors).some((e) => e === t('finance.messages.amountRequired') || e === t('finance.messages.categoryRequired'));
  const send = () => void submit({
    type: form.type, amount: form.amount.trim() === '' ? undefined : Number(form.amount), category: form.category,
    account: form.account, ...(form.date ? { date: form.date } : {}), ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
  } as never);

  return (
    <div>
      <PageHeader title={t('shell.pages.finance')} subtitle={u('subtitle')} />
      {balances.data && (
        <dl className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label={u('balancesLabel')} data-testid="finance-balances">
          {balances.data.items.map((a) => (
            <div key={a.id} className="card py-3" data-account={a.id}>
              <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`finance.entries.accounts.${a.id}`)} · {a.code}</dt>
              <dd className="text-lg font-semibold tabular-nums">{f.money(a.balance)}</dd>
            </div>
          ))}
        </dl>
      )}
      {canEdit && (
        <form className="card mb-6" aria-label={u('addTitle')} noValidate onSubmit={(e) => { e.preventDefault(); send(); }}>
          <h2 className="mb-3 text-lg font-semibold">{u('addTitle')}</h2>
          {missing && <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200" data-testid="finance-fill-required">{t('finance.messages.fillRequired')}</p>}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <FormField label={u('type')} error={errors.type} required>
              <select className="field-input" name="type" value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value as EntryType, category: '' })}>
                {FINANCE_ENTRY_TYPES.map((x) => <option key={x} value={x}>{t(`finance.entries.types.${x}`)}</option>)}
              </select>
            </FormField>
            <FormField label={u('amount')} error={errors.amount} required>
              <input className="field-input" name="amount" inputMode="decimal" value={form.amount} onChange={(e) => { setForm({ ...form, amount: e.target.value }); clearError('amount'); }} />
            </FormField>
            <FormField label={u('category')} error={errors.category} required>
              <select className="field-input" name="category" value={form.category} onChange={(e) => { setForm({ ...form, category: e.target.value }); clearError('category'); }}>
                <option value="">{u('categoryPlaceholder')}</option>
                {Object.keys(FINANCE_CATEGORIES[form.type]).map((c) => <option key={c} value={c}>{t(`finance.entries.categories.${c}`)}</option>)}
              </select>
            </FormField>
            <FormField label={u('account')} error={errors.account}>
              <select className="field-input" name="account" value={form.account} onChange={(e) => setForm({ ...form, account: e.target.value })}>
                {FINANCE_MONEY_ACCOUNTS.map((a) => <option key={a} value={a}>{t(`finance.entries.accounts.${a}`)}</option>)}
              </select>
            </FormField>
            <FormField label={u('date')} error={errors.date}>
              <input className="field-input" type="date" name="date" value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} />
            </FormField>
            <FormField label={u('notes')} error={errors.notes}>
              <input className="field-input" name="notes" value={form.notes} onChange={(e) => setForm({ ...form, notes: e.target.value })} />
            </FormField>
          </div>
          <div className="mt-4 flex justify-end">
            <button type="submit" className="btn-primary" disabled={saving}>{saving ? u('saving') : u('save')}</button>
          </div>
        </form>
      )}
      <h2 className="mb-2 text-lg font-semibold">{u('listTitle')}</h2>
      <ListState list={list} errorTitle={u('loadFailed')} empty={<EmptyList area="finance" />}>
        <ListTable columns={[u('date'), u('type'), u('category'), u('account'), u('notes'), u('amount')]}>
          {list.items.map((e) => (
            <tr key={e.id} data-entry={e.id}>
              <td className="px-3 py-2 whitespace-nowrap">{f.date(e.date)}</td>
              <td className="px-3 py-2">{t(`finance.entries.types.${e.type}`)}</td>
              <td className="px-3 py-2">{t(`finance.entries.categories.${e.category}`)}</td>
              <td className="px-3 py-2">{t(`finance.entries.accounts.${e.account}`)}</td>
              <td className="px-3 py-2">{e.notes ?? ''}</td>
              <td className={`px-3 py-2 text-end tabular-nums ${e.type === 'expense' ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-300'}`}>{e.type === 'expense' ? '−' : ''}{f.money(e.amount)}</td>
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={list} label={u('loadMore')} />
      </ListState>
    </div>
  );
}

