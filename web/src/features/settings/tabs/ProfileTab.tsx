/** Company settings → Profile: company details and the rental terms in English and Arabic. */
import { BUSINESS_TYPES } from '../../../../../shared/schemas/settings';
import { EMIRATE_CODES } from '../../../../../shared/schemas/settings/company';
import { FormField } from '../../../components/FormField';
import { getPath } from '../settings-draft';
import { Section, SelectField, TextArea, TextField, labelOf, type TabBind } from '../fields';

/**
 * The address parts tax e-invoices carry (issue 29): Saudi companies fill the national address and the
 * commercial registration (ZATCA's seller fields); UAE companies the emirate (PINT AE). Jordan and the US have
 * no structured address on their e-invoices (JoFotara takes the free-text address), so the section is hidden.
 */
function TaxAddressSection(bind: TabBind) {
  const { t } = bind;
  const region = getPath(bind.draft, 'preferences.region');
  if (region !== 'SA' && region !== 'AE') return null;
  return (
    <Section title={t('settings.sections.taxAddress')} className="grid gap-4 sm:grid-cols-2">
      <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">
        {t(region === 'SA' ? 'settings.hint.taxAddressSA' : 'settings.hint.taxAddressAE')}
      </p>
      {region === 'SA' ? (
        <>
          <TextField {...bind} path="taxAddress.buildingNumber" />
          <TextField {...bind} path="taxAddress.street" />
          <TextField {...bind} path="taxAddress.district" />
          <TextField {...bind} path="taxAddress.city" />
          <TextField {...bind} path="taxAddress.postalCode" />
          <TextField {...bind} path="taxAddress.additionalNumber" />
          <TextField {...bind} path="commercialRegistration" />
        </>
      ) : (
        <FormField name="taxAddress.emirate" label={labelOf(t, 'emirate')} error={bind.errors['taxAddress.emirate']}>
          <select
            className="field-input"
            value={String(getPath(bind.draft, 'taxAddress.emirate') ?? '')}
            onChange={(e) => bind.set('taxAddress.emirate', e.target.value)}
          >
            <option value="">{t('settings.emirate.none')}</option>
            {EMIRATE_CODES.map((c) => (
              <option key={c} value={c}>
                {t(`settings.emirate.${c}`)}
              </option>
            ))}
          </select>
        </FormField>
      )}
    </Section>
  );
}

export function ProfileTab(bind: TabBind) {
  const { t } = bind;
  return (
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
      <TaxAddressSection {...bind} />
      <Section title={t('settings.sections.terms')} className="grid gap-4 lg:grid-cols-2">
        <TextArea {...bind} path="termsEnglish" rows={8} dir="ltr" />
        <TextArea {...bind} path="termsArabic" rows={8} dir="rtl" lang="ar" />
      </Section>
    </>
  );
}
