/**
 * /deposits: every security deposit (rental, customer, amount, method, received, applied,
 * refunded, held, release due date, status), the totals held and overdue, filters, and the two
 * actions: refund (to the original method unless another is chosen; a REC- receipt) and apply
 * to charges that arrived after the return (optionally posting the charge). Deposits held past
 * their release date are highlighted.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LEDGER_METHODS } from '../../../../shared/schemas/rentals';
import {
  DEPOSIT_CHARGE_CATEGORIES,
  DEPOSIT_FILTERS,
  applyDepositSchema,
  refundDepositSchema,
  type ApplyDepositBody,
  type RefundDepositBody,
} from '../../../../shared/schemas/collections';
import { DialogActions, Modal } from '../../components/Dialogs';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton, SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { useFormSubmit } from '../../lib/use-form-submit';
import useSWR from 'swr';
import {
  DEPOSITS_PATH,
  DEPOSIT_TONES,
  PROTECTION_PATH,
  RECEIVABLES_PATH,
  collectionsApi,
  type Deposit,
  type DepositList,
} from './collections-api';
import { depositChargeTax } from '../../../../shared/collections/deposits';
import { toMinor, fromMinor } from '../../../../shared/money';
import { apiPath } from '../../lib/api-client';

export default function DepositsPage() {
  const t = useT();
  const f = useFormat();
  const canEdit = useCan('rentalsEdit');
  const [params, setParams] = useSearchParams();
  const filters = { status: params.get('status') ?? '', q: params.get('q') ?? '' };
  const set = (patch: Record<string, string>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch))
          if (v) n.set(k, v);
          else n.delete(k);
        return n;
      },
      { replace: true },
    );
  const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const list = useCursorList<Deposit>('listDeposits', query, { limit: 25 });
  const head = useSWR<DepositList>(`${DEPOSITS_PATH}?limit=1`);
  const [acting, setActing] = useState<{ deposit: Deposit; action: 'refund' | 'apply' } | null>(null);
  const u = (k: string, p?: Record<string, string | number>) => t(`collections.deposits.${k}`, p);
  const s = head.data?.summary;

  return (
    <div>
      <PageHeader title={t('shell.pages.deposits')} subtitle={u('subtitle')} />
      {s && (
        <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="deposit-summary">
          <Figure label={u('heldTotal')} value={f.money(s.heldTotal)} />
          <Figure label={u('openCount')} value={String(s.openCount)} />
          <Figure label={u('overdueCount')} value={String(s.overdueCount)} tone={s.overdueCount ? 'red' : undefined} />
          <Figure label={u('overdueTotal')} value={f.money(s.overdueTotal)} tone={s.overdueCount ? 'red' : undefined} />
        </dl>
      )}
      {head.data && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {u('releaseRule', { days: head.data.releaseDays })}
        </p>
      )}
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SearchField
          id="dep-q"
          label={u('searchLabel')}
          placeholder={u('searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => set({ q })}
        />
        <FilterSelect
          id="dep-status"
          label={u('statusLabel')}
          value={filters.status}
          onChange={(status) => set({ status })}
          allLabel={u('allStatuses')}
          options={DEPOSIT_FILTERS.map((v) => ({ value: v, label: t(`collections.depositStatus.${v}`) }))}
        />
      </div>
      <ListState
        list={list}
        errorTitle={u('loadFailed')}
        empty={
          <EmptyList
            area="collections.deposits"
            filtered={Object.keys(query).length > 0}
            onClear={() => setParams({}, { replace: true })}
          />
        }
      >
        <ListTable
          compact
          columns={[
            u('rental'),
            u('received'),
            u('applied'),
            u('refunded'),
            u('held'),
            u('releaseDue'),
            u('status'),
            ...(canEdit ? [u('actions')] : []),
          ]}
        >
          {list.items.map((d) => (
            <tr
              key={d.id}
              data-deposit={d.referenceNumber}
              className={d.overdue ? 'bg-red-50 dark:bg-red-950/40' : undefined}
            >
              <td className="px-3 py-2">
                <Link className="link font-medium whitespace-nowrap" to={`/rentals/${d.rentalId}`}>
                  {d.referenceNumber}
                </Link>
                <div className="text-xs text-slate-600 dark:text-slate-300">{d.customerName}</div>
              </td>
              <td className="px-3 py-2 tabular-nums whitespace-nowrap">
                {f.money(d.received)}
                <div className="text-xs text-slate-600 dark:text-slate-300">
                  {d.method ? t(`collections.method.${d.method}`) : '—'} · {f.date(d.receivedAt)}
                </div>
              </td>
              <td className="px-3 py-2 tabular-nums whitespace-nowrap">{f.money(d.applied)}</td>
              <td className="px-3 py-2 tabular-nums whitespace-nowrap">{f.money(d.refunded)}</td>
              <td className="px-3 py-2 font-semibold tabular-nums whitespace-nowrap">{f.money(d.held)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {d.releaseDueDate ? f.date(d.releaseDueDate) : <span className="text-slate-500">{u('stillOut')}</span>}
                {d.overdue && (
                  <span
                    className="ms-2 rounded bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white"
                    data-testid="release-overdue"
                  >
                    {u('overdueBadge')}
                  </span>
                )}
              </td>
              <td className="px-3 py-2">
                <StatusPill
                  status={d.status}
                  labelKey="collections.depositStatus"
                  tones={DEPOSIT_TONES}
                  testId="deposit-status"
                />
              </td>
              {canEdit && (
                <td className="px-3 py-2 whitespace-nowrap">
                  {d.held > 0 && (
                    <div className="flex gap-2">
                      <button
                        type="button"
                        className="btn-secondary"
                        onClick={() => setActing({ deposit: d, action: 'refund' })}
                      >
                        {u('refund')}
                      </button>
                      <button
                        type="button"
                        className="btn-secondary"
                        onClick={() => setActing({ deposit: d, action: 'apply' })}
                      >
                        {u('apply')}
                      </button>
                    </div>
                  )}
                </td>
              )}
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={list} label={u('loadMore')} />
      </ListState>
      {acting?.action === 'refund' && <RefundDialog deposit={acting.deposit} onClose={() => setActing(null)} />}
      {acting?.action === 'apply' && <ApplyDialog deposit={acting.deposit} onClose={() => setActing(null)} />}
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'red' }) {
  return (
    <div className="card py-3">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${tone === 'red' ? 'text-red-700 dark:text-red-400' : ''}`}>
        {value}
      </dd>
    </div>
  );
}

function useDone(onClose: () => void) {
  const invalidate = useInvalidate();
  return async (message: string) => {
    await invalidate(DEPOSITS_PATH, 'listRentals', RECEIVABLES_PATH, PROTECTION_PATH, 'listInvoices');
    toast({ variant: 'success', title: message });
    onClose();
  };
}

function RefundDialog({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  const t = useT();
  const f = useFormat();
  const u = (k: string, p?: Record<string, string | number>) => t(`collections.deposits.${k}`, p);
  const done = useDone(onClose);
  const [form, setForm] = useState({ amount: String(deposit.held), method: '', note: '' });
  const { errors, saving, submit } = useFormSubmit<RefundDepositBody>(refundDepositSchema, async (body) => {
    try {
      const res = await collectionsApi.refund(deposit.id, body);
      await done(u('refunded_ok', { receipt: res.entry?.receiptNumber ?? '' }));
      return {};
    } catch (error) {
      return toastApiError(u('failed'), error).fields;
    }
  });
  return (
    <Modal open onClose={onClose} title={u('refundTitle', { reference: deposit.referenceNumber })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit({
            amount: Number(form.amount),
            ...(form.method ? { method: form.method as RefundDepositBody['method'] } : {}),
            ...(form.note ? { note: form.note } : {}),
          });
        }}
      >
        <FormField
          label={u('amount')}
          error={errors.amount}
          hint={u('heldHint', { amount: f.money(deposit.held) })}
          required
        >
          <input
            className="field-input"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={form.amount}
            onChange={(e) => setForm({ ...form, amount: e.target.value })}
          />
        </FormField>
        <FormField label={u('refundMethod')} error={errors.method}>
          <select
            className="field-input"
            value={form.method}
            onChange={(e) => setForm({ ...form, method: e.target.value })}
          >
            <option value="">
              {u('originalMethod', {
                method: deposit.method ? t(`collections.method.${deposit.method}`) : t('collections.method.cash'),
              })}
            </option>
            {LEDGER_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`collections.method.${m}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={u('note')} error={errors.note}>
          <input
            className="field-input"
            value={form.note}
            onChange={(e) => setForm({ ...form, note: e.target.value })}
          />
        </FormField>
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {u('cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
            {u('save')}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

function ApplyDialog({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  const t = useT();
  const f = useFormat();
  const u = (k: string, p?: Record<string, string | number>) => t(`collections.deposits.${k}`, p);
  const done = useDone(onClose);
  const [form, setForm] = useState({
    amount: String(Math.min(deposit.held, Math.max(0, deposit.balance)) || ''),
    withCharge: deposit.balance <= 0,
    category: 'damage_fees',
    label: '',
    chargeAmount: '',
  });
  // The charge follows the rental's tax mode (shared rule, the same the server posts): say which.
  const rental = useSWR<{ taxRate: number; taxIncluded: boolean }>(apiPath('getRental', { id: deposit.rentalId }));
  const chargeMinor = Number(form.chargeAmount) > 0 ? toMinor(Number(form.chargeAmount)) : 0;
  const taxed = rental.data ? depositChargeTax(rental.data, form.category, chargeMinor) : null;
  const { errors, saving, submit } = useFormSubmit<ApplyDepositBody>(
    applyDepositSchema,
    async (body) => {
      try {
        const moved = await collectionsApi.apply(deposit.id, body);
        const numbers = (moved.invoices ?? []).map((i) => i.number ?? i.id).join(', ');
        await done(numbers ? u('applied_invoices_ok', { numbers }) : u('applied_ok'));
        return {};
      } catch (error) {
        return toastApiError(u('failed'), error).fields;
      }
    },
    { dotted: true },
  );
  return (
    <Modal open onClose={onClose} title={u('applyTitle', { reference: deposit.referenceNumber })}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit({
            amount: Number(form.amount),
            ...(form.withCharge
              ? {
                  charge: {
                    category: form.category as (typeof DEPOSIT_CHARGE_CATEGORIES)[number],
                    label: form.label,
                    amount: Number(form.chargeAmount),
                  },
                }
              : {}),
          });
        }}
      >
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {u('heldHint', { amount: f.money(deposit.held) })} · {u('balanceHint', { amount: f.money(deposit.balance) })}
        </p>
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.withCharge}
            onChange={(e) => setForm({ ...form, withCharge: e.target.checked })}
          />
          {u('newCharge')}
        </label>
        {form.withCharge && (
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label={u('chargeCategory')} error={errors['charge.category']}>
              <select
                className="field-input"
                value={form.category}
                onChange={(e) => setForm({ ...form, category: e.target.value })}
              >
                {DEPOSIT_CHARGE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`collections.chargeCategory.${c}`)}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label={u('chargeLabel')} error={errors['charge.label']} required>
              <input
                className="field-input"
                value={form.label}
                onChange={(e) => setForm({ ...form, label: e.target.value })}
              />
            </FormField>
            <FormField label={u('chargeAmount')} error={errors['charge.amount']} required>
              <input
                className="field-input"
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                value={form.chargeAmount}
                onChange={(e) =>
                  setForm({
                    ...form,
                    chargeAmount: e.target.value,
                    amount:
                      e.target.value && !form.amount
                        ? String(Math.min(deposit.held, Number(e.target.value)))
                        : form.amount,
                  })
                }
              />
            </FormField>
          </div>
        )}
        {form.withCharge && taxed && taxed.mode !== 'none' && (
          <p
            className="mb-3 text-sm text-slate-600 dark:text-slate-300"
            data-testid="deposit-charge-tax"
            data-mode={taxed.mode}
          >
            {taxed.mode === 'exclusive'
              ? u('taxExclusive', {
                  rate: taxed.ratePercent,
                  tax: f.money(fromMinor(taxed.taxMinor)),
                  total: f.money(fromMinor(taxed.totalMinor)),
                })
              : u('taxInclusive', { rate: taxed.ratePercent })}
          </p>
        )}
        <FormField label={u('amount')} error={errors.amount} required>
          <input
            className="field-input"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={form.amount}
            onChange={(e) => setForm({ ...form, amount: e.target.value })}
          />
        </FormField>
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {u('cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
            {u('save')}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}
