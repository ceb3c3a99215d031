import { routeMaker } from './types';
import { blacklistCreateSchema, blacklistListQuerySchema, blacklistUpdateSchema } from '../schemas/blacklist';
import { idParamsSchema } from '../schemas/customers';
import { blacklistEntrySchema, blacklistPageSchema } from '../schemas/blacklist-responses';

const route = routeMaker('customers');

/**
 * Blacklist (served by the customers Lambda). STAFF may add and read; only managers edit. No delete: status 'removed'.
 */
export const blacklistRoutes = [
  route({
    operationId: 'listBlacklist',
    method: 'GET',
    path: '/api/v1/blacklist',
    ability: 'blacklistRead',
    summary: 'Blacklist entries, newest first; q searches name, licence or phone; filter by status',
    request: { query: blacklistListQuerySchema },
    response: blacklistPageSchema,
  }),
  route({
    operationId: 'createBlacklistEntry',
    method: 'POST',
    path: '/api/v1/blacklist',
    ability: 'blacklistAdd',
    summary: 'Add a blacklist entry (status active)',
    request: { body: blacklistCreateSchema },
    response: blacklistEntrySchema,
  }),
  route({
    operationId: 'getBlacklistEntry',
    method: 'GET',
    path: '/api/v1/blacklist/{id}',
    ability: 'blacklistRead',
    summary: 'One blacklist entry',
    request: { params: idParamsSchema },
    response: blacklistEntrySchema,
  }),
  route({
    operationId: 'updateBlacklistEntry',
    method: 'PATCH',
    path: '/api/v1/blacklist/{id}',
    ability: 'blacklistEdit',
    summary: 'Edit an entry or change its status (active, reviewed, removed)',
    request: { params: idParamsSchema, body: blacklistUpdateSchema },
    response: blacklistEntrySchema,
  }),
];
