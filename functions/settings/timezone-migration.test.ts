import { describe, expect, it } from 'vitest';
import { correctedTimeZone, zoneRegion } from './timezone-migration';

describe('correctedTimeZone', () => {
  it("gives the region's zone only when the zone belongs to another of our regions", () => {
    expect(zoneRegion('America/Chicago')).toBe('US');
    expect(zoneRegion('Asia/Muscat')).toBeUndefined();
    expect(correctedTimeZone({ timezone: 'America/New_York', preferences: { region: 'AE' } })).toBe('Asia/Dubai');
    expect(correctedTimeZone({ timezone: 'Asia/Dubai', preferences: { region: 'SA' } })).toBe('Asia/Riyadh');
    expect(correctedTimeZone({ timezone: 'Asia/Riyadh', preferences: { region: 'US' } })).toBe('America/New_York');
    expect(correctedTimeZone({ timezone: 'Asia/Dubai', preferences: { region: 'AE' } })).toBeUndefined();
    expect(correctedTimeZone({ timezone: 'Asia/Muscat', preferences: { region: 'AE' } })).toBeUndefined();
    expect(correctedTimeZone({ timezone: 'America/New_York', preferences: {} })).toBeUndefined();
  });
});
