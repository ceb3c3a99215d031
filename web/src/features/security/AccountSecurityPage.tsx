/**
 * /account/security (issue 16, every signed-in user): their own sign-in sessions (device,
 * IP, country, started, last used; sign out any other one), the authenticator app (enrol with a
 * QR code and a first code, recovery codes shown once, turn off with a code) and the password
 * change (current password required; every other session is signed out).
 */
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { changePasswordBody, type DeviceView, type SessionView } from '../../../../shared/schemas/security';
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, itemsState } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { MFA_ENROLMENT_FLAG } from '../../auth/context';
import { useFormat } from '../../lib/format';
import { toastApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useInvalidate } from '../../lib/invalidate';
import { DEVICES_PATH, MFA_PATH, SESSIONS_PATH, securityApi } from './security-api';
import { browserOf } from './SecurityPage';
import { DeviceTable } from './MonitoringTabs';

export default function AccountSecurityPage() {
  const t = useT();
  const mustEnrol = sessionStorage.getItem(MFA_ENROLMENT_FLAG) === '1';
  return (
    <>
      <PageHeader title={t('security.account.title')} subtitle={t('security.account.subtitle')} />
      {mustEnrol && (
        <p
          role="alert"
          className="mb-4 rounded-ui border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('security.msg.mfaRequiredByCompany')}
        </p>
      )}
      <div className="space-y-6">
        <Sessions />
        <MyDevices />
        <Mfa />
        <PasswordChange />
      </div>
    </>
  );
}

function Sessions() {
  const t = useT();
  const fmt = useFormat();
  const sessions = useSWR<{ items: SessionView[] }>(SESSIONS_PATH);
  const invalidate = useInvalidate();
  const revoke = async (s: SessionView) => {
    try {
      await securityApi.revokeSession(s.id);
      toast({ variant: 'success', title: t('security.account.revoked'), description: browserOf(s.userAgent) });
      await invalidate(SESSIONS_PATH);
    } catch (error) {
      toastApiError(t('security.account.revokeFailed'), error);
    }
  };
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="mb-3 text-lg font-semibold">
        {t('security.account.sessions')}
      </h2>
      <ListState
        list={itemsState(sessions)}
        errorTitle={t('security.loadFailed')}
        empty={<EmptyList area="security.account.sessionList" />}
        skeleton={{ rows: 3, columns: 5 }}
      >
        <ListTable
          columns={[
            t('security.account.device'),
            t('security.column.ip'),
            t('security.column.country'),
            t('security.account.started'),
            t('security.account.lastUsed'),
            '',
          ]}
        >
          {(sessions.data?.items ?? []).map((s) => (
            <tr key={s.id} data-session-country={s.country ?? ''} data-current={s.current ? 'true' : undefined}>
              <td className="px-3 py-2" dir="ltr" title={s.userAgent ?? ''}>
                {browserOf(s.userAgent)}
              </td>
              <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                {s.ip ?? '—'}
              </td>
              <td className="px-3 py-2">{s.country ?? '—'}</td>
              <td className="whitespace-nowrap px-3 py-2">{fmt.dateTime(s.startedAt)}</td>
              <td className="whitespace-nowrap px-3 py-2">{fmt.dateTime(s.lastUsedAt)}</td>
              <td className="px-3 py-2">
                {s.current ? (
                  <span className="text-xs font-medium text-green-800 dark:text-green-300">
                    {t('security.account.current')}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="link text-xs text-red-700 dark:text-red-300"
                    onClick={() => void revoke(s)}
                  >
                    {t('security.account.revoke')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      </ListState>
    </section>
  );
}

/** The user's own devices (read-only: trusting or blocking one is an OWNER/ADMIN decision on /dashboard/security). */
function MyDevices() {
  const t = useT();
  const fmt = useFormat();
  const devices = useSWR<{ items: DeviceView[] }>(DEVICES_PATH);
  return (
    <section aria-labelledby="devices-title">
      <h2 id="devices-title" className="mb-1 text-lg font-semibold">
        {t('security.account.devices')}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t('security.account.devicesIntro')}</p>
      <ListState
        list={itemsState(devices)}
        errorTitle={t('security.loadFailed')}
        empty={<EmptyList area="security.devices" />}
        skeleton={{ rows: 2, columns: 6 }}
      >
        <DeviceTable devices={devices.data?.items ?? []} fmt={fmt} />
      </ListState>
    </section>
  );
}

function Mfa() {
  const t = useT();
  const status = useSWR<{ enabled: boolean; recoveryCodesLeft: number }>(MFA_PATH);
  const [setup, setSetup] = useState<{ secret: string; qrCode: string } | null>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  // Each MFA step (start, confirm, disable) is one submit: its failure shows under the code field.
  const form = useFormSubmit(null, async (work: () => Promise<void>) => {
    try {
      await work();
      return {};
    } catch (e) {
      return toastApiError(t('security.account.mfaFailed'), e).fields;
    }
  });
  const run = form.submit;
  const error = form.errors.code || undefined;
  const busy = form.saving;
  const start = () =>
    run(async () => {
      setSetup(await securityApi.mfaSetup());
      setCode('');
    });
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const done = await securityApi.mfaVerify(code);
      setRecovery(done.recoveryCodes);
      sessionStorage.removeItem(MFA_ENROLMENT_FLAG);
      setSetup(null);
      setCode('');
      toast({ variant: 'success', title: t('security.account.mfaEnabled') });
      await status.mutate();
    });
  };
  const disable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await securityApi.mfaDisable(code);
      setCode('');
      setRecovery(null);
      toast({ variant: 'success', title: t('security.account.mfaDisabled') });
      await status.mutate();
    });
  };

  return (
    <section aria-labelledby="mfa-title" className="card">
      <h2 id="mfa-title" className="mb-2 text-lg font-semibold">
        {t('security.account.mfa')}
      </h2>
      {status.data === undefined && !status.error ? (
        <p className="text-sm text-slate-500">…</p>
      ) : status.error ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {t('security.loadFailed')}
        </p>
      ) : status.data?.enabled ? (
        <form onSubmit={disable} className="space-y-3" noValidate>
          <p className="text-sm" data-testid="mfa-state">
            {t('security.account.mfaOn')} {t('security.account.recoveryLeft', { count: status.data.recoveryCodesLeft })}
          </p>
          {recovery && (
            <div
              className="rounded-ui border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              data-testid="recovery-codes"
            >
              <p className="font-medium">{t('security.account.recoveryTitle')}</p>
              <p className="mb-2 text-sm">{t('security.account.recoveryBody')}</p>
              <ul className="grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5" dir="ltr">
                {recovery.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="flex flex-wrap items-end gap-3">
            <FormField label={t('security.account.mfaCode')} name="mfa-disable-code" error={error}>
              <input
                className="field-input w-40"
                dir="ltr"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
            <button type="submit" className="btn-secondary" disabled={busy}>
              {t('security.account.mfaDisable')}
            </button>
          </div>
        </form>
      ) : setup ? (
        <form onSubmit={confirm} className="space-y-3" noValidate data-testid="mfa-setup">
          <p className="text-sm">{t('security.account.mfaScan')}</p>
          <img
            src={setup.qrCode}
            alt="QR"
            width={220}
            height={220}
            className="rounded-ui border border-slate-200 bg-white"
          />
          <p className="text-sm">
            {t('security.account.mfaKey')}:{' '}
            <code className="break-all font-mono" dir="ltr" data-testid="mfa-secret">
              {setup.secret}
            </code>
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <FormField label={t('security.account.mfaCode')} name="mfa-code" error={error}>
              <input
                className="field-input w-40"
                dir="ltr"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
            <button type="submit" className="btn-primary" disabled={busy}>
              {t('security.account.mfaConfirm')}
            </button>
          </div>
        </form>
      ) : (
        <div className="space-y-3">
          <p className="text-sm" data-testid="mfa-state">
            {t('security.account.mfaOff')}
          </p>
          <button type="button" className="btn-primary" disabled={busy} onClick={() => void start()}>
            {t('security.account.mfaStart')}
          </button>
        </div>
      )}
    </section>
  );
}

function PasswordChange() {
  const t = useT();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '' });
  const form = useFormSubmit(changePasswordBody, async (body) => {
    try {
      const done = await securityApi.changePassword(body as { currentPassword: string; newPassword: string });
      toast({
        variant: 'success',
        title: t('security.account.passwordChanged'),
        description: t('security.account.passwordChangedBody', { count: done.signedOut }),
      });
      setValues({ currentPassword: '', newPassword: '' });
      return {};
    } catch (error) {
      return toastApiError(t('security.account.passwordFailed'), error).fields;
    }
  });
  return (
    <section aria-labelledby="password-title" className="card">
      <h2 id="password-title" className="mb-3 text-lg font-semibold">
        {t('security.account.password')}
      </h2>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit(values);
        }}
      >
        <FormField
          label={t('security.account.currentPassword')}
          name="currentPassword"
          error={form.errors.currentPassword}
          required
        >
          <input
            type="password"
            className="field-input"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={(e) => setValues({ ...values, currentPassword: e.target.value })}
          />
        </FormField>
        <FormField
          label={t('security.account.newPassword')}
          name="newPassword"
          error={form.errors.newPassword}
          required
        >
          <input
            type="password"
            className="field-input"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={(e) => setValues({ ...values, newPassword: e.target.value })}
          />
        </FormField>
        <button type="submit" className="btn-primary" disabled={form.saving}>
          {t('security.account.passwordSave')}
        </button>
      </form>
    </section>
  );
}
