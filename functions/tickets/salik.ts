/**
 * Salik (toll) passages: create by hand (matched at once), list, resolve by hand. Imports are in
 * import.ts, recharges in recharge.ts.
 */
import { ulid } from 'ulid';
import { fromMinor, toMinor } from '../../shared/money';
import type { CreateSalikBody, UpdateSalikBody } from '../../shared/schemas/tickets';
import { TICKET_MESSAGES as M } from '../../shared/tickets/messages';
import { auditItem } from '../lib/data/audit';
import { getItem, queryPage, transact, tx, type TransactItem } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { cancellationCodes, conflict, notFound, validationFailed } from '../lib/errors';
import type { Actor, AuditActor } from '../lib/actor';
import { matchAt, vehicleById, vehicleByPlate } from './deps';
import { markQueueWork } from './queue';
import { matchIndexes, salikKey, salikToApi, salikTxKey, type SalikFields, type SalikItem } from './model';
import { resolvedMatch } from './tickets';

export function newSalikItems(actor: AuditActor, fields: SalikFields, now: string) {
  const id = ulid();
  const item: SalikItem = {
    ...salikKey(actor.tenantId, id),
    entityType: 'SALIK',
    id,
    ...fields,
    ...matchIndexes(actor.tenantId, 'SALIK', fields, fields.tollTime, id),
    rechargedAt: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  const items: TransactItem[] = [tx.putNew(item)];
  // The transaction id claim makes a re-imported statement create nothing (first item after the passage).
  if (fields.transactionId)
    items.push(
      tx.putNew({
        ...salikTxKey(actor.tenantId, fields.transactionId),
        entityType: 'SALIK_TX',
        salikId: id,
        createdAt: now,
      }),
    );
  items.push(
    tx.putNew(
      auditItem(actor, 'salik.create', 'salik', id, {
        after: { amount: fromMinor(fields.amountMinor), tollTime: fields.tollTime, rentalId: fields.rentalId },
      }),
    ),
  );
  return { item, items };
}

export async function createSalik(actor: Actor, body: CreateSalikBody) {
  const vehicle = body.vehicleId
    ? await vehicleById(actor.tenantId, body.vehicleId)
    : await vehicleByPlate(actor.tenantId, body.plate!);
  if (!vehicle && body.vehicleId) throw validationFailed({ vehicleId: M.plateOrVehicleRequired });
  const match = await matchAt(
    actor.tenantId,
    vehicle,
    vehicle?.licensePlate ?? body.plate!.toUpperCase(),
    body.tollTime,
  );
  const { item, items } = newSalikItems(
    actor,
    {
      ...match,
      amountMinor: toMinor(body.amount),
      gateLocation: body.gateLocation,
      tollTime: body.tollTime,
      status: body.status,
      notes: body.notes ?? null,
      source: 'manual',
      transactionId: body.transactionId ?? null,
      direction: body.direction ?? null,
      tag: body.tag ?? null,
    },
    new Date().toISOString(),
  );
  try {
    await transact(items);
  } catch (err) {
    if (cancellationCodes(err)[1] === 'ConditionalCheckFailed')
      throw conflict('A passage with this transaction id already exists', {
        transactionId: 'A passage with this transaction id already exists',
      });
    throw err;
  }
  await markQueueWork(actor.tenantId);
  return salikToApi(item);
}

export async function getSalik(tenantId: string, id: string): Promise<SalikItem> {
  const item = (await getItem(salikKey(tenantId, id), true)) as SalikItem | undefined;
  if (!item) throw notFound('Toll charge not found');
  return item;
}

/**
 * Resolve by hand (the rental, or null = confirmed on no rental), status, notes. A recharged passage keeps its rental.
 */
export async function updateSalik(actor: Actor, id: string, body: UpdateSalikBody) {
  const rec = await getSalik(actor.tenantId, id);
  if (rec.version !== body.version)
    throw conflict(
      'This toll charge was changed by someone else. Reload and try again.',
      undefined,
      'VERSION_CONFLICT',
    );
  const changes: Record<string, unknown> = {};
  if (body.rentalId !== undefined && body.rentalId !== rec.rentalId) {
    if (rec.rechargedAt) throw conflict(M.alreadyRecharged, { rentalId: M.alreadyRecharged }, 'INVALID_TRANSITION');
    const match = await resolvedMatch(actor.tenantId, rec, body.rentalId, rec.tollTime);
    Object.assign(changes, match, matchIndexes(actor.tenantId, 'SALIK', match, rec.tollTime, rec.id));
  } else if (body.rentalId === null && rec.matchState === 'unmatched' && rec.vehicleId) {
    Object.assign(
      changes,
      { matchState: 'no_rental' },
      matchIndexes(actor.tenantId, 'SALIK', { rentalId: null, matchState: 'no_rental' }, rec.tollTime, rec.id),
    );
  }
  if (body.status !== undefined) changes.status = body.status;
  if (body.notes !== undefined) changes.notes = body.notes;
  const at = new Date().toISOString();
  await transact([
    tx.update(salikKey(actor.tenantId, id), rec.version, changes, at),
    tx.putNew(
      auditItem(actor, 'salik.update', 'salik', id, {
        before: { rentalId: rec.rentalId, status: rec.status },
        after: { rentalId: changes.rentalId ?? rec.rentalId, status: changes.status ?? rec.status },
      }),
    ),
  ]);
  return salikToApi({ ...rec, ...changes, version: rec.version + 1, updatedAt: at } as SalikItem);
}

export async function listSalik(
  tenantId: string,
  q: {
    match?: string;
    rentalId?: string;
    status?: string;
    recharged?: 'true' | 'false';
    limit?: number;
    cursor?: string;
  },
) {
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (q.status) {
    filters.push('#status = :status');
    names['#status'] = 'status';
    values[':status'] = q.status;
  }
  if (q.recharged) {
    names['#r'] = 'rechargedAt';
    filters.push(
      q.recharged === 'true' ? 'attribute_type(#r, :s)' : '(attribute_not_exists(#r) OR attribute_type(#r, :n))',
    );
    values[q.recharged === 'true' ? ':s' : ':n'] = q.recharged === 'true' ? 'S' : 'NULL';
  }
  const page = await queryPage<SalikItem>({
    tenantId,
    ...(q.rentalId
      ? { pk: tenantPk(tenantId, 'SALIK_RENTAL', q.rentalId), index: 'gsi1' as const }
      : q.match
        ? { pk: tenantPk(tenantId, 'SALIK_MATCH', q.match), index: 'gsi2' as const }
        : { pk: tenantPk(tenantId, 'SALIK') }),
    forward: false,
    limit: q.limit ?? 25,
    cursor: q.cursor,
    filter: filters.length ? { expression: filters.join(' AND '), names, values } : undefined,
    signature: [q.status, q.recharged],
  });
  return { items: page.items.map(salikToApi), nextCursor: page.nextCursor };
}
