/** Alerts feature API (issue 13). */
import useSWR from 'swr';
import { addArea } from '../../../../shared/i18n';
import { alerts as alertsCatalog } from '../../../../shared/i18n/alerts';
import type { Alert } from '../../../../shared/alerts';
import { apiStem, apiUrl, callApi } from '../../lib/api-client';
import { useCallback } from 'react';
import { alertText } from '../../../../shared/alert-text';
import { useFormat } from '../../lib/format';

addArea('alerts', alertsCatalog);

export type { Alert };
export const ALERTS_PATH = apiStem('listAlerts');

export const alertsApi = {
  read: (id: string) => callApi<'readAlert', Alert>('readAlert', { params: { id }, body: {} }),
  resolve: (id: string, note?: string) =>
    callApi<'resolveAlert', Alert>('resolveAlert', { params: { id }, body: note ? { note } : {} }),
  generate: () => callApi<'generateAlerts', { conditions: number; created: number }>('generateAlerts', { body: {} }),
};

/** Unread alerts the user can see (top bar badge): one page of up to 100. */
export function useUnreadCount(): number {
  const { data } = useSWR<{ items: Alert[] } | null>(
    apiUrl('listAlerts', { query: { status: 'unread', limit: 100 } }),
    { refreshInterval: 5 * 60_000 },
  );
  return data?.items.length ?? 0;
}

/**
 * The alert's title and description in the reader's language, dates on the company's clock and
 * amounts in its currency (shared/alert-text.ts: the same words the raw-text test reads).
 */
export function useAlertText(): (a: Alert) => { title: string; description: string } {
  const f = useFormat();
  return useCallback(
    (a: Alert) => alertText(a, { language: f.language, date: f.date, dateTime: f.dateTime, money: f.money }),
    [f],
  );
}
