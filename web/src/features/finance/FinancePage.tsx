/**
 * /dashboard/finance (issue 10): the balances of the cash box, petty cash and every bank account
 * (from the GL; each opens its statement drawer), add a bank account, transfers, the operational
 * charges ledger drawer, and finance entries — income or expense outside rentals — with the
 * spec's validation (shared schema, messages in English and Arabic; "Please fill all required
 * fields" above the form when a field is missing) and an optional receipt file. Every entry and
 * transfer posts its journal in the same transaction; a correction is a reversal.
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  FINANCE_CATEGORIES,
  FINANCE_ENTRY_TYPES,
  createFinanceEntrySchema,
  type FinanceEntry,
  type FinanceTransfer,
  type MoneyAccount,
} from '../../../../shared/schemas/finance';
import { DEFAULT_VAT_CODES } from '../../../../shared/accounting/vat';
import { extractTax, hasAtMostDecimals, minorToDecimalString, rateToPercent, toMinor } from '../../../../shared/money';
import { isRegionCode } from '../../../../shared/regions';
import { ConfirmDialog } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { useAuth } from '../../auth/context';
import { useCompanySettings } from '../../lib/branding';
import { hasAbility } from '../../../../shared/permissions';
import { abilityFor } from '../../app/pages';
import { useCursorList } from '../../lib/use-cursor-list';
import { useFormSubmit } from '../../lib/use-form-submit';
import { MONEY_PATHS, financeApi, newIdempotencyKey, useAccountName, useMoneyAccounts } from './finance-api';
import { BankAccountDialog, TransferDialog } from './MoneyDialogs';
import { OperationalChargesDrawer, StatementDrawer } from './FinanceDrawers';
import { callApi, type BodyOf } from '../../lib/api-client';

type EntryType = (typeof FINANCE_ENTRY_TYPES)[number];

/**
 * Input VAT on expenses (issue 26): offered when the company's VAT is on and its country has input
 * VAT (the server checks the same and refuses a VAT amount otherwise); the rate in percent.
 */
function useInputVat(): { ratePercent: number } | null {
  const { data } = useCompanySettings(true);
  return useMemo(() => {
    const s = (data ?? {}) as { enableVat?: boolean; vatRate?: number; preferences?: { region?: string } };
    const region = s.preferences?.region;
    if (!s.enableVat || !isRegionCode(region) || !DEFAULT_VAT_CODES[region].input || typeof s.vatRate !== 'number')
      return null;
    return { ratePercent: rateToPercent(s.vatRate) };
  }, [data]);
}

/**
 * The VAT inside a typed amount at the company rate, as the form's decimal text; null while the amount is not a valid
 * one.
 */
function vatInside(amount: string, ratePercent: number): string | null {
  const n = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(n) || n <= 0 || !hasAtMostDecimals(n, 2)) return null;
  return minorToDecimalString(extractTax(toMinor(n), ratePercent).tax);
}

/** The money areas around finance (the sidebar keeps the spec's items): each shown to the roles its page allows. */
const FINANCE_RELATED = [
  { to: '/invoices', page: 'invoices' },
  { to: '/deposits', page: 'deposits' },
  { to: '/dashboard/outstanding-balances', page: 'outstandingBalances' },
  { to: '/dashboard/revenue-protection', page: 'revenueProtection' },
  { to: '/dashboard/invoice-automation', page: 'invoiceAutomation' },
] as const;

export default function FinancePage() {
  const t = useT();
  const f = useFormat();
  const canEdit = useCan('financeEdit');
  const invalidate = useInvalidate();
  const u = (k: string) => t(`finance.entries.${k}`);
  const m = (k: string) => t(`finance.money.${k}`);
  const list = useCursorList<FinanceEntry>('listFinanceEntries', {}, { limit: 25 });
  const transfers = useCursorList<FinanceTransfer>('listTransfers', {}, { limit: 10 });
  const balances = useMoneyAccounts();
  const accountName = useAccountName();
  // ?drawer=operational opens the operational charges ledger (the dashboard's card links here).
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<'bank' | 'transfer' | 'operational' | null>(
    params.get('drawer') === 'operational' ? 'operational' : null,
  );
  const [statementOf, setStatementOf] = useState<MoneyAccount | null>(null);
  const { user } = useAuth();
  const related = FINANCE_RELATED.filter((r) => hasAbility(user?.role, abilityFor(r.to) ?? 'signedIn'));
  const [reversing, setReversing] = useState<{ kind: 'entries' | 'transfers'; id: string } | null>(null);
  const [reversePending, setReversePending] = useState(false);
  const inputVat = useInputVat();
  const blank = {
    type: 'expense' as EntryType,
    amount: '',
    category: '',
    account: 'cash_box',
    date: '',
    notes: '',
    vat: '',
  };
  const [form, setForm] = useState(blank);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [idem, setIdem] = useState(() => newIdempotencyKey('fe'));
  const { errors, saving, submit, clearError } = useFormSubmit(createFinanceEntrySchema, async (body) => {
    try {
      const withReceipt = receipt
        ? {
            ...(body as object),
            receipt: { key: (await financeApi.uploadReceipt(receipt, setProgress)).key, name: receipt.name },
          }
        : body;
      // useFormSubmit checked the body with createFinanceEntrySchema before calling this.
      await callApi('createFinanceEntry', {
        body: withReceipt as BodyOf<'createFinanceEntry'>,
        headers: { 'Idempotency-Key': idem },
      });
      toast({ variant: 'success', title: u('added') });
      setForm(blank);
      setReceipt(null);
      setIdem(newIdempotencyKey('fe'));
      await invalidate(...MONEY_PATHS);
      return {};
    } catch (error) {
      return toastApiError(t('finance.messages.addFailed'), error).fields;
    } finally {
      setProgress(null);
    }
  });
  const reverse = async () => {
    if (!reversing) return;
    setReversePending(true);
    try {
      await financeApi.reverse(reversing.kind, reversing.id);
      toast({ variant: 'success', title: m('reverseDone') });
      await invalidate(...MONEY_PATHS);
      setReversing(null);
    } catch (error) {
      toastApiError(m('reverseFailed'), error);
    } finally {
      setReversePending(false);
    }
  };
  const missing = Object.values(errors).some(
    (e) => e === t('finance.messages.amountRequired') || e === t('finance.messages.categoryRequired'),
  );
  const withVat = inputVat !== null && form.type === 'expense';
  const suggestedVat = inputVat && withVat ? vatInside(form.amount, inputVat.ratePercent) : null;
  const showVatColumn = inputVat !== null || list.items.some((e) => e.vatAmount);
  const send = () =>
    void submit({
      type: form.type,
      amount: form.amount.trim() === '' ? undefined : Number(form.amount),
      category: form.category,
      account: form.account,
      ...(form.date ? { date: form.date } : {}),
      ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
      ...(withVat && form.vat.trim() ? { vatAmount: Number(form.vat) } : {}),
    } as never);

  return (
    <div>
      <PageHeader title={t('shell.pages.finance')} subtitle={u('subtitle')} />
      {related.length > 0 && (
        <nav aria-label={m('relatedLabel')} className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {related.map((r) => (
            <Link key={r.to} to={r.to} className="font-medium text-primary-text underline">
              {t(`shell.pages.${r.page}`)}
            </Link>
          ))}
        </nav>
      )}
      <div className="mb-4 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => setDialog('operational')}>
          {m('operationalCharges')}
        </button>
        {canEdit && (
          <button type="button" className="btn-secondary" onClick={() => setDialog('transfer')}>
            {m('transfer')}
          </button>
        )}
        {canEdit && (
          <button type="button" className="btn-secondary" onClick={() => setDialog('bank')}>
            {m('addBank')}
          </button>
        )}
      </div>
      {balances.data && (
        <dl
          className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
          aria-label={u('balancesLabel')}
          data-testid="finance-balances"
        >
          {balances.data.items.map((a) => (
            <div key={a.id} className="card flex items-center gap-3 py-3" data-account={a.id}>
              <div className="min-w-0 flex-1">
                <dt className="text-xs text-slate-600 dark:text-slate-300">
                  {accountName(a.id)} · {a.code}
                </dt>
                <dd className="text-lg font-semibold tabular-nums">{f.money(a.balance)}</dd>
              </div>
              <button
                type="button"
                className="btn-secondary shrink-0"
                aria-label={`${m('statement')} — ${accountName(a.id)}`}
                onClick={() => setStatementOf(a)}
              >
                {m('statement')}
              </button>
            </div>
          ))}
        </dl>
      )}
      <BankAccountDialog open={dialog === 'bank'} onClose={() => setDialog(null)} />
      <TransferDialog open={dialog === 'transfer'} onClose={() => setDialog(null)} />
      <OperationalChargesDrawer open={dialog === 'operational'} onClose={() => setDialog(null)} />
      <StatementDrawer
        account={statementOf}
        name={statementOf ? accountName(statementOf.id) : ''}
        onClose={() => setStatementOf(null)}
      />
      <ConfirmDialog
        open={reversing !== null}
        title={m('reverseTitle')}
        body={m('reverseBody')}
        confirmLabel={m('reverse')}
        cancelLabel={m('cancel')}
        pending={reversePending}
        onConfirm={() => void reverse()}
        onClose={() => setReversing(null)}
      />
      {canEdit && (
        <form
          className="card mb-6"
          aria-label={u('addTitle')}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <h2 className="mb-3 text-lg font-semibold">{u('addTitle')}</h2>
          {missing && (
            <p
              role="alert"
              className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
              data-testid="finance-fill-required"
            >
              {t('finance.messages.fillRequired')}
            </p>
          )}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <FormField label={u('type')} error={errors.type} required>
              <select
                className="field-input"
                name="type"
                value={form.type}
                onChange={(e) => setForm({ ...form, type: e.target.value as EntryType, category: '' })}
              >
                {FINANCE_ENTRY_TYPES.map((x) => (
                  <option key={x} value={x}>
                    {t(`finance.entries.types.${x}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={u('amount')} error={errors.amount} required>
              <input
                className="field-input"
                name="amount"
                inputMode="decimal"
                value={form.amount}
                onChange={(e) => {
                  setForm({ ...form, amount: e.target.value });
                  clearError('amount');
                }}
              />
            </FormField>
            <FormField label={u('category')} error={errors.category} required>
              <select
                className="field-input"
                name="category"
                value={form.category}
                onChange={(e) => {
                  setForm({ ...form, category: e.target.value });
                  clearError('category');
                }}
              >
                <option value="">{u('categoryPlaceholder')}</option>
                {Object.keys(FINANCE_CATEGORIES[form.type]).map((c) => (
                  <option key={c} value={c}>
                    {t(`finance.entries.categories.${c}`)}
                  </option>
                ))}
              </select>
            </FormField>
            {withVat && inputVat && (
              <FormField label={u('vatAmount')} hint={u('vatHint')} error={errors.vatAmount}>
                {(field) => (
                  <div className="flex flex-wrap items-center gap-2">
                    <input
                      {...field}
                      className="field-input flex-1"
                      name="vatAmount"
                      inputMode="decimal"
                      dir="ltr"
                      value={form.vat}
                      onChange={(e) => {
                        setForm({ ...form, vat: e.target.value });
                        clearError('vatAmount');
                      }}
                    />
                    {suggestedVat && suggestedVat !== form.vat && (
                      <button
                        type="button"
                        className="link text-sm"
                        onClick={() => {
                          setForm({ ...form, vat: suggestedVat });
                          clearError('vatAmount');
                        }}
                      >
                        {t('finance.entries.vatFill', {
                          rate: String(inputVat.ratePercent),
                          amount: f.money(Number(suggestedVat)),
                        })}
                      </button>
                    )}
                  </div>
                )}
              </FormField>
            )}
            <FormField label={u('account')} error={errors.account}>
              <select
                className="field-input"
                name="account"
                value={form.account}
                onChange={(e) => setForm({ ...form, account: e.target.value })}
              >
                {(balances.data?.items ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {accountName(a.id)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={u('date')} error={errors.date}>
              <input
                className="field-input"
                type="date"
                name="date"
                value={form.date}
                onChange={(e) => setForm({ ...form, date: e.target.value })}
              />
            </FormField>
            <FormField label={u('notes')} error={errors.notes}>
              <input
                className="field-input"
                name="notes"
                value={form.notes}
                onChange={(e) => setForm({ ...form, notes: e.target.value })}
              />
            </FormField>
            <FormField label={m('receipt')} hint={m('receiptHint')} error={errors.receipt}>
              <input
                className="field-input"
                type="file"
                name="receipt"
                accept="application/pdf,image/jpeg,image/png"
                onChange={(e) => {
                  setReceipt(e.target.files?.[0] ?? null);
                  clearError('receipt');
                }}
              />
            </FormField>
          </div>
          <div className="mt-4 flex justify-end">
            <button type="submit" className="btn-primary" disabled={saving}>
              {progress !== null ? `${m('uploading')} ${progress}%` : saving ? u('saving') : u('save')}
            </button>
          </div>
        </form>
      )}
      <h2 className="mb-2 text-lg font-semibold">{u('listTitle')}</h2>
      <ListState list={list} errorTitle={u('loadFailed')} empty={<EmptyList area="finance" />}>
        <ListTable
          columns={[
            u('date'),
            u('type'),
            u('category'),
            u('account'),
            u('notes'),
            ...(showVatColumn ? [u('vat')] : []),
            u('amount'),
            '',
          ]}
        >
          {list.items.map((e) => (
            <tr key={e.id} data-entry={e.id} className={e.reversed ? 'opacity-60' : ''}>
              <td className="px-3 py-2 whitespace-nowrap">{f.date(e.date)}</td>
              <td className="px-3 py-2">{t(`finance.entries.types.${e.type}`)}</td>
              <td className="px-3 py-2">{t(`finance.entries.categories.${e.category}`)}</td>
              <td className="px-3 py-2">{accountName(e.account)}</td>
              <td className="px-3 py-2">
                {e.notes ?? ''}
                {e.receipt && (
                  <a
                    className="link ms-2"
                    href={e.receipt.url}
                    target="_blank"
                    rel="noreferrer"
                    download={e.receipt.name}
                  >
                    {m('receiptLink')}
                  </a>
                )}
              </td>
              {showVatColumn && (
                <td className="px-3 py-2 text-end tabular-nums" data-vat>
                  {e.vatAmount ? f.money(e.vatAmount) : ''}
                </td>
              )}
              <td
                className={`px-3 py-2 text-end tabular-nums ${e.type === 'expense' ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-300'}`}
              >
                {e.type === 'expense' ? '−' : ''}
                {f.money(e.amount)}
              </td>
              <td className="px-3 py-2 text-end">
                {e.reversed ? (
                  <span className="text-xs text-slate-500">{m('reversed')}</span>
                ) : (
                  canEdit && (
                    <button
                      type="button"
                      className="link text-sm"
                      onClick={() => setReversing({ kind: 'entries', id: e.id })}
                    >
                      {m('reverse')}
                    </button>
                  )
                )}
              </td>
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={list} label={u('loadMore')} />
      </ListState>
      <h2 className="mb-2 mt-8 text-lg font-semibold">{m('transfersTitle')}</h2>
      <ListState
        list={transfers}
        errorTitle={u('loadFailed')}
        empty={<p className="text-sm text-slate-500">{m('transfersEmpty')}</p>}
      >
        <ListTable columns={[u('date'), m('from'), m('to'), u('notes'), u('amount'), '']}>
          {transfers.items.map((x) => (
            <tr key={x.id} data-transfer={x.id} className={x.reversed ? 'opacity-60' : ''}>
              <td className="px-3 py-2 whitespace-nowrap">{f.date(x.date)}</td>
              <td className="px-3 py-2">{accountName(x.from)}</td>
              <td className="px-3 py-2">{accountName(x.to)}</td>
              <td className="px-3 py-2">{x.notes ?? ''}</td>
              <td className="px-3 py-2 text-end tabular-nums">{f.money(x.amount)}</td>
              <td className="px-3 py-2 text-end">
                {x.reversed ? (
                  <span className="text-xs text-slate-500">{m('reversed')}</span>
                ) : (
                  canEdit && (
                    <button
                      type="button"
                      className="link text-sm"
                      onClick={() => setReversing({ kind: 'transfers', id: x.id })}
                    >
                      {m('reverse')}
                    </button>
                  )
                )}
              </td>
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={transfers} label={u('loadMore')} />
      </ListState>
    </div>
  );
}
