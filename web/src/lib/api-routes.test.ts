import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ROUTES, routeKey } from '../../../shared/routes';
import { apiRoutesSource } from '../../scripts/api-routes';
import { API_ROUTES } from './api-routes';
import { apiPath, apiStem, apiUrl, type BodyOf, type ResponseOf } from './api-client';

describe('the web path table (api-routes.ts)', () => {
  it('holds exactly the route table: every operation with its method and path', () => {
    expect(Object.entries(API_ROUTES)).toEqual(ROUTES.map((r) => [r.operationId, routeKey(r)]));
  });

  it("is the generator's output (run `node --import tsx web/scripts/api-routes.ts` after a route change)", () => {
    const file = readFileSync(resolve('web/src/lib/api-routes.ts'), 'utf8');
    expect(file).toBe(apiRoutesSource());
  });
});

describe('the typed client', () => {
  it('fills and encodes path parameters and leaves empty query values out', () => {
    expect(apiPath('getVehicle', { id: 'V 1/2' })).toBe('/api/v1/vehicles/V%201%2F2');
    expect(apiUrl('listVehicles', { query: { status: 'available', q: '', showArchived: false, limit: 25 } })).toBe(
      '/api/v1/vehicles?status=available&limit=25',
    );
    expect(apiUrl('listVehicleMakes')).toBe('/api/v1/vehicle-makes');
  });

  it("gives an operation's stem up to its first parameter, for cache invalidation", () => {
    expect(apiStem('getVehicleSchedule')).toBe('/api/v1/vehicles');
    expect(apiStem('listVehicles')).toBe('/api/v1/vehicles');
  });
});

describe("the typed client's types", () => {
  it('types params from the path, bodies from the body schema and answers from the response schema', () => {
    expectTypeOf<Parameters<typeof apiPath<'getVehicle'>>>().toEqualTypeOf<['getVehicle', { id: string }]>();
    expectTypeOf<BodyOf<'changeVehicleStatus'>>().toMatchTypeOf<{ status: string }>();
    expectTypeOf<ResponseOf<'createDocument'>>().toMatchTypeOf<{ id: string }>();
    expect(apiPath('changeVehicleStatus', { id: 'V1' })).toBe('/api/v1/vehicles/V1/status');
  });
});
