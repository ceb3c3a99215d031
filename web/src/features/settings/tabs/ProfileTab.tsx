/** Company settings → Profile: company details and the rental terms in English and Arabic. */
import { BUSINESS_TYPES } from '../../../../../shared/schemas/settings';
import { Section, SelectField, TextArea, TextField, type TabBind } from '../fields';

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
      <Section title={t('settings.sections.terms')} className="grid gap-4 lg:grid-cols-2">
        <TextArea {...bind} path="termsEnglish" rows={8} dir="ltr" />
        <TextArea {...bind} path="termsArabic" rows={8} dir="rtl" lang="ar" />
      </Section>
    </>
  );
}
