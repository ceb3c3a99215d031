import { calendarDateInZone } from '../../shared/regions';
import { BUCKET_SHARDS } from '../../shared/accounting/journal';
import type { LockDateBody } from '../../shared/schemas/accounting';
import { auditItem } from '../lib/data/audit';
import type { AuditActor } from '../lib/actor';
import { transact, tx, type TransactItem } from '../lib/data/repo';
import { validationFailed } from '../lib/errors';
import { shardLockItem } from './accounts';
import { readCompany } from './deps';
import { settingsKey } from './model';
import { ensureAccounting, readAccounts } from './setup';

/**
 * The period lock (OWNER): nothing posts dated before `lockDate`; a filed VAT period
 * (`vatFiledThrough`) takes no VAT lines on or before its end. The settings item answers the
 * engine's read-time check (a clear 409); the same dates are written on every balance shard of
 * every account so the transaction of a posting racing with the lock is refused too.
 */
export async function getLock(tenantId: string) {
  const s = await ensureAccounting(tenantId);
  return {
    lockDate: s.lockDate ?? null,
    vatFiledThrough: s.vatFiledThrough ?? null,
    lockSetAt: (s.lockSetAt as string | undefined) ?? null,
  };
}

export async function setLock(actor: AuditActor, body: LockDateBody) {
  const settings = await ensureAccounting(actor.tenantId);
  const today = calendarDateInZone(new Date(), (await readCompany(actor.tenantId)).timezone);
  const fields: Record<string, string> = {};
  if (body.lockDate && body.lockDate > today) fields.lockDate = 'The lock date cannot be in the future';
  if (body.vatFiledThrough && body.vatFiledThrough > today)
    fields.vatFiledThrough = 'A VAT period can be filed only once it has ended';
  if (Object.keys(fields).length) throw validationFailed(fields);
  const vatFiledThrough =
    body.vatFiledThrough === undefined ? (settings.vatFiledThrough ?? null) : body.vatFiledThrough;
  const now = new Date().toISOString();
  await transact([
    tx.update(
      settingsKey(actor.tenantId),
      settings.version,
      { lockDate: body.lockDate, vatFiledThrough, lockSetAt: now },
      now,
    ),
    tx.putNew(
      auditItem(actor, 'accounting.lock', 'accounting', actor.tenantId, {
        before: { lockDate: settings.lockDate, vatFiledThrough: settings.vatFiledThrough },
        after: { lockDate: body.lockDate, vatFiledThrough },
      }),
    ),
  ]);
  await lockShards(actor.tenantId, body.lockDate, vatFiledThrough);
  return { lockDate: body.lockDate, vatFiledThrough, lockSetAt: now };
}

/** Writes the lock dates on every balance shard of every account (the in-transaction guard). */
export async function lockShards(tenantId: string, lockDate: string | null, vatFiledThrough: string | null) {
  const leaves = (await readAccounts(tenantId)).filter((a) => !a.isGroup);
  const items: TransactItem[] = leaves.flatMap((a) =>
    Array.from({ length: BUCKET_SHARDS }, (_, s) => shardLockItem(tenantId, a.id, s, lockDate, vatFiledThrough)),
  );
  const chunks: TransactItem[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  for (let i = 0; i < chunks.length; i += 4) await Promise.all(chunks.slice(i, i + 4).map((c) => transact(c)));
}
