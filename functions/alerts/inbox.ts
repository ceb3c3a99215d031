/**
 * The alerts inbox: list by status, mark read, resolve (with a note). A role sees (and may
 * change) the alerts of the areas it can read; another's is a 404, as another company's is.
 */
import { ALERT_CATEGORIES, ALERT_CATEGORY_ABILITY, type AlertCategory, type AlertStatus } from '../../shared/alerts';
import { hasAbility, type Role } from '../../shared/permissions';
import { auditItem } from '../lib/data/audit';
import { getItem, queryPage, transact, tx } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { conflict, notFound } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { alertKey, alertToApi, statusIndex, type AlertItem } from './model';

export const visibleCategories = (role: Role): AlertCategory[] =>
  ALERT_CATEGORIES.filter((c) => hasAbility(role, ALERT_CATEGORY_ABILITY[c]));

export async function listAlerts(
  tenantId: string,
  role: Role,
  q: { status?: AlertStatus; category?: AlertCategory; limit?: number; cursor?: string },
) {
  // A category filter narrows the role's visible categories (one the role cannot see gives nothing).
  const cats = visibleCategories(role).filter((c) => !q.category || c === q.category);
  if (cats.length === 0) return { items: [], nextCursor: null };
  const values: Record<string, unknown> = Object.fromEntries(cats.map((c, i) => [`:c${i}`, c]));
  const filter =
    cats.length === ALERT_CATEGORIES.length
      ? undefined
      : {
          expression: cats.length ? `#cat IN (${cats.map((_, i) => `:c${i}`).join(', ')})` : 'attribute_not_exists(pk)',
          names: { '#cat': 'category' },
          values,
        };
  const page = await queryPage<AlertItem>({
    tenantId,
    ...(q.status
      ? { pk: tenantPk(tenantId, 'ALERT_STATUS', q.status), index: 'gsi1' as const }
      : { pk: tenantPk(tenantId, 'ALERT') }),
    forward: false,
    limit: q.limit ?? 50,
    cursor: q.cursor,
    filter,
    signature: [role, q.category],
  });
  return { items: page.items.map(alertToApi), nextCursor: page.nextCursor };
}

async function visibleAlert(actor: Actor, id: string): Promise<AlertItem> {
  const item = (await getItem(alertKey(actor.tenantId, id), true)) as AlertItem | undefined;
  if (!item || !visibleCategories(actor.role).includes(item.category)) throw notFound('Alert not found');
  return item;
}

export async function setAlertStatus(actor: Actor, id: string, status: 'read' | 'resolved', note?: string) {
  const alert = await visibleAlert(actor, id);
  if (alert.status === status || (alert.status === 'resolved' && status === 'read')) return alertToApi(alert);
  const at = new Date().toISOString();
  const changes: Record<string, unknown> = {
    status,
    ...statusIndex(actor.tenantId, status, alert.dateDetected, alert.id),
  };
  if (status === 'resolved') Object.assign(changes, { resolvedAt: at, resolutionNote: note?.trim() || null });
  try {
    await transact([
      tx.update(alertKey(actor.tenantId, id), alert.version, changes, at),
      tx.putNew(
        auditItem(actor, `alert.${status}`, 'alert', id, { before: { status: alert.status }, after: { status }, note }),
      ),
    ]);
  } catch (err) {
    if ((err as { name?: string }).name === 'TransactionCanceledException')
      throw conflict('Failed to update alert', undefined, 'VERSION_CONFLICT');
    throw err;
  }
  return alertToApi({ ...alert, ...changes, version: alert.version + 1 } as AlertItem);
}
