import * as z from 'zod';
import { routeMaker } from './types';
import { jobRunView, tenantActionBody, tenantIdParams, tenantRow, tenantsQuery } from '../schemas/security';

/**
 * The platform operator's tenant console (/admin-tools, SUPERADMIN only). Served by the auth
 * Lambda: it owns the tenant items and the global (G#) tenant directory.
 */
const route = routeMaker('auth');

/** A unit parked in a fan-out job's dead-letter queue (functions/lib/jobs/queue.ts). */
const deadLetterView = z.object({
  messageId: z.string(),
  tenantId: z.string(),
  companyName: z.string().nullable(),
  unit: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  receiveCount: z.number(),
  failedAt: z.string().nullable(),
  runStartedAt: z.string(),
});
export type DeadLetterView = z.output<typeof deadLetterView>;
const deadLetterParams = z.object({
  job: z.string().regex(/^[a-z][a-z-]{1,60}$/, 'Not found'),
  messageId: z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'Not found'),
});

export const adminRoutes = [
  route({
    operationId: 'listTenants',
    method: 'GET',
    path: '/api/v1/admin/tenants',
    ability: 'adminTools',
    summary:
      'The tenant directory (one Query of G#TENANTS) with users, vehicles, rentals and last activity of each company on the page',
    request: { query: tenantsQuery },
    response: z.object({ items: z.array(tenantRow), nextCursor: z.string().nullable() }),
  }),
  route({
    operationId: 'suspendTenant',
    method: 'POST',
    path: '/api/v1/admin/tenants/{id}/suspend',
    ability: 'adminTools',
    summary: 'Suspends a company: its users are refused on their next request; its data is untouched',
    request: { params: tenantIdParams, body: tenantActionBody },
    response: tenantRow,
  }),
  route({
    operationId: 'reactivateTenant',
    method: 'POST',
    path: '/api/v1/admin/tenants/{id}/reactivate',
    ability: 'adminTools',
    summary: 'Lifts a company suspension',
    request: { params: tenantIdParams, body: tenantActionBody },
    response: tenantRow,
  }),

  route({
    operationId: 'platformJobRuns',
    method: 'GET',
    path: '/api/v1/admin/jobs',
    ability: 'adminTools',
    summary: 'Platform-wide scheduled job runs: the latest runs of every job with their error counts',
    response: z.object({
      jobs: z.array(
        z.object({
          job: z.string(),
          runs: z.number(),
          errors: z.number(),
          lastRunAt: z.string().nullable(),
          lastStatus: z.string().nullable(),
        }),
      ),
      items: z.array(jobRunView),
    }),
  }),
  route({
    operationId: 'listDeadLetters',
    method: 'GET',
    path: '/api/v1/admin/jobs/dead-letters',
    ability: 'adminTools',
    summary:
      'The units of every fan-out job parked in its dead-letter queue, with the company, the unit, the last error, the receive count and when it failed',
    response: z.object({
      jobs: z.array(z.object({ job: z.string(), items: z.array(deadLetterView) })),
    }),
  }),
  route({
    operationId: 'retryDeadLetter',
    method: 'POST',
    path: '/api/v1/admin/jobs/{job}/dead-letters/{messageId}/retry',
    ability: 'adminTools',
    summary:
      "Moves a parked unit back to its job's queue: it runs again (idempotent, it does nothing twice); 404 when it is no longer parked",
    request: { params: deadLetterParams },
    response: z.object({ retried: z.literal(true) }),
  }),
];
