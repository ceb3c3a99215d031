import { routeMaker } from './types';
import {
  createSalikSchema, createTicketSchema, importSchema, listSalikQuery, listTicketsQuery, rechargeTicketSchema, salikRechargeSchema, ticketIdParams,
  updateSalikSchema, updateTicketSchema,
} from '../schemas/tickets';
import { salikSchema, ticketSchema } from '../schemas/tickets';
import {
  salikPageSchema, salikRechargeResponseSchema, ticketHistoryListSchema, ticketImportResultSchema, ticketNoticeUploadSchema, ticketPageSchema,
  ticketRechargeResponseSchema,
} from '../schemas/tickets-responses';
import { vehicleUploadUrlSchema } from '../schemas/vehicles';

const route = routeMaker('tickets');
const byId = { params: ticketIdParams };
/** Statements are sent as CSV text in JSON: up to 2,000 rows. */
const IMPORT_BYTES = 2_500_000;

/** Traffic tickets and Salik tolls (issue 13): ability `tickets` (OWNER, ADMIN, STAFF). */
export const ticketsRoutes = [
  route({ operationId: 'listTrafficTickets', method: 'GET', path: '/api/v1/traffic-tickets', ability: 'tickets', summary: 'Traffic tickets, newest first; filters status, match (matched, unmatched, no_rental), rentalId, q', request: { query: listTicketsQuery }, response: ticketPageSchema }),
  route({ operationId: 'createTrafficTicket', method: 'POST', path: '/api/v1/traffic-tickets', ability: 'tickets', summary: 'Adds a ticket, matched to the rental that had the vehicle at the violation time', request: { body: createTicketSchema }, response: ticketSchema }),
  route({ operationId: 'importTrafficTickets', method: 'POST', path: '/api/v1/traffic-tickets/import', ability: 'tickets', summary: 'Fines statement (CSV): preview with per-row outcome, or commit of the valid new rows (idempotent on the ticket number)', request: { body: importSchema }, maxBodyBytes: IMPORT_BYTES, response: ticketImportResultSchema }),
  route({ operationId: 'trafficTicketUploadUrl', method: 'POST', path: '/api/v1/traffic-tickets/upload-url', ability: 'tickets', summary: 'Presigned PUT for a fine notice (PDF, JPG or PNG, at most 10 MB); then send its key as fileKey', request: { body: vehicleUploadUrlSchema }, response: ticketNoticeUploadSchema }),
  route({ operationId: 'getTrafficTicket', method: 'GET', path: '/api/v1/traffic-tickets/{id}', ability: 'tickets', summary: 'One ticket', request: byId, response: ticketSchema }),
  route({ operationId: 'updateTrafficTicket', method: 'PATCH', path: '/api/v1/traffic-tickets/{id}', ability: 'tickets', summary: 'Edits a ticket (reason required for amount and status); every change writes a history row', request: { ...byId, body: updateTicketSchema }, response: ticketSchema }),
  route({ operationId: 'trafficTicketHistory', method: 'GET', path: '/api/v1/traffic-tickets/{id}/history', ability: 'tickets', summary: 'Change history of a ticket, oldest first', request: byId, response: ticketHistoryListSchema }),
  route({ operationId: 'rechargeTrafficTicket', method: 'POST', path: '/api/v1/traffic-tickets/{id}/recharge', ability: 'tickets', summary: 'Charges the fine and the admin fee to its rental (rental ledger + journal in one transaction)', request: { ...byId, body: rechargeTicketSchema }, idempotent: true, response: ticketRechargeResponseSchema }),
  route({ operationId: 'listSalikCharges', method: 'GET', path: '/api/v1/salik-charges', ability: 'tickets', summary: 'Salik passages, newest first; filters match, rentalId, status, recharged', request: { query: listSalikQuery }, response: salikPageSchema }),
  route({ operationId: 'createSalikCharge', method: 'POST', path: '/api/v1/salik-charges', ability: 'tickets', summary: 'Adds a toll passage, matched by plate and time', request: { body: createSalikSchema }, response: salikSchema }),
  route({ operationId: 'importSalikCharges', method: 'POST', path: '/api/v1/salik-charges/import', ability: 'tickets', summary: 'Salik statement (CSV): preview or commit; duplicates skipped by transaction id', request: { body: importSchema }, maxBodyBytes: IMPORT_BYTES, response: ticketImportResultSchema }),
  route({ operationId: 'rechargeSalikCharges', method: 'POST', path: '/api/v1/salik-charges/recharge', ability: 'tickets', summary: 'Charges a rental\'s matched tolls not yet recharged, plus the per-crossing admin fee', request: { body: salikRechargeSchema }, idempotent: true, response: salikRechargeResponseSchema }),
  route({ operationId: 'updateSalikCharge', method: 'PATCH', path: '/api/v1/salik-charges/{id}', ability: 'tickets', summary: 'Resolves a passage by hand (rental or none), status, notes', request: { ...byId, body: updateSalikSchema }, response: salikSchema }),
];
