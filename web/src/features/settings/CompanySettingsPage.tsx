/**
 * /company-settings: seven tabs (profile, branding, working hours, rentals, notifications,
 * preferences, security; one file each under ./tabs), `?tab=` selects one (the shell's redirects
 * /branding, /profile, /settings, /security land here). Each tab saves its own fields with the
 * version read, validated by the shared schema first; the server's field errors show under their
 * fields. The route guard shows "Access Restricted" to roles without settings access (STAFF,
 * MECHANIC). Managers find the pricing defaults through the link in the header.
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  companySettingsUpdateSchema,
  GATEWAY_KEY_NAMES,
  type CompanySettings,
  type CompanySettingsUpdateInput,
  type GatewayKeyName,
} from '../../../../shared/schemas/settings';
import { DEMO_CREDENTIALS } from '../../../../shared/schemas/auth';
import { ErrorPanel } from '../../components/Dialogs';
import { PageHeader } from '../../components/PageHeader';
import { FormSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useAuth } from '../../auth/context';
import { useT } from '../../i18n';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useCan } from '../../lib/use-can';
import { clone, draftOf, rebase, same, setPath, SETTINGS_TABS, type Draft, type TabDef } from './settings-draft';
import { settingsSaveFailed, useCompanySettingsFull, useSaveSettings } from './settings-api';
import { BrandingTab } from './tabs/BrandingTab';
import { HoursTab } from './tabs/HoursTab';
import { NotificationsTab } from './tabs/NotificationsTab';
import { PreferencesTab } from './tabs/PreferencesTab';
import { ProfileTab } from './tabs/ProfileTab';
import { RentalsTab } from './tabs/RentalsTab';
import { SecurityTab } from './tabs/SecurityTab';

export { SETTINGS_TABS };

export default function CompanySettingsPage() {
  const t = useT();
  const { data, error, isLoading, mutate } = useCompanySettingsFull();
  const canEdit = useCan('settingsEdit');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') ?? 'profile';
  const selectedIndex = Math.max(
    0,
    SETTINGS_TABS.findIndex((tab) => tab.params.includes(requested)),
  );

  const onTabChange = (i: number) => {
    const next = new URLSearchParams(params);
    next.set('tab', SETTINGS_TABS[i].params[0]);
    setParams(next, { replace: true });
  };

  return (
    <div>
      <PageHeader
        title={t('settings.title')}
        subtitle={t('settings.subtitle')}
        actions={
          canEdit ? (
            <Link to="/pricing-settings" className="btn-secondary">
              {t('settings.pricingLink')}
            </Link>
          ) : undefined
        }
      />
      {isLoading && !data ? (
        <FormSkeleton />
      ) : error || !data ? (
        <ErrorPanel title={t('settings.loadFailed')} onRetry={() => void mutate()} />
      ) : (
        <TabGroup selectedIndex={selectedIndex} onChange={onTabChange}>
          <TabList
            className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700"
            aria-label={t('settings.title')}
          >
            {SETTINGS_TABS.map((tab) => (
              <Tab
                key={tab.key}
                data-tab={tab.params[0]}
                className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 data-[selected]:border-primary-strong data-[selected]:text-primary-text dark:text-slate-300 dark:hover:text-white"
              >
                {t(`settings.tabs.${tab.key}`)}
              </Tab>
            ))}
          </TabList>
          <SettingsForm settings={data} onReload={() => mutate()} />
        </TabGroup>
      )}
    </div>
  );
}

function SettingsForm({ settings, onReload }: { settings: CompanySettings; onReload: () => Promise<unknown> }) {
  const t = useT();
  const save = useSaveSettings();
  const { user } = useAuth();
  // The /me answer carries isDemo; the demo username is the fallback signal.
  const isDemo = (user as { isDemo?: boolean } | null)?.isDemo === true || user?.username === DEMO_CREDENTIALS.username;
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [pendingTab, setPendingTab] = useState<string | null>(null);
  const [secrets, setSecrets] = useState<Record<GatewayKeyName, string>>({
    profileId: '',
    serverKey: '',
    clientKey: '',
  });
  const serverRef = useRef(settings);

  // Another reader (the shell, a logo upload) refreshed the settings: rebase the draft onto them.
  useEffect(() => {
    if (serverRef.current.version !== settings.version || serverRef.current.logoUrl !== settings.logoUrl) {
      setDraft((d) => rebase(d, serverRef.current, settings));
      serverRef.current = settings;
    }
  }, [settings]);

  const set = (path: string, value: unknown) => {
    setDraft((d) => setPath(d, path, value));
    form.clearError(path);
  };

  // Whether the last send was accepted (a version conflict or a failure without field errors was not).
  const accepted = useRef(false);
  const form = useFormSubmit(
    companySettingsUpdateSchema,
    async (body: CompanySettingsUpdateInput) => {
      try {
        const saved = await save(body);
        setDraft((d) => rebase(d, serverRef.current, saved));
        serverRef.current = saved;
        toast({ title: t('settings.saved'), description: t('settings.savedBody'), variant: 'success' });
        accepted.current = true;
        return {};
      } catch (err) {
        return settingsSaveFailed(t, err, onReload);
      }
    },
    { dotted: true },
  );
  const { errors, setErrors } = form;

  const submitTab = async (tab: TabDef, extra: Record<string, unknown> = {}) => {
    const body: Record<string, unknown> = { version: serverRef.current.version, ...extra };
    for (const f of tab.fields) body[f] = draft[f];
    accepted.current = false;
    setPendingTab(tab.key);
    await form.submit(body as CompanySettingsUpdateInput);
    return accepted.current;
  };

  const tabDirty = (tab: TabDef) =>
    tab.fields.some((f) => !same(draft[f], (serverRef.current as Record<string, unknown>)[f]));
  const discard = (tab: TabDef) => {
    setDraft((d) => {
      const next = { ...d };
      for (const f of tab.fields) next[f] = clone((serverRef.current as Record<string, unknown>)[f]);
      return next;
    });
    setErrors({});
  };

  const bind = { draft, errors, set, t };

  const panel = (tab: TabDef, children: ReactNode, extraBody?: () => Record<string, unknown>, onSaved?: () => void) => (
    <TabPanel key={tab.key} data-panel={tab.params[0]}>
      <form
        noValidate
        aria-label={t(`settings.tabs.${tab.key}`)}
        onSubmit={async (e: FormEvent) => {
          e.preventDefault();
          if (await submitTab(tab, extraBody?.())) onSaved?.();
        }}
        className="space-y-6"
      >
        {children}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {Object.values(errors).some(Boolean) && (
            <p className="field-error me-auto" role="alert">
              {t('settings.fixErrors')}
            </p>
          )}
          {tabDirty(tab) && <span className="text-sm text-amber-800 dark:text-amber-200">{t('settings.unsaved')}</span>}
          <button
            type="button"
            className="btn-secondary"
            disabled={!tabDirty(tab) || form.saving}
            onClick={() => discard(tab)}
          >
            {t('settings.reset')}
          </button>
          <button type="submit" className="btn-primary" disabled={form.saving}>
            {form.saving && pendingTab === tab.key ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
    </TabPanel>
  );

  const [profile, branding, hours, rentals, notifications, preferences, security] = SETTINGS_TABS;
  const secretBody = () => {
    const keys = Object.fromEntries(
      GATEWAY_KEY_NAMES.filter((k) => secrets[k].trim()).map((k) => [k, secrets[k].trim()]),
    );
    return Object.keys(keys).length ? { gatewayKeys: keys } : {};
  };

  return (
    <TabPanels>
      {panel(profile, <ProfileTab {...bind} />)}
      {panel(branding, <BrandingTab {...bind} settings={settings} />)}
      {panel(hours, <HoursTab {...bind} />)}
      {panel(rentals, <RentalsTab {...bind} />)}
      {panel(notifications, <NotificationsTab {...bind} />)}
      {panel(preferences, <PreferencesTab {...bind} />)}
      {panel(
        security,
        <SecurityTab
          {...bind}
          isDemo={isDemo}
          settings={settings}
          secrets={secrets}
          setSecrets={setSecrets}
          submitTab={submitTab}
          tab={security}
        />,
        secretBody,
        () => setSecrets({ profileId: '', serverKey: '', clientKey: '' }),
      )}
    </TabPanels>
  );
}
