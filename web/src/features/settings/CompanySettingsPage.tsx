import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  ACCENT_STYLES,
  BLACKLIST_MODES,
  BUSINESS_TYPES,
  checkLogoFile,
  companySettingsUpdateSchema,
  GATEWAY_KEY_NAMES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  PAYMENT_GATEWAYS,
  PAYMENT_MODES,
  REFERENCE_KINDS,
  RENTAL_DURATION_MODES,
  RENTAL_DURATION_OPTIONS,
  WEEKDAYS,
  type CompanySettings,
  type CompanySettingsUpdateInput,
  type GatewayKeyName,
} from '../../../../shared/schemas/settings';
import { LANGUAGE_CODES, REGION_CODES } from '../../../../shared/regions';
import { DEMO_CREDENTIALS } from '../../../../shared/schemas/auth';
import { PageHeader } from '../../components/PageHeader';
import { FormSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useAuth } from '../../auth/context';
import { useT, type TFunction } from '../../i18n';
import { errorMessage } from '../../lib/api';
import {
  issuesToErrors,
  isVersionConflict,
  serverFieldErrors,
  translateSettingsMessage,
  uploadLogo,
  useCompanySettingsFull,
  useSaveSettings,
  type FieldErrors,
} from './settings-api';
import { ConfirmDialog, ErrorPanel, Field, Section, Toggle } from './components';

/**
 * /company-settings: seven tabs (profile, branding, working hours, rentals, notifications,
 * preferences, security), `?tab=` selects one (the shell's redirects /branding, /profile,
 * /settings, /security land here). Each tab saves its own fields with the version read, validated
 * by the shared schema first; the server's field errors show under their fields. The route guard
 * shows "Access Restricted" to roles without settings access (STAFF, MECHANIC).
 *
 * Drafts: one draft of the whole settings. After a save, fields the user had not touched take the
 * server's new values (a region change also moves time zone and VAT rate), edited ones are kept.
 */
type Draft = Omit<CompanySettings, 'pricing'> & Record<string, unknown>;

interface TabDef {
  key: string;
  /** `?tab=` values that select this tab (the first is canonical). */
  params: string[];
  fields: string[];
}

export const SETTINGS_TABS: TabDef[] = [
  { key: 'profile', params: ['profile'], fields: ['name', 'businessType', 'email', 'phone', 'primaryContact', 'address', 'vatNumber', 'termsEnglish', 'termsArabic'] },
  { key: 'branding', params: ['branding'], fields: ['primaryColor', 'secondaryColor', 'accentStyle'] },
  { key: 'hours', params: ['working-hours', 'hours', 'workingHours'], fields: ['workingHours'] },
  {
    key: 'rentals',
    params: ['rentals'],
    fields: ['defaultRentalDuration', 'autoConfirmRentals', 'enableOverbooking', 'rentalDurationMode', 'gracePeriodHours', 'allowStaffCloseWithBalance', 'referenceConfig', 'enableVat', 'vatRate', 'invoiceConfig'],
  },
  { key: 'notifications', params: ['notifications'], fields: ['notificationSettings'] },
  { key: 'preferences', params: ['preferences'], fields: ['timezone', 'preferences'] },
  { key: 'security', params: ['security'], fields: ['blacklistMode', 'enableBlacklistCheck', 'paymentGateway', 'paymentMode'] },
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const clone = <T,>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function setPath<T>(obj: T, path: string, value: unknown): T {
  const out = clone(obj) as Record<string, unknown>;
  const parts = path.split('.');
  let cur = out;
  for (const p of parts.slice(0, -1)) {
    cur[p] = { ...((cur[p] as Record<string, unknown>) ?? {}) };
    cur = cur[p] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
  return out as T;
}

function draftOf(s: CompanySettings): Draft {
  const { pricing: _pricing, ...rest } = clone(s);
  return rest as Draft;
}

/** After a save: untouched fields follow the server, edited ones stay. */
function rebase(draft: Draft, oldServer: CompanySettings, newServer: CompanySettings): Draft {
  const next = draftOf(newServer);
  for (const k of Object.keys(next)) {
    if (!same(draft[k], (oldServer as Record<string, unknown>)[k])) next[k] = draft[k];
  }
  return next;
}

function timeZones(current: string): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const list = supported.length ? supported : ['America/New_York', 'Asia/Dubai', 'Asia/Riyadh', 'Asia/Amman', 'UTC'];
  return list.includes(current) ? list : [current, ...list];
}

export default function CompanySettingsPage() {
  const t = useT();
  const { data, error, isLoading, mutate } = useCompanySettingsFull();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') ?? 'profile';
  const selectedIndex = Math.max(0, SETTINGS_TABS.findIndex((tab) => tab.params.includes(requested)));

  const onTabChange = (i: number) => {
    const next = new URLSearchParams(params);
    next.set('tab', SETTINGS_TABS[i].params[0]);
    setParams(next, { replace: true });
  };

  return (
    <div>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {isLoading && !data ? (
        <FormSkeleton />
      ) : error || !data ? (
        <ErrorPanel title={t('settings.loadFailed')} onRetry={() => void mutate()} />
      ) : (
        <TabGroup selectedIndex={selectedIndex} onChange={onTabChange}>
          <TabList className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-700" aria-label={t('settings.title')}>
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pendingTab, setPendingTab] = useState<string | null>(null);
  const [secrets, setSecrets] = useState<Record<GatewayKeyName, string>>({ profileId: '', serverKey: '', clientKey: '' });
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
    if (errors[path]) setErrors((e) => ({ ...e, [path]: '' }));
  };

  const submitTab = async (tab: TabDef, extra: Record<string, unknown> = {}) => {
    const body: Record<string, unknown> = { version: serverRef.current.version, ...extra };
    for (const f of tab.fields) body[f] = draft[f];
    const parsed = companySettingsUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesToErrors(t, parsed.error.issues));
      return false;
    }
    setErrors({});
    setPendingTab(tab.key);
    try {
      const saved = await save(body as CompanySettingsUpdateInput);
      setDraft((d) => rebase(d, serverRef.current, saved));
      serverRef.current = saved;
      toast({ title: t('settings.saved'), description: t('settings.savedBody'), variant: 'success' });
      return true;
    } catch (err) {
      if (isVersionConflict(err)) {
        toast({ title: t('settings.conflictTitle'), description: t('settings.conflictBody'), variant: 'destructive' });
        await onReload();
      } else {
        setErrors(serverFieldErrors(t, err));
        toast({ title: t('settings.saveFailed'), description: translateSettingsMessage(t, errorMessage(err, '')), variant: 'destructive' });
      }
      return false;
    } finally {
      setPendingTab(null);
    }
  };

  const tabDirty = (tab: TabDef) => tab.fields.some((f) => !same(draft[f], (serverRef.current as Record<string, unknown>)[f]));
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
          {Object.values(errors).some(Boolean) && <p className="field-error me-auto" role="alert">{t('settings.fixErrors')}</p>}
          {tabDirty(tab) && <span className="text-sm text-amber-800 dark:text-amber-200">{t('settings.unsaved')}</span>}
          <button type="button" className="btn-secondary" disabled={!tabDirty(tab) || pendingTab !== null} onClick={() => discard(tab)}>
            {t('settings.reset')}
          </button>
          <button type="submit" className="btn-primary" disabled={pendingTab !== null}>
            {pendingTab === tab.key ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
      </form>
    </TabPanel>
  );

  const [profile, branding, hours, rentals, notifications, preferences, security] = SETTINGS_TABS;
  const secretBody = () => {
    const keys = Object.fromEntries(GATEWAY_KEY_NAMES.filter((k) => secrets[k].trim()).map((k) => [k, secrets[k].trim()]));
    return Object.keys(keys).length ? { gatewayKeys: keys } : {};
  };

  return (
    <TabPanels>
      {panel(
        profile,
        <>
          <Section title={t('settings.sections.company')} className="grid gap-4 sm:grid-cols-2">
            <TextField {...bind} path="name" autoComplete="organization" />
            <SelectField {...bind} path="businessType" options={BUSINESS_TYPES} labelPrefix="settings.businessType" />
            <TextField {...bind} path="email" type="email" autoComplete="email" hint={t('settings.hint.email')} />
            <TextField {...bind} path="phone" type="tel" autoComplete="tel" />
            <TextField {...bind} path="primaryContact" />
            <TextField {...bind} path="vatNumber" />
            <div className="sm:col-span-2">
              <TextArea {...bind} path="address" rows={2} />
            </div>
          </Section>
          <Section title={t('settings.sections.terms')} className="grid gap-4 lg:grid-cols-2">
            <TextArea {...bind} path="termsEnglish" rows={8} dir="ltr" />
            <TextArea {...bind} path="termsArabic" rows={8} dir="rtl" lang="ar" />
          </Section>
        </>,
      )}
      {panel(
        branding,
        <>
          <LogoSection settings={settings} />
          <Section title={t('settings.sections.colours')} className="grid gap-4 sm:grid-cols-2">
            <ColorField {...bind} path="primaryColor" />
            <ColorField {...bind} path="secondaryColor" />
            <SelectField {...bind} path="accentStyle" options={ACCENT_STYLES} labelPrefix="settings.accent" />
            <p className="self-end text-xs text-slate-600 dark:text-slate-300">{t('settings.hint.font')}</p>
            <BrandPreview primary={String(draft.primaryColor)} secondary={String(draft.secondaryColor)} accent={String(draft.accentStyle)} name={String(draft.name)} />
          </Section>
        </>,
      )}
      {panel(hours, <WorkingHoursEditor {...bind} />)}
      {panel(
        rentals,
        <>
          <Section title={t('settings.sections.rentalRules')} className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
            <SelectField {...bind} path="defaultRentalDuration" options={RENTAL_DURATION_OPTIONS} labelPrefix="settings.duration" />
            <SelectField {...bind} path="rentalDurationMode" options={RENTAL_DURATION_MODES} labelPrefix="settings.durationMode" />
            <NumberField {...bind} path="gracePeriodHours" min={0} max={24} step={1} hint={t('settings.hint.gracePeriodHours')} />
            <div />
            <ToggleField {...bind} path="autoConfirmRentals" />
            <ToggleField {...bind} path="enableOverbooking" hint={t('settings.hint.overbooking')} />
            <ToggleField {...bind} path="allowStaffCloseWithBalance" hint={t('settings.hint.staffClose')} />
          </Section>
          <ReferenceEditor {...bind} />
          <Section title={t('settings.sections.tax')} className="grid gap-4 sm:grid-cols-2">
            <ToggleField {...bind} path="enableVat" />
            <Field name="vatRate" label={t('settings.field.vatRate')} error={errors.vatRate} hint={t('settings.hint.vatRate')}>
              <input
                className="field-input"
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step="0.01"
                value={typeof draft.vatRate === 'number' ? String(Number((draft.vatRate * 100).toFixed(4))) : ''}
                onChange={(e) => set('vatRate', e.target.value === '' ? '' : Number(e.target.value) / 100)}
              />
            </Field>
            <NumberField {...bind} path="invoiceConfig.paymentTermsDays" label={t('settings.field.paymentTermsDays')} min={0} max={365} step={1} />
            <ToggleField {...bind} path="invoiceConfig.showLogo" label={t('settings.field.logo')} />
            <div className="sm:col-span-2">
              <TextArea {...bind} path="invoiceConfig.footerNote" label={t('settings.field.footerNote')} rows={2} />
            </div>
          </Section>
        </>,
      )}
      {panel(
        notifications,
        <div className="grid gap-6 lg:grid-cols-2">
          <Section title={t('settings.sections.channels')}>
            {NOTIFICATION_CHANNELS.map((c) => (
              <ToggleField key={c} {...bind} path={`notificationSettings.channels.${c}`} label={t(`settings.channel.${c}`)} />
            ))}
          </Section>
          <Section title={t('settings.sections.events')}>
            {NOTIFICATION_EVENTS.map((ev) => (
              <ToggleField key={ev} {...bind} path={`notificationSettings.events.${ev}`} label={t(`settings.event.${ev}`)} />
            ))}
          </Section>
        </div>,
      )}
      {panel(
        preferences,
        <Section title={t('settings.tabs.preferences')} className="grid gap-4 sm:grid-cols-2">
          <SelectField {...bind} path="preferences.region" label={t('settings.field.region')} options={REGION_CODES} labelPrefix="settings.region" hint={t('settings.hint.region')} />
          <SelectField {...bind} path="preferences.language" label={t('settings.field.language')} options={LANGUAGE_CODES} labelPrefix="settings.language" />
          <Field name="timezone" label={t('settings.field.timezone')} error={errors.timezone}>
            <select className="field-input" value={String(draft.timezone)} onChange={(e) => set('timezone', e.target.value)}>
              {timeZones(String(draft.timezone)).map((z) => (
                <option key={z} value={z}>{z}</option>
              ))}
            </select>
          </Field>
        </Section>,
      )}
      {panel(
        security,
        <>
          {isDemo && <p role="note" className="rounded-ui border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">{t('settings.hint.demoSecurity')}</p>}
          <Section title={t('settings.sections.blacklist')} className="grid gap-4 sm:grid-cols-2">
            <ToggleField {...bind} path="enableBlacklistCheck" />
            <SelectField {...bind} path="blacklistMode" options={BLACKLIST_MODES} labelPrefix="settings.blacklistMode" />
          </Section>
          <GatewaySection {...bind} settings={settings} secrets={secrets} setSecrets={setSecrets} submitTab={submitTab} tab={security} />
        </>,
        secretBody,
        () => setSecrets({ profileId: '', serverKey: '', clientKey: '' }),
      )}
    </TabPanels>
  );
}

// ---------------------------------------------------------------------------------------------
// Field helpers bound to the draft
// ---------------------------------------------------------------------------------------------

interface Bound {
  draft: Draft;
  errors: FieldErrors;
  set: (path: string, value: unknown) => void;
  t: TFunction;
  path: string;
  label?: string;
  hint?: string;
}

const labelOf = (t: TFunction, path: string, label?: string) => label ?? t(`settings.field.${path.split('.').pop()}`);

function TextField({ draft, errors, set, t, path, label, hint, type = 'text', autoComplete }: Bound & { type?: string; autoComplete?: string }) {
  return (
    <Field name={path} label={labelOf(t, path, label)} error={errors[path]} hint={hint}>
      <input className="field-input" type={type} autoComplete={autoComplete} value={String(getPath(draft, path) ?? '')} onChange={(e) => set(path, e.target.value)} />
    </Field>
  );
}

function TextArea({ draft, errors, set, t, path, label, hint, rows, dir, lang }: Bound & { rows: number; dir?: string; lang?: string }) {
  return (
    <Field name={path} label={labelOf(t, path, label)} error={errors[path]} hint={hint}>
      <textarea className="field-input" rows={rows} dir={dir} lang={lang} value={String(getPath(draft, path) ?? '')} onChange={(e) => set(path, e.target.value)} />
    </Field>
  );
}

function NumberField({ draft, errors, set, t, path, label, hint, min, max, step }: Bound & { min: number; max: number; step: number }) {
  const v = getPath(draft, path);
  return (
    <Field name={path} label={labelOf(t, path, label)} error={errors[path]} hint={hint}>
      <input
        className="field-input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={typeof v === 'number' && Number.isFinite(v) ? String(v) : ''}
        onChange={(e) => set(path, e.target.value === '' ? '' : Number(e.target.value))}
      />
    </Field>
  );
}

function SelectField({ draft, errors, set, t, path, label, hint, options, labelPrefix }: Bound & { options: readonly string[]; labelPrefix: string }) {
  return (
    <Field name={path} label={labelOf(t, path, label)} error={errors[path]} hint={hint}>
      <select className="field-input" value={String(getPath(draft, path) ?? '')} onChange={(e) => set(path, e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>{t(`${labelPrefix}.${o}`)}</option>
        ))}
      </select>
    </Field>
  );
}

function ToggleField({ draft, set, t, path, label, hint }: Bound) {
  return <Toggle name={path} label={labelOf(t, path, label)} hint={hint} checked={getPath(draft, path) === true} onChange={(v) => set(path, v)} />;
}

function ColorField({ draft, errors, set, t, path }: Bound) {
  const value = String(getPath(draft, path) ?? '');
  const valid = /^#[0-9A-Fa-f]{6}$/.test(value);
  return (
    <Field name={path} label={labelOf(t, path)} error={errors[path]}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${labelOf(t, path)} (picker)`}
          data-testid={`${path}-picker`}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-ui border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(e) => set(path, e.target.value.toUpperCase())}
        />
        <input className="field-input font-mono uppercase" dir="ltr" maxLength={7} value={value} onChange={(e) => set(path, e.target.value)} spellCheck={false} />
      </div>
    </Field>
  );
}

function BrandPreview({ primary, secondary, accent, name }: { primary: string; secondary: string; accent: string; name: string }) {
  const t = useT();
  const radius = accent === 'rounded' ? '9999px' : accent === 'sharp' ? '0' : '0.5rem';
  const ok = (c: string) => /^#[0-9A-Fa-f]{6}$/.test(c);
  return (
    <div className="sm:col-span-2" aria-label={t('settings.preview')}>
      <p className="field-label">{t('settings.preview')}</p>
      <div className="flex flex-wrap items-center gap-3 rounded-ui border border-slate-200 p-4 dark:border-slate-700" style={{ borderInlineStartColor: ok(secondary) ? secondary : undefined, borderInlineStartWidth: 4 }}>
        <span className="font-semibold">{name}</span>
        <span className="px-4 py-2 text-sm font-medium text-white" style={{ background: ok(primary) ? primary : undefined, borderRadius: radius }}>{t('settings.previewButton')}</span>
        <span className="px-4 py-2 text-sm font-medium text-white" style={{ background: ok(secondary) ? secondary : undefined, borderRadius: radius }}>{t('settings.previewSecondary')}</span>
      </div>
    </div>
  );
}

function WorkingHoursEditor({ draft, errors, set, t }: Omit<Bound, 'path'>) {
  return (
    <Section title={t('settings.tabs.hours')}>
      <div className="divide-y divide-slate-200 dark:divide-slate-700">
        {WEEKDAYS.map((day) => {
          const d = (draft.workingHours as Record<string, { open: string; close: string; closed: boolean }>)[day];
          const base = `workingHours.${day}`;
          return (
            <div key={day} className="grid items-start gap-3 py-3 sm:grid-cols-[10rem_1fr_1fr_auto]" data-day={day}>
              <span className="pt-2 font-medium">{t(`settings.weekday.${day}`)}</span>
              <Field name={`${base}.open`} label={t('settings.open')} error={errors[`${base}.open`]}>
                <input className="field-input" type="time" dir="ltr" disabled={d.closed} value={d.open} onChange={(e) => set(`${base}.open`, e.target.value)} />
              </Field>
              <Field name={`${base}.close`} label={t('settings.close')} error={errors[`${base}.close`]}>
                <input className="field-input" type="time" dir="ltr" disabled={d.closed} value={d.close} onChange={(e) => set(`${base}.close`, e.target.value)} />
              </Field>
              <div className="pt-5">
                <Toggle name={`${base}.closed`} label={t('settings.closed')} checked={d.closed} onChange={(v) => set(`${base}.closed`, v)} />
              </div>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

function ReferenceEditor({ draft, errors, set, t }: Omit<Bound, 'path'>) {
  const cfg = draft.referenceConfig as CompanySettings['referenceConfig'];
  return (
    <Section title={t('settings.sections.references')}>
      <ToggleField draft={draft} errors={errors} set={set} t={t} path="referenceConfig.autoGenerate" />
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('settings.hint.counters')}</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {REFERENCE_KINDS.map((k) => (
          <div key={k} className="space-y-2 rounded-ui border border-slate-200 p-3 dark:border-slate-700">
            <p className="text-sm font-semibold">{t(`settings.reference.${k}`)}</p>
            <TextField draft={draft} errors={errors} set={set} t={t} path={`referenceConfig.prefixes.${k}`} label={t('settings.reference.prefix')} />
            <NumberField draft={draft} errors={errors} set={set} t={t} path={`referenceConfig.counters.${k}`} label={t('settings.reference.start')} min={1} max={999_999_999} step={1} />
            <p className="text-xs text-slate-600 dark:text-slate-300" dir="ltr">{t('settings.reference.example', { example: `${cfg.prefixes[k]}${cfg.counters[k]}` })}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------
// Logo upload (branding tab): saved at once, independently of the colour form
// ---------------------------------------------------------------------------------------------

function LogoSection({ settings }: { settings: CompanySettings }) {
  const t = useT();
  const save = useSaveSettings();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkLogoFile(file);
    if (problem) {
      setError(t(`settings.messages.${problem}`));
      return;
    }
    setError('');
    setProgress(0);
    try {
      const up = await uploadLogo(file, setProgress);
      await save({ version: settings.version, logoKey: up.key });
      toast({ title: t('settings.logoUploaded'), variant: 'success' });
    } catch (err) {
      const message = translateSettingsMessage(t, errorMessage(err, t('settings.logoFailed')));
      setError(message);
      toast({ title: t('settings.logoFailed'), description: message, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await save({ version: settings.version, logoKey: null });
      toast({ title: t('settings.logoRemoved'), variant: 'success' });
      setConfirmRemove(false);
    } catch (err) {
      toast({ title: t('settings.saveFailed'), description: translateSettingsMessage(t, errorMessage(err, '')), variant: 'destructive' });
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Section title={t('settings.sections.logo')}>
      <div className="flex flex-wrap items-center gap-4">
        <div className="grid h-24 w-24 shrink-0 place-items-center overflow-hidden rounded-ui border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800">
          {settings.logoUrl ? (
            <img src={settings.logoUrl} alt={t('settings.logoAlt', { name: settings.name })} width={96} height={96} className="h-24 w-24 object-contain" />
          ) : (
            <span className="px-2 text-center text-xs text-slate-600 dark:text-slate-300">{t('settings.logoNone')}</span>
          )}
        </div>
        <div className="space-y-2">
          <input ref={inputRef} type="file" accept="image/png,image/jpeg" className="sr-only" aria-label={t('settings.field.logo')} data-testid="logo-input" onChange={onFile} tabIndex={-1} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => inputRef.current?.click()} disabled={progress !== null}>{t('settings.logoChoose')}</button>
            {settings.logoUrl && (
              <button type="button" className="btn-ghost text-red-700 dark:text-red-300" onClick={() => setConfirmRemove(true)} disabled={progress !== null}>{t('settings.logoRemove')}</button>
            )}
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('settings.hint.logoRules')}</p>
          {progress !== null && (
            <div className="w-64">
              <div role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={t('settings.logoUploading', { percent: progress })} className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
                <div className="h-full bg-primary-strong transition-all" style={{ width: `${progress}%` }} />
              </div>
              <p className="mt-1 text-xs" aria-live="polite">{t('settings.logoUploading', { percent: progress })}</p>
            </div>
          )}
          {error && <p className="field-error" role="alert">{error}</p>}
        </div>
      </div>
      <ConfirmDialog
        open={confirmRemove}
        title={t('settings.logoRemoveTitle')}
        body={t('settings.logoRemoveBody')}
        confirmLabel={t('settings.logoRemove')}
        pending={removing}
        onConfirm={remove}
        onClose={() => setConfirmRemove(false)}
      />
    </Section>
  );
}

// ---------------------------------------------------------------------------------------------
// Payment gateway (security tab): keys are write-only
// ---------------------------------------------------------------------------------------------

function GatewaySection({
  draft, errors, set, t, settings, secrets, setSecrets, submitTab, tab,
}: Omit<Bound, 'path'> & {
  settings: CompanySettings;
  secrets: Record<GatewayKeyName, string>;
  setSecrets: (f: (s: Record<GatewayKeyName, string>) => Record<GatewayKeyName, string>) => void;
  submitTab: (tab: TabDef, extra?: Record<string, unknown>) => Promise<boolean>;
  tab: TabDef;
}) {
  const [clearing, setClearing] = useState<GatewayKeyName | null>(null);
  const [pending, setPending] = useState(false);
  const configured = useMemo(() => settings.gatewayKeysConfigured, [settings.gatewayKeysConfigured]);
  const bind = { draft, errors, set, t };
  return (
    <Section title={t('settings.sections.payments')} className="grid gap-4 sm:grid-cols-2">
      <SelectField {...bind} path="paymentGateway" options={PAYMENT_GATEWAYS} labelPrefix="settings.gateway" />
      <SelectField {...bind} path="paymentMode" options={PAYMENT_MODES} labelPrefix="settings.paymentMode" />
      <p className="text-xs text-slate-600 sm:col-span-2 dark:text-slate-300">{t('settings.hint.secretsWriteOnly')}</p>
      {GATEWAY_KEY_NAMES.map((k) => (
        <div key={k} className="sm:col-span-2">
          <Field name={`gatewayKeys.${k}`} label={t(`settings.gatewayKey.${k}`)} error={errors[`gatewayKeys.${k}`]}>
            <input
              className="field-input font-mono"
              type="password"
              autoComplete="new-password"
              dir="ltr"
              placeholder={t('settings.newKeyPlaceholder')}
              value={secrets[k]}
              onChange={(e) => setSecrets((s) => ({ ...s, [k]: e.target.value }))}
            />
          </Field>
          <div className="mt-1 flex items-center gap-3 text-xs">
            <span data-key-state={k} className={configured[k] ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-600 dark:text-slate-300'}>
              {configured[k] ? t('settings.keySet') : t('settings.keyNotSet')}
            </span>
            {configured[k] && (
              <button type="button" className="link" onClick={() => setClearing(k)}>{t('settings.clearKey')}</button>
            )}
          </div>
        </div>
      ))}
      <ConfirmDialog
        open={clearing !== null}
        title={t('settings.clearKeyTitle')}
        body={t('settings.clearKeyBody')}
        confirmLabel={t('settings.clearKey')}
        pending={pending}
        onConfirm={async () => {
          if (!clearing) return;
          setPending(true);
          await submitTab(tab, { gatewayKeys: { [clearing]: null } });
          setPending(false);
          setClearing(null);
        }}
        onClose={() => setClearing(null)}
      />
    </Section>
  );
}
