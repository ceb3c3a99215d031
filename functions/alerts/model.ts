/**
 * Alerts items (issue 13).
 * - alert:      pk T#{t}#ALERT, sk {id}; gsi1 T#{t}#ALERT_STATUS#{status}, {dateDetected}#{id} (the inbox filters)
 * - condition:  pk T#{t}#ALERT_KEY, sk {conditionKey} — written with the alert in one transaction,
 *               so a condition raises one alert however often the generator runs (even at once).
 */
import { ulid } from 'ulid';
import type { AlertCategory, AlertSeverity, AlertStatus } from '../../shared/alerts';
import { entityKey, sortKey, tenantPk, type Key } from '../lib/data/keys';
import type { Item } from '../lib/data/repo';

export const alertKey = (t: string, id: string): Key => entityKey(t, 'ALERT', id);
export const conditionKey = (t: string, key: string): Key => ({
  pk: tenantPk(t, 'ALERT_KEY'),
  sk: sortKey(key.replace(/#/g, ':')),
});
export const statusIndex = (t: string, status: AlertStatus, at: string, id: string) => ({
  gsi1pk: tenantPk(t, 'ALERT_STATUS', status),
  gsi1sk: sortKey(at, id),
});

export interface NewAlert {
  /** Identifies the condition (e.g. `ticket_unmatched:{ticketId}`): one alert per key, ever. */
  key: string;
  title: string;
  description: string;
  type: string;
  severity?: AlertSeverity;
  category: AlertCategory;
  impactLevel?: string | null;
  actionUrl?: string | null;
  relatedEntityId?: string | null;
  relatedEntityType?: string | null;
  dateDetected?: string;
  /** Values the web's translated title and description (alerts.types.{type}) are filled with. */
  params?: Record<string, string>;
}

export interface AlertItem extends Item {
  id: string;
  title: string;
  description: string;
  type: string;
  severity: AlertSeverity;
  status: AlertStatus;
  source: string;
  impactLevel: string | null;
  category: AlertCategory;
  actionUrl: string | null;
  relatedEntityId: string | null;
  relatedEntityType: string | null;
  dateDetected: string;
  resolvedAt: string | null;
  resolutionNote: string | null;
  conditionKey: string;
  params: Record<string, string>;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export function alertItem(t: string, a: NewAlert, now: string): AlertItem {
  const id = ulid();
  const at = a.dateDetected ?? now;
  return {
    ...alertKey(t, id),
    ...statusIndex(t, 'unread', at, id),
    entityType: 'ALERT',
    id,
    title: a.title,
    description: a.description,
    type: a.type,
    severity: a.severity ?? 'medium',
    status: 'unread',
    source: 'system',
    impactLevel: a.impactLevel ?? null,
    category: a.category,
    actionUrl: a.actionUrl ?? null,
    relatedEntityId: a.relatedEntityId ?? null,
    relatedEntityType: a.relatedEntityType ?? null,
    dateDetected: at,
    resolvedAt: null,
    resolutionNote: null,
    conditionKey: a.key,
    params: a.params ?? {},
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

export function alertToApi(i: AlertItem) {
  return {
    id: i.id,
    title: i.title,
    description: i.description,
    type: i.type,
    severity: i.severity,
    status: i.status,
    source: i.source,
    impactLevel: i.impactLevel ?? null,
    category: i.category,
    actionUrl: i.actionUrl ?? null,
    relatedEntityId: i.relatedEntityId ?? null,
    relatedEntityType: i.relatedEntityType ?? null,
    dateDetected: i.dateDetected,
    resolvedAt: i.resolvedAt ?? null,
    resolutionNote: i.resolutionNote ?? null,
    params: i.params ?? {},
    version: i.version,
  };
}
