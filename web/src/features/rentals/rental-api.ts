/**
 * Rentals feature: API calls, cache keys, message translation, money and date formatting. The
 * catalog area is registered here, so it ships with the rentals pages (not the sign-in bundle).
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { rentals as rentalsCatalog } from '../../../../shared/i18n/rentals';
import { MONEY_MESSAGES } from '../../../../shared/money';
import { hasAbility, type Ability } from '../../../../shared/permissions';
import { RENTAL_MESSAGES, type RentalStatus } from '../../../../shared/schemas/rentals';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../../auth/context';
import { useLanguage, type TFunction } from '../../i18n';
import { useDisplayRegion } from '../../lib/display-region';
import { useFormat } from '../../lib/format';

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
  amount: number;
  method: string | null;
  status: 'paid' | 'pending';
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

/** The display region (the user's choice, else the company's): see lib/display-region.ts. */
export function useRegion(): string {
  return useDisplayRegion();
}

/** Date, or date and time, through the one formatter (lib/format.ts), on the company's clock. */
export function useDateTime(): (iso: string | null | undefined, withTime?: boolean) => string {
  const f = useFormat();
  return useCallback((iso, withTime = true) => (withTime ? f.dateTime(iso) : f.date(iso)), [f]);
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

/** datetime-local value (local wall clock) ↔ ISO instant. */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export { useMoney } from '../../lib/money';
