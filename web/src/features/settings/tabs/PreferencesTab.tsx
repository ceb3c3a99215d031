/** Company settings → Preferences: region (moves currency, VAT, time zone), language, time zone. */
import { LANGUAGE_CODES, REGION_CODES, getRegionConfig } from '../../../../../shared/regions';
import { FormField } from '../../../components/FormField';
import { Section, SelectField, type TabBind } from '../fields';
import { timeZones } from '../settings-draft';

export function PreferencesTab(bind: TabBind) {
  const { t, draft, errors, set } = bind;
  return (
    <Section title={t('settings.tabs.preferences')} className="grid gap-4 sm:grid-cols-2">
      <SelectField
        {...bind}
        path="preferences.region"
        label={t('settings.field.region')}
        options={REGION_CODES}
        labelPrefix="settings.region"
        hint={t('settings.hint.region')}
      />
      {/* Currency is not a setting: it follows the region (shown so the company sees what it gets). */}
      <FormField name="currency" label={t('settings.field.currency')} hint={t('settings.hint.currency')}>
        {(field) => {
          const cfg = getRegionConfig(String((draft.preferences as { region?: string } | undefined)?.region ?? ''));
          return (
            <output
              {...field}
              data-testid="settings-currency"
              className="field-input block bg-slate-50 dark:bg-slate-800"
              dir="ltr"
            >{`${cfg.currency} · ${cfg.currencySymbol}`}</output>
          );
        }}
      </FormField>
      <SelectField
        {...bind}
        path="preferences.language"
        label={t('settings.field.language')}
        options={LANGUAGE_CODES}
        labelPrefix="settings.language"
      />
      <FormField name="timezone" label={t('settings.field.timezone')} error={errors.timezone}>
        <select
          className="field-input"
          value={String(draft.timezone)}
          onChange={(e) => set('timezone', e.target.value)}
        >
          {timeZones(String(draft.timezone)).map((z) => (
            <option key={z} value={z}>
              {z}
            </option>
          ))}
        </select>
      </FormField>
    </Section>
  );
}
