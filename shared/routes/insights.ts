import { routeMaker } from './types';
import {
  aiJobsPageSchema,
  insightDetailSchema,
  insightIdParams,
  insightsPageSchema,
  insightStatusBody,
  listAiJobsQuery,
  listInsightsQuery,
  aiJobSchema,
  insightStatusChangePageSchema,
} from '../schemas/insights';

const route = routeMaker('insights');

/**
 * Insights (issue 15; `/api/v1/ai/insights` is the spec's own path). Reading: managers see every
 * tab; STAFF (reportsOperational) the Overview and Marketing tabs (operational figures and their
 * own customers — not the books, not fleet strategy); MECHANIC none (fleet health is its page).
 * Changing a status, refreshing and the run log: managers (reportsAll).
 */
export const insightsRoutes = [
  route({
    operationId: 'listInsights',
    method: 'GET',
    path: '/api/v1/ai/insights',
    ability: 'reportsOperational',
    summary: 'Insights of a tab (category), most recent first; status open = new, acknowledged or planned',
    request: { query: listInsightsQuery },
    response: insightsPageSchema,
  }),
  route({
    operationId: 'listInsightHistory',
    method: 'GET',
    path: '/api/v1/ai/insights/history',
    ability: 'reportsAll',
    summary: "Every status change of the company's insights, newest first",
    request: { query: listAiJobsQuery },
    response: insightStatusChangePageSchema,
  }),
  route({
    operationId: 'getInsight',
    method: 'GET',
    path: '/api/v1/ai/insights/{id}',
    ability: 'reportsOperational',
    summary: 'One insight with its status history',
    request: { params: insightIdParams },
    response: insightDetailSchema,
  }),
  route({
    operationId: 'setInsightStatus',
    method: 'POST',
    path: '/api/v1/ai/insights/{id}/status',
    ability: 'reportsAll',
    summary:
      'Moves an insight to acknowledged, planned, done (with its actual impact) or dismissed; kept in its history',
    request: { params: insightIdParams, body: insightStatusBody },
    response: insightDetailSchema,
  }),
  route({
    operationId: 'refreshInsights',
    method: 'POST',
    path: '/api/v1/ai/insights/refresh',
    ability: 'reportsAll',
    summary: "Runs the insights engine now over the company's figures (recorded as an ai_job)",
    response: aiJobSchema,
  }),
  route({
    operationId: 'listAiJobs',
    method: 'GET',
    path: '/api/v1/ai/jobs',
    ability: 'reportsAll',
    summary: 'Runs of the insights engine, newest first: trigger, counts, duration, failures',
    request: { query: listAiJobsQuery },
    response: aiJobsPageSchema,
  }),
];
