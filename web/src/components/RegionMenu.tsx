/**
 * The region-and-language popover (spec §2, §4). Region decides currency, pricing and business
 * rules; language is independent. All region rules and formatting come from shared/regions.ts
 * and shared/money.ts. Selections apply at once (the preview shows them); Apply closes.
 * The panel is a separate chunk: it needs shared/money.ts (and zod), which the sign-in route's
 * initial JS cannot afford.
 */
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { lazy, Suspense } from 'react';
import { getLanguage, getRegionConfig } from '../../../shared/regions';
import { useLanguage, useT } from '../i18n';
import { useDisplayRegion } from '../lib/display-region';
import { useAppState } from '../lib/persisted-state';
import { Icon } from './Icon';
import { Spinner } from './Spinner';

const RegionPanel = lazy(() => import('./RegionPanel'));
const preloadPanel = () => void import('./RegionPanel');

export function RegionMenu({ align = 'end' }: { align?: 'start' | 'end' }) {
  const t = useT();
  const { language } = useLanguage();
  const locale = useAppState((s) => s.locale);
  // Signed in: the company's region unless the user chose another one here.
  const region = getRegionConfig(useDisplayRegion());
  const nativeName = getLanguage(language).nativeName;

  return (
    <Popover className="relative">
      <PopoverButton
        onMouseEnter={preloadPanel}
        onFocus={preloadPanel}
        className="btn-ghost gap-1.5"
        aria-label={t('shell.region.trigger', { language: nativeName, currency: region.currencySymbol })}
      >
        <Icon name="globe" />
        <span className="hidden sm:inline">{nativeName}</span>
        <span
          aria-hidden="true"
          className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100"
        >
          {region.currencySymbol}
        </span>
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: align === 'end' ? 'bottom end' : 'bottom start', gap: 8, padding: 8 }}
        className="z-[80] w-96 max-w-[calc(100vw-1rem)] rounded-ui-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          }
        >
          <RegionPanel
            language={language}
            regionCode={region.countryCode}
            detected={locale.regionDetected}
            geolocationEnabled={locale.geolocationEnabled}
          />
        </Suspense>
      </PopoverPanel>
    </Popover>
  );
}
