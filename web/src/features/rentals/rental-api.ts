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
  BookingConflict,
  Ledger,
  LedgerEntry,
  Rental,
  RentalDefaults,
  RentalQuote,
  ReturnPreview,
} from '../../../../shared/schemas/rentals-responses';
import { apiPath, apiStem, callApi, useApi, type BodyOf } from '../../lib/api-client';
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

export const RENTALS_PATH = apiStem('listRentals');
export const rentalPath = (id: string) => apiPath('getRental', { id });

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
export function ledgerText(
  t: TFunction,
  entry: Pick<LedgerEntryApi, 'label' | 'descriptionCode' | 'descriptionParams'>,
): string {
  return ledgerDescriptionText(ledgerDescriptionOf(entry), (key, params) => t(key, params));
}

export function useRental(id: string | undefined) {
  return useApi<'getRental', RentalApi>('getRental', id ? { params: { id } } : null);
}

export function useLedger(id: string | undefined) {
  return useApi<'getRentalLedger', LedgerApi>('getRentalLedger', id ? { params: { id } } : null);
}

/**
 * After a change: every rentals list, page and stat, the calendar and vehicles (kit invalidation), and the rental shown
 * at once.
 */
export function useInvalidateRentals() {
  const invalidate = useInvalidate();
  const { mutate } = useSWRConfig();
  return useCallback(
    (rental?: RentalApi) => {
      if (rental) void mutate(rentalPath(rental.id), rental, { revalidate: false });
      // A payment, refund, reversal or close moves the rental's invoices too (issue 26): their lists refetch.
      void invalidate(RENTALS_PATH, 'fleetCalendar', 'listVehicles', 'listInvoices');
    },
    [invalidate, mutate],
  );
}

const key = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const idem = () => ({ headers: { 'Idempotency-Key': key() } });

export const rentalApi = {
  get: (id: string) => callApi<'getRental', RentalApi>('getRental', { params: { id } }),
  create: (body: BodyOf<'createRental'>) => callApi<'createRental', RentalApi>('createRental', { body, ...idem() }),
  quote: (body: BodyOf<'quoteRental'>) => callApi<'quoteRental', QuoteApi>('quoteRental', { body }),
  checkConflicts: (body: BodyOf<'checkRentalConflicts'>) =>
    callApi<'checkRentalConflicts', { hasConflicts: boolean; conflicts: ConflictApi[] }>('checkRentalConflicts', {
      body,
    }),
  payment: (id: string, body: BodyOf<'recordRentalPayment'>) =>
    callApi<'recordRentalPayment', { rental: RentalApi }>('recordRentalPayment', { params: { id }, body, ...idem() }),
  charge: (id: string, body: BodyOf<'addRentalCharge'>) =>
    callApi<'addRentalCharge', { rental: RentalApi }>('addRentalCharge', { params: { id }, body, ...idem() }),
  refund: (id: string, body: BodyOf<'recordRentalRefund'>) =>
    callApi<'recordRentalRefund', { rental: RentalApi }>('recordRentalRefund', { params: { id }, body, ...idem() }),
  reverse: (id: string, entryId: string, body: BodyOf<'reverseRentalLedgerEntry'>) =>
    callApi<'reverseRentalLedgerEntry', { rental: RentalApi }>('reverseRentalLedgerEntry', {
      params: { id, entryId },
      body,
      ...idem(),
    }),
  pickup: (id: string, body: BodyOf<'pickupRental'>) =>
    callApi<'pickupRental', RentalApi>('pickupRental', { params: { id }, body }),
  previewReturn: (id: string, body: BodyOf<'previewRentalReturn'>) =>
    callApi<'previewRentalReturn', ReturnPreviewApi>('previewRentalReturn', { params: { id }, body }),
  returnVehicle: (id: string, body: BodyOf<'returnRental'>) =>
    callApi<'returnRental', RentalApi>('returnRental', { params: { id }, body, ...idem() }),
  close: (id: string, body: BodyOf<'closeRental'>) =>
    callApi<'closeRental', RentalApi>('closeRental', { params: { id }, body, ...idem() }),
  cancel: (id: string, body: BodyOf<'cancelRental'>) =>
    callApi<'cancelRental', RentalApi>('cancelRental', { params: { id }, body }),
  archive: (id: string) => callApi<'archiveRental', RentalApi>('archiveRental', { params: { id }, body: {} }),
  restore: (id: string) => callApi<'restoreRental', RentalApi>('restoreRental', { params: { id }, body: {} }),
  addNote: (id: string, body: BodyOf<'addRentalNote'>) => callApi('addRentalNote', { params: { id }, body }),
  contract: (id: string) => callApi<'getRentalContract', RentalContract>('getRentalContract', { params: { id } }),
  signContract: (id: string, body: BodyOf<'signRentalContract'>) =>
    callApi<'signRentalContract', RentalContract>('signRentalContract', { params: { id }, body }),
  sendContract: (id: string) =>
    callApi<'sendRentalContract', { expiresAt: string; sentTo: string }>('sendRentalContract', {
      params: { id },
      body: { channel: 'email' },
    }),
  invoicing: (id: string, body: BodyOf<'updateRentalInvoicing'>) =>
    callApi<'updateRentalInvoicing', RentalApi>('updateRentalInvoicing', { params: { id }, body }),
};

export { useMoney } from '../../lib/money';
