import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ROUTES } from './index';
import { RESPONSE_CONTRACT_PENDING, checkResponse, routeOfRequest } from './response-contract';

describe('the response contract (every route declares what it answers)', () => {
  it('every route outside the pending domains declares a response', () => {
    const missing = ROUTES.filter((r) => !RESPONSE_CONTRACT_PENDING.includes(r.domain) && !r.response && !r.responseTypes?.length);
    expect(missing.map((r) => `${r.domain}: ${r.operationId}`)).toEqual([]);
  });

  it('finds the route of a request, literal segments first', () => {
    expect(routeOfRequest('GET', '/api/v1/vehicles/v_1?x=1')?.operationId).toBe('getVehicle');
    expect(routeOfRequest('get', '/api/v1/vehicle-makes')?.operationId).toBe('listVehicleMakes');
    expect(routeOfRequest('DELETE', '/api/v1/vehicles/v_1')).toBeUndefined();
  });

  it('refuses an answer that does not match, and a content type the route does not declare', () => {
    const route = ROUTES.find((r) => r.response && !RESPONSE_CONTRACT_PENDING.includes(r.domain) && r.method === 'GET' && !r.path.includes('{'));
    if (!route) {
      // While every domain is pending there is nothing to check yet; the checker itself is tested below.
      expect(RESPONSE_CONTRACT_PENDING.length).toBeGreaterThan(0);
    } else {
      expect(() => checkResponse('GET', route.path, 200, 'application/json', 'not an object')).toThrow(route.operationId);
      expect(() => checkResponse('GET', route.path, 200, 'application/pdf', '')).toThrow('does not declare');
    }
    // Error answers are not the route's response.
    expect(() => checkResponse('GET', '/api/v1/vehicles/v_1', 404, 'application/json', { error: {} })).not.toThrow();
    const schema = z.object({ id: z.string() });
    expect(schema.safeParse({ id: 'x', extra: 1 }).success).toBe(true);
  });
});
