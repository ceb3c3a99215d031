import { useCallback } from 'react';
import { formatMoney, toMinor } from '../../../shared/money';
import type { CurrencyCode } from '../../../shared/regions';
import { useAuth } from '../auth/context';
import { useLanguage } from '../i18n';
import { useAppState } from './persisted-state';
import { brandingFrom, useCompanySettings } from './branding';

/**
 * Money on screen. Amounts are the company's, stored in its currency (set by the company's
 * region), so the currency comes from the company settings; the user's chosen region and
 * language only decide the number format. Without company settings (signed out, or still
 * loading) the selected region's currency is used, as on the landing page.
 */
export function useCompanyCurrency(): CurrencyCode | undefined {
  const { status } = useAuth();
  const { data } = useCompanySettings(status === 'authenticated');
  return (data ? brandingFrom(data).currency : undefined) as CurrencyCode | undefined;
}

/** Formats minor units. */
export function useMoneyMinor(): (minor: number) => string {
  const region = useAppState((s) => s.locale.selectedRegion);
  const { language } = useLanguage();
  const currency = useCompanyCurrency();
  return useCallback((minor) => formatMoney(minor, region, language, currency ? { currency } : {}), [region, language, currency]);
}

/** Formats an API decimal amount; null or undefined reads "—". */
export function useMoney(): (amount: number | null | undefined) => string {
  const minor = useMoneyMinor();
  return useCallback((amount) => (amount === null || amount === undefined ? '—' : minor(toMinor(amount))), [minor]);
}
