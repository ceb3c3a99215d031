import * as z from 'zod';
import { routeMaker } from './types';

const route = routeMaker('platform');

/** The OpenAPI 3.1 document (shared/openapi.ts buildOpenApi): its frame; operations are free-form. */
const openApiDocument = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export const platformRoutes = [
  route({
    operationId: 'health',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    summary: 'Answers ok once DynamoDB, Cognito and S3 answer',
    response: z.object({ status: z.literal('ok') }),
  }),
  route({
    operationId: 'openapi',
    method: 'GET',
    path: '/api/v1/openapi.json',
    auth: 'public',
    summary: 'OpenAPI 3.1 document generated from the route table and its zod schemas',
    response: openApiDocument,
  }),
];
