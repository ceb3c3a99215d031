/**
 * Which region a screen formats with, kept apart from lib/format.ts because the region menu on
 * the public pages needs it and must not pull shared/money (and zod) into their first load.
 */
import { useMemo } from 'react';
import { getRegionConfig, type RegionCode } from '../../../shared/regions';
import { useAuth } from '../auth/context';
import { brandingFrom, useCompanySettings, type Branding } from './branding';
import { displayRegion, useAppState } from './persisted-state';

/** The company's region, time zone and currency from the settings answer (signed in only). */
export function useCompanyLocale(): Pick<Branding, 'region' | 'timezone' | 'currency'> {
  const { status } = useAuth();
  const { data } = useCompanySettings(status === 'authenticated');
  return useMemo(() => {
    if (!data) return {};
    const b = brandingFrom(data);
    return { region: b.region, timezone: b.timezone, currency: b.currency };
  }, [data]);
}

/** The region screens format with (see persisted-state `displayRegion`). */
export function useDisplayRegion(): RegionCode {
  const locale = useAppState((s) => s.locale);
  const company = useCompanyLocale();
  return getRegionConfig(displayRegion(locale, company.region)).countryCode;
}
