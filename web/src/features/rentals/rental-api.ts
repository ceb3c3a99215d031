/**
 * Rentals feature: API calls, cache keys, dates on the company's clock, ledger text. Lists,
 * filters, errors, permissions and cache invalidation come from the web kit (web/src/KIT.md).
 * The catalog area and the domain's messages are registered here, so they ship with the rentals
 * pages (not the sign-in bundle).
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { rentals as rentalsCatalog } from '../../../../shared/i18n/rentals';
import { ledgerDescriptionOf, ledgerDescriptionText } from '../../../../shared/rentals/ledger-text';
import { RENTAL_SERVER_MESSAGES } from '../../../../shared/rentals/messages';
import { RENTAL_MESSAGES } from '../../../../shared/schemas/rentals';
import { CONTRACT_MESSAGES, type RentalContract } from '../../../../shared/schemas/rental-contract';
import type {
  BookingConflict, Ledger, LedgerEntry, Rental, RentalDefaults, RentalQuote, ReturnPreview,
} from '../../../../shared/schemas/rentals-responses';
import { api } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';
import { useInvalidate } from '../../lib/invalidate';
import { type TFunction } from '../../i18n';
import { useDisplayRegion } from '../../lib/display-region';
import { RENTAL_DEFAULTS_PATH } from '../../lib/company-clock';

addArea('rentals', rentalsCatalog);
registerMessages('rentals.messages', RENTAL_MESSAGES);
registerMessages('rentals.messages', RENTAL_SERVER_MESSAGES);
registerMessages('rentals.contract.messages', CONTRACT_MESSAGES);

export type RentalApi = Rental;
export type LedgerEntryApi = LedgerEntry;
export type LedgerApi = Ledger;
export type ConflictApi = BookingConflict;
export type QuoteApi = RentalQuote;
export type ReturnPreviewApi = ReturnPreview;
export type RentalDefaultsApi = RentalDefaults;

export const RENTALS_PATH = '/api/v1/rentals';
export const rentalPath = (id: string) => `${RENTALS_PATH}/${encodeURIComponent(id)}`;

/** The display region (the user's choice, else the company's): see lib/display-region.ts. */
export function useRegion(): string {
  return useDisplayRegion();
}

export function useRentalDefaults() {
  return useSWR<RentalDefaultsApi | null>(RENTAL_DEFAULTS_PATH);
}

/** The company's clock (web/src/lib/company-clock.ts), re-exported for the rentals pages. */
export { fromLocalInput, toLocalInput, useCompanyTimeZone, useDateTime } from '../../lib/company-clock';

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

/** After a change: every rentals list, page and stat, the calendar and vehicles (kit invalidation), and the rental shown at once. */
export function useInvalidateRentals() {
  const invalidate = useInvalidate();
  const { mutate } = useSWRConfig();
  return useCallback((rental?: RentalApi) => {
    if (rental) void mutate(rentalPath(rental.id), rental, { revalidate: false });
    // A payment, refund, reversal or close moves the rental's invoices too (issue 26): their lists refetch.
    void invalidate(RENTALS_PATH, '/api/v1/calendar/fleet', '/api/v1/vehicles', '/api/v1/invoices');
  }, [invalidate, mutate]);
}

const key = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const idem = () => ({ headers: { 'Idempotency-Key': key() } });

export const rentalApi = {
  get: (id: string) => api.get<RentalApi>(rentalPath(id)),
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
  contract: (id: string) => api.get<RentalContract>(`${rentalPath(id)}/contract`),
  signContract: (id: string, body: unknown) => api.post<RentalContract>(`${rentalPath(id)}/contract/sign`, body),
  sendContract: (id: string) => api.post<{ expiresAt: string; sentTo: string }>(`${rentalPath(id)}/contract/send`, { channel: 'email' }),
  invoicing: (id: string, body: unknown) => api.patch<RentalApi>(`${rentalPath(id)}/invoicing`, body),
};

export { useMoney } from '../../lib/money';
