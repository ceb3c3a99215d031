import * as z from 'zod';
import type { RouteDef } from './types';

export const platformRoutes: RouteDef[] = [
  {
    operationId: 'health',
    method: 'GET',
    path: '/api/health',
    domain: 'platform',
    auth: 'public',
    summary: 'Answers ok once DynamoDB, Cognito and S3 answer',
    response: z.object({ status: z.literal('ok') }),
  },
  {
    operationId: 'openapi',
    method: 'GET',
    path: '/api/v1/openapi.json',
    domain: 'platform',
    auth: 'public',
    summary: 'OpenAPI 3.1 document generated from the route table and its zod schemas',
  },
];
