import { describe, expect, it } from 'vitest';
import { call, get } from './client';
import { ROUTES } from '../../shared/routes';

describe('platform', () => {
  it('answers health once DynamoDB, Cognito and S3 answer', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves an OpenAPI 3.1 document with every route of the table', async () => {
    const res = await get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const r of ROUTES) {
      expect(res.body.paths[r.path]?.[r.method.toLowerCase()]?.operationId, `${r.method} ${r.path}`).toBe(
        r.operationId,
      );
    }
  });

  it('answers 404 for a path outside the route table, like API Gateway', async () => {
    const res = await get('/api/v1/no-such-thing');
    expect(res.status).toBe(404);
  });

  it('refuses an authenticated route without a valid token, before any handler runs', async () => {
    const authenticated = ROUTES.find((r) => r.auth === 'authenticated' && !r.path.includes('{'));
    if (!authenticated) return; // the first authenticated routes land with the identity domain
    const none = await call(authenticated.path, {
      method: authenticated.method,
      body: authenticated.method === 'GET' ? undefined : {},
    });
    expect(none.status).toBe(401);
    const forged = await call(authenticated.path, {
      method: authenticated.method,
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.x',
      body: authenticated.method === 'GET' ? undefined : {},
    });
    expect(forged.status).toBe(401);
  });
});
