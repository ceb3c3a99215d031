/**
 * /einvoicing (issue 29): what e-invoicing means for the company and where its documents stand.
 * - Saudi Arabia: the ZATCA onboarding state (stage, environment, CSID expiry, compliance checks per document type,
 *   warnings, last error) and the onboarding form (the OTP from the Fatoora portal; a renewal asks first).
 * - UAE and Jordan: what applies and the connection form of the network (accredited provider's API key; JoFotara's
 *   client id and secret key), write-only.
 * - US: nothing is required.
 * Below, for every region with e-invoices, the issued documents with their submission state and a "Send now" for
 * the pending and unsent ones (managers).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  EDOC_STATUSES,
  KSA_CHECK_TYPES,
  networkBodySchema,
  onboardBodySchema,
  type NetworkBody,
} from '../../../../shared/schemas/einvoicing';
import { ConfirmDialog, ErrorPanel } from '../../components/Dialogs';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useApi } from '../../lib/api-client';
import { useDateTime } from '../../lib/company-clock';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { useFormSubmit } from '../../lib/use-form-submit';
import {
  DOCUMENTS_PATH,
  EDOC_TONES,
  einvoicingApi,
  STATUS_PATH,
  type EDocStatus,
  type EDocSummary,
  type EInvoicingStatus,
} from './einvoicing-api';
import { EDocMessages } from './EInvoiceBlock';

type U = (k: string, p?: Record<string, string | number>) => string;

function useU(): U {
  const t = useT();
  return (k, p) => t(`einvoicing.ui.${k}`, p);
}

export default function EInvoicingPage() {
  const t = useT();
  const u = useU();
  const status = useApi('getEInvoicingStatus', {});
  const s = status.data;
  return (
    <div className="space-y-6" data-testid="einvoicing-page">
      <PageHeader title={t('shell.pages.einvoicing')} subtitle={u('subtitle')} />
      {status.error ? (
        <ErrorPanel title={u('loadFailed')} onRetry={() => void status.mutate()} />
      ) : !s ? (
        <div className="card animate-pulse" aria-busy="true">
          {t('common.loading')}
        </div>
      ) : (
        <>
          {s.region === 'SA' ? (
            <SaudiStatus status={s} />
          ) : s.region === 'AE' || s.region === 'JO' ? (
            <NetworkCard status={s} />
          ) : (
            <section className="card" data-testid="einvoicing-none">
              <h2 className="mb-1 text-lg font-semibold">{u('usTitle')}</h2>
              <p className="text-sm">{u('usBody')}</p>
            </section>
          )}
          {(s.required || s.region === 'AE' || s.region === 'JO') && <DocumentsList />}
        </>
      )}
    </div>
  );
}

function SaudiStatus({ status: s }: { status: EInvoicingStatus }) {
  const t = useT();
  const u = useU();
  const dt = useDateTime();
  const stageTone = { not_started: 'slate', compliance: 'amber', production: 'green', failed: 'red' } as const;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="card space-y-3" data-testid="einvoicing-status">
        <h2 className="text-lg font-semibold">{u('statusTitle')}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-300">{u('stageLabel')}</dt>
          <dd>
            <StatusPill status={s.stage} labelKey="einvoicing.stage" tones={stageTone} testId="einvoicing-stage" />
          </dd>
          <dt className="text-slate-600 dark:text-slate-300">{u('environmentLabel')}</dt>
          <dd data-testid="einvoicing-environment">{t(`einvoicing.environment.${s.environment}`)}</dd>
        </dl>
        {s.csidExpiresAt && (
          <p className="text-sm" data-testid="einvoicing-csid-expiry">
            {t('einvoicing.csidExpiresAt', { date: dt(s.csidExpiresAt) })}
          </p>
        )}
        {s.onboardedAt && <p className="text-sm">{u('onboardedAt', { date: dt(s.onboardedAt, true) })}</p>}
        <div>
          <h3 className="mb-1 text-sm font-semibold">{u('checksTitle')}</h3>
          <ul className="max-w-md space-y-1 text-sm" data-testid="einvoicing-checks">
            {KSA_CHECK_TYPES.map((type) => {
              const passed = s.checks[type];
              const state = passed === undefined ? 'notRun' : passed ? 'passed' : 'failed';
              const tone = { notRun: 'muted', passed: 'green', failed: 'red' } as const;
              return (
                <li key={type} className="flex items-center justify-between gap-2" data-check={type}>
                  <span>{t(`einvoicing.checks.${type}`)}</span>
                  <StatusPill
                    status={state}
                    dataName="check"
                    tones={tone}
                    label={u(`check${state[0].toUpperCase()}${state.slice(1)}`)}
                  />
                </li>
              );
            })}
          </ul>
        </div>
        {s.warnings.length > 0 && <EDocMessages title={u('warningsTitle')} messages={s.warnings} tone="warning" />}
        {s.lastError && <EDocMessages title={u('lastErrorTitle')} messages={[s.lastError]} tone="error" />}
      </section>
      <OnboardCard status={s} />
    </div>
  );
}

function OnboardCard({ status: s }: { status: EInvoicingStatus }) {
  const t = useT();
  const u = useU();
  const canManage = useCan('einvoicingManage');
  const invalidate = useInvalidate();
  const [otp, setOtp] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState('');
  const renewal = s.stage === 'production';
  const form = useFormSubmit<{ otp: string }>(onboardBodySchema, async (body) => {
    setFailure('');
    try {
      await einvoicingApi.onboard(body.otp);
      await invalidate(STATUS_PATH);
      setOtp('');
      toast({ variant: 'success', title: u('onboarded') });
      return {};
    } catch (error) {
      const answer = toastApiError(u('onboardFailed'), error);
      if (!answer.fields.otp) setFailure(answer.message);
      // The server may have recorded a failed stage and its message: show it.
      await invalidate(STATUS_PATH);
      return answer.fields;
    }
  });
  const send = () => {
    setConfirming(false);
    void form.submit({ otp });
  };
  if (!canManage)
    return (
      <section className="card text-sm" data-testid="einvoicing-onboard">
        <h2 className="mb-1 text-lg font-semibold">{u(renewal ? 'renewTitle' : 'onboardTitle')}</h2>
        <p>{u('managersOnly')}</p>
      </section>
    );
  return (
    <section className="card" data-testid="einvoicing-onboard">
      <h2 className="mb-1 text-lg font-semibold">{u(renewal ? 'renewTitle' : 'onboardTitle')}</h2>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-200">{u('otpHelp')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (renewal && onboardBodySchema.safeParse({ otp }).success) setConfirming(true);
          else void form.submit({ otp });
        }}
        className="space-y-3"
      >
        <FormField label={t('einvoicing.otp')} error={form.errors.otp} required name="otp">
          <input
            className="field-input max-w-40 font-mono tracking-widest"
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={u('otpPlaceholder')}
            value={otp}
            onChange={(e) => {
              setOtp(e.target.value.replace(/\D/g, ''));
              form.clearError('otp');
              setFailure('');
            }}
          />
        </FormField>
        {failure && (
          <p
            role="alert"
            className="rounded-ui border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            data-testid="einvoicing-onboard-error"
          >
            {failure}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={form.saving} aria-busy={form.saving}>
          {form.saving ? u('onboarding') : t(renewal ? 'einvoicing.renew' : 'einvoicing.onboard')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={u('renewConfirmTitle')}
        body={u('renewConfirmBody')}
        confirmLabel={t('einvoicing.renew')}
        cancelLabel={u('cancel')}
        pending={form.saving}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}

/**
 * UAE (accredited provider, PINT AE) and Jordan (JoFotara): what applies, whether the company is connected, and the
 * write-only connection form (the credentials are sealed on the server and never answered).
 */
function NetworkCard({ status: s }: { status: EInvoicingStatus }) {
  const u = useU();
  const dt = useDateTime();
  const canManage = useCan('einvoicingManage');
  const invalidate = useInvalidate();
  const region = s.region === 'AE' ? 'AE' : 'JO';
  const network = region === 'AE' ? 'uae-asp' : 'jofotara';
  const fields =
    region === 'AE'
      ? (['apiKey', 'legalEntityId'] as const)
      : (['clientId', 'secretKey', 'incomeSourceSequence'] as const);
  const [values, setValues] = useState<Record<string, string>>({});
  const [disconnecting, setDisconnecting] = useState<'ask' | 'busy' | null>(null);
  const connected = s.network?.connected === true;
  const form = useFormSubmit<Record<string, string>>(networkBodySchema, async (body) => {
    try {
      await einvoicingApi.connect(body as unknown as NetworkBody);
      setValues({});
      await invalidate(STATUS_PATH, DOCUMENTS_PATH);
      toast({ variant: 'success', title: u('connected') });
      return {};
    } catch (error) {
      return toastApiError(u('connectFailed'), error).fields;
    }
  });
  const disconnect = async () => {
    setDisconnecting('busy');
    try {
      await einvoicingApi.disconnect();
      await invalidate(STATUS_PATH);
      toast({ variant: 'success', title: u('disconnected') });
    } catch (error) {
      toastApiError(u('disconnectFailed'), error);
    } finally {
      setDisconnecting(null);
    }
  };
  return (
    <section className="card max-w-3xl space-y-3" data-testid="einvoicing-network">
      <h2 className="text-lg font-semibold">{u(region === 'AE' ? 'aeTitle' : 'joTitle')}</h2>
      <p className="text-sm">{u(region === 'AE' ? 'aeBody' : 'joBody')}</p>
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="einvoicing-connection">
        <StatusPill
          status={connected ? 'connected' : 'notConnected'}
          dataName="connection"
          tone={connected ? 'green' : 'slate'}
          label={u(connected ? 'connectedLabel' : 'notConnected')}
        />
        {connected && s.network?.connectedAt && <span>{u('connectedOn', { date: dt(s.network.connectedAt) })}</span>}
        {connected && canManage && (
          <button
            type="button"
            className="btn-secondary ms-auto"
            onClick={() => setDisconnecting('ask')}
            disabled={disconnecting !== null}
          >
            {u('disconnect')}
          </button>
        )}
      </p>
      {canManage ? (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void form.submit({ network, ...Object.fromEntries(fields.map((f) => [f, (values[f] ?? '').trim()])) });
          }}
        >
          <h3 className="text-sm font-semibold">{u(connected ? 'reconnectTitle' : 'connectTitle')}</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            {fields.map((f) => (
              <FormField
                key={f}
                label={u(f)}
                error={form.errors[f]}
                hint={f === 'legalEntityId' || f === 'incomeSourceSequence' ? undefined : u('secretHint')}
                required
                name={f}
              >
                <input
                  className="field-input"
                  dir="ltr"
                  type={f === 'clientId' || f === 'legalEntityId' || f === 'incomeSourceSequence' ? 'text' : 'password'}
                  inputMode={f === 'legalEntityId' || f === 'incomeSourceSequence' ? 'numeric' : undefined}
                  autoComplete="off"
                  value={values[f] ?? ''}
                  onChange={(e) => {
                    setValues({ ...values, [f]: e.target.value });
                    form.clearError(f);
                  }}
                />
              </FormField>
            ))}
          </div>
          <button type="submit" className="btn-primary" disabled={form.saving}>
            {form.saving ? u('connecting') : u('connect')}
          </button>
        </form>
      ) : (
        <p className="text-sm">{u('managersOnlyNetwork')}</p>
      )}
      <ConfirmDialog
        open={disconnecting !== null}
        title={u('disconnectTitle')}
        body={u('disconnectBody')}
        confirmLabel={u('disconnect')}
        cancelLabel={u('cancel')}
        pending={disconnecting === 'busy'}
        onConfirm={() => void disconnect()}
        onClose={() => setDisconnecting(null)}
      />
    </section>
  );
}

function DocumentsList() {
  const t = useT();
  const u = useU();
  const f = useFormat();
  const dt = useDateTime();
  const canManage = useCan('einvoicingManage');
  const invalidate = useInvalidate();
  const [status, setStatus] = useState<EDocStatus | ''>('');
  const [busy, setBusy] = useState<string | null>(null);
  const list = useCursorList<EDocSummary>('listEInvoiceDocuments', status ? { status } : {}, { limit: 25 });
  const retry = async (doc: EDocSummary) => {
    setBusy(doc.id);
    try {
      const after = await einvoicingApi.retry(doc.id);
      toast({
        variant: after.status === 'rejected' ? 'destructive' : 'success',
        title: u('retried', { number: after.number, status: t(`einvoicing.docStatus.${after.status}`) }),
      });
      await invalidate(DOCUMENTS_PATH);
    } catch (error) {
      toastApiError(u('retryFailed'), error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="space-y-3" data-testid="einvoicing-documents">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-lg font-semibold">{u('documentsTitle')}</h2>
        <FilterSelect
          id="edoc-status"
          label={u('statusFilter')}
          value={status}
          onChange={(v) => setStatus(v as EDocStatus | '')}
          allLabel={u('allStatuses')}
          options={EDOC_STATUSES.map((s) => ({ value: s, label: t(`einvoicing.docStatus.${s}`) }))}
        />
      </div>
      <ListState
        list={list}
        errorTitle={u('documentsFailed')}
        empty={<EmptyList area="einvoicing.ui" filtered={status !== ''} onClear={() => setStatus('')} />}
      >
        <ListTable
          columns={[
            u('number'),
            u('kindLabel'),
            u('profileLabel'),
            { label: u('icv'), end: true },
            u('issuedAt'),
            { label: u('total'), end: true },
            u('status'),
            u('messagesLabel'),
            '',
          ]}
        >
          {list.items.map((d) => (
            <tr key={d.id} data-edoc={d.number} className="align-top">
              <td className="px-3 py-2 font-medium whitespace-nowrap">
                <Link className="link" to={`/invoices/${d.invoiceId}`}>
                  {d.number}
                </Link>
              </td>
              <td className="px-3 py-2">{t(`einvoicing.kind.${d.kind}`)}</td>
              <td className="px-3 py-2">{t(`einvoicing.profile.${d.profile}`)}</td>
              <td className="px-3 py-2 text-end tabular-nums">{d.icv ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">{dt(d.issuedAt, true)}</td>
              <td className="px-3 py-2 text-end tabular-nums whitespace-nowrap">{f.money(d.total)}</td>
              <td className="px-3 py-2">
                <StatusPill status={d.status} labelKey="einvoicing.docStatus" tones={EDOC_TONES} testId="edoc-status" />
              </td>
              <td className="max-w-md px-3 py-2 text-xs">
                {d.errors.length > 0 && <EDocMessages messages={d.errors} tone="error" compact />}
                {d.warnings.length > 0 && <EDocMessages messages={d.warnings} tone="warning" compact />}
              </td>
              <td className="px-3 py-2 text-end">
                {canManage && (d.status === 'pending' || d.status === 'unsent') && (
                  <button
                    type="button"
                    className="btn-secondary whitespace-nowrap"
                    disabled={busy !== null}
                    onClick={() => void retry(d)}
                  >
                    {busy === d.id ? u('retrying') : u('retry')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={list} label={u('loadMore')} />
      </ListState>
    </section>
  );
}
