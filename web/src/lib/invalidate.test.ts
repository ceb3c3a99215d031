import { describe, expect, it } from 'vitest';
import { keyMatches, keyPath, matchingKeys } from './invalidate';

describe('invalidate key matching', () => {
  it('matches the path itself, its queries and sub-paths, infinite and array keys included', () => {
    expect(keyMatches('/api/v1/vehicles', '/api/v1/vehicles')).toBe(true);
    expect(keyMatches('/api/v1/vehicles?status=available&limit=25', '/api/v1/vehicles')).toBe(true);
    expect(keyMatches('/api/v1/vehicles/V1/schedule', '/api/v1/vehicles')).toBe(true);
    expect(keyMatches('$inf$/api/v1/vehicles?limit=25', '/api/v1/vehicles')).toBe(true);
    expect(keyPath('@"/api/v1/vehicles?x=1",25,')).toBe('/api/v1/vehicles?x=1');
    expect(keyMatches('@"/api/v1/vehicles?x=1",25,', '/api/v1/vehicles')).toBe(true);
  });

  it('does not match a longer sibling path', () => {
    expect(keyMatches('/api/v1/vehicles-makes', '/api/v1/vehicles')).toBe(false);
    expect(keyMatches('/api/v1/customers', '/api/v1/vehicles')).toBe(false);
  });

  it('lists the matching keys of several prefixes, skipping subscriptions', () => {
    const keys = [
      '/api/v1/vehicles?limit=25',
      '$sub$/api/v1/vehicles',
      '/api/v1/vehicle-makes',
      '/api/v1/rentals/stats',
      '/api/v1/customers',
    ];
    expect(matchingKeys(keys, ['/api/v1/vehicles', '/api/v1/vehicle-makes'])).toEqual([
      '/api/v1/vehicles?limit=25',
      '/api/v1/vehicle-makes',
    ]);
  });
});
