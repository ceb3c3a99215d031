/** Company settings → Security: blacklist checks and the payment gateway (keys are write-only). */
import { useMemo, useState } from 'react';
import {
  BLACKLIST_MODES,
  GATEWAY_KEY_NAMES,
  PAYMENT_GATEWAYS,
  PAYMENT_MODES,
  type CompanySettings,
  type GatewayKeyName,
} from '../../../../../shared/schemas/settings';
import { ConfirmDialog } from '../../../components/Dialogs';
import { FormField } from '../../../components/FormField';
import { Section, SelectField, ToggleField, type TabBind } from '../fields';
import type { TabDef } from '../settings-draft';

export interface SecurityTabProps extends TabBind {
  settings: CompanySettings;
  isDemo: boolean;
  secrets: Record<GatewayKeyName, string>;
  setSecrets: (f: (s: Record<GatewayKeyName, string>) => Record<GatewayKeyName, string>) => void;
  submitTab: (tab: TabDef, extra?: Record<string, unknown>) => Promise<boolean>;
  tab: TabDef;
}

export function SecurityTab({ isDemo, ...props }: SecurityTabProps) {
  const { t } = props;
  const bind = { draft: props.draft, errors: props.errors, set: props.set, t };
  return (
    <>
      {isDemo && (
        <p
          role="note"
          className="rounded-ui border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('settings.hint.demoSecurity')}
        </p>
      )}
      <Section title={t('settings.sections.blacklist')} className="grid gap-4 sm:grid-cols-2">
        <ToggleField {...bind} path="enableBlacklistCheck" />
        <SelectField {...bind} path="blacklistMode" options={BLACKLIST_MODES} labelPrefix="settings.blacklistMode" />
      </Section>
      <Section title={t('settings.sections.signin')} className="grid gap-4 sm:grid-cols-2">
        <ToggleField {...bind} path="requireMfaForAdmins" />
        <p className="text-xs text-slate-600 sm:col-span-2 dark:text-slate-300">{t('settings.hint.requireMfa')}</p>
      </Section>
      <GatewaySection {...props} />
    </>
  );
}

function GatewaySection({
  draft,
  errors,
  set,
  t,
  settings,
  secrets,
  setSecrets,
  submitTab,
  tab,
}: TabBind & {
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
          <FormField name={`gatewayKeys.${k}`} label={t(`settings.gatewayKey.${k}`)} error={errors[`gatewayKeys.${k}`]}>
            <input
              className="field-input font-mono"
              type="password"
              autoComplete="new-password"
              dir="ltr"
              placeholder={t('settings.newKeyPlaceholder')}
              value={secrets[k]}
              onChange={(e) => setSecrets((s) => ({ ...s, [k]: e.target.value }))}
            />
          </FormField>
          <div className="mt-1 flex items-center gap-3 text-xs">
            <span
              data-key-state={k}
              className={
                configured[k] ? 'text-emerald-800 dark:text-emerald-300' : 'text-slate-600 dark:text-slate-300'
              }
            >
              {configured[k] ? t('settings.keySet') : t('settings.keyNotSet')}
            </span>
            {configured[k] && (
              <button type="button" className="link" onClick={() => setClearing(k)}>
                {t('settings.clearKey')}
              </button>
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
