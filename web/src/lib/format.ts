/**
 * One formatter for everything a screen prints: dates, date-times, times, money and quantities
 * with their unit, all from the DISPLAY region (the user's choice in the region menu, else the
 * company's region when signed in) and the language. Dates of instants are shown on the
 * company's clock (its time zone when the settings carry it, else the region's). Pages call
 * `useFormat()` instead of `toLocaleDateString` or hand-made formats, so a list and a detail
 * page can never disagree (11/23/2026 vs 2026/11/23).
 */
import { useMemo } from 'react';
import { formatMoney, toMinor } from '../../../shared/money';
import {
  formatDate,
  formatDateTime,
  formatQuantity,
  formatTime,
  getRegionConfig,
  intlLocale,
  type CurrencyCode,
  type QuantityUnit,
  type RegionCode,
} from '../../../shared/regions';
import { useLanguage } from '../i18n';
import { useCompanyLocale, useDisplayRegion } from './display-region';

const NONE = '—';

type DateInput = Date | string | null | undefined;

export interface Format {
  region: RegionCode;
  language: 'en' | 'ar';
  timeZone: string;
  /** A calendar date ('YYYY-MM-DD' as is) or an instant's date on the company's calendar. */
  date: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
  time: (value: DateInput) => string;
  /** An API decimal amount in the company's currency; null reads "—". */
  money: (amount: number | null | undefined) => string;
  moneyMinor: (minor: number) => string;
  quantity: (value: number | null | undefined, unit: QuantityUnit) => string;
  /** A calendar column heading: short weekday and day of month ("Mon 23"), in the language. */
  weekdayDay: (day: Date) => string;
}

/** Builds the formatters (pure: used by the hook and by tests). */
export function makeFormat(
  region: RegionCode,
  language: 'en' | 'ar',
  timeZone: string,
  currency?: CurrencyCode,
): Format {
  const safe = (fn: (v: Date | string) => string) => (value: DateInput) => {
    if (value === null || value === undefined || value === '') return NONE;
    try {
      return fn(value);
    } catch {
      return typeof value === 'string' ? value : NONE;
    }
  };
  const moneyMinor = (minor: number) => formatMoney(minor, region, language, currency ? { currency } : {});
  return {
    region,
    language,
    timeZone,
    date: safe((v) => formatDate(v, region, language, { timeZone })),
    dateTime: safe((v) => formatDateTime(v, region, language, { timeZone })),
    time: safe((v) => formatTime(v, region, language, { timeZone })),
    money: (amount) => (amount === null || amount === undefined ? NONE : moneyMinor(toMinor(amount))),
    moneyMinor,
    weekdayDay: (day) =>
      new Intl.DateTimeFormat(intlLocale(region, language), { weekday: 'short', day: 'numeric' }).format(day),
    quantity: (value, unit) =>
      value === null || value === undefined || !Number.isFinite(value)
        ? NONE
        : formatQuantity(value, unit, region, language),
  };
}

export function useFormat(): Format {
  const { language } = useLanguage();
  const company = useCompanyLocale();
  const region = useDisplayRegion();
  const timeZone = company.timezone ?? getRegionConfig(company.region ?? region).timezone;
  const currency = company.currency as CurrencyCode | undefined;
  return useMemo(() => makeFormat(region, language, timeZone, currency), [region, language, timeZone, currency]);
}

/** Wall clock of an instant in a time zone, as UTC milliseconds (for offset arithmetic). */
export function wallClockMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}
