import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { decodeCursor, encodeCursor, querySignature } from './cursor';
import { HttpError } from '../errors';

describe('pagination cursors', () => {
  const tenantA = ulid();
  const tenantB = ulid();
  const sig = querySignature(['T#x#VEHICLE', { status: 'available' }]);
  const lastKey = { pk: `T#${tenantA}#VEHICLE`, sk: ulid() };

  it('round-trips for the same tenant and query', () => {
    const c = encodeCursor(tenantA, sig, lastKey)!;
    expect(decodeCursor(c, tenantA, sig)).toEqual(lastKey);
  });

  it('is null when there is no next page', () => {
    expect(encodeCursor(tenantA, sig, undefined)).toBeNull();
  });

  it('is refused (400) for another tenant', () => {
    const c = encodeCursor(tenantA, sig, lastKey)!;
    expect(() => decodeCursor(c, tenantB, sig)).toThrow(HttpError);
    try {
      decodeCursor(c, tenantB, sig);
    } catch (e) {
      expect((e as HttpError).status).toBe(400);
    }
  });

  it('is refused for another query (other filters)', () => {
    const c = encodeCursor(tenantA, sig, lastKey)!;
    expect(() => decodeCursor(c, tenantA, querySignature(['T#x#VEHICLE', { status: 'rented' }]))).toThrow(HttpError);
  });

  it('is refused when forged to point into another tenant partition', () => {
    const forged = Buffer.from(
      JSON.stringify({ t: tenantA, q: sig, k: { pk: `T#${tenantB}#VEHICLE`, sk: 'x' } }),
    ).toString('base64url');
    expect(() => decodeCursor(forged, tenantA, sig)).toThrow(HttpError);
  });

  it('is refused when it is garbage', () => {
    expect(() => decodeCursor('not-a-cursor!!', tenantA, sig)).toThrow(HttpError);
  });
});
