/** Contents of the region-and-language popover, loaded with the popover's first opening. */
import { Label, Listbox, ListboxButton, ListboxOption, ListboxOptions, useClose } from '@headlessui/react';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money';
import {
  LANGUAGES,
  REGION_CODES,
  detectRegion,
  formatBusinessHours,
  formatDate,
  formatTaxRate,
  getLanguage,
  getRegionConfig,
  type RegionCode,
} from '../../../shared/regions';
import { setLanguage, useT, type Language } from '../i18n';
import { DEFAULT_LOCALE, setLocale } from '../lib/persisted-state';
import { Icon } from './Icon';

const SAMPLE_MINOR = 100_00;
const PREVIEW_MINOR = 1234_50;
const SAMPLE_HOURS: [string, string] = ['09:00', '18:00'];

function regionPatch(code: RegionCode) {
  const cfg = getRegionConfig(code);
  return { selectedRegion: cfg.countryCode, selectedCurrency: cfg.currency, currencySymbol: cfg.currencySymbol };
}

export default function RegionPanel({
  language,
  regionCode,
  detected,
  geolocationEnabled,
}: {
  language: Language;
  regionCode: RegionCode;
  detected: boolean;
  geolocationEnabled: boolean;
}) {
  const t = useT();
  const close = useClose();
  const [detecting, setDetecting] = useState(false);
  const region = getRegionConfig(regionCode);
  const regionName = (code: string) => t(`shell.region.names.${code}`);
  const canDetect = geolocationEnabled && typeof navigator !== 'undefined' && 'geolocation' in navigator;

  const chooseRegion = (code: RegionCode) =>
    setLocale({ ...regionPatch(code), regionDetected: false, regionChosen: true });

  const runDetection = () => {
    setDetecting(true);
    const finish = (coords: GeolocationCoordinates | null) => {
      const result = detectRegion(coords ? { latitude: coords.latitude, longitude: coords.longitude } : null);
      setLocale({ ...regionPatch(result.region), regionDetected: true, regionChosen: true });
      if (result.language) setLanguage(result.language);
      setDetecting(false);
    };
    // Refused or unavailable geolocation falls back to the time zone inside detectRegion.
    navigator.geolocation.getCurrentPosition(
      (pos) => finish(pos.coords),
      () => finish(null),
      { timeout: 8000, maximumAge: 600_000 },
    );
  };

  const reset = () => {
    setLocale({ ...DEFAULT_LOCALE, geolocationEnabled });
    setLanguage(DEFAULT_LOCALE.selectedLanguage);
  };

  return (
    <div className="space-y-4 text-sm">
      <h2 className="text-base font-semibold">{t('shell.region.title')}</h2>

      <section aria-label={t('shell.region.summary')} className="rounded-ui bg-slate-100 p-3 dark:bg-slate-800">
        <p className="font-medium">
          {regionName(region.countryCode)} · {getLanguage(language).nativeName} · {region.currency}
        </p>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {t('shell.region.sample')}: <bdi dir="ltr">{formatMoney(SAMPLE_MINOR, region, language)}</bdi>
        </p>
      </section>

      {detected && region.countryCode === 'AE' && (
        <p
          role="status"
          className="rounded-ui border border-sky-300 bg-sky-50 p-3 text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100"
        >
          {t('shell.region.uaeNotice')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => chooseRegion('US')}>
            {t('shell.region.switchToUsd')}
          </button>
        </p>
      )}

      <div>
        <Listbox value={region.countryCode} onChange={chooseRegion}>
          {/* headlessui's Label names the button "<label> <value>"; a plain aria-labelledby is overridden. */}
          <Label className="field-label">{t('shell.region.regionLabel')}</Label>
          <div className="relative">
            <ListboxButton className="field-input flex items-center justify-between text-start">
              <span>{regionName(region.countryCode)}</span>
              <span className="text-slate-600 dark:text-slate-300">
                {region.currencySymbol} {region.currency}
              </span>
            </ListboxButton>
            <ListboxOptions className="absolute z-10 mt-1 w-full rounded-ui border border-slate-200 bg-white py-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900">
              {REGION_CODES.map((code) => {
                const cfg = getRegionConfig(code);
                return (
                  <ListboxOption
                    key={code}
                    value={code}
                    className="flex cursor-pointer items-center justify-between px-3 py-2 data-[focus]:bg-primary-soft data-[selected]:font-semibold"
                  >
                    <span>{regionName(code)}</span>
                    <span className="text-slate-600 dark:text-slate-300">
                      {cfg.currencySymbol} {cfg.currency}
                    </span>
                  </ListboxOption>
                );
              })}
            </ListboxOptions>
          </div>
        </Listbox>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t('shell.region.regionNote')}</p>
      </div>

      <div>
        <Listbox value={language} onChange={(l: Language) => setLanguage(l)}>
          <Label className="field-label">{t('shell.region.languageLabel')}</Label>
          <div className="relative">
            <ListboxButton className="field-input flex items-center justify-between text-start">
              <span>{getLanguage(language).nativeName}</span>
            </ListboxButton>
            <ListboxOptions className="absolute z-10 mt-1 w-full rounded-ui border border-slate-200 bg-white py-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900">
              {LANGUAGES.map((l) => (
                <ListboxOption
                  key={l.code}
                  value={l.code}
                  lang={l.code}
                  className="flex cursor-pointer items-center justify-between px-3 py-2 data-[focus]:bg-primary-soft data-[selected]:font-semibold"
                >
                  <span>{l.label}</span>
                  <span className="text-slate-600 dark:text-slate-300">{l.nativeName}</span>
                </ListboxOption>
              ))}
            </ListboxOptions>
          </div>
        </Listbox>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{t('shell.region.languageNote')}</p>
      </div>

      <section
        aria-label={t('shell.region.preview')}
        className="rounded-ui border border-slate-200 p-3 dark:border-slate-700"
      >
        <h3 className="mb-2 font-medium">{t('shell.region.preview')}</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-600 dark:text-slate-300">{t('shell.region.previewAmount')}</dt>
          <dd className="text-end">
            <bdi dir="ltr">{formatMoney(PREVIEW_MINOR, region, language)}</bdi>
          </dd>
          <dt className="text-slate-600 dark:text-slate-300">{t('shell.region.previewDate')}</dt>
          <dd className="text-end">
            <bdi dir="ltr">{formatDate(new Date(), region, language)}</bdi>
          </dd>
          <dt className="text-slate-600 dark:text-slate-300">{t('shell.region.businessHours')}</dt>
          <dd className="text-end">
            {/* Arabic AM/PM markers (ص/م) read right-to-left; Latin ones left-to-right. */}
            <bdi dir={language === 'ar' ? 'rtl' : 'ltr'}>
              {formatBusinessHours(SAMPLE_HOURS[0], SAMPLE_HOURS[1], region, language)}
            </bdi>
            <span className="block text-xs text-slate-600 dark:text-slate-300">
              {t(region.timeFormat === '24h' ? 'shell.region.timeFormat24' : 'shell.region.timeFormat12')}
            </span>
          </dd>
          <dt className="text-slate-600 dark:text-slate-300">{t('shell.region.taxRate')}</dt>
          <dd className="text-end">
            <bdi dir="ltr">{formatTaxRate(region)}</bdi>
          </dd>
        </dl>
      </section>

      <div className="flex flex-wrap items-center justify-between gap-2">
        {canDetect ? (
          <button type="button" className="btn-secondary" onClick={runDetection} disabled={detecting}>
            <Icon name="pin" className="h-4 w-4" />
            {detecting ? t('shell.region.detecting') : t('shell.region.detect')}
          </button>
        ) : (
          <span />
        )}
        {/* ms-auto keeps Reset and Apply at the end edge when the row wraps under Detect Region. */}
        <div className="ms-auto flex gap-2">
          <button type="button" className="btn-secondary" onClick={reset}>
            {t('shell.region.reset')}
          </button>
          <button type="button" className="btn-primary" onClick={() => close()}>
            {t('shell.region.apply')}
          </button>
        </div>
      </div>
    </div>
  );
}
