import * as z from 'zod';
import { routeMaker } from './types';
import { jobRunView, tenantActionBody, tenantIdParams, tenantRow, tenantsQuery } from '../schemas/security';

/**
 * The platform operator's tenant console (/admin-tools, SUPERADMIN only). Served by the auth
 * Lambda: it owns the tenant items and the global (G#) tenant directory.
 */
const route = routeMaker('auth');

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
];
