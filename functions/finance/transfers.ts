import { ulid } from 'ulid';
import { FINANCE_MESSAGES, type CreateTransferBody } from '../../shared/schemas/finance';
import { fromMinor, toMinor } from '../../shared/money';
import type { Actor } from '../lib/actor';
import { entityKey, tenantPk } from '../lib/data/keys';
import { runIdempotent, type StoredResponse } from '../lib/data/idempotency';
import { queryPage, type Item } from '../lib/data/repo';
import { conflict, validationFailed } from '../lib/errors';
import { accountIdsByCode, assetBalancesMinor, journalItems } from './deps';
import { resolveMoneyAccount } from './accounts';
import { companyDay, journalEntryIdOf, reverseMovement, writeMovement } from './movements';

/**
 * Transfers between the company's money accounts (issue 10): cash box, petty cash and bank
 * accounts. One journal entry (Dr the receiving account, Cr the paying one) in the same
 * transaction as the transfer item; a correction is a reversal (POST …/transfers/{id}/reverse).
 *
 * Decision: the cash box and petty cash cannot be emptied below zero by a transfer (there is no
 * cash to hand over); a bank account may go below zero (an overdraft is the bank's business).
 * The check reads the GL balance before the transaction: two transfers at the same instant could
 * both pass it, which a cash count then shows — the books stay balanced either way.
 *
 * Items: pk `T#{t}#FINANCE_TRANSFER`, sk `{id}` (ULID: newest first when read backwards).
 */
const transferKey = (tenantId: string, id: string) => entityKey(tenantId, 'FINANCE_TRANSFER', id);

export async function createTransfer(
  actor: Actor,
  body: CreateTransferBody,
  idempotencyKey?: string,
): Promise<StoredResponse> {
  const { tenantId } = actor;
  return runIdempotent(tenantId, 'finance-transfer', idempotencyKey, async (record) => {
    const ids = await accountIdsByCode(tenantId);
    const [from, to] = await Promise.all([
      resolveMoneyAccount(tenantId, body.from, ids),
      resolveMoneyAccount(tenantId, body.to, ids),
    ]);
    if (!from || !to)
      throw validationFailed(
        {
          ...(!from ? { from: FINANCE_MESSAGES.accountInvalid } : {}),
          ...(!to ? { to: FINANCE_MESSAGES.accountInvalid } : {}),
        },
        FINANCE_MESSAGES.accountInvalid,
      );
    const amountMinor = toMinor(body.amount);
    if (from.kind !== 'bank') {
      const available = (await assetBalancesMinor(tenantId, [from.glAccountId]))[from.glAccountId] ?? 0;
      if (available < amountMinor)
        throw conflict(FINANCE_MESSAGES.transferInsufficient, { amount: FINANCE_MESSAGES.transferInsufficient });
    }
    const id = ulid();
    const date = body.date ?? (await companyDay(tenantId));
    const journal = await journalItems(tenantId, {
      date,
      description: `Transfer: ${from.label} → ${to.label}${body.notes ? ` — ${body.notes}` : ''}`,
      reference: null,
      source: 'finance',
      sourceId: id,
      createdBy: actor.userId,
      lines: [
        { accountId: to.glAccountId, debitMinor: amountMinor, creditMinor: 0 },
        { accountId: from.glAccountId, debitMinor: 0, creditMinor: amountMinor },
      ],
    });
    const item: Item = {
      ...transferKey(tenantId, id),
      entityType: 'FINANCE_TRANSFER',
      id,
      tenantId,
      from: body.from,
      to: body.to,
      amountMinor,
      date,
      notes: body.notes ?? null,
      journalEntryId: journalEntryIdOf(journal),
      createdBy: actor.userId,
      createdAt: new Date().toISOString(),
    };
    return writeMovement(
      actor,
      item,
      journal,
      {
        action: 'finance.transfer',
        entity: 'finance_transfer',
        after: { from: body.from, to: body.to, amount: body.amount },
      },
      record,
      transferToApi,
    );
  });
}

export function transferToApi(item: Item) {
  return {
    id: String(item.id),
    from: String(item.from),
    to: String(item.to),
    amount: fromMinor(Number(item.amountMinor)),
    date: String(item.date),
    notes: (item.notes as string | null) ?? null,
    journalEntryId: String(item.journalEntryId ?? ''),
    reversed: Boolean(item.reversedAt),
    createdAt: String(item.createdAt),
  };
}

export async function listTransfers(tenantId: string, query: { limit: number; cursor?: string }) {
  const page = await queryPage<Item>({
    tenantId,
    pk: tenantPk(tenantId, 'FINANCE_TRANSFER'),
    forward: false,
    limit: query.limit,
    cursor: query.cursor,
  });
  return { items: page.items.map(transferToApi), nextCursor: page.nextCursor };
}

export const reverseTransfer = (actor: Actor, id: string, reason: string | undefined, idempotencyKey?: string) =>
  reverseMovement(actor, 'FINANCE_TRANSFER', id, reason, idempotencyKey, transferToApi);
