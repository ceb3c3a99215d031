/**
 * /rentals/{id}: overview, money (balance shown as due / credit / settled), ledger with
 * reversals, timeline, notes, contract download, and the lifecycle actions the status and the
 * role allow (pickup, return, close, cancel, archive, restore; payments, charges, refunds).
 * Destructive actions ask first.
 */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { noteSchema, NOTE_VISIBILITIES } from '../../../../shared/schemas/rentals';
import { humanizeCode } from '../../../../shared/readable';
import { PageHeader } from '../../components/PageHeader';
import { DetailSkeleton } from '../../components/Skeletons';
import { dismissToast, toast } from '../../components/toast/toast-store';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../auth/context';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { DirectionArrow } from '../../components/DirectionArrow';
import { FormField } from '../../components/FormField';
import { BalanceBadge, ConfirmDialog, ErrorPanel, RentalStatusBadge } from './components';
import { CloseDialog, MoneyDialog, SignContractDialog, type MoneyKind } from './dialogs';
import { PickupFlow, ReturnFlow } from './PickupFlow';
import { StatusPill } from '../../components/StatusPill';
import {
  rentalApi,
  useDateTime,
  useInvalidateRentals,
  useLedger,
  useMoney,
  useRental,
  useRentalDefaults,
  type RentalApi,
  type LedgerEntryApi,
} from './rental-api';
import { toastApiError, translateApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useCan } from '../../lib/use-can';
import { LedgerEntries } from './LedgerEntries';
import { RentalInvoicingSettings } from './InvoicingSettings';
import { RentalInvoices } from '../invoices/InvoiceLinks';
import { FinalSettlementLink } from '../payments/FinalSettlementLink';
import { InspectionsLink, ServiceWarning } from '../maintenance/ServiceWarning';
import { RentalTollsAndFines } from '../tickets/RentalTollsAndFines';
import { RentalTripEvidence } from '../gps/RentalTripEvidence';
import { apiPath, type BodyOf } from '../../lib/api-client';

type DialogName = MoneyKind | 'pickup' | 'return' | 'close' | 'cancel' | 'archive' | 'sign' | null;
/** Rentals whose contract can still be signed (the API's rule: not cancelled, archived or closed). */
const SIGNABLE = ['pending', 'active', 'overdue', 'completed'];
const CALENDAR_DATE = /\b\d{4}-\d\d-\d\d\b/g;
const CALENDAR_DATE_ONLY = /^\d{4}-\d\d-\d\d$/;
const CONTRACT_TONES = { draft: 'amber', signed: 'green', completed: 'indigo' } as const;

export default function RentalDetailPage() {
  const { id } = useParams();
  const t = useT();
  const fmt = useFormat();
  const can = useCan();
  const money = useMoney();
  const when = useDateTime();
  // Timeline words (issue 27): the action in the reader's language (an action this build has no
  // words for reads as plain words, never as its key); its parameters — a period's dates, an
  // invoice number — and dates inside older notes in the company's format.
  const timelineLabel = (action: string) => {
    const key = `rentals.timelineActions.${action}`;
    const label = t(key);
    return label && label !== key ? label : humanizeCode(action);
  };
  const timelineParams = (params: Record<string, string>) =>
    Object.values(params)
      .map((v) => (CALENDAR_DATE_ONLY.test(v) ? fmt.date(v) : v))
      .join(' – ');
  const rental = useRental(id);
  const ledger = useLedger(id);
  const invalidate = useInvalidateRentals();
  const [dialog, setDialogState] = useState<DialogName>(null);
  // Toasts sit in the bottom corner where a dialog's confirm button is: opening a dialog clears
  // them, and dialogs report their own failures inside themselves.
  const setDialog = (d: DialogName) => {
    if (d) dismissToast();
    setDialogState(d);
  };
  const [pending, setPending] = useState(false);
  const [reversing, setReversing] = useState<LedgerEntryApi | null>(null);
  const [contractPending, setContractPending] = useState(false);
  const [sendPending, setSendPending] = useState(false);
  const { user } = useAuth();
  const defaults = useRentalDefaults();
  const vehicle = useSWR<{ odometerKm: number } | null>(
    rental.data && rental.data.status === 'pending' ? apiPath('getVehicle', { id: rental.data.vehicleId }) : null,
  );

  if (!rental.data && !rental.error) return <DetailSkeleton />;
  if (rental.error || !rental.data) {
    const missing = rental.error instanceof ApiError && rental.error.status === 404;
    return (
      <ErrorPanel
        title={missing ? t('rentals.detail.notFound') : t('rentals.loadFailed')}
        onRetry={missing ? undefined : () => void rental.mutate()}
      />
    );
  }
  const r = rental.data;
  const edit = can('rentalsEdit');

  const done = (updated: RentalApi) => {
    setDialog(null);
    setReversing(null);
    invalidate(updated);
  };

  const simple = async (action: () => Promise<RentalApi>, okKey: string) => {
    setPending(true);
    try {
      const updated = await action();
      toast({ variant: 'success', title: t(okKey) });
      done(updated);
    } catch (error) {
      // Close the confirmation first: the toast must not sit on its buttons.
      setDialog(null);
      setReversing(null);
      toastApiError(t('rentals.messages.updateFailed'), error);
    } finally {
      setPending(false);
    }
  };

  const contract = async () => {
    setContractPending(true);
    try {
      // The URL answers the PDF as an attachment: following it downloads the file in place
      // (no new tab, no second link to click).
      const { url } = await rentalApi.contract(r.id);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${r.contractNumber}${contractStatus === 'draft' ? '' : '-signed'}.pdf`;
      a.rel = 'noopener';
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch (error) {
      toastApiError(t('rentals.detail.contractFailed'), error);
    } finally {
      setContractPending(false);
    }
  };

  // Remote signing: the customer gets a one-time link by email (24 h).
  const sendForSignature = async () => {
    setSendPending(true);
    try {
      const sent = await rentalApi.sendContract(r.id);
      toast({ variant: 'success', title: t('rentals.flow.sent', { email: sent.sentTo, when: when(sent.expiresAt) }) });
    } catch (error) {
      toastApiError(t('rentals.flow.sendFailed'), error);
    } finally {
      setSendPending(false);
    }
  };

  const contractStatus = r.contractStatus ?? 'draft';
  const canSign = edit && contractStatus === 'draft' && SIGNABLE.includes(r.status) && !r.closedAt;
  const canClose = r.status === 'completed' && !r.closedAt;
  // Mirrors the API rule: STAFF may close with a balance only when the company allows it.
  const closeBlocked = user?.role === 'STAFF' && r.balance > 0 && defaults.data?.allowStaffCloseWithBalance === false;
  const actions = edit ? (
    <div className="flex flex-wrap gap-2">
      {r.status === 'pending' && (
        <button type="button" className="btn-primary" onClick={() => setDialog('pickup')}>
          {t('rentals.actions.pickup')}
        </button>
      )}
      {(r.status === 'active' || r.status === 'overdue') && (
        <button type="button" className="btn-primary" onClick={() => setDialog('return')}>
          {t('rentals.actions.return')}
        </button>
      )}
      {/* Resumable: an interrupted pickup (contract not signed yet) continues where it stopped. */}
      {(r.status === 'active' || r.status === 'overdue') && contractStatus === 'draft' && (
        <button type="button" className="btn-secondary" onClick={() => setDialog('pickup')}>
          {t('rentals.flow.resume')}
        </button>
      )}
      {canClose && (
        <button
          type="button"
          className="btn-primary"
          onClick={() => setDialog('close')}
          disabled={closeBlocked}
          title={closeBlocked ? t('rentals.messages.staffCloseRefused') : undefined}
        >
          {t('rentals.actions.close')}
        </button>
      )}
      {r.status !== 'archived' && (
        <button type="button" className="btn-secondary" onClick={() => setDialog('payment')}>
          {t('rentals.actions.recordPayment')}
        </button>
      )}
      {r.status !== 'archived' && (
        <button type="button" className="btn-secondary" onClick={() => setDialog('charge')}>
          {t('rentals.actions.addCharge')}
        </button>
      )}
      {r.status !== 'archived' && r.payments - r.refunds + r.depositHeld > 0 && (
        <button type="button" className="btn-secondary" onClick={() => setDialog('refund')}>
          {t('rentals.actions.refund')}
        </button>
      )}
      {r.status === 'pending' && (
        <button type="button" className="btn-ghost text-red-700 dark:text-red-300" onClick={() => setDialog('cancel')}>
          {t('rentals.actions.cancel')}
        </button>
      )}
      {(r.status === 'cancelled' || (r.status === 'completed' && r.closedAt)) && (
        <button type="button" className="btn-ghost" onClick={() => setDialog('archive')}>
          {t('rentals.actions.archive')}
        </button>
      )}
      {canClose && closeBlocked && (
        <p className="basis-full text-xs text-red-800 dark:text-red-300">{t('rentals.messages.staffCloseRefused')}</p>
      )}
      {r.status === 'archived' && (
        <button
          type="button"
          className="btn-secondary"
          disabled={pending}
          onClick={() => void simple(() => rentalApi.restore(r.id), 'rentals.toasts.restored')}
        >
          {t('rentals.actions.restore')}
        </button>
      )}
    </div>
  ) : undefined;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/rentals" className="link">
          <DirectionArrow direction="back" /> {t('rentals.detail.back')}
        </Link>
      </p>
      <PageHeader
        title={r.referenceNumber}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <RentalStatusBadge status={r.status} closedAt={r.closedAt} />{' '}
            <span>
              {r.customerName} · {r.vehicleLabel}
            </span>
          </span>
        }
        actions={actions}
      />

      <InspectionsLink rentalId={r.id} />
      {['pending', 'active', 'overdue'].includes(r.status) && (
        <ServiceWarning vehicleId={r.vehicleId} start={r.startDate} end={r.openEnded ? null : r.expectedReturnDate} />
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <section className="card lg:col-span-2" aria-label={t('rentals.detail.overview')}>
          <h2 className="mb-3 font-semibold">{t('rentals.detail.overview')}</h2>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Row
              label={t('rentals.detail.customer')}
              value={
                <Link className="link" to={`/customers/${r.customerId}`}>
                  {r.customerName}
                </Link>
              }
            />
            <Row
              label={t('rentals.detail.vehicle')}
              value={
                <Link className="link" to={`/vehicles/${r.vehicleId}`}>
                  {r.vehicleLabel}
                </Link>
              }
            />
            <Row label={t('rentals.detail.start')} value={when(r.startDate)} />
            <Row
              label={t('rentals.detail.expectedReturn')}
              value={r.openEnded ? `${t('rentals.openEnded')} (${r.expectedDuration})` : when(r.expectedReturnDate)}
            />
            {r.returnDate && <Row label={t('rentals.detail.returned')} value={when(r.returnDate)} />}
            <Row label={t('rentals.detail.contractNumber')} value={r.contractNumber} />
            <Row
              label={t('rentals.detail.rates')}
              value={`${money(r.dailyRate)}${r.rentalType === 'monthly' && r.monthlyRate ? ` · ${money(r.monthlyRate)}` : ''}`}
            />
            <Row
              label={t('rentals.wizard.dailyKmLimit')}
              value={t('rentals.detail.kmLimit', {
                km: fmt.quantity(r.dailyKmLimit, 'kilometer'),
                charge: money(r.extraChargePerKm),
              })}
            />
            {r.odometerStart !== undefined && (
              <Row label={t('rentals.detail.pickupOdometer')} value={fmt.quantity(r.odometerStart, 'kilometer')} />
            )}
            {r.fuelLevelStart && (
              <Row label={t('rentals.detail.pickupFuel')} value={t(`rentals.fuel.${r.fuelLevelStart}`)} />
            )}
            {r.odometerEnd !== undefined && (
              <Row label={t('rentals.detail.returnOdometer')} value={fmt.quantity(r.odometerEnd, 'kilometer')} />
            )}
            {(r.pickupLocation || r.returnLocation) && (
              <Row
                label={t('rentals.detail.locations')}
                value={`${r.pickupLocation ?? '—'} / ${r.returnLocation ?? '—'}`}
              />
            )}
            {r.agentName && <Row label={t('rentals.detail.agent')} value={r.agentName} />}
          </dl>
          {r.overbookedConflicts && r.overbookedConflicts.length > 0 && (
            <p className="mt-3 text-sm text-amber-800 dark:text-amber-300">
              {t('rentals.detail.overbooked', { count: r.overbookedConflicts.length })}
            </p>
          )}
          {r.documentFlags?.map((d) => (
            <p
              key={d.documentId}
              role="alert"
              data-testid="document-flag"
              className="mt-3 text-sm text-amber-800 dark:text-amber-300"
            >
              <Link to={`/documents?scope=${d.scope}&id=${d.documentId}`} className="link">
                {t('rentals.detail.documentLapses', { title: d.title, date: fmt.date(d.expiryDate) })}
              </Link>
            </p>
          ))}
        </section>

        <section className="card" aria-label={t('rentals.detail.balance')} data-testid="rental-money">
          <h2 className="mb-3 font-semibold">{t('rentals.detail.balance')}</h2>
          <p className="flex items-center gap-2 text-2xl font-semibold tabular-nums" data-testid="rental-balance">
            {money(Math.abs(r.balance))} <BalanceBadge state={r.balanceState} />
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-1 text-sm">
            <dt>{t('rentals.detail.charges')}</dt>
            <dd className="text-end tabular-nums">{money(r.charges)}</dd>
            <dt>{t('rentals.detail.payments')}</dt>
            <dd className="text-end tabular-nums">{money(r.payments)}</dd>
            <dt>{t('rentals.detail.refunds')}</dt>
            <dd className="text-end tabular-nums">{money(r.refunds)}</dd>
            <dt>{t('rentals.detail.deposit')}</dt>
            <dd className="text-end tabular-nums">{money(r.securityDeposit)}</dd>
            {r.depositReceived > 0 && (
              <>
                <dt>{t('rentals.detail.depositReceived')}</dt>
                <dd className="text-end tabular-nums" data-testid="deposit-received">
                  {money(r.depositReceived)}
                </dd>
                <dt>{t('rentals.detail.depositApplied')}</dt>
                <dd className="text-end tabular-nums" data-testid="deposit-applied">
                  {money(r.depositApplied)}
                </dd>
                <dt>{t('rentals.detail.depositRefunded')}</dt>
                <dd className="text-end tabular-nums" data-testid="deposit-refunded">
                  {money(r.depositRefunded)}
                </dd>
              </>
            )}
            <dt>{t('rentals.detail.depositHeld')}</dt>
            <dd className="text-end tabular-nums">{money(r.depositHeld)}</dd>
          </dl>
          <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-800">
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              {t('rentals.detail.contract')}{' '}
              <StatusPill
                status={contractStatus}
                labelKey="rentals.contract.status"
                tones={CONTRACT_TONES}
                dataName="contract-status"
                testId="contract-status"
              />
            </h3>
            {r.contractSignedAt && (
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                {t('rentals.contract.signedOn', { when: when(r.contractSignedAt) })}
              </p>
            )}
            {contractStatus === 'completed' && (
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t('rentals.contract.completedNote')}</p>
            )}
            <div className="mt-2 flex flex-wrap gap-2">
              {canSign && (
                <button type="button" className="btn-primary" onClick={() => setDialog('sign')}>
                  {t('rentals.contract.sign')}
                </button>
              )}
              {canSign && (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => void sendForSignature()}
                  disabled={sendPending}
                >
                  {t('rentals.flow.send')}
                </button>
              )}
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void contract()}
                disabled={contractPending}
              >
                {contractPending
                  ? t('rentals.detail.preparingContract')
                  : contractStatus === 'draft'
                    ? t('rentals.detail.downloadContract')
                    : t('rentals.contract.downloadSigned')}
              </button>
            </div>
            <p className="mt-2 text-xs text-slate-500">{t('rentals.dialogs.noDocuments')}</p>
          </div>
        </section>
      </div>

      <div className="mt-4">
        <RentalInvoices rentalId={r.id} />
      </div>
      {r.openEnded && (
        <div className="mt-4">
          <RentalInvoicingSettings rental={r} canEdit={edit} onDone={invalidate} onStale={() => void rental.mutate()} />
        </div>
      )}
      {r.closedAt && (
        <div className="mt-4">
          <FinalSettlementLink rentalId={r.id} closed={!!r.closedAt} />
        </div>
      )}

      <section className="card mt-4" aria-label={t('rentals.detail.ledger')}>
        <h2 className="mb-3 font-semibold">{t('rentals.detail.ledger')}</h2>
        {!ledger.data ? (
          ledger.error ? (
            <ErrorPanel title={t('rentals.loadFailed')} onRetry={() => void ledger.mutate()} />
          ) : (
            <div className="h-24 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
          )
        ) : ledger.data.items.length === 0 ? (
          <p className="text-sm">{t('rentals.detail.noEntries')}</p>
        ) : (
          <LedgerEntries
            items={ledger.data.items}
            canReverse={edit && r.status !== 'archived'}
            onReverse={(e) => {
              dismissToast();
              setReversing(e);
            }}
          />
        )}
      </section>

      {can('gpsRead') && (
        <div className="mt-4">
          <RentalTripEvidence rentalId={r.id} />
        </div>
      )}
      {can('tickets') && (
        <div className="mt-4">
          <RentalTollsAndFines
            rental={r}
            onChanged={() => {
              void rental.mutate();
              void ledger.mutate();
            }}
          />
        </div>
      )}

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section className="card" aria-label={t('rentals.detail.timeline')}>
          <h2 className="mb-3 font-semibold">{t('rentals.detail.timeline')}</h2>
          <ol className="space-y-2 border-s border-slate-200 ps-4 text-sm dark:border-slate-700">
            {[...r.timeline].reverse().map((e, i) => (
              <li key={`${e.at}-${i}`}>
                <p className="font-medium">
                  {timelineLabel(e.action)}
                  {e.params ? ` · ${timelineParams(e.params)}` : ''}
                </p>
                <p className="text-xs text-slate-500">
                  {when(e.at)}
                  {e.by ? ` · ${e.by}` : ''}
                  {e.note ? ` · ${e.note.replace(CALENDAR_DATE, (d) => fmt.date(d))}` : ''}
                </p>
              </li>
            ))}
          </ol>
        </section>
        <Notes rentalId={r.id} canEdit={edit && r.status !== 'archived'} />
      </div>

      {edit && (
        <>
          {(['payment', 'charge', 'refund'] as const).map((k) => (
            <MoneyDialog
              key={k}
              kind={k}
              rental={r}
              open={dialog === k}
              onClose={() => setDialog(null)}
              onDone={done}
            />
          ))}
          {/* Pickup and return: one guided flow each, resumable (PickupFlow.tsx); the dialog stays open across */}
          {/* steps. */}
          <PickupFlow
            rental={r}
            open={dialog === 'pickup'}
            onClose={() => setDialog(null)}
            vehicleOdometer={vehicle.data?.odometerKm}
            onChanged={invalidate}
          />
          <SignContractDialog rental={r} open={dialog === 'sign'} onClose={() => setDialog(null)} onDone={done} />
          <ReturnFlow rental={r} open={dialog === 'return'} onClose={() => setDialog(null)} onChanged={invalidate} />
          <CloseDialog rental={r} open={dialog === 'close'} onClose={() => setDialog(null)} onDone={done} />
          <ConfirmDialog
            open={dialog === 'cancel'}
            title={t('rentals.dialogs.cancelTitle')}
            body={t('rentals.dialogs.cancelBody')}
            confirmLabel={t('rentals.actions.cancel')}
            cancelLabel={t('rentals.actions.keepRental')}
            pending={pending}
            onClose={() => setDialog(null)}
            onConfirm={() => void simple(() => rentalApi.cancel(r.id, {}), 'rentals.toasts.cancelled')}
          />
          <ConfirmDialog
            open={dialog === 'archive'}
            title={t('rentals.dialogs.archiveTitle')}
            body={t('rentals.dialogs.archiveBody')}
            confirmLabel={t('rentals.actions.archive')}
            pending={pending}
            onClose={() => setDialog(null)}
            onConfirm={() => void simple(() => rentalApi.archive(r.id), 'rentals.toasts.archived')}
          />
          <ConfirmDialog
            open={!!reversing}
            title={t('rentals.dialogs.reverseTitle')}
            body={t('rentals.dialogs.reverseBody')}
            confirmLabel={t('rentals.detail.reverse')}
            pending={pending}
            onClose={() => setReversing(null)}
            onConfirm={() =>
              reversing &&
              void simple(
                async () => (await rentalApi.reverse(r.id, reversing.id, { reason: reversing.label })).rental,
                'rentals.toasts.saved',
              )
            }
          />
        </>
      )}
    </>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 sm:block">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

interface NoteApi {
  id: string;
  content: string;
  visibility: string;
  authorName: string;
  createdAt: string;
}

function Notes({ rentalId, canEdit }: { rentalId: string; canEdit: boolean }) {
  const t = useT();
  const when = useDateTime();
  const notes = useSWR<{ items: NoteApi[] } | null>(apiPath('listRentalNotes', { id: rentalId }));
  const [content, setContent] = useState('');
  const [visibility, setVisibility] = useState<string>('internal');
  const form = useFormSubmit(
    noteSchema,
    async (body: BodyOf<'addRentalNote'>) => {
      try {
        await rentalApi.addNote(rentalId, body);
        setContent('');
        toast({ variant: 'success', title: t('rentals.toasts.noteAdded') });
        void notes.mutate();
        return {};
      } catch (error) {
        return translateApiError(error, t).fields;
      }
    },
    { sendParsed: true },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit({ content, visibility } as BodyOf<'addRentalNote'>);
  };
  return (
    <section className="card" aria-label={t('rentals.detail.notes')}>
      <h2 className="mb-3 font-semibold">{t('rentals.detail.notes')}</h2>
      {canEdit && (
        <form onSubmit={submit} noValidate className="mb-4 space-y-2">
          <FormField label={t('rentals.dialogs.noteContent')} error={form.errors.content}>
            {(p) => (
              <textarea
                {...p}
                className="field-input"
                rows={2}
                value={content}
                onChange={(e) => setContent(e.target.value)}
              />
            )}
          </FormField>
          <div className="flex items-end gap-2">
            <FormField label={t('rentals.dialogs.visibility')}>
              {(p) => (
                <select
                  {...p}
                  className="field-input"
                  value={visibility}
                  onChange={(e) => setVisibility(e.target.value)}
                >
                  {NOTE_VISIBILITIES.map((v) => (
                    <option key={v} value={v}>
                      {t(`rentals.dialogs.${v}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <button type="submit" className="btn-secondary" disabled={form.saving}>
              {t('rentals.actions.addNote')}
            </button>
          </div>
        </form>
      )}
      {!notes.data ? (
        <div className="h-12 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
      ) : notes.data.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('rentals.dialogs.noNotes')}</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {notes.data.items.map((n) => (
            <li key={n.id} className="rounded-md bg-slate-50 p-2 dark:bg-slate-800">
              <p className="whitespace-pre-wrap">{n.content}</p>
              <p className="mt-1 text-xs text-slate-500">
                {n.authorName} · {when(n.createdAt)} · {t(`rentals.dialogs.${n.visibility}`)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
