import { ulid } from 'ulid';
import { keys } from './keys';
import type { Item } from './repo';
import { putItem } from './repo';
import type { AuditActor } from '../actor';

/**
 * Audit items: who did what to which record, when, with a short before/after summary. Built as
 * an item so a mutation can put it in the same transaction as the change it describes.
 * Summaries must never carry passwords, tokens or document contents.
 */

export function auditItem(
  actor: AuditActor,
  action: string,
  entity: string,
  entityId: string,
  summary?: { before?: unknown; after?: unknown; note?: string },
): Item {
  const at = new Date().toISOString();
  const id = ulid();
  return {
    ...keys.audit(actor.tenantId, at, id),
    entityType: 'AUDIT',
    id,
    at,
    action,
    entity,
    entityId,
    userId: actor.userId ?? null,
    username: actor.username ?? null,
    requestId: actor.requestId ?? null,
    summary: summary ? JSON.stringify(summary).slice(0, 4000) : null,
  };
}

export async function writeAudit(...args: Parameters<typeof auditItem>): Promise<void> {
  await putItem(auditItem(...args));
}
