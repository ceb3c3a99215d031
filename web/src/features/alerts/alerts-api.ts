/** Alerts feature API (issue 13). */
import useSWR from 'swr';
import { addArea } from '../../../../shared/i18n';
import { alerts as alertsCatalog } from '../../../../shared/i18n/alerts';
import type { Alert } from '../../../../shared/alerts';
import { api } from '../../lib/api';
import { useCallback } from 'react';
import { alertText } from '../../../../shared/alert-text';
import { useFormat } from '../../lib/format';

addArea('alerts', alertsCatalog);

export type { Alert };
export const ALERTS_PATH = '/api/v1/alerts';
const alertPath = (id: string) => `${ALERTS_PATH}/${encodeURIComponent(id)}`;

export const alertsApi = {
  read: (id: string) => api.post<Alert>(`${alertPath(id)}/read`, {}),
  resolve: (id: string, note?: string) => api.post<Alert>(`${alertPath(id)}/resolve`, note ? { note } : {}),
  generate: () => api.post<{ conditions: number; created: number }>(`${ALERTS_PATH}/generate`, {}),
};

/** Unread alerts the user can see (top bar badge): one page of up to 100. */
export function useUnreadCount(): number {
  const { data } = useSWR<{ items: Alert[] } | null>(`${ALERTS_PATH}?status=unread&limit=100`, { refreshInterval: 5 * 60_000 });
  return data?.items.length ?? 0;
}

/**
 * The alert's title and description in the reader's language, dates on the company's clock and
 * amounts in its currency (shared/alert-text.ts: the same words the raw-text test reads).
 */
export function useAlertText(): (a: Alert) => { title: string; description: string } {
  const f = useFormat();
  return useCallback((a: Alert) => alertText(a, { language: f.language, date: f.date, dateTime: f.dateTime, money: f.money }), [f]);
}
