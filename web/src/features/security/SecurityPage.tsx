/**
 * /dashboard/security (issue 16; OWNER and ADMIN, `security` ability): the audit log with
 * filters and CSV export, sign-in activity (with unlock of locked usernames) and the company's
 * geo access rules. The shared demo account reads everything but changes nothing (the API
 * refuses with 403 as well).
 */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Devices, JobRuns, Reports, RiskFeed } from './MonitoringTabs';
import useSWR from 'swr';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { GEO_ACTIONS, geoRuleBody, type AuditEntry, type GeoRule } from '../../../../shared/schemas/security';
import { browserOf } from '../../../../shared/security/risk';
import { auditActionText, auditDetailsText, auditEntityText } from '../../../../shared/audit-text';
export { browserOf };
import { FormField } from '../../components/FormField';
import { EmptyList, ListState, ListTable, LoadMoreButton, itemsState } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { StatusPill, type Tone } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { ME_PATH } from '../../auth/session';
import { useLanguage, useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { toastApiError } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useInvalidate } from '../../lib/invalidate';
import { useCursorList } from '../../lib/use-cursor-list';
import { downloadReport } from '../accounting/accounting-api';
import { AUDIT_PATH, GEO_RULES_PATH, securityApi } from './security-api';

const TABS = ['audit', 'signins', 'risk', 'devices', 'geo', 'reports', 'jobs'] as const;
const GEO_TONES: Record<string, Tone> = { allow: 'green', block: 'red', alert: 'amber' };
const EVENT_TONES: Record<string, Tone> = {
  auth_login: 'green',
  auth_login_failed: 'amber',
  auth_lockout: 'red',
  auth_unlock: 'blue',
  auth_login_refused: 'red',
  auth_geo_blocked: 'red',
  security_geo_alert: 'orange',
  auth_device_blocked: 'red',
  auth_risk_refused: 'red',
  auth_mfa_challenge: 'blue',
  auth_mfa_enrolment_required: 'amber',
  auth_session_revoked: 'slate',
};

function useIsDemo() {
  const me = useSWR<{ user?: { isDemo?: boolean } } | null>([ME_PATH, 'security-page']);
  return me.data?.user?.isDemo === true;
}

export default function SecurityPage() {
  const t = useT();
  const isDemo = useIsDemo();
  // ?tab=risk (the security alerts link here) selects a tab.
  const [params, setParams] = useSearchParams();
  const selectedIndex = Math.max(0, TABS.indexOf((params.get('tab') ?? 'audit') as (typeof TABS)[number]));
  return (
    <>
      <PageHeader title={t('security.title')} subtitle={t('security.subtitle')} />
      {isDemo && (
        <p
          role="note"
          className="mb-4 rounded-ui border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('security.demoNotice')}
        </p>
      )}
      <TabGroup selectedIndex={selectedIndex} onChange={(i) => setParams({ tab: TABS[i]! }, { replace: true })}>
        <TabList
          className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700"
          aria-label={t('security.title')}
        >
          {TABS.map((tab) => (
            <Tab
              key={tab}
              data-tab={tab}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 data-[selected]:border-primary-strong data-[selected]:text-primary-text dark:text-slate-300 dark:hover:text-white"
            >
              {t(`security.tabs.${tab}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel>
            <AuditLog />
          </TabPanel>
          <TabPanel>
            <Signins canEdit={!isDemo} />
          </TabPanel>
          <TabPanel>
            <RiskFeed />
          </TabPanel>
          <TabPanel>
            <Devices canEdit={!isDemo} />
          </TabPanel>
          <TabPanel>
            <GeoRules canEdit={!isDemo} />
          </TabPanel>
          <TabPanel>
            <Reports />
          </TabPanel>
          <TabPanel>
            <JobRuns />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </>
  );
}

type AuditFilters = { userId: string; action: string; entity: string; from: string; to: string };
const NO_FILTERS: AuditFilters = { userId: '', action: '', entity: '', from: '', to: '' };

function AuditLog() {
  const t = useT();
  const fmt = useFormat();
  const { language } = useLanguage();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  const list = useCursorList<AuditEntry>('auditLog', params, { limit: 50 });
  const filtered = Object.keys(params).length > 0;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
  };
  const exportCsv = async () => {
    const qs = new URLSearchParams(params).toString();
    try {
      await downloadReport(`${AUDIT_PATH}${qs ? `?${qs}` : ''}`, 'csv', 'en');
    } catch (error) {
      toastApiError(t('security.loadFailed'), error);
    }
  };
  return (
    <section aria-label={t('security.tabs.audit')}>
      <form onSubmit={apply} className="card mb-4 flex flex-wrap items-end gap-3" data-testid="audit-filters">
        {(['userId', 'action', 'entity'] as const).map((f) => (
          <FormField key={f} label={t(`security.filter.${f === 'userId' ? 'user' : f}`)} name={`audit-${f}`}>
            <input
              className="field-input"
              dir="ltr"
              value={draft[f]}
              onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
            />
          </FormField>
        ))}
        {(['from', 'to'] as const).map((f) => (
          <FormField key={f} label={t(`security.filter.${f}`)} name={`audit-${f}`}>
            <input
              type="date"
              className="field-input"
              value={draft[f]}
              onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
            />
          </FormField>
        ))}
        <button type="submit" className="btn-primary">
          {t('security.filter.apply')}
        </button>
        <button type="button" className="btn-secondary" onClick={() => void exportCsv()}>
          {t('security.exportCsv')}
        </button>
      </form>
      <ListState
        list={list}
        errorTitle={t('security.loadFailed')}
        empty={
          <EmptyList
            area="security"
            filtered={filtered}
            onClear={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          />
        }
      >
        <ListTable
          columns={(['at', 'user', 'action', 'entity', 'details'] as const).map((c) => t(`security.column.${c}`))}
        >
          {list.items.map((e) => (
            <tr key={e.id} data-audit-action={e.action}>
              <td className="whitespace-nowrap px-3 py-2">{fmt.dateTime(e.at)}</td>
              <td className="px-3 py-2 font-mono" dir="ltr">
                {e.username ?? '—'}
              </td>
              <td className="px-3 py-2 text-xs" title={e.action}>
                {auditActionText(e.action, language)}
              </td>
              <td className="px-3 py-2 text-xs">
                {auditEntityText(e.entity, language)}{' '}
                <span className="font-mono" dir="ltr">
                  {e.entityId}
                </span>
              </td>
              <td
                className="max-w-md break-words px-3 py-2 text-xs text-slate-600 dark:text-slate-300"
                data-testid="audit-details"
              >
                {auditDetailsText(e.summary, fmt)}
              </td>
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={list} label={t('security.loadMore')} />
      </ListState>
    </section>
  );
}

function Signins({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const list = useCursorList<AuditEntry>('signins', {}, { limit: 50 });
  const [busy, setBusy] = useState<string | null>(null);
  const unlock = async (username: string) => {
    setBusy(username);
    try {
      await securityApi.unlock(username);
      toast({ variant: 'success', title: t('security.unlocked'), description: username });
      await list.revalidate();
    } catch (error) {
      toastApiError(t('security.unlockFailed'), error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-label={t('security.tabs.signins')}>
      <ListState list={list} errorTitle={t('security.loadFailed')} empty={<EmptyList area="security" />}>
        <ListTable
          columns={[
            ...(['at', 'user', 'action', 'ip', 'country', 'browser'] as const).map((c) => t(`security.column.${c}`)),
            ...(canEdit ? [''] : []),
          ]}
        >
          {list.items.map((e) => (
            <tr key={e.id} data-signin-action={e.action}>
              <td className="whitespace-nowrap px-3 py-2">{fmt.dateTime(e.at)}</td>
              <td className="px-3 py-2 font-mono" dir="ltr">
                {e.username ?? '—'}
              </td>
              <td className="px-3 py-2">
                <StatusPill status={e.action.replace('.', '_')} labelKey="security.event" tones={EVENT_TONES} />
              </td>
              <td className="px-3 py-2 font-mono text-xs" dir="ltr">
                {e.ip ?? '—'}
              </td>
              <td className="px-3 py-2">{e.country ?? '—'}</td>
              <td className="max-w-xs truncate px-3 py-2 text-xs" dir="ltr" title={e.userAgent ?? ''}>
                {browserOf(e.userAgent)}
              </td>
              {canEdit && (
                <td className="px-3 py-2">
                  {e.action === 'auth.lockout' && e.username && (
                    <button
                      type="button"
                      className="link text-xs"
                      disabled={busy === e.username}
                      onClick={() => void unlock(e.username!)}
                    >
                      {t('security.unlock')}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </ListTable>
        <LoadMoreButton list={list} label={t('security.loadMore')} />
      </ListState>
    </section>
  );
}

function GeoRules({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const rules = useSWR<{ items: GeoRule[] }>(GEO_RULES_PATH);
  const invalidate = useInvalidate();
  const [draft, setDraft] = useState({ country: '', action: 'block' as (typeof GEO_ACTIONS)[number], note: '' });
  const form = useFormSubmit(geoRuleBody, async (body) => {
    try {
      await securityApi.saveGeoRule(body as never);
      toast({
        variant: 'success',
        title: t('security.geo.saved'),
        description: String((body as { country: string }).country).toUpperCase(),
      });
      setDraft({ country: '', action: 'block', note: '' });
      await invalidate(GEO_RULES_PATH);
      return {};
    } catch (error) {
      return toastApiError(t('security.geo.saveFailed'), error).fields;
    }
  });
  const remove = async (country: string) => {
    try {
      await securityApi.saveGeoRule({ country, action: 'remove' });
      toast({ variant: 'success', title: t('security.geo.removed'), description: country });
      await invalidate(GEO_RULES_PATH);
    } catch (error) {
      toastApiError(t('security.geo.saveFailed'), error);
    }
  };
  return (
    <section aria-label={t('security.tabs.geo')}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t('security.geo.intro')}</p>
      {canEdit && (
        <form
          className="card mb-4 flex flex-wrap items-end gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void form.submit({ ...draft, note: draft.note || undefined });
          }}
          data-testid="geo-form"
        >
          <FormField label={t('security.geo.country')} name="country" error={form.errors.country} required>
            <input
              className="field-input w-24 uppercase"
              dir="ltr"
              maxLength={2}
              value={draft.country}
              onChange={(e) => {
                setDraft({ ...draft, country: e.target.value });
                form.clearError('country');
              }}
            />
          </FormField>
          <FormField label={t('security.geo.action')} name="action" error={form.errors.action}>
            <select
              className="field-input"
              value={draft.action}
              onChange={(e) => setDraft({ ...draft, action: e.target.value as (typeof GEO_ACTIONS)[number] })}
            >
              {GEO_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`security.geo.actions.${a}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label={t('security.geo.note')} name="note" error={form.errors.note}>
            <input
              className="field-input"
              value={draft.note}
              onChange={(e) => setDraft({ ...draft, note: e.target.value })}
            />
          </FormField>
          <button type="submit" className="btn-primary" disabled={form.saving}>
            {t('security.geo.add')}
          </button>
        </form>
      )}
      <ListState
        list={itemsState(rules)}
        errorTitle={t('security.loadFailed')}
        empty={<EmptyList area="security.geo" />}
        skeleton={{ rows: 3, columns: 4 }}
      >
        <ListTable
          columns={[
            t('security.geo.country'),
            t('security.geo.action'),
            t('security.geo.note'),
            t('security.geo.createdBy'),
            ...(canEdit ? [''] : []),
          ]}
        >
          {(rules.data?.items ?? []).map((r) => (
            <tr key={r.country} data-geo-country={r.country}>
              <td className="px-3 py-2 font-mono" dir="ltr">
                {r.country}
              </td>
              <td className="px-3 py-2">
                <StatusPill status={r.action} labelKey="security.geo.actions" tones={GEO_TONES} />
              </td>
              <td className="px-3 py-2">{r.note ?? ''}</td>
              <td className="px-3 py-2 text-xs">
                <span dir="ltr">{r.createdBy ?? '—'}</span> · {fmt.date(r.createdAt)}
              </td>
              {canEdit && (
                <td className="px-3 py-2">
                  <button
                    type="button"
                    className="link text-xs text-red-700 dark:text-red-300"
                    onClick={() => void remove(r.country)}
                  >
                    {t('security.geo.remove')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </ListTable>
      </ListState>
    </section>
  );
}
