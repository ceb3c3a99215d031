import { routeMaker } from './types';
import { dashboardResponse, reportParams, reportQuery, reportResponse } from '../schemas/analytics';

const route = routeMaker('analytics');

/**
 * Dashboard and reports (issue 15 part A; fixed paths). Every signed-in role reaches the dashboard
 * and sees the cards it may read; each report tab needs its own ability (REPORT_TAB_ABILITY → 403).
 */
export const analyticsRoutes = [
  route({
    operationId: 'getDashboard',
    method: 'GET',
    path: '/api/v1/dashboard',
    ability: 'signedIn',
    summary: 'Dashboard figures from the aggregates: cards, 30-day booking trend, top and idle vehicles, returns due',
    response: dashboardResponse,
  }),
  route({
    operationId: 'getReport',
    method: 'GET',
    path: '/api/v1/reports/{tab}',
    ability: 'signedIn',
    summary: 'A report tab for the period (7d, 30d, 90d, 1y) as JSON, CSV (RFC 4180, UTF-8 BOM) or PDF',
    request: { params: reportParams, query: reportQuery },
    response: reportResponse,
    responseTypes: ['text/csv', 'application/pdf'],
  }),
];
