/**
 * Traffic tickets: create (matched at once), read, list, edit with history, and the unmatched
 * queue. Every write of a ticket is read → plan → ONE transaction with the ticket's version as
 * condition, its history rows, the audit item and (paid / written off) its journal entry.
 */
import { ulid } from 'ulid';
import { toMinor, fromMinor } from '../../shared/money';
import type { CreateTicketBody, UpdateTicketBody } from '../../shared/schemas/tickets';
import { TICKET_MESSAGES as M } from '../../shared/tickets/messages';
import { canMoveTicket, MATCH_GRACE_MINUTES, windowCovers, type RentalWindow } from '../../shared/tickets/rules';
import { formatDateTime } from '../../shared/regions/format';
import { ACCOUNT_CODES } from '../../shared/accounting/codes';
import { auditItem } from '../lib/data/audit';
import { getItem, queryAll, queryPage, transact, tx, type TransactItem } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import {
  isConditionFailure,
  cancellationCodes,
  conflict,
  fillTemplate,
  notFound,
  validationFailed,
} from '../lib/errors';
import { companyRegion, companyTimezone, companyToday, readCompanySettings } from '../lib/company-settings';
import type { Actor } from '../lib/actor';
import { markQueueWork } from './queue';
import { checkNotice } from './notice';
import {
  accountIdsOf,
  journalItems,
  matchAt,
  recordRiskyAction,
  rentalFacts,
  vehicleById,
  vehicleByPlate,
} from './deps';
import { LARGE_AMOUNT_MINOR } from '../../shared/security/risk';
import {
  historyItem,
  historyPk,
  matchIndexes,
  ticketKey,
  ticketNumberKey,
  ticketToApi,
  type MatchFields,
  type TicketFields,
  type TicketItem,
} from './model';

export async function getTicket(tenantId: string, id: string): Promise<TicketItem> {
  const item = (await getItem(ticketKey(tenantId, id), true)) as TicketItem | undefined;
  if (!item) throw notFound('Ticket not found');
  return item;
}

/** The ticket item and the items that must be written with a new one (number claim, history, audit). */
export function newTicketItems(
  actor: Pick<Actor, 'tenantId' | 'username'> & Partial<Actor>,
  fields: TicketFields,
  now: string,
) {
  const id = ulid();
  const item: TicketItem = {
    ...ticketKey(actor.tenantId, id),
    entityType: 'TICKET',
    id,
    ...fields,
    ...matchIndexes(actor.tenantId, 'TICKET', fields, fields.violationDate, id),
    rechargedAt: null,
    adminFeeMinor: null,
    paidToAuthority: fields.status === 'paid',
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const items: TransactItem[] = [
    tx.putNew(item),
    tx.putNew({
      ...ticketNumberKey(actor.tenantId, fields.ticketNumber),
      entityType: 'TICKET_NO',
      ticketId: id,
      createdAt: now,
    }),
    tx.putNew(
      historyItem(
        actor.tenantId,
        id,
        {
          fieldChanged: 'created',
          oldValue: null,
          newValue: `${fields.ticketNumber} · ${fromMinor(fields.amountMinor)}`,
          changedBy: actor.username,
          reason: fields.source === 'import' ? 'Statement import' : null,
        },
        now,
      ),
    ),
    tx.putNew(
      auditItem(actor, 'ticket.create', 'ticket', id, {
        after: { ticketNumber: fields.ticketNumber, amount: fromMinor(fields.amountMinor), rentalId: fields.rentalId },
      }),
    ),
  ];
  return { item, items };
}

export async function createTicket(actor: Actor, body: CreateTicketBody) {
  const vehicle = body.vehicleId
    ? await vehicleById(actor.tenantId, body.vehicleId)
    : await vehicleByPlate(actor.tenantId, body.plate!);
  if (!vehicle && body.vehicleId) throw validationFailed({ vehicleId: M.plateOrVehicleRequired });
  await checkNotice(actor.tenantId, body.fileKey);
  const match = await matchAt(
    actor.tenantId,
    vehicle,
    vehicle?.licensePlate ?? body.plate!.toUpperCase(),
    body.violationDate,
  );
  const now = new Date().toISOString();
  const { item, items } = newTicketItems(
    actor,
    {
      ...match,
      ticketNumber: body.ticketNumber,
      violationDate: body.violationDate,
      violationType: body.violationType ?? null,
      location: body.location ?? null,
      amountMinor: toMinor(body.amount),
      status: 'unpaid',
      notes: body.notes ?? null,
      externalId: body.externalId ?? null,
      source: 'manual',
      fileKey: body.fileKey ?? null,
      fileName: body.fileName ?? null,
    },
    now,
  );
  try {
    await transact(items);
  } catch (err) {
    if (cancellationCodes(err)[1] === 'ConditionalCheckFailed')
      throw conflict(M.duplicateTicket, { ticketNumber: M.duplicateTicket });
    throw err;
  }
  await markQueueWork(actor.tenantId);
  return ticketToApi(item);
}

/**
 * Journal of paying the authority (Dr fines recoverable / Cr cash|bank) or writing off (Dr unrecovered / Cr fines
 * recoverable).
 */
async function moneyItems(
  actor: Actor,
  ticket: TicketItem,
  kind: 'pay' | 'write_off',
  method: 'cash' | 'bank_transfer',
  date: string,
): Promise<TransactItem[]> {
  const ids = await accountIdsOf(actor.tenantId);
  const [debit, credit] =
    kind === 'pay'
      ? [ACCOUNT_CODES.finesRecoverable, method === 'cash' ? ACCOUNT_CODES.cash : ACCOUNT_CODES.bank]
      : [ACCOUNT_CODES.unrecoveredFines, ACCOUNT_CODES.finesRecoverable];
  return journalItems(actor.tenantId, {
    date,
    description: `${kind === 'pay' ? 'Fine paid' : 'Fine written off'} ${ticket.ticketNumber}`,
    reference: ticket.ticketNumber,
    source: 'ticket',
    sourceId: ticket.id,
    lines: [
      { accountId: ids[debit], debitMinor: ticket.amountMinor, creditMinor: 0 },
      { accountId: ids[credit], debitMinor: 0, creditMinor: ticket.amountMinor },
    ],
    createdBy: actor.userId,
  });
}

const EDITABLE = ['ticketNumber', 'violationDate', 'violationType', 'location', 'notes'] as const;

export async function updateTicket(actor: Actor, id: string, body: UpdateTicketBody) {
  const ticket = await getTicket(actor.tenantId, id);
  if (ticket.version !== body.version)
    throw conflict('This ticket was changed by someone else. Reload and try again.', undefined, 'VERSION_CONFLICT');
  const changes: Record<string, unknown> = {};
  const rows: { fieldChanged: string; oldValue: unknown; newValue: unknown }[] = [];
  const set = (field: string, from: unknown, to: unknown, stored: Record<string, unknown> = { [field]: to }) => {
    if ((from ?? null) === (to ?? null)) return;
    Object.assign(changes, stored);
    rows.push({ fieldChanged: field, oldValue: from, newValue: to });
  };
  // An emptied field is null, as it was stored: '' and null are the same "nothing".
  for (const f of EDITABLE) if (body[f] !== undefined) set(f, ticket[f] || null, body[f] || null);
  const amountMinor = body.amount !== undefined ? toMinor(body.amount) : ticket.amountMinor;
  if (amountMinor !== ticket.amountMinor) {
    // A recharged or paid fine's amount is in the books: correct it with a new ticket instead.
    if (ticket.rechargedAt || ticket.paidToAuthority)
      throw conflict(M.transitionRefused, { amount: M.transitionRefused }, 'INVALID_TRANSITION');
    set('amount', fromMinor(ticket.amountMinor), fromMinor(amountMinor), { amountMinor });
  }
  const status = body.status ?? ticket.status;
  if (status !== ticket.status) {
    if (status === 'recharged') throw validationFailed({ status: M.rechargeUseAction });
    if (!canMoveTicket(ticket.status, status))
      throw conflict(M.transitionRefused, { status: M.transitionRefused }, 'INVALID_TRANSITION');
    set('status', ticket.status, status);
  }
  if (body.rentalId !== undefined && body.rentalId !== ticket.rentalId) {
    if (ticket.rechargedAt) throw conflict(M.alreadyRecharged, { rentalId: M.alreadyRecharged }, 'INVALID_TRANSITION');
    const match = await resolvedMatch(
      actor.tenantId,
      ticket,
      body.rentalId,
      body.violationDate ?? ticket.violationDate,
    );
    set('rental', ticket.rentalReference, match.rentalReference, {
      ...match,
      ...matchIndexes(actor.tenantId, 'TICKET', match, body.violationDate ?? ticket.violationDate, ticket.id),
    });
  } else if (body.violationDate && body.violationDate !== ticket.violationDate) {
    // A corrected time must still fall in the window of the rental the fine is on.
    if (ticket.rentalId)
      await assertWindowCovers(
        actor.tenantId,
        (await rentalFacts(actor.tenantId, ticket.rentalId))?.window ?? null,
        body.violationDate,
      );
    Object.assign(changes, matchIndexes(actor.tenantId, 'TICKET', ticket, body.violationDate, ticket.id));
  }
  if ((changes.amountMinor !== undefined || changes.status !== undefined) && !body.reason?.trim())
    throw validationFailed({ reason: M.reasonRequired });
  if (rows.length === 0) return ticketToApi(ticket);
  const now = new Date();
  const at = now.toISOString();
  const date = companyToday(await readCompanySettings(actor.tenantId, ''), now);
  const money: TransactItem[] = [];
  if (status === 'paid' && !ticket.paidToAuthority) {
    money.push(
      ...(await moneyItems(actor, { ...ticket, amountMinor }, 'pay', body.paymentMethod ?? 'bank_transfer', date)),
    );
    changes.paidToAuthority = true;
  }
  if (status === 'written_off' && ticket.paidToAuthority && !ticket.rechargedAt)
    money.push(...(await moneyItems(actor, ticket, 'write_off', 'bank_transfer', date)));
  if (changes.ticketNumber) {
    money.push(tx.delete(ticketNumberKey(actor.tenantId, ticket.ticketNumber)));
    money.push(
      tx.putNew({
        ...ticketNumberKey(actor.tenantId, String(changes.ticketNumber)),
        entityType: 'TICKET_NO',
        ticketId: ticket.id,
        createdAt: at,
      }),
    );
  }
  try {
    await transact([
      tx.update(ticketKey(actor.tenantId, id), ticket.version, changes, at),
      ...rows.map((r) =>
        tx.putNew(
          historyItem(actor.tenantId, id, { ...r, changedBy: actor.username, reason: body.reason ?? null }, at),
        ),
      ),
      tx.putNew(
        auditItem(actor, 'ticket.update', 'ticket', id, {
          before: Object.fromEntries(rows.map((r) => [r.fieldChanged, r.oldValue])),
          after: Object.fromEntries(rows.map((r) => [r.fieldChanged, r.newValue])),
          note: body.reason,
        }),
      ),
      ...money,
    ]);
  } catch (err) {
    if (cancellationCodes(err)[0] === 'ConditionalCheckFailed')
      throw conflict('This ticket was changed by someone else. Reload and try again.', undefined, 'VERSION_CONFLICT');
    if (isConditionFailure(err) && changes.ticketNumber)
      throw conflict(M.duplicateTicket, { ticketNumber: M.duplicateTicket });
    throw err;
  }
  if (status === 'written_off' && ticket.status !== 'written_off' && amountMinor >= LARGE_AMOUNT_MINOR)
    await recordRiskyAction(actor, {
      signal: 'large_write_off',
      summary: `fine ${ticket.ticketNumber} of ${fromMinor(amountMinor).toFixed(2)} written off: ${body.reason ?? ''}`,
      entity: 'ticket',
      entityId: id,
    });
  return ticketToApi({ ...ticket, ...changes, version: ticket.version + 1, updatedAt: at } as TicketItem);
}

/**
 * Resolving by hand: the chosen rental must be this tenant's, for this vehicle, and its window
 * (shared/tickets/rules.ts rentalWindowOf + the return grace) must cover `at` — else 409 naming
 * the window in the company's date format and zone, nothing written. null = on no rental.
 */
export async function resolvedMatch(
  tenantId: string,
  rec: Pick<MatchFields, 'vehicleId' | 'licensePlate'>,
  rentalId: string | null,
  at: string,
): Promise<MatchFields> {
  if (rentalId === null)
    return {
      vehicleId: rec.vehicleId,
      licensePlate: rec.licensePlate,
      rentalId: null,
      rentalReference: null,
      customerId: null,
      customerName: null,
      matchState: rec.vehicleId ? 'no_rental' : 'unmatched',
    };
  const facts = await rentalFacts(tenantId, rentalId);
  if (!facts) throw validationFailed({ rentalId: M.rentalRequired });
  if (rec.vehicleId && facts.vehicleId !== rec.vehicleId) throw validationFailed({ rentalId: M.rentalNotForVehicle });
  await assertWindowCovers(tenantId, facts.window, at);
  return {
    vehicleId: facts.vehicleId,
    licensePlate: rec.licensePlate,
    rentalId: facts.rentalId,
    rentalReference: facts.rentalReference,
    customerId: facts.customerId,
    customerName: facts.customerName,
    matchState: 'matched',
  };
}

/** 409 unless the rental's window covers `at` (the message names the window; template + params for the web). */
export async function assertWindowCovers(tenantId: string, window: RentalWindow | null, at: string): Promise<void> {
  if (!window) throw conflict(M.rentalCancelled, { rentalId: M.rentalCancelled });
  if (windowCovers(window, at)) return;
  const settings = await readCompanySettings(tenantId, '');
  const zone = { timeZone: companyTimezone(settings) };
  const show = (iso: string) => formatDateTime(iso, companyRegion(settings), 'en', zone);
  const template = window.end ? M.outsideRentalWindow : M.outsideOpenRentalWindow;
  const params = {
    from: show(window.start),
    to: window.end ? show(window.end) : '',
    at: show(at),
    grace: String(MATCH_GRACE_MINUTES),
  };
  const message = fillTemplate(template, params);
  throw conflict(message, { rentalId: message }, 'CONFLICT', { template, params });
}

export async function listTickets(
  tenantId: string,
  q: { status?: string; match?: string; rentalId?: string; q?: string; limit?: number; cursor?: string },
) {
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (q.status) {
    filters.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = q.status;
  }
  if (q.q) {
    filters.push('(contains(#tn, :q) OR contains(#lp, :q))');
    names['#tn'] = 'ticketNumber';
    names['#lp'] = 'licensePlate';
    values[':q'] = q.q.toUpperCase();
  }
  const filter = filters.length ? { expression: filters.join(' AND '), names, values } : undefined;
  const page = await queryPage<TicketItem>({
    tenantId,
    ...(q.rentalId
      ? { pk: tenantPk(tenantId, 'TICKET_RENTAL', q.rentalId), index: 'gsi1' as const }
      : q.match
        ? { pk: tenantPk(tenantId, 'TICKET_MATCH', q.match), index: 'gsi2' as const }
        : { pk: tenantPk(tenantId, 'TICKET') }),
    forward: false,
    limit: q.limit ?? 25,
    cursor: q.cursor,
    filter,
    signature: [q.status, q.q],
  });
  return { items: page.items.map(ticketToApi), nextCursor: page.nextCursor };
}

export async function ticketHistory(tenantId: string, id: string) {
  await getTicket(tenantId, id);
  const rows = await queryAll<Record<string, unknown>>({
    tenantId,
    pk: historyPk(tenantId, id),
    consistent: true,
    max: 500,
  });
  return {
    items: rows.map((r) => ({
      id: r.id,
      fieldChanged: r.fieldChanged,
      oldValue: r.oldValue ?? null,
      newValue: r.newValue ?? null,
      changedBy: r.changedBy,
      reason: r.reason ?? null,
      at: r.at,
    })),
  };
}
