import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ROUTES } from './index';
import { checkResponse, routeOfRequest } from './response-contract';

describe('the response contract (every route declares what it answers)', () => {
  it('every route declares a response', () => {
    expect(ROUTES.length).toBeGreaterThan(200);
    const missing = ROUTES.filter((r) => !r.response && !r.responseTypes?.length);
    expect(missing.map((r) => `${r.domain}: ${r.operationId}`)).toEqual([]);
  });

  it('finds the route of a request, literal segments first', () => {
    expect(routeOfRequest('GET', '/api/v1/vehicles/v_1?x=1')?.operationId).toBe('getVehicle');
    expect(routeOfRequest('get', '/api/v1/vehicle-makes')?.operationId).toBe('listVehicleMakes');
    expect(routeOfRequest('DELETE', '/api/v1/vehicles/v_1')).toBeUndefined();
  });

  it('refuses an answer that does not match, and a content type the route does not declare', () => {
    expect(() => checkResponse('GET', '/api/v1/vehicles/v_1', 200, 'application/json', 'not an object')).toThrow(
      'getVehicle',
    );
    expect(() => checkResponse('GET', '/api/v1/vehicles/v_1', 200, 'application/json', { id: 1 })).toThrow('id');
    expect(() => checkResponse('GET', '/api/v1/vehicles/v_1', 200, 'application/pdf', '')).toThrow('does not declare');
    // Error answers are not the route's response.
    expect(() => checkResponse('GET', '/api/v1/vehicles/v_1', 404, 'application/json', { error: {} })).not.toThrow();
    const schema = z.object({ id: z.string() });
    expect(schema.safeParse({ id: 'x', extra: 1 }).success).toBe(true);
  });
});
