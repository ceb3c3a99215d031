/**
 * Tickets feature API (issue 13): one module for traffic tickets, Salik and the statement
 * import (same domain, same Lambda, one catalog registration). Types come from shared schemas.
 */
import { addArea } from '../../../../shared/i18n';
import { tickets as ticketsCatalog } from '../../../../shared/i18n/tickets';
import { TICKET_MESSAGES } from '../../../../shared/tickets/messages';
import type { ImportResult, SalikCharge, Ticket, TicketHistory } from '../../../../shared/schemas/tickets';
import { apiPath, apiStem, callApi, type BodyOf } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';

addArea('tickets', ticketsCatalog);
registerMessages('tickets.messages', TICKET_MESSAGES);

export type { ImportResult, SalikCharge, Ticket, TicketHistory };
export const TICKETS_PATH = apiStem('listTrafficTickets');
export const SALIK_PATH = apiStem('listSalikCharges');
export const ticketPath = (id: string) => apiPath('getTrafficTicket', { id });

const idem = () => ({
  headers: { 'Idempotency-Key': `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}` },
});

export const ticketsApi = {
  create: (body: BodyOf<'createTrafficTicket'>) =>
    callApi<'createTrafficTicket', Ticket>('createTrafficTicket', { body }),
  update: (id: string, body: BodyOf<'updateTrafficTicket'>) =>
    callApi<'updateTrafficTicket', Ticket>('updateTrafficTicket', { params: { id }, body }),
  recharge: (id: string) =>
    callApi<'rechargeTrafficTicket', { ticket: Ticket }>('rechargeTrafficTicket', {
      params: { id },
      body: {},
      ...idem(),
    }),
  importStatement: (kind: 'tickets' | 'salik', body: BodyOf<'importTrafficTickets'> & BodyOf<'importSalikCharges'>) =>
    kind === 'tickets'
      ? callApi<'importTrafficTickets', ImportResult>('importTrafficTickets', { body })
      : callApi<'importSalikCharges', ImportResult>('importSalikCharges', { body }),
  createPassage: (body: BodyOf<'createSalikCharge'>) =>
    callApi<'createSalikCharge', SalikCharge>('createSalikCharge', { body }),
  updatePassage: (id: string, body: BodyOf<'updateSalikCharge'>) =>
    callApi<'updateSalikCharge', SalikCharge>('updateSalikCharge', { params: { id }, body }),
  rechargeTolls: (rentalId: string) =>
    callApi<'rechargeSalikCharges', { recharged: number }>('rechargeSalikCharges', { body: { rentalId }, ...idem() }),
};

export const MATCH_TONES = { matched: 'green', unmatched: 'amber', no_rental: 'red' } as const;
export const STATUS_TONES = {
  unpaid: 'amber',
  paid: 'green',
  disputed: 'violet',
  transferred_to_driver: 'slate',
  recharged: 'blue',
  written_off: 'muted',
} as const;
