import type { CurrencyCode } from '../../../shared/regions';
import { useCompanyLocale } from './display-region';
import { useFormat } from './format';

/**
 * Money on screen. Amounts are the company's, stored in its currency (set by the company's
 * region), so the currency comes from the company settings; the display region (see
 * lib/format.ts) and the language decide the number format. Without company settings (signed
 * out, or still loading) the display region's currency is used, as on the landing page.
 */
export function useCompanyCurrency(): CurrencyCode | undefined {
  return useCompanyLocale().currency as CurrencyCode | undefined;
}

/** Formats minor units. */
export function useMoneyMinor(): (minor: number) => string {
  return useFormat().moneyMinor;
}

/** Formats an API decimal amount; null or undefined reads "—". */
export function useMoney(): (amount: number | null | undefined) => string {
  return useFormat().money;
}
