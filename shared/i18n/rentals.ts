/**
 * Rentals pages (list, statistics, calendar, wizard, detail, ledger, pickup/return/close dialogs).
 * Registered lazily by web/src/features/rentals (addArea). `messages` translates every English
 * message the shared rental schema and the API send (keyed like RENTAL_MESSAGES, plus a few
 * server-only ones).
 */
import { rentalsList } from './rentals-list';
import { rentalsWizard } from './rentals-wizard';
import { rentalsLedger } from './rentals-ledger';
import { rentalsDetail } from './rentals-detail';
import { rentalsMessages } from './rentals-messages';
import { rentalsContract } from './rentals-contract';

/** The parts merged per language (each part file holds both languages of its keys). */
export const rentals = {
  en: {
    ...rentalsList.en,
    ...rentalsWizard.en,
    ...rentalsLedger.en,
    ...rentalsDetail.en,
    ...rentalsMessages.en,
    ...rentalsContract.en,
  },
  ar: {
    ...rentalsList.ar,
    ...rentalsWizard.ar,
    ...rentalsLedger.ar,
    ...rentalsDetail.ar,
    ...rentalsMessages.ar,
    ...rentalsContract.ar,
  },
};
