/**
 * Rentals feature: API calls, cache keys, message translation, money and date formatting. The
 * catalog area is registered here, so it ships with the rentals pages (not the sign-in bundle).
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { rentals as rentalsCatalog } from '../../../../shared/i18n/rentals';
import { MONEY_MESSAGES } from '../../../../shared/money';
import { formatDate, formatTime, getRegionConfig } from '../../../../shared/regions';
import { ledgerDescriptionOf, ledgerDescriptionText } from '../../../../shared/rentals/ledger-text';
import { hasAbility, type Ability } from '../../../../shared/permissions';
import { RENTAL_MESSAGES, type RentalStatus } from '../../../../shared/schemas/rentals';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../../auth/context';
import { useLanguage, type TFunction } from '../../i18n';
import { useAppState } from '../../lib/persisted-state';

addArea('rentals', rentalsCatalog);

export const RENTALS_PATH = '/api/v1/rentals';
export const rentalPath = (id: string) => `${RENTALS_PATH}/${encodeURIComponent(id)}`;

export interface TimelineEvent { at: string; action: string; by?: string | null; note?: string }

export interface RentalApi {
  id: string;
  referenceNumber: string;
  contractNumber: string;
  customerId: string;
  customerName: string;
  customerNameArabic?: string | null;
  vehicleId: string;
  vehicleLabel: string;
  licensePlate?: string;
  status: RentalStatus;
  startDate: string;
  endDate: string | null;
  expectedReturnDate: string;
  expectedDuration: number;
  openEnded: boolean;
  returnDate?: string | null;
  rentalType: 'daily' | 'monthly';
  dailyRate: number;
  monthlyRate?: number | null;
  dailyKmLimit: number;
  extraChargePerKm: number;
  taxRate: number;
  taxIncluded: boolean;
  youngDriverFeePerDay: number;
  securityDeposit: number;
  totalAmount: number;
  charges: number;
  payments: number;
  refunds: number;
  balance: number;
  balanceState: 'due' | 'credit' | 'settled';
  depositHeld: number;
  odometerStart?: number;
  odometerEnd?: number;
  fuelLevelStart?: string;
  fuelLevelEnd?: string;
  pickupLocation?: string | null;
  returnLocation?: string | null;
  officeInCharge?: string | null;
  agentName?: string | null;
  notes?: string | null;
  closedAt?: string | null;
  contractLocked?: boolean;
  overbookedConflicts?: unknown[] | null;
  timeline: TimelineEvent[];
  version: number;
}

export interface LedgerEntryApi {
  id: string;
  type: 'charge' | 'payment' | 'refund';
  context: string;
  category: string;
  label: string;
  descriptionCode?: string;
  descriptionParams?: Record<string, string>;
  amount: number;
  method: string | null;
  status: 'paid' | 'pending' | 'reversed' | 'not_collected';
  reversesId: string | null;
  postedAt: string;
  outstanding?: number;
}

export interface LedgerApi {
  items: LedgerEntryApi[];
  balance: number;
  balanceState: 'due' | 'credit' | 'settled';
  charges: number;
  payments: number;
  refunds: number;
  deposit: { requested: number; received: number; refunded: number; held: number };
}

export interface ConflictApi { kind: string; refId: string; start: string; end: string | null; status: string; label?: string }

const MESSAGE_KEYS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(RENTAL_MESSAGES).map(([k, v]) => [v, k])),
  [MONEY_MESSAGES.decimals]: 'moneyDecimals',
  [MONEY_MESSAGES.invalid]: 'moneyInvalid',
  [MONEY_MESSAGES.negative]: 'moneyNegative',
  [MONEY_MESSAGES.positive]: 'moneyPositive',
  'Staff cannot close a rental with an outstanding balance. Record the payment or ask a manager.': 'staffCloseRefused',
  'Refund cannot exceed the amount paid': 'refundOverPaid',
  'Refund cannot exceed the security deposit held': 'refundOverDeposit',
  'This vehicle is archived and cannot be booked': 'vehicleArchived',
  'This vehicle is out of service and cannot be booked': 'vehicleOutOfService',
  'This customer is blacklisted and cannot rent': 'blacklisted',
  'This customer matches the blacklist. Acknowledge the warning to continue.': 'blacklistWarning',
};

/** A schema or server message in the reader's language when the catalog knows it, else as sent. */
export function translateRentalMessage(t: TFunction, message: string): string {
  const key = MESSAGE_KEYS[message];
  return key ? t(`rentals.messages.${key}`) : message;
}

export function issuesToErrors(t: TFunction, issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !out[field]) out[field] = translateRentalMessage(t, issue.message);
  }
  return out;
}

export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateRentalMessage(t, v)]));
}

export function failureDescription(t: TFunction, error: unknown): string | undefined {
  if (error instanceof ApiError && error.serverMessage) return translateRentalMessage(t, error.serverMessage);
  return undefined;
}

/** The list a 409 carries (booking conflicts, blacklist matches). */
export function errorConflicts<T = ConflictApi>(error: unknown): T[] {
  if (!(error instanceof ApiError)) return [];
  try {
    return ((JSON.parse(error.body) as { error?: { conflicts?: T[] } }).error?.conflicts ?? []) as T[];
  } catch {
    return [];
  }
}

export function useCan(): (ability: Ability) => boolean {
  const { user } = useAuth();
  return useCallback((ability: Ability) => hasAbility(user?.role, ability), [user?.role]);
}

export function useRegion(): string {
  return useAppState((s) => s.locale.selectedRegion);
}

/** What GET /api/v1/rentals/defaults answers (company settings every rentals reader may see). */
export interface RentalDefaultsApi {
  region: string;
  timezone?: string;
  taxRate: number;
  extraChargePerKm: number;
  dailyKmLimit: number;
  enableBlacklistCheck: boolean;
  blacklistMode: 'warning' | 'block';
  allowStaffCloseWithBalance: boolean;
}

export function useRentalDefaults() {
  return useSWR<RentalDefaultsApi | null>('/api/v1/rentals/defaults');
}

/**
 * The COMPANY's time zone: bookings, contracts, ledgers and timelines are read on the company's
 * clock (a 09:00 Dubai booking shows 09:00 wherever the browser is), not the browser's.
 */
export function useCompanyTimeZone(): string {
  const region = useRegion();
  const defaults = useRentalDefaults();
  return defaults.data?.timezone ?? getRegionConfig(defaults.data?.region ?? region).timezone;
}

export function useDateTime(): (iso: string | null | undefined, withTime?: boolean) => string {
  const region = useRegion();
  const { language } = useLanguage();
  const tz = useCompanyTimeZone();
  return useCallback((iso, withTime = true) => {
    if (!iso) return '—';
    try {
      return withTime ? `${formatDate(iso, region, language, { timeZone: tz })} ${formatTime(iso, region, language, { timeZone: tz })}` : formatDate(iso, region, language, { timeZone: tz });
    } catch {
      return iso;
    }
  }, [region, language, tz]);
}

/** A ledger entry's description in the reader's language (stored code, or the old English label mapped). */
export function ledgerText(t: TFunction, entry: Pick<LedgerEntryApi, 'label' | 'descriptionCode' | 'descriptionParams'>): string {
  return ledgerDescriptionText(ledgerDescriptionOf(entry), (key, params) => t(key, params));
}

export function useRental(id: string | undefined) {
  return useSWR<RentalApi | null>(id ? rentalPath(id) : null);
}

export function useLedger(id: string | undefined) {
  return useSWR<LedgerApi | null>(id ? `${rentalPath(id)}/ledger` : null);
}

/** Refreshes lists, stats, the calendar and (optionally) one rental after a change. */
export function useInvalidateRentals() {
  const { mutate, cache } = useSWRConfig();
  return useCallback((rental?: RentalApi) => {
    for (const key of [...cache.keys()]) {
      if (key.startsWith(`$inf$${RENTALS_PATH}?`) || key.startsWith(`${RENTALS_PATH}?`) || key === `${RENTALS_PATH}/stats` || key.startsWith('/api/v1/calendar/fleet') || key.startsWith('/api/v1/vehicles')) void mutate(key);
    }
    if (rental) {
      void mutate(rentalPath(rental.id), rental, { revalidate: false });
      void mutate(`${rentalPath(rental.id)}/ledger`);
      void mutate(`${rentalPath(rental.id)}/notes`);
    }
  }, [mutate, cache]);
}

const key = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const idem = () => ({ headers: { 'Idempotency-Key': key() } });

export const rentalApi = {
  create: (body: unknown) => api.post<RentalApi>(RENTALS_PATH, body, idem()),
  quote: (body: unknown) => api.post<QuoteApi>(`${RENTALS_PATH}/quote`, body),
  checkConflicts: (body: unknown) => api.post<{ hasConflicts: boolean; conflicts: ConflictApi[] }>(`${RENTALS_PATH}/check-conflicts`, body),
  payment: (id: string, body: unknown) => api.post<{ rental: RentalApi }>(`${rentalPath(id)}/payments`, body, idem()),
  charge: (id: string, body: unknown) => api.post<{ rental: RentalApi }>(`${rentalPath(id)}/charges`, body, idem()),
  refund: (id: string, body: unknown) => api.post<{ rental: RentalApi }>(`${rentalPath(id)}/refunds`, body, idem()),
  reverse: (id: string, entryId: string, body: unknown) => api.post<{ rental: RentalApi }>(`${rentalPath(id)}/ledger/${encodeURIComponent(entryId)}/reverse`, body, idem()),
  pickup: (id: string, body: unknown) => api.post<RentalApi>(`${rentalPath(id)}/pickup`, body),
  previewReturn: (id: string, body: unknown) => api.post<ReturnPreviewApi>(`${rentalPath(id)}/return-preview`, body),
  returnVehicle: (id: string, body: unknown) => api.post<RentalApi>(`${rentalPath(id)}/return`, body, idem()),
  close: (id: string, body: unknown) => api.post<RentalApi>(`${rentalPath(id)}/close`, body, idem()),
  cancel: (id: string, body: unknown) => api.post<RentalApi>(`${rentalPath(id)}/cancel`, body),
  archive: (id: string) => api.post<RentalApi>(`${rentalPath(id)}/archive`, {}),
  restore: (id: string) => api.post<RentalApi>(`${rentalPath(id)}/restore`, {}),
  addNote: (id: string, body: unknown) => api.post<unknown>(`${rentalPath(id)}/notes`, body),
  contract: (id: string) => api.get<{ url: string }>(`${rentalPath(id)}/contract`),
};

/** POST /api/v1/rentals/quote: the price the booking of this body charges (same function server-side). */
export interface QuoteApi {
  days: number;
  lines: { code: string; category: string; label: string; amount: number; quantity?: number; unitAmount?: number }[];
  subtotal: number;
  tax: number;
  total: number;
  youngDriverFeePerDay: number;
}

export interface ReturnPreviewApi {
  lines: { code: string; category: string; label: string; amount: number; quantity?: number }[];
  subtotal: number;
  tax: number;
  total: number;
  alreadyCharged: number;
  toPost: number;
  km: { driven: number; allowance: number | null; extra: number } | null;
  balanceAfter: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Wall clock of an instant in a time zone, as UTC milliseconds (for offset arithmetic). */
function wallClockMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

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

export { useMoney } from '../../lib/money';
