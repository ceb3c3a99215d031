/**
 * /invoices: the invoice list — status filter (open and overdue too), search by number, customer
 * or rental, issue-date range, the totals of the invoices shown — and "Create invoice" (a draft
 * from a rental: the whole rental or one billing period). A row opens /invoices/:id.
 */
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { INVOICE_STATUSES, createInvoiceSchema } from '../../../../shared/schemas/invoices';
import { DialogActions, Modal } from '../../components/Dialogs';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton, SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { useFormSubmit } from '../../lib/use-form-submit';
import { INVOICES_PATH, STATUS_TONES, invoiceApi, invoicePath, type Invoice, type InvoiceList } from './invoice-api';
import { apiUrl } from '../../lib/api-client';

const FILTER_STATUSES = [...INVOICE_STATUSES, 'open', 'overdue'] as const;

export function InvoiceStatus({ invoice }: { invoice: Pick<Invoice, 'status' | 'overdue'> }) {
  const status = invoice.overdue ? 'overdue' : invoice.status;
  return <StatusPill status={status} labelKey="invoices.status" tones={STATUS_TONES} testId="invoice-status" />;
}

export default function InvoicesPage() {
  const t = useT();
  const f = useFormat();
  const canEdit = useCan('financeEdit');
  const [params, setParams] = useSearchParams();
  const filters = {
    status: params.get('status') ?? '',
    q: params.get('q') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
  const set = (patch: Record<string, string | null>) =>
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
  const list = useCursorList<Invoice>('listInvoices', query, { limit: 25 });
  const totals = useSWR<InvoiceList>(`${INVOICES_PATH}?${new URLSearchParams({ ...query, limit: '100' }).toString()}`);
  const filtered = Object.keys(query).length > 0;
  const [creating, setCreating] = useState(params.get('create') === '1');
  const u = (k: string, p?: Record<string, string | number>) => t(`invoices.ui.${k}`, p);

  return (
    <div>
      <PageHeader
        title={t('shell.pages.invoices')}
        subtitle={u('subtitle')}
        actions={
          canEdit && (
            <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
              {u('newInvoice')}
            </button>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SearchField
          id="inv-q"
          label={u('searchLabel')}
          placeholder={u('searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => set({ q })}
        />
        <FilterSelect
          id="inv-status"
          label={u('statusLabel')}
          value={filters.status}
          onChange={(status) => set({ status })}
          allLabel={u('allStatuses')}
          options={FILTER_STATUSES.map((s) => ({ value: s, label: t(`invoices.status.${s}`) }))}
        />
        <DateInput id="inv-from" label={u('fromLabel')} value={filters.from} onChange={(from) => set({ from })} />
        <DateInput id="inv-to" label={u('toLabel')} value={filters.to} onChange={(to) => set({ to })} />
      </div>
      {totals.data && (
        <dl
          className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4"
          aria-label={u('totalsLabel')}
          data-testid="invoice-totals"
        >
          <Figure label={u('countLabel')} value={String(totals.data.totals.count)} />
          <Figure label={u('total')} value={f.money(totals.data.totals.total)} />
          <Figure label={u('paid')} value={f.money(totals.data.totals.amountPaid)} />
          <Figure label={u('balance')} value={f.money(totals.data.totals.balance)} />
        </dl>
      )}
      <ListState
        list={list}
        errorTitle={u('loadFailed')}
        empty={<EmptyList area="invoices" filtered={filtered} onClear={() => setParams({}, { replace: true })} />}
      >
        <ListTable
          columns={[
            u('number'),
            u('customer'),
            u('rental'),
            u('issueDate'),
            u('dueDate'),
            u('status'),
            u('total'),
            u('balance'),
          ]}
        >
          {list.items.map((i) => (
            <tr key={i.id} data-invoice={i.number ?? i.id}>
              <td className="px-3 py-2 font-medium">
                <Link className="link" to={`/invoices/${i.id}`}>
                  {i.number ?? u('draftNumber')}
                </Link>
              </td>
              <td className="px-3 py-2">{i.customerName}</td>
              <td className="px-3 py-2">
                <Link className="link" to={`/rentals/${i.rentalId}`}>
                  {i.rentalReference}
                </Link>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{i.issueDate ? f.date(i.issueDate) : '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{i.dueDate ? f.date(i.dueDate) : '—'}</td>
              <td className="px-3 py-2">
                <InvoiceStatus invoice={i} />
              </td>
              <td className="px-3 py-2 text-end tabular-nums">{f.money(i.total)}</td>
              <td className="px-3 py-2 text-end tabular-nums">{f.money(i.balance)}</td>
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={list} label={u('loadMore')} />
      </ListState>
      <CreateInvoiceDialog
        open={creating}
        rentalId={params.get('rental') ?? ''}
        onClose={() => {
          setCreating(false);
          set({ create: null, rental: null });
        }}
      />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="card py-3">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

export function DateInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label htmlFor={id} className="flex flex-col text-sm">
      <span className="mb-1 font-medium">{label}</span>
      <input
        id={id}
        name={id}
        type="date"
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** A draft from a rental: the whole rental or one billing period; opens the new draft. */
export function CreateInvoiceDialog({
  open,
  rentalId,
  onClose,
}: {
  open: boolean;
  rentalId?: string;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const u = (k: string) => t(`invoices.ui.${k}`);
  const rentals = useSWR<{ items: { id: string; referenceNumber: string; customerName: string }[] }>(
    open ? apiUrl('listRentals', { query: { limit: 100 } }) : null,
  );
  const [form, setForm] = useState({ rentalId: rentalId ?? '', period: false, periodStart: '', periodEnd: '' });
  const { errors, saving, submit } = useFormSubmit<{ rentalId: string; periodStart?: string; periodEnd?: string }>(
    createInvoiceSchema,
    async (body) => {
      try {
        const created = await invoiceApi.create(body);
        await invalidate(INVOICES_PATH);
        onClose();
        navigate(`/invoices/${created.id}`);
        return {};
      } catch (error) {
        return toastApiError(u('createFailed'), error).fields;
      }
    },
  );
  const chosen = form.rentalId || rentalId || '';
  return (
    <Modal open={open} onClose={onClose} title={u('createTitle')}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit({
            rentalId: chosen,
            ...(form.period ? { periodStart: form.periodStart, periodEnd: form.periodEnd } : {}),
          });
        }}
        noValidate
      >
        <FormField label={u('rentalLabel')} error={errors.rentalId} required>
          <select
            className="field-input"
            value={chosen}
            onChange={(e) => setForm({ ...form, rentalId: e.target.value })}
          >
            <option value="">{u('rentalPlaceholder')}</option>
            {(rentals.data?.items ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.referenceNumber} · {r.customerName}
              </option>
            ))}
          </select>
        </FormField>
        <fieldset className="mt-3 flex gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="scope"
              checked={!form.period}
              onChange={() => setForm({ ...form, period: false })}
            />
            {u('wholeRental')}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="scope"
              checked={form.period}
              onChange={() => setForm({ ...form, period: true })}
            />
            {u('billingPeriod')}
          </label>
        </fieldset>
        {form.period && (
          <div className="mt-3 grid grid-cols-2 gap-3">
            <FormField label={u('periodStart')} error={errors.periodStart}>
              <input
                type="date"
                className="field-input"
                value={form.periodStart}
                onChange={(e) => setForm({ ...form, periodStart: e.target.value })}
              />
            </FormField>
            <FormField label={u('periodEnd')} error={errors.periodEnd}>
              <input
                type="date"
                className="field-input"
                value={form.periodEnd}
                onChange={(e) => setForm({ ...form, periodEnd: e.target.value })}
              />
            </FormField>
          </div>
        )}
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={saving}>
            {u('cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? u('creating') : u('create')}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

export { invoicePath };
