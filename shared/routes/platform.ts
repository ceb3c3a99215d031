import * as z from 'zod';
import { routeMaker } from './types';

const route = routeMaker('platform');

export const platformRoutes = [
  route({ operationId: 'health', method: 'GET', path: '/api/health', auth: 'public', summary: 'Answers ok once DynamoDB, Cognito and S3 answer', response: z.object({ status: z.literal('ok') }) }),
  route({ operationId: 'openapi', method: 'GET', path: '/api/v1/openapi.json', auth: 'public', summary: 'OpenAPI 3.1 document generated from the route table and its zod schemas' }),
];
