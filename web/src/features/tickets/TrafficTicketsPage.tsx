/**
 * /traffic-tickets (issue 13): fines newest first, filters (status, match, search), add by hand,
 * statement import (mapping and preview), details with edit (reason for amount and status) and
 * the change history timeline, recharge to the rental, resolve unmatched by hand.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  MATCH_STATES,
  TICKET_STATUSES,
  TICKET_TRANSITIONS,
  type MatchState,
  type TicketStatus,
} from '../../../../shared/tickets/rules';
import { createTicketSchema } from '../../../../shared/schemas/tickets';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { DialogActions, Modal } from '../../components/Dialogs';
import { EmptyList, ListState, ListTable, LoadMoreButton, SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useCursorList } from '../../lib/use-cursor-list';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useMoney } from '../../lib/money';
import { uploadFileTo } from '../../lib/upload';
import useSWR from 'swr';
import { fromLocalInput, toLocalInput, useCompanyTimeZone, useDateTime } from '../../lib/company-clock';
import { ConfirmMoney, HistoryTimeline, ResolveDialog, useResolver } from './components';
import { ImportDialog } from './ImportDialog';
import { MATCH_TONES, STATUS_TONES, TICKETS_PATH, ticketPath, ticketsApi, type Ticket } from './tickets-api';
import { type BodyOf } from '../../lib/api-client';

const LIVE = { revalidateIfStale: true, revalidateOnMount: true, dedupingInterval: 0 } as const;

export default function TrafficTicketsPage() {
  const t = useT();
  const money = useMoney();
  const when = useDateTime();
  const [params] = useSearchParams();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'all' | TicketStatus>(() =>
    (TICKET_STATUSES as readonly string[]).includes(params.get('status') ?? '')
      ? (params.get('status') as TicketStatus)
      : 'all',
  );
  const [match, setMatch] = useState<'all' | MatchState>(() =>
    (MATCH_STATES as readonly string[]).includes(params.get('match') ?? '')
      ? (params.get('match') as MatchState)
      : 'all',
  );
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [open, setOpen] = useState<Ticket | null>(null);
  const [resolving, setResolving] = useState<Ticket | null>(null);
  const [recharging, setRecharging] = useState<Ticket | null>(null);
  const list = useCursorList<Ticket>(
    'listTrafficTickets',
    { q, status: status === 'all' ? undefined : status, match: match === 'all' ? undefined : match },
    { limit: 25, swr: LIVE },
  );
  const refresh = () => void list.revalidate();
  const resolve = useResolver(ticketsApi.update, () => {
    setResolving(null);
    refresh();
  });

  const recharge = async () => {
    if (!recharging) return;
    try {
      await ticketsApi.recharge(recharging.id);
      toast({
        variant: 'success',
        title: t('tickets.recharged'),
        description: `${recharging.ticketNumber} · ${recharging.rentalReference}`,
      });
      setRecharging(null);
      refresh();
    } catch (error) {
      toastApiError(t('tickets.rechargeFailed'), error);
    }
  };

  return (
    <>
      <PageHeader
        title={t('tickets.title')}
        subtitle={t('tickets.subtitle')}
        actions={
          <span className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => setImporting(true)}>
              {t('tickets.importStatement')}
            </button>
            <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
              {t('tickets.addTicket')}
            </button>
          </span>
        }
      />
      <section aria-label={t('tickets.searchLabel')} className="mb-4 flex flex-wrap items-end gap-3">
        <SearchField
          id="tickets-search"
          className="min-w-64 flex-1"
          label={t('tickets.searchLabel')}
          placeholder={t('tickets.searchPlaceholder')}
          value={q}
          onSearch={setQ}
        />
        <FilterSelect
          id="tickets-status"
          label={t('tickets.filterStatus')}
          value={status}
          onChange={(v) => setStatus(v as typeof status)}
          options={[
            ['all', t('tickets.allStatuses')],
            ...TICKET_STATUSES.map((s) => [s, t(`tickets.status.${s}`)] as const),
          ]}
        />
        <FilterSelect
          id="tickets-match"
          label={t('tickets.filterMatch')}
          value={match}
          onChange={(v) => setMatch(v as typeof match)}
          options={[
            ['all', t('tickets.allMatches')],
            ...MATCH_STATES.map((s) => [s, t(`tickets.match.${s}`)] as const),
          ]}
        />
      </section>
      <ListState
        list={list}
        errorTitle={t('tickets.loadFailed')}
        empty={
          <EmptyList
            area="tickets"
            filtered={!!q || status !== 'all' || match !== 'all'}
            onClear={() => {
              setQ('');
              setStatus('all');
              setMatch('all');
            }}
          />
        }
      >
        <ListTable
          columns={(
            [
              'ticketNumber',
              'violationDate',
              'plate',
              'violationType',
              'amount',
              'rental',
              'status',
              'actions',
            ] as const
          ).map((c) => t(`tickets.field.${c}`))}
        >
          {list.items.map((k) => (
            <tr key={k.id} data-ticket-id={k.id} data-ticket-number={k.ticketNumber}>
              <td className="whitespace-nowrap px-3 py-2 font-mono" dir="ltr">
                {k.ticketNumber}
              </td>
              <td className="px-3 py-2">{when(k.violationDate)}</td>
              <td className="whitespace-nowrap px-3 py-2 font-mono" dir="ltr">
                {k.licensePlate}
              </td>
              <td className="px-3 py-2">{k.violationType ?? '—'}</td>
              <td className="whitespace-nowrap px-3 py-2" data-testid="ticket-amount">
                {money(k.amount)}
              </td>
              <td className="px-3 py-2">
                <span title={t(`tickets.matchHelp.${k.matchState}`)}>
                  <StatusPill status={k.matchState} labelKey="tickets.match" tones={MATCH_TONES} dataName="match" />
                </span>
                {k.rentalReference && (
                  <div className="text-xs">
                    {k.rentalReference} · {k.customer}
                  </div>
                )}
              </td>
              <td className="px-3 py-2">
                <StatusPill status={k.status} labelKey="tickets.status" tones={STATUS_TONES} />
              </td>
              <td className="px-3 py-2">
                <span className="flex flex-wrap gap-2">
                  <button type="button" className="link text-xs" onClick={() => setOpen(k)}>
                    {t('tickets.details')}
                  </button>
                  {k.matchState !== 'matched' && !k.rechargedAt && (
                    <button type="button" className="link text-xs" onClick={() => setResolving(k)}>
                      {t('tickets.resolve')}
                    </button>
                  )}
                  {k.matchState === 'matched' &&
                    !k.rechargedAt &&
                    ['unpaid', 'disputed', 'paid'].includes(k.status) && (
                      <button type="button" className="link text-xs" onClick={() => setRecharging(k)}>
                        {t('tickets.recharge')}
                      </button>
                    )}
                </span>
              </td>
            </tr>
          ))}
        </ListTable>
      </ListState>
      <LoadMoreButton list={list} label={t('tickets.loadMore')} />

      <Modal open={adding} onClose={() => setAdding(false)} title={t('tickets.addTicket')} wide>
        {adding && (
          <AddTicketForm
            onDone={() => {
              setAdding(false);
              refresh();
            }}
            onCancel={() => setAdding(false)}
          />
        )}
      </Modal>
      <Modal
        open={!!open}
        onClose={() => setOpen(null)}
        title={open ? `${t('tickets.details')} · ${open.ticketNumber}` : ''}
        wide
      >
        {open && (
          <TicketDetails
            ticket={open}
            onSaved={(saved) => {
              setOpen(saved);
              refresh();
            }}
            onClose={() => setOpen(null)}
          />
        )}
      </Modal>
      <ImportDialog kind="tickets" open={importing} onClose={() => setImporting(false)} onImported={refresh} />
      <ResolveDialog
        record={resolving && { ...resolving, at: resolving.violationDate }}
        onClose={() => setResolving(null)}
        onChoose={(rentalId) => resolve(resolving!, rentalId)}
      />
      <ConfirmMoney
        open={!!recharging}
        title={t('tickets.rechargeTitle')}
        confirmLabel={t('tickets.recharge')}
        onClose={() => setRecharging(null)}
        onConfirm={recharge}
        body={
          recharging
            ? t('tickets.rechargeBody', {
                number: recharging.ticketNumber,
                amount: money(recharging.amount),
                rental: recharging.rentalReference ?? '',
                customer: recharging.customer ?? '',
              })
            : ''
        }
      />
    </>
  );
}

function AddTicketForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const t = useT();
  const tz = useCompanyTimeZone();
  const [v, setV] = useState<Record<string, string>>({
    ticketNumber: '',
    violationDate: '',
    plate: '',
    violationType: '',
    location: '',
    amount: '',
    notes: '',
  });
  const [file, setFile] = useState<File | null>(null);
  const send = async (body: Record<string, unknown>) => {
    try {
      const notice = file ? await uploadFileTo(`${TICKETS_PATH}/upload-url`, file) : null;
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      const made = await ticketsApi.create(
        (notice ? { ...body, fileKey: notice.key, fileName: file!.name } : body) as BodyOf<'createTrafficTicket'>,
      );
      toast({
        variant: 'success',
        title: t('tickets.created'),
        description: `${made.ticketNumber} · ${t(`tickets.match.${made.matchState}`)}`,
      });
      onDone();
      return {};
    } catch (error) {
      return toastApiError(t('tickets.createFailed'), error).fields;
    }
  };
  const { errors, saving, submit, clearError } = useFormSubmit(createTicketSchema, send);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit({
      ticketNumber: v.ticketNumber,
      violationDate: fromLocalInput(v.violationDate, tz) ?? v.violationDate,
      plate: v.plate,
      violationType: v.violationType || undefined,
      location: v.location || undefined,
      amount: v.amount === '' ? undefined : Number(v.amount),
      notes: v.notes || undefined,
    });
  };
  const field = (name: string, type = 'text', required = false) => (
    <FormField
      id={`ticket-${name}`}
      label={`${t(`tickets.field.${name}`)}${required ? ' *' : ''}`}
      error={errors[name]}
    >
      <input
        className="field-input"
        type={type}
        value={v[name]}
        dir={name === 'plate' || name === 'ticketNumber' ? 'ltr' : undefined}
        step={type === 'number' ? '0.01' : undefined}
        onChange={(e) => {
          setV((x) => ({ ...x, [name]: e.target.value }));
          clearError(name);
        }}
      />
    </FormField>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
      {field('ticketNumber', 'text', true)}
      {field('violationDate', 'datetime-local', true)}
      {field('plate', 'text', true)}
      {field('amount', 'number', true)}
      {field('violationType')}
      {field('location')}
      <div className="sm:col-span-2">{field('notes')}</div>
      <div className="sm:col-span-2">
        <FormField
          id="ticket-file"
          label={t('tickets.file')}
          hint={t('tickets.fileHint')}
          error={errors.fileKey || errors.contentType}
        >
          <input
            className="field-input"
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={saving}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? t('tickets.saving') : t('tickets.save')}
          </button>
        </DialogActions>
      </div>
    </form>
  );
}

function TicketDetails({
  ticket,
  onSaved,
  onClose,
}: {
  ticket: Ticket;
  onSaved: (t: Ticket) => void;
  onClose: () => void;
}) {
  const t = useT();
  const tz = useCompanyTimeZone();
  const [v, setV] = useState({
    amount: String(ticket.amount),
    status: ticket.status,
    notes: ticket.notes ?? '',
    violationType: ticket.violationType ?? '',
    violationDate: toLocalInput(ticket.violationDate, tz),
    reason: '',
    paymentMethod: 'bank_transfer',
  });
  const form = useFormSubmit(null, async (body: BodyOf<'updateTrafficTicket'>) => {
    try {
      const saved = await ticketsApi.update(ticket.id, body);
      toast({ variant: 'success', title: t('tickets.saved') });
      setV((x) => ({ ...x, reason: '' }));
      onSaved(saved);
      return {};
    } catch (error) {
      return toastApiError(t('tickets.saveFailed'), error).fields;
    }
  });
  const { errors, saving, setErrors } = form;
  useEffect(() => setErrors({}), [ticket.version, setErrors]);
  const statuses = [ticket.status, ...TICKET_TRANSITIONS[ticket.status].filter((s) => s !== 'recharged')];
  const save = (e: FormEvent) => {
    e.preventDefault();
    void form.submit({
      version: ticket.version,
      amount: Number(v.amount),
      status: v.status,
      notes: v.notes,
      violationType: v.violationType || undefined,
      violationDate: fromLocalInput(v.violationDate, tz),
      reason: v.reason || undefined,
      paymentMethod:
        v.status === 'paid' ? (v.paymentMethod as BodyOf<'updateTrafficTicket'>['paymentMethod']) : undefined,
    });
  };
  const set = (name: string, value: string) => {
    setV((x) => ({ ...x, [name]: value }));
    form.clearError(name);
  };
  const locked = !!ticket.rechargedAt;
  const withFile = useSWR<Ticket | null>(ticket.fileKey ? [ticketPath(ticket.id), 'file'] : null);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form onSubmit={save} noValidate className="space-y-3">
        <p className="text-sm">
          <span className="font-mono" dir="ltr">
            {ticket.licensePlate}
          </span>
          {ticket.rentalReference &&
            ` · ${t('tickets.onRental', { rental: ticket.rentalReference })} · ${ticket.customer}`}
        </p>
        {withFile.data?.fileUrl && (
          <a className="link text-sm" href={withFile.data.fileUrl} target="_blank" rel="noreferrer">
            {t('tickets.openFile')} · {ticket.fileName}
          </a>
        )}
        <FormField id="ticket-edit-amount" label={t('tickets.field.amount')} error={errors.amount}>
          <input
            className="field-input"
            type="number"
            step="0.01"
            value={v.amount}
            disabled={locked}
            onChange={(e) => set('amount', e.target.value)}
          />
        </FormField>
        <FormField id="ticket-edit-status" label={t('tickets.field.status')} error={errors.status}>
          <select className="field-input" value={v.status} onChange={(e) => set('status', e.target.value)}>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`tickets.status.${s}`)}
              </option>
            ))}
          </select>
        </FormField>
        {v.status === 'paid' && ticket.status !== 'paid' && (
          <FormField id="ticket-edit-method" label={t('tickets.field.paymentMethod')}>
            <select
              className="field-input"
              value={v.paymentMethod}
              onChange={(e) => set('paymentMethod', e.target.value)}
            >
              {(['bank_transfer', 'cash'] as const).map((m) => (
                <option key={m} value={m}>
                  {t(`tickets.paymentMethods.${m}`)}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormField id="ticket-edit-date" label={t('tickets.field.violationDate')} error={errors.violationDate}>
          <input
            className="field-input"
            type="datetime-local"
            value={v.violationDate}
            onChange={(e) => set('violationDate', e.target.value)}
          />
        </FormField>
        <FormField id="ticket-edit-type" label={t('tickets.field.violationType')}>
          <input
            className="field-input"
            value={v.violationType}
            onChange={(e) => set('violationType', e.target.value)}
          />
        </FormField>
        <FormField id="ticket-edit-notes" label={t('tickets.field.notes')}>
          <textarea className="field-input" rows={2} value={v.notes} onChange={(e) => set('notes', e.target.value)} />
        </FormField>
        <FormField
          id="ticket-edit-reason"
          label={t('tickets.field.reason')}
          hint={t('tickets.reasonHint')}
          error={errors.reason}
        >
          <input className="field-input" value={v.reason} onChange={(e) => set('reason', e.target.value)} />
        </FormField>
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={saving}>
            {t('common.close')}
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? t('tickets.saving') : t('tickets.save')}
          </button>
        </DialogActions>
      </form>
      <HistoryTimeline ticketId={ticket.id} version={ticket.version} />
    </div>
  );
}
