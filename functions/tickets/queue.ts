/**
 * The resolve-by-hand queues, for the alerts job: unmatched fines, unmatched tolls, tolls on no
 * rental, and fines still unpaid after the due window. Each is one Query on the gsi2 queue.
 */
import { queryPage } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import type { SalikItem, TicketItem } from './model';

export interface QueueRecord { kind: 'ticket' | 'salik'; id: string; label: string; at: string; amountMinor: number; status: string }

export async function queueSample(tenantId: string, kind: 'TICKET' | 'SALIK', state: 'unmatched' | 'no_rental' | 'matched', limit = 100): Promise<QueueRecord[]> {
  const page = await queryPage<Partial<TicketItem> & Partial<SalikItem> & { id: string; amountMinor: number; status: string; licensePlate: string }>({ tenantId, pk: tenantPk(tenantId, `${kind}_MATCH`, state), index: 'gsi2', limit, forward: false });
  return page.items.map((i) => ({
    kind: kind === 'TICKET' ? 'ticket' : 'salik', id: i.id, label: kind === 'TICKET' ? `${i.ticketNumber} · ${i.licensePlate}` : `${i.gateLocation} · ${i.licensePlate}`,
    at: String(kind === 'TICKET' ? i.violationDate : i.tollTime), amountMinor: i.amountMinor, status: i.status,
  }));
}

export async function queueCounts(tenantId: string) {
  const [tickets, ticketsNoRental, tolls, noRental] = await Promise.all([
    queueSample(tenantId, 'TICKET', 'unmatched'), queueSample(tenantId, 'TICKET', 'no_rental'), queueSample(tenantId, 'SALIK', 'unmatched'), queueSample(tenantId, 'SALIK', 'no_rental'),
  ]);
  // A fine at a time the vehicle was on no rental needs a person as much as an unknown plate.
  return { tickets: [...tickets, ...ticketsNoRental], tolls, noRental };
}
