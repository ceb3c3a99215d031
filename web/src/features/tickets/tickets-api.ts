/**
 * Tickets feature API (issue 13): one module for traffic tickets, Salik and the statement
 * import (same domain, same Lambda, one catalog registration). Types come from shared schemas.
 */
import { addArea } from '../../../../shared/i18n';
import { tickets as ticketsCatalog } from '../../../../shared/i18n/tickets';
import { TICKET_MESSAGES } from '../../../../shared/tickets/messages';
import type { ImportResult, SalikCharge, Ticket, TicketHistory } from '../../../../shared/schemas/tickets';
import { api } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';

addArea('tickets', ticketsCatalog);
registerMessages('tickets.messages', TICKET_MESSAGES);

export type { ImportResult, SalikCharge, Ticket, TicketHistory };
export const TICKETS_PATH = '/api/v1/traffic-tickets';
export const SALIK_PATH = '/api/v1/salik-charges';
export const ticketPath = (id: string) => `${TICKETS_PATH}/${encodeURIComponent(id)}`;

const idem = () => ({ headers: { 'Idempotency-Key': `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}` } });

export const ticketsApi = {
  create: (body: unknown) => api.post<Ticket>(TICKETS_PATH, body),
  update: (id: string, body: unknown) => api.patch<Ticket>(ticketPath(id), body),
  recharge: (id: string) => api.post<{ ticket: Ticket }>(`${ticketPath(id)}/recharge`, {}, idem()),
  importStatement: (kind: 'tickets' | 'salik', body: unknown) => api.post<ImportResult>(`${kind === 'tickets' ? TICKETS_PATH : SALIK_PATH}/import`, body),
  createPassage: (body: unknown) => api.post<SalikCharge>(SALIK_PATH, body),
  updatePassage: (id: string, body: unknown) => api.patch<SalikCharge>(`${SALIK_PATH}/${encodeURIComponent(id)}`, body),
  rechargeTolls: (rentalId: string) => api.post<{ recharged: number }>(`${SALIK_PATH}/recharge`, { rentalId }, idem()),
};

export const MATCH_TONES = { matched: 'green', unmatched: 'amber', no_rental: 'red' } as const;
export const STATUS_TONES = { unpaid: 'amber', paid: 'green', disputed: 'violet', transferred_to_driver: 'slate', recharged: 'blue', written_off: 'muted' } as const;
