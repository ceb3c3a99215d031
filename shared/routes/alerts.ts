import { routeMaker } from './types';
import {
  alertIdParams,
  alertPageSchema,
  alertSchema,
  generateAlertsResultSchema,
  listAlertsQuery,
  resolveAlertSchema,
} from '../alerts';

const route = routeMaker('alerts');
/** "Run now": the alert rules (tier 7, functions/alert-rules) read six domains, so their own Lambda serves it. */
const rulesRoute = routeMaker('alert-rules');

/**
 * Alerts inbox (issue 13; `/api/v1/alerts` is the spec's own path). Every signed-in role reaches
 * it; each sees the alerts of the areas it can read (shared/alerts.ts ALERT_CATEGORY_ABILITY).
 */
export const alertsRoutes = [
  route({
    operationId: 'listAlerts',
    method: 'GET',
    path: '/api/v1/alerts',
    ability: 'signedIn',
    summary: 'Alerts the caller can see, newest first; status unread, read or resolved (absent = all)',
    request: { query: listAlertsQuery },
    response: alertPageSchema,
  }),
  route({
    operationId: 'readAlert',
    method: 'POST',
    path: '/api/v1/alerts/{id}/read',
    ability: 'signedIn',
    summary: 'Marks an alert read',
    request: { params: alertIdParams },
    response: alertSchema,
  }),
  route({
    operationId: 'resolveAlert',
    method: 'POST',
    path: '/api/v1/alerts/{id}/resolve',
    ability: 'signedIn',
    summary: 'Resolves an alert, with an optional note',
    request: { params: alertIdParams, body: resolveAlertSchema },
    response: alertSchema,
  }),
];

export const alertRulesRoutes = [
  rulesRoute({
    operationId: 'generateAlerts',
    method: 'POST',
    path: '/api/v1/alerts/generate',
    ability: 'signedIn',
    summary: "Creates alerts from the company's data now (once per condition: re-runs create nothing twice)",
    response: generateAlertsResultSchema,
  }),
];
