/**
 * The company's clock in the browser: bookings, contracts, ledgers, tolls and fines are read and
 * entered on the COMPANY's wall clock, wherever the browser is. Shared by every feature (rentals,
 * GPS, tickets…), so none of them reaches into another for it (DESIGN §17: web/src/features
 * import no feature in a circle).
 */
import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import { getRegionConfig, type RegionCode } from '../../../shared/regions';
import type { RentalDefaults } from '../../../shared/schemas/rentals-responses';
import { useLanguage } from '../i18n';
import { useDisplayRegion } from './display-region';
import { makeFormat, wallClockMs } from './format';

/** The company's rental defaults (its time zone and region among them): one SWR key for every reader. */
export const RENTAL_DEFAULTS_PATH = '/api/v1/rentals/defaults';

/**
 * The COMPANY's time zone: bookings, contracts, ledgers and timelines are read on the company's
 * clock (a 09:00 Dubai booking shows 09:00 wherever the browser is), not the browser's.
 */
export function useCompanyTimeZone(): string {
  const region = useDisplayRegion();
  const defaults = useSWR<RentalDefaults | null>(RENTAL_DEFAULTS_PATH);
  return defaults.data?.timezone ?? getRegionConfig(defaults.data?.region ?? region).timezone;
}

/** Date, or date and time, through the one formatter (lib/format.ts), on the company's clock. */
export function useDateTime(): (iso: string | null | undefined, withTime?: boolean) => string {
  const region = useDisplayRegion();
  const { language } = useLanguage();
  const tz = useCompanyTimeZone();
  const f = useMemo(() => makeFormat(region as RegionCode, language, tz), [region, language, tz]);
  return useCallback((iso, withTime = true) => (withTime ? f.dateTime(iso) : f.date(iso)), [f]);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * datetime-local value ↔ ISO instant, on the wall clock of `timeZone` (the company's; default the
 * browser's). Typing 09:00 for a Dubai company means 09:00 in Dubai wherever the browser is.
 */
export function toLocalInput(iso: string | Date, timeZone?: string): string {
  const ms = new Date(iso).getTime();
  const w = new Date(timeZone ? wallClockMs(ms, timeZone) : ms - new Date(ms).getTimezoneOffset() * 60_000);
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}T${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}
export function fromLocalInput(value: string, timeZone?: string): string | undefined {
  if (!value) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) return undefined;
  if (!timeZone) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
  }
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(wall)) return undefined;
  // Guess with the offset at the wall time, then correct once (daylight-saving edges).
  let ms = wall - (wallClockMs(wall, timeZone) - wall);
  ms = wall - (wallClockMs(ms, timeZone) - ms);
  return new Date(ms).toISOString();
}
