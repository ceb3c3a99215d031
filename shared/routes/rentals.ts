import * as z from 'zod';
import { routeMaker } from './types';
import {
  calendarQuery, documentCheckQuery, cancelSchema, chargeSchema, checkConflictsSchema, closeSchema, createRentalSchema, ledgerEntryParams,
  listRentalsQuery, noteSchema, rentalInvoicingSchema, paymentSchema, pickupSchema, refundSchema, rentalIdParams, returnSchema, reverseEntrySchema,
} from '../schemas/rentals';
import { publicContractSchema, remoteSignSchema, rentalContractSchema, sendContractResponseSchema, sendContractSchema, signContractSchema, signTokenParams } from '../schemas/rental-contract';
import { SIGNATURE_MAX_CHARS } from '../schemas/signature';
import {
  checkConflictsResponseSchema, ledgerSchema, rentalAvailabilitySchema, rentalDefaultsSchema, rentalDocumentCheckSchema, rentalEntryWriteSchema,
  rentalNotePageSchema, rentalNoteSchema, rentalPageSchema, rentalQuoteSchema, rentalSchema, rentalStatsSchema, returnPreviewSchema,
} from '../schemas/rentals-responses';
import { idParamsSchema as customerIdParams, pageQuerySchema } from '../schemas/customers';

const route = routeMaker('rentals');
const byId = { params: rentalIdParams };

/**
 * Rentals (bookings), their ledger, lifecycle and contract. Reads need rentalsRead, every change
 * rentalsEdit (OWNER, ADMIN, STAFF; MECHANIC sees the vehicle schedule only, through the fleet
 * calendar). Money movements accept an Idempotency-Key.
 */
export const rentalsRoutes = [
  route({ operationId: 'listRentals', method: 'GET', path: '/api/v1/rentals', ability: 'rentalsRead', summary: 'Rentals, newest first; filters status, customerId, q (reference, customer, plate)', request: { query: listRentalsQuery }, response: rentalPageSchema }),
  route({ operationId: 'createRental', method: 'POST', path: '/api/v1/rentals', ability: 'rentalsEdit', summary: 'Books a vehicle: checks conflicts atomically, reserves RENT/CNT references, posts the initial ledger', request: { body: createRentalSchema }, idempotent: true, response: rentalSchema }),
  route({ operationId: 'quoteRental', method: 'POST', path: '/api/v1/rentals/quote', ability: 'rentalsRead', summary: 'The price a booking with this body would charge (the wizard\'s quote; same pricing function as createRental)', request: { body: createRentalSchema }, response: rentalQuoteSchema }),
  route({ operationId: 'checkRentalConflicts', method: 'POST', path: '/api/v1/rentals/check-conflicts', ability: 'rentalsRead', summary: 'Bookings and maintenance blocking a vehicle in a window', request: { body: checkConflictsSchema }, response: checkConflictsResponseSchema }),
  route({ operationId: 'rentalDocumentCheck', method: 'GET', path: '/api/v1/rentals/document-check', ability: 'rentalsRead', summary: 'The customer\'s driving licence and the vehicle\'s registration and insurance that lapse by the start (booking refused) or before the end (flagged), with their expiry dates (the wizard\'s warning)', request: { query: documentCheckQuery }, response: rentalDocumentCheckSchema }),
  route({ operationId: 'rentalAvailability', method: 'GET', path: '/api/v1/rentals/availability', ability: 'rentalsRead', summary: 'Ids of vehicles busy in a window (start, end), for the wizard', request: { query: calendarQuery }, response: rentalAvailabilitySchema }),
  route({ operationId: 'rentalDefaults', method: 'GET', path: '/api/v1/rentals/defaults', ability: 'rentalsRead', summary: 'What the wizard prefills from company settings and region (tax rate, km limit, extra km charge, max days, blacklist mode)', response: rentalDefaultsSchema }),
  route({ operationId: 'rentalStats', method: 'GET', path: '/api/v1/rentals/stats', ability: 'rentalsRead', summary: 'Counts per status and this month\'s ledger totals', response: rentalStatsSchema }),
  /** Served by rentals (tier 4) under the customer's path: customers (tier 3) do not read rentals. */
  route({ operationId: 'listCustomerRentals', method: 'GET', path: '/api/v1/customers/{id}/rentals', ability: 'customersRead', summary: 'Rental history of a customer, newest first', request: { params: customerIdParams, query: pageQuerySchema }, response: rentalPageSchema }),
  route({ operationId: 'getRental', method: 'GET', path: '/api/v1/rentals/{id}', ability: 'rentalsRead', summary: 'One rental with its totals and timeline', request: byId, response: rentalSchema }),
  route({ operationId: 'getRentalLedger', method: 'GET', path: '/api/v1/rentals/{id}/ledger', ability: 'rentalsRead', summary: 'Ledger entries, allocation status and the balance (due, credit, settled)', request: byId, response: ledgerSchema }),
  route({ operationId: 'recordRentalPayment', method: 'POST', path: '/api/v1/rentals/{id}/payments', ability: 'rentalsEdit', summary: 'Records a payment (or the security deposit received)', request: { ...byId, body: paymentSchema }, idempotent: true, response: rentalEntryWriteSchema }),
  route({ operationId: 'addRentalCharge', method: 'POST', path: '/api/v1/rentals/{id}/charges', ability: 'rentalsEdit', summary: 'Adds a charge', request: { ...byId, body: chargeSchema }, idempotent: true, response: rentalEntryWriteSchema }),
  route({ operationId: 'recordRentalRefund', method: 'POST', path: '/api/v1/rentals/{id}/refunds', ability: 'rentalsEdit', summary: 'Records a refund (or gives back deposit)', request: { ...byId, body: refundSchema }, idempotent: true, response: rentalEntryWriteSchema }),
  route({ operationId: 'reverseRentalLedgerEntry', method: 'POST', path: '/api/v1/rentals/{id}/ledger/{entryId}/reverse', ability: 'rentalsEdit', summary: 'Reverses (part of) a locked ledger entry', request: { params: ledgerEntryParams, body: reverseEntrySchema }, idempotent: true, response: rentalEntryWriteSchema }),
  route({ operationId: 'updateRentalInvoicing', method: 'PATCH', path: '/api/v1/rentals/{id}/invoicing', ability: 'rentalsEdit', summary: 'Invoicing settings of an open-ended rental (autoGenerateInvoice, billingFrequency), keeping the invoicing job\'s index in the same transaction; 409 once completed or cancelled, or for a rental with a return date', request: { ...byId, body: rentalInvoicingSchema }, response: rentalSchema }),
  route({ operationId: 'pickupRental', method: 'POST', path: '/api/v1/rentals/{id}/pickup', ability: 'rentalsEdit', summary: 'Hands the vehicle over: odometer and fuel at start; pending → active', request: { ...byId, body: pickupSchema }, response: rentalSchema }),
  route({ operationId: 'previewRentalReturn', method: 'POST', path: '/api/v1/rentals/{id}/return-preview', ability: 'rentalsRead', summary: 'Final charges a return would post, without writing', request: { ...byId, body: returnSchema }, response: returnPreviewSchema }),
  route({ operationId: 'returnRental', method: 'POST', path: '/api/v1/rentals/{id}/return', ability: 'rentalsEdit', summary: 'Vehicle back: posts the final charges; active/overdue → completed', request: { ...byId, body: returnSchema }, idempotent: true, response: rentalSchema }),
  route({ operationId: 'closeRental', method: 'POST', path: '/api/v1/rentals/{id}/close', ability: 'rentalsEdit', summary: 'Settles the deposit and locks the contract (STAFF: only without balance unless allowed)', request: { ...byId, body: closeSchema }, idempotent: true, response: rentalSchema }),
  route({ operationId: 'cancelRental', method: 'POST', path: '/api/v1/rentals/{id}/cancel', ability: 'rentalsEdit', summary: 'Cancels a pending rental and frees the vehicle', request: { ...byId, body: cancelSchema }, response: rentalSchema }),
  route({ operationId: 'archiveRental', method: 'POST', path: '/api/v1/rentals/{id}/archive', ability: 'rentalsEdit', summary: 'Archives a completed or cancelled rental', request: byId, response: rentalSchema }),
  route({ operationId: 'restoreRental', method: 'POST', path: '/api/v1/rentals/{id}/restore', ability: 'rentalsEdit', summary: 'Restores an archived rental to its previous status', request: byId, response: rentalSchema }),
  route({ operationId: 'listRentalNotes', method: 'GET', path: '/api/v1/rentals/{id}/notes', ability: 'rentalsRead', summary: 'Notes of a rental', request: byId, response: rentalNotePageSchema }),
  route({ operationId: 'addRentalNote', method: 'POST', path: '/api/v1/rentals/{id}/notes', ability: 'rentalsEdit', summary: 'Adds a note (internal, staff_only, public)', request: { ...byId, body: noteSchema }, response: rentalNoteSchema }),
  route({ operationId: 'getRentalContract', method: 'GET', path: '/api/v1/rentals/{id}/contract', ability: 'rentalsRead', summary: 'The contract: status (draft, signed, completed) and a presigned URL of its PDF (English and Arabic) — the stored signed one once signed, else generated when missing or stale', request: byId, response: rentalContractSchema }),
  route({ operationId: 'signRentalContract', method: 'POST', path: '/api/v1/rentals/{id}/contract/sign', ability: 'rentalsEdit', summary: 'The customer\'s and a staff member\'s signatures (PNG data URLs): the signed PDF is stored once, never overwritten; the contract is locked (a second signature → 409)', request: { ...byId, body: signContractSchema }, response: rentalContractSchema, maxBodyBytes: 2 * SIGNATURE_MAX_CHARS + 16 * 1024 }),
  route({ operationId: 'sendRentalContract', method: 'POST', path: '/api/v1/rentals/{id}/contract/send', ability: 'rentalsEdit', summary: 'Emails the customer a one-time link (24 h) to read and sign this contract remotely; a new send replaces the previous link', request: { ...byId, body: sendContractSchema }, response: sendContractResponseSchema }),
  // Public (like the payment return page): the link's token is the only key; unknown or another company's → 404, expired → 410.
  route({ operationId: 'getContractBySignToken', method: 'GET', path: '/api/v1/contracts/sign/{token}', auth: 'public', summary: 'The contract a signing link opens (that contract only): summary, status and a PDF link', request: { params: signTokenParams }, response: publicContractSchema }),
  route({ operationId: 'signContractByToken', method: 'POST', path: '/api/v1/contracts/sign/{token}', auth: 'public', summary: 'The customer signs through the link: the same immutable signed PDF with its hash as desk signing; once (a second → 409)', request: { params: signTokenParams, body: remoteSignSchema }, response: publicContractSchema, maxBodyBytes: SIGNATURE_MAX_CHARS + 16 * 1024 }),
];
