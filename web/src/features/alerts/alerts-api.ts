/** Alerts feature API (issue 13). */
import useSWR from 'swr';
import { addArea } from '../../../../shared/i18n';
import { alerts as alertsCatalog } from '../../../../shared/i18n/alerts';
import type { Alert } from '../../../../shared/alerts';
import { api } from '../../lib/api';
import type { TFunction } from '../../i18n';

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

/** The alert's title in the reader's language (per type, from its params), else the stored English title. */
export function alertTitle(t: TFunction, a: Alert): string {
  const key = `alerts.types.${a.type}`;
  const text = t(key, a.params);
  return text === key ? a.title : text;
}
