/**
 * The resolve-by-hand queues, for the alerts job: unmatched fines, unmatched tolls, tolls on no
 * rental, and fines still unpaid after the due window. Each is one Query on the gsi2 queue.
 */
import { dueIndexPages, dueShardPk } from '../lib/data/due-index';
import { deleteItem, putItem, queryPage } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import type { SalikItem, TicketItem } from './model';

export interface QueueRecord {
  kind: 'ticket' | 'salik';
  id: string;
  label: string;
  at: string;
  amountMinor: number;
  status: string;
}

export async function queueSample(
  tenantId: string,
  kind: 'TICKET' | 'SALIK',
  state: 'unmatched' | 'no_rental' | 'matched',
  limit = 100,
): Promise<QueueRecord[]> {
  const page = await queryPage<
    Partial<TicketItem> & Partial<SalikItem> & { id: string; amountMinor: number; status: string; licensePlate: string }
  >({ tenantId, pk: tenantPk(tenantId, `${kind}_MATCH`, state), index: 'gsi2', limit, forward: false });
  return page.items.map((i) => ({
    kind: kind === 'TICKET' ? 'ticket' : 'salik',
    id: i.id,
    label: kind === 'TICKET' ? `${i.ticketNumber} · ${i.licensePlate}` : `${i.gateLocation} · ${i.licensePlate}`,
    at: String(kind === 'TICKET' ? i.violationDate : i.tollTime),
    amountMinor: i.amountMinor,
    status: i.status,
  }));
}

export async function queueCounts(tenantId: string) {
  const [tickets, ticketsNoRental, tolls, noRental] = await Promise.all([
    queueSample(tenantId, 'TICKET', 'unmatched'),
    queueSample(tenantId, 'TICKET', 'no_rental'),
    queueSample(tenantId, 'SALIK', 'unmatched'),
    queueSample(tenantId, 'SALIK', 'no_rental'),
  ]);
  // A fine at a time the vehicle was on no rental needs a person as much as an unknown plate.
  return { tickets: [...tickets, ...ticketsNoRental], tolls, noRental };
}

/**
 * The alerts job's sparse index of companies with fines or tolls to look at (DESIGN.md §15): one
 * item per company (pk T#{t}#TICKET_WORK, sk QUEUE; gsi2 G#TICKET_WORK / {tenantId}), put after
 * fines or tolls are added and kept for the 30 days in which a fine can fall due. Written after
 * the records' own transaction (an idempotent overwrite), so concurrent imports never contend.
 */
export const WORK_WINDOW_DAYS = 30;
export const TICKET_WORK_GSI_PK = 'G#TICKET_WORK';
const workKey = (tenantId: string) => ({ pk: tenantPk(tenantId, 'TICKET_WORK'), sk: 'QUEUE' });

export async function markQueueWork(tenantId: string, now = new Date()): Promise<void> {
  const key = workKey(tenantId);
  await putItem({
    ...key,
    gsi2pk: dueShardPk(TICKET_WORK_GSI_PK, key),
    gsi2sk: tenantId,
    entityType: 'TICKET_WORK',
    tenantId,
    until: new Date(now.getTime() + WORK_WINDOW_DAYS * 86_400_000).toISOString(),
  });
}

/** Companies with queue work; markers past their window are removed as they are read. */
export async function tenantsWithQueueWork(now = new Date()): Promise<string[]> {
  const out: string[] = [];
  for await (const page of dueIndexPages(TICKET_WORK_GSI_PK, {}, 200)) {
    for (const item of page) {
      out.push(String(item.tenantId));
      if (String(item.until) < now.toISOString()) await deleteItem(workKey(String(item.tenantId)));
    }
  }
  return out;
}

/**
 * Fines and tolls matched to a rental but not recharged to it yet (revenue protection, issue 10):
 * the newest `limit` of the matched queue of each kind, those without rechargedAt.
 */
export async function notRecharged(tenantId: string, limit = 300) {
  const out: (QueueRecord & {
    rentalId: string | null;
    rentalReference: string | null;
    customerName: string | null;
  })[] = [];
  for (const kind of ['TICKET', 'SALIK'] as const) {
    const page = await queryPage<
      Partial<TicketItem> &
        Partial<SalikItem> & { id: string; amountMinor: number; status: string; licensePlate: string }
    >({ tenantId, pk: tenantPk(tenantId, `${kind}_MATCH`, 'matched'), index: 'gsi2', limit, forward: false });
    for (const i of page.items) {
      if (i.rechargedAt) continue;
      out.push({
        kind: kind === 'TICKET' ? 'ticket' : 'salik',
        id: i.id,
        label: kind === 'TICKET' ? `${i.ticketNumber} · ${i.licensePlate}` : `${i.gateLocation} · ${i.licensePlate}`,
        at: String(kind === 'TICKET' ? i.violationDate : i.tollTime),
        amountMinor: i.amountMinor,
        status: i.status,
        rentalId: i.rentalId ?? null,
        rentalReference: i.rentalReference ?? null,
        customerName: i.customerName ?? null,
      });
    }
  }
  return out;
}
