/** Company settings → Rentals: rental rules, reference numbers, tax and invoice options. */
import {
  REFERENCE_KINDS,
  RENTAL_DURATION_MODES,
  RENTAL_DURATION_OPTIONS,
  type CompanySettings,
} from '../../../../../shared/schemas/settings';
import { BILLING_TIMINGS } from '../../../../../shared/invoicing/periods';
import { FormField } from '../../../components/FormField';
import { NumberField, Section, SelectField, TextArea, TextField, ToggleField, type TabBind } from '../fields';

export function RentalsTab(bind: TabBind) {
  const { t, draft, errors, set } = bind;
  return (
    <>
      <Section title={t('settings.sections.rentalRules')} className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <SelectField
          {...bind}
          path="defaultRentalDuration"
          options={RENTAL_DURATION_OPTIONS}
          labelPrefix="settings.duration"
        />
        <SelectField
          {...bind}
          path="rentalDurationMode"
          options={RENTAL_DURATION_MODES}
          labelPrefix="settings.durationMode"
        />
        <NumberField
          {...bind}
          path="gracePeriodHours"
          min={0}
          max={24}
          step={1}
          hint={t('settings.hint.gracePeriodHours')}
        />
        <NumberField
          {...bind}
          path="depositReleaseDays"
          min={0}
          max={365}
          step={1}
          hint={t('settings.hint.depositReleaseDays')}
        />
        <ToggleField {...bind} path="autoConfirmRentals" />
        <ToggleField {...bind} path="enableOverbooking" hint={t('settings.hint.overbooking')} />
        <ToggleField {...bind} path="allowStaffCloseWithBalance" hint={t('settings.hint.staffClose')} />
      </Section>
      <ReferenceEditor {...bind} />
      <Section title={t('settings.sections.tax')} className="grid gap-4 sm:grid-cols-2">
        <ToggleField {...bind} path="enableVat" />
        <FormField
          name="vatRate"
          label={t('settings.field.vatRate')}
          error={errors.vatRate}
          hint={t('settings.hint.vatRate')}
        >
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
        </FormField>
        <NumberField
          {...bind}
          path="invoiceConfig.paymentTermsDays"
          label={t('settings.field.paymentTermsDays')}
          min={0}
          max={365}
          step={1}
        />
        <SelectField
          {...bind}
          path="billingTiming"
          options={BILLING_TIMINGS}
          labelPrefix="settings.billingTiming"
          hint={t('settings.hint.billingTiming')}
        />
        <ToggleField {...bind} path="invoiceConfig.showLogo" label={t('settings.field.logo')} />
        <div className="sm:col-span-2">
          <TextArea {...bind} path="invoiceConfig.footerNote" label={t('settings.field.footerNote')} rows={2} />
        </div>
      </Section>
    </>
  );
}

function ReferenceEditor({ draft, errors, set, t }: TabBind) {
  const cfg = draft.referenceConfig as CompanySettings['referenceConfig'];
  return (
    <Section title={t('settings.sections.references')}>
      <ToggleField draft={draft} errors={errors} set={set} t={t} path="referenceConfig.autoGenerate" />
      <p className="text-xs text-slate-600 dark:text-slate-300">{t('settings.hint.counters')}</p>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {REFERENCE_KINDS.map((k) => (
          <div key={k} className="space-y-2 rounded-ui border border-slate-200 p-3 dark:border-slate-700">
            <p className="text-sm font-semibold">{t(`settings.reference.${k}`)}</p>
            <TextField
              draft={draft}
              errors={errors}
              set={set}
              t={t}
              path={`referenceConfig.prefixes.${k}`}
              label={t('settings.reference.prefix')}
            />
            <NumberField
              draft={draft}
              errors={errors}
              set={set}
              t={t}
              path={`referenceConfig.counters.${k}`}
              label={t('settings.reference.start')}
              min={1}
              max={999_999_999}
              step={1}
            />
            <p className="text-xs text-slate-600 dark:text-slate-300" dir="ltr">
              {t('settings.reference.example', { example: `${cfg.prefixes[k]}${cfg.counters[k]}` })}
            </p>
          </div>
        ))}
      </div>
    </Section>
  );
}
