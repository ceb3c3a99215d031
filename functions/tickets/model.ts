/**
 * Tickets domain items and keys (issue 13; DESIGN.md §4, §13).
 *
 * | item             | pk                                    | sk                    | gsi1 (by rental)
 * | gsi2 (queue)                                  |
 * |------------------|---------------------------------------|-----------------------|-------------------------------------------|-----------------------------------------------|
 * | ticket           | T#{t}#TICKET                          | {id}                  | T#{t}#TICKET_RENTAL#{rentalId},
 * {date}#{id} | T#{t}#TICKET_MATCH#{matchState}, {date}#{id} |
 * | ticket number    | T#{t}#TICKET_NO                       | {normalised number}   | — (uniqueness: import
 * idempotency)        |                                               |
 * | ticket history   | T#{t}#TICKET_HIST#{ticketId}          | {at}#{ulid}           |
 * |                                               |
 * | salik passage    | T#{t}#SALIK                           | {id}                  | T#{t}#SALIK_RENTAL#{rentalId},
 * {time}#{id}  | T#{t}#SALIK_MATCH#{matchState}, {time}#{id}  |
 * | salik tx id      | T#{t}#SALIK_TX                        | {normalised tx id}    | — (uniqueness: import
 * idempotency)        |                                               |
 * | import mapping   | T#{t}#IMPORT_MAPPING                  | {kind}#{source}       |
 * |                                               |
 *
 * The gsi2 queue answers "unmatched" and "no rental" lists (the resolve-by-hand queue and the
 * alerts job) with one Query; gsi1 answers a rental's fines and tolls.
 */
import { ulid } from 'ulid';
import { fromMinor } from '../../shared/money';
import type { MatchState, SalikStatus, TicketStatus } from '../../shared/tickets/rules';
import { normalizeReference } from '../../shared/tickets/rules';
import { entityKey, sortKey, tenantPk, type Key } from '../lib/data/keys';
import type { Item } from '../lib/data/repo';

export const ticketKey = (t: string, id: string): Key => entityKey(t, 'TICKET', id);
/**
 * A ticket number or toll transaction id as a sort key: normalised (case, spaces, dashes) and without what a key
 * cannot hold ('#', control characters), so "A#1" is the same number as "A1" and never a 500.
 */
const referencePart = (reference: string) => sortKey(normalizeReference(reference).replace(/[#\p{Cc}]/gu, '') || '-');
export const ticketNumberKey = (t: string, n: string): Key => ({
  pk: tenantPk(t, 'TICKET_NO'),
  sk: referencePart(n),
});
export const historyPk = (t: string, id: string) => tenantPk(t, 'TICKET_HIST', id);
export const salikKey = (t: string, id: string): Key => entityKey(t, 'SALIK', id);
export const salikTxKey = (t: string, txId: string): Key => ({
  pk: tenantPk(t, 'SALIK_TX'),
  sk: referencePart(txId),
});
export const mappingKey = (t: string, kind: 'tickets' | 'salik', source: string): Key => ({
  pk: tenantPk(t, 'IMPORT_MAPPING'),
  sk: sortKey(kind, source.toLowerCase().replace(/#/g, ' ') || 'default'),
});

/** Who had the vehicle: filled by matching (or by hand). */
export interface MatchFields {
  vehicleId: string | null;
  licensePlate: string;
  rentalId: string | null;
  rentalReference: string | null;
  customerId: string | null;
  customerName: string | null;
  matchState: MatchState;
}

/** What a new ticket is made of (no keys, ids or timestamps). */
export interface TicketFields extends MatchFields {
  ticketNumber: string;
  violationDate: string;
  violationType: string | null;
  location: string | null;
  amountMinor: number;
  status: TicketStatus;
  notes: string | null;
  externalId: string | null;
  source: 'manual' | 'import';
  fileKey: string | null;
  fileName: string | null;
}

export interface TicketItem extends Item, TicketFields {
  entityType: 'TICKET';
  id: string;
  rechargedAt: string | null;
  adminFeeMinor: number | null;
  paidToAuthority: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface SalikFields extends MatchFields {
  amountMinor: number;
  gateLocation: string;
  tollTime: string;
  status: SalikStatus;
  notes: string | null;
  source: 'manual' | 'import';
  transactionId: string | null;
  direction: string | null;
  tag: string | null;
}

export interface SalikItem extends Item, SalikFields {
  entityType: 'SALIK';
  id: string;
  rechargedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The index attributes of a matched record (gsi1 only when it has a rental). */
export function matchIndexes(
  t: string,
  kind: 'TICKET' | 'SALIK',
  m: Pick<MatchFields, 'rentalId' | 'matchState'>,
  at: string,
  id: string,
) {
  return {
    gsi1pk: m.rentalId ? tenantPk(t, `${kind}_RENTAL`, m.rentalId) : undefined,
    gsi1sk: m.rentalId ? sortKey(at, id) : undefined,
    gsi2pk: tenantPk(t, `${kind}_MATCH`, m.matchState),
    gsi2sk: sortKey(at, id),
  };
}

export function ticketToApi(i: TicketItem) {
  return {
    id: i.id,
    ticketNumber: i.ticketNumber,
    violationDate: i.violationDate,
    violationType: i.violationType ?? null,
    location: i.location ?? null,
    amount: fromMinor(i.amountMinor),
    status: i.status,
    vehicleId: i.vehicleId ?? null,
    licensePlate: i.licensePlate,
    rentalId: i.rentalId ?? null,
    rentalReference: i.rentalReference ?? null,
    customerId: i.customerId ?? null,
    customer: i.customerName ?? null,
    matchState: i.matchState,
    notes: i.notes ?? null,
    externalId: i.externalId ?? null,
    source: i.source,
    fileKey: i.fileKey ?? null,
    fileName: i.fileName ?? null,
    rechargedAt: i.rechargedAt ?? null,
    adminFee: i.adminFeeMinor === null || i.adminFeeMinor === undefined ? null : fromMinor(i.adminFeeMinor),
    version: i.version,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  };
}

export function salikToApi(i: SalikItem) {
  return {
    id: i.id,
    vehicleId: i.vehicleId ?? null,
    licensePlate: i.licensePlate,
    rentalId: i.rentalId ?? null,
    rentalReference: i.rentalReference ?? null,
    customer: i.customerName ?? null,
    amount: fromMinor(i.amountMinor),
    gateLocation: i.gateLocation,
    tollTime: i.tollTime,
    status: i.status,
    notes: i.notes ?? null,
    source: i.source,
    transactionId: i.transactionId ?? null,
    direction: i.direction ?? null,
    tag: i.tag ?? null,
    matchState: i.matchState,
    rechargedAt: i.rechargedAt ?? null,
    version: i.version,
    createdAt: i.createdAt,
  };
}

/** One history row: field, old, new, who, reason (traffic_tickets history of the spec). */
export function historyItem(
  t: string,
  ticketId: string,
  row: { fieldChanged: string; oldValue: unknown; newValue: unknown; changedBy: string; reason?: string | null },
  at: string,
): Item {
  const id = ulid();
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    pk: historyPk(t, ticketId),
    sk: sortKey(at, id),
    entityType: 'TICKET_HISTORY',
    id,
    ticketId,
    fieldChanged: row.fieldChanged,
    oldValue: str(row.oldValue),
    newValue: str(row.newValue),
    changedBy: row.changedBy,
    reason: row.reason ?? null,
    at,
  };
}
