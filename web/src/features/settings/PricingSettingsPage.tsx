import { useEffect, useState, type FormEvent } from 'react';
import { formatMoney, toMinor } from '../../../../shared/money';
import type { CurrencyCode } from '../../../../shared/regions';
import { pricingSettingsPutSchema, VEHICLE_CATEGORIES } from '../../../../shared/schemas/settings';
import { DAMAGE_SEVERITIES, DAMAGE_TYPES } from '../../../../shared/schemas/inspections';
import { PageHeader } from '../../components/PageHeader';
import { FormSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useLanguage, useT } from '../../i18n';
import { ErrorPanel } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { ListTable } from '../../components/ListKit';
import { type FieldErrors } from '../../lib/api-errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Section } from './fields';
import {
  settingsSaveFailed,
  useCompanySettingsFull,
  usePricingSettings,
  useSavePricing,
  type PricingSettingsResponse,
} from './settings-api';
import type { BodyOf } from '../../lib/api-client';

/**
 * /pricing-settings: default daily and monthly rates per vehicle category (empty = no default),
 * the young-driver fee override (empty = the region's fee, shown), the extra-km charge and the
 * fuel charge per missing quarter tank, and the damage price list (issue 27: damage type ×
 * severity → the charge a check-in proposes for a new mark). Amounts are typed as decimals in the company currency and
 * validated by the shared schema (at most 2 decimals) before they are sent.
 */
type Values = Record<string, string>;

const str = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function valuesOf(p: PricingSettingsResponse): Values {
  const v: Values = {
    youngDriverFeeOverride: str(p.youngDriverFeeOverride),
    extraKmCharge: str(p.extraKmCharge),
    fuelChargePerQuarterTank: str(p.fuelChargePerQuarterTank),
    fineAdminFee: str(p.fineAdminFee),
    tollAdminFeePerCrossing: str(p.tollAdminFeePerCrossing),
    vehicleDailyFixedCost: str(p.vehicleDailyFixedCost ?? 0),
  };
  for (const c of VEHICLE_CATEGORIES) {
    v[`categoryRates.${c}.dailyRate`] = str(p.categoryRates[c]?.dailyRate);
    v[`categoryRates.${c}.monthlyRate`] = str(p.categoryRates[c]?.monthlyRate);
  }
  for (const d of DAMAGE_TYPES)
    for (const sev of DAMAGE_SEVERITIES) v[`damagePrices.${d}.${sev}`] = str(p.damagePrices?.[d]?.[sev]);
  return v;
}

/** Empty → null for optional amounts; typed text → number (a comma decimal separator is accepted). */
function amount(raw: string, nullable: boolean): number | null | string {
  const s = raw.trim().replace(',', '.');
  if (s === '') return nullable ? null : '';
  const n = Number(s);
  return Number.isFinite(n) ? n : s;
}

function bodyOf(values: Values, version: number): Record<string, unknown> {
  const categoryRates: Record<string, unknown> = {};
  for (const c of VEHICLE_CATEGORIES) {
    categoryRates[c] = {
      dailyRate: amount(values[`categoryRates.${c}.dailyRate`] ?? '', true),
      monthlyRate: amount(values[`categoryRates.${c}.monthlyRate`] ?? '', true),
    };
  }
  const damagePrices = Object.fromEntries(
    DAMAGE_TYPES.map((d) => [
      d,
      Object.fromEntries(
        DAMAGE_SEVERITIES.map((sev) => [sev, amount(values[`damagePrices.${d}.${sev}`] ?? '', false)]),
      ),
    ]),
  );
  return {
    version,
    categoryRates,
    damagePrices,
    youngDriverFeeOverride: amount(values.youngDriverFeeOverride, true),
    extraKmCharge: amount(values.extraKmCharge, false),
    fuelChargePerQuarterTank: amount(values.fuelChargePerQuarterTank, false),
    fineAdminFee: amount(values.fineAdminFee, false),
    tollAdminFeePerCrossing: amount(values.tollAdminFeePerCrossing, false),
    vehicleDailyFixedCost: amount(values.vehicleDailyFixedCost, false),
  };
}

export default function PricingSettingsPage() {
  const t = useT();
  const { data, error, isLoading, mutate } = usePricingSettings();
  return (
    <div>
      <PageHeader
        title={t('settings.pricingTitle')}
        subtitle={data ? t('settings.pricingSubtitle', { currency: data.currency }) : undefined}
      />
      {isLoading && !data ? (
        <FormSkeleton />
      ) : error || !data ? (
        <ErrorPanel title={t('settings.loadFailed')} onRetry={() => void mutate()} />
      ) : (
        <PricingForm pricing={data} onReload={() => mutate()} />
      )}
    </div>
  );
}

function PricingForm({ pricing, onReload }: { pricing: PricingSettingsResponse; onReload: () => Promise<unknown> }) {
  const t = useT();
  const { language } = useLanguage();
  const { data: company } = useCompanySettingsFull();
  const region = company?.preferences.region ?? 'US';
  const save = useSavePricing();
  const [values, setValues] = useState<Values>(() => valuesOf(pricing));

  useEffect(() => {
    setValues(valuesOf(pricing));
  }, [pricing]);

  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    form.clearError(name);
  };

  const form = useFormSubmit(
    pricingSettingsPutSchema,
    async (body: BodyOf<'updatePricingSettings'>) => {
      try {
        await save(body);
        toast({ title: t('settings.saved'), description: t('settings.savedBody'), variant: 'success' });
        return {};
      } catch (err) {
        return settingsSaveFailed(t, err, onReload);
      }
    },
    { dotted: true },
  );
  const { errors, saving: pending } = form;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The page's draft: the server checks it against the route's body schema (400 with field errors).
    void form.submit(bodyOf(values, pricing.version) as BodyOf<'updatePricingSettings'>);
  };

  const money = (name: string, label: string, hint?: string, placeholder?: string) => (
    <FormField name={name} label={label} error={errors[name]} hint={hint}>
      <input
        className="field-input"
        inputMode="decimal"
        dir="ltr"
        placeholder={placeholder}
        value={values[name] ?? ''}
        onChange={(e) => set(name, e.target.value)}
      />
    </FormField>
  );
  // The region's fee is in the company's currency (the pricing answer carries it).
  const regionFee = formatMoney(
    toMinor(pricing.regionYoungDriverFee),
    region,
    language,
    pricing.currency ? { currency: pricing.currency as CurrencyCode } : {},
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={t('settings.pricingTitle')}>
      <Section title={t('settings.pricing.ratesSection')}>
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('settings.pricing.ratesHint')}</p>
        <MatrixTable
          label={t('settings.pricing.ratesSection')}
          corner={t('settings.pricing.category')}
          dataName="category"
          values={values}
          errors={errors}
          set={set}
          placeholder={t('settings.pricing.notSet')}
          rows={VEHICLE_CATEGORIES.map((c) => ({ key: c, label: t(`settings.category.${c}`) }))}
          cols={(['dailyRate', 'monthlyRate'] as const).map((f) => ({
            key: f,
            label: t(`settings.pricing.${f}`),
            unit: pricing.currency,
          }))}
          name={(c, f) => `categoryRates.${c}.${f}`}
        />
      </Section>
      <Section title={t('settings.pricing.chargesSection')} className="grid gap-4 sm:grid-cols-3">
        {money(
          'youngDriverFeeOverride',
          t('settings.pricing.youngDriverFeeOverride'),
          t('settings.pricing.youngDriverHint', { fee: regionFee }),
          String(pricing.regionYoungDriverFee),
        )}
        {money('extraKmCharge', t('settings.pricing.extraKmCharge'))}
        {money(
          'fuelChargePerQuarterTank',
          t('settings.pricing.fuelChargePerQuarterTank'),
          t('settings.pricing.fuelHint'),
        )}
        {money('fineAdminFee', t('settings.pricing.fineAdminFee'), t('settings.pricing.adminFeeHint'))}
        {money(
          'tollAdminFeePerCrossing',
          t('settings.pricing.tollAdminFeePerCrossing'),
          t('settings.pricing.adminFeeHint'),
        )}
        {money(
          'vehicleDailyFixedCost',
          t('settings.pricing.vehicleDailyFixedCost'),
          t('settings.pricing.vehicleDailyFixedCostHint'),
        )}
      </Section>
      <Section title={t('settings.pricing.damageSection')}>
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('settings.pricing.damageHint')}</p>
        <MatrixTable
          label={t('settings.pricing.damageSection')}
          corner={t('settings.pricing.damageType')}
          dataName="damage-type"
          values={values}
          errors={errors}
          set={set}
          rows={DAMAGE_TYPES.map((d) => ({ key: d, label: t(`settings.pricing.damageTypes.${d}`) }))}
          cols={DAMAGE_SEVERITIES.map((sev) => ({
            key: sev,
            label: t(`settings.pricing.damageSeverities.${sev}`),
            unit: pricing.currency,
          }))}
          name={(d, sev) => `damagePrices.${d}.${sev}`}
        />
      </Section>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {Object.values(errors).some(Boolean) && (
          <p className="field-error me-auto" role="alert">
            {t('settings.fixErrors')}
          </p>
        )}
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? t('settings.saving') : t('settings.save')}
        </button>
      </div>
    </form>
  );
}

interface MatrixProps {
  label: string;
  corner: string;
  dataName: string;
  rows: { key: string; label: string }[];
  cols: { key: string; label: string; unit?: string }[];
  name: (row: string, col: string) => string;
  values: Values;
  errors: FieldErrors;
  set: (name: string, value: string) => void;
  placeholder?: string;
}

/** A table of amounts, one input per row × column (category rates; the damage price list). */
function MatrixTable({ label, corner, dataName, rows, cols, name, values, errors, set, placeholder }: MatrixProps) {
  return (
    <ListTable
      compact
      label={label}
      columns={[corner, ...cols.map((c) => `${c.label}${c.unit ? ` (${c.unit})` : ''}`)]}
    >
      {rows.map((r) => (
        <tr key={r.key} {...{ [`data-${dataName}`]: r.key }}>
          <th scope="row" className="px-2 py-2 text-start font-medium">
            {r.label}
          </th>
          {cols.map((c) => {
            const n = name(r.key, c.key);
            return (
              <td key={c.key} className="px-2 py-2 align-top">
                <input
                  className="field-input"
                  inputMode="decimal"
                  dir="ltr"
                  name={n}
                  aria-label={`${r.label} – ${c.label}`}
                  aria-invalid={errors[n] ? true : undefined}
                  placeholder={placeholder}
                  value={values[n] ?? ''}
                  onChange={(e) => set(n, e.target.value)}
                />
                {errors[n] && (
                  <p className="field-error" role="alert">
                    {errors[n]}
                  </p>
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </ListTable>
  );
}
