import { describe, expect, it } from 'vitest';
import { signUpRegion } from './signup-region';

const base = { chosen: false, selectedRegion: 'US', coords: null, timeZone: null };

describe('the sign-up country (issue 26: geolocation boxes, else the time zone, else US)', () => {
  it('geolocation boxes decide first: Dubai, Riyadh, Amman, and Doha/London → US', () => {
    expect(signUpRegion({ ...base, coords: { latitude: 25.2, longitude: 55.27 }, timeZone: 'America/New_York' })).toBe(
      'AE',
    );
    expect(signUpRegion({ ...base, coords: { latitude: 24.71, longitude: 46.68 } })).toBe('SA');
    expect(signUpRegion({ ...base, coords: { latitude: 31.95, longitude: 35.93 } })).toBe('JO');
    // Coordinates outside every box mean US: the time zone is then not consulted.
    expect(signUpRegion({ ...base, coords: { latitude: 51.5, longitude: -0.12 }, timeZone: 'Asia/Dubai' })).toBe('US');
  });

  it('without a position, the browser time zone: Asia/Dubai, Asia/Riyadh, Asia/Amman; anything else US', () => {
    expect(signUpRegion({ ...base, timeZone: 'Asia/Dubai' })).toBe('AE');
    expect(signUpRegion({ ...base, timeZone: 'Asia/Riyadh' })).toBe('SA');
    expect(signUpRegion({ ...base, timeZone: 'Asia/Amman' })).toBe('JO');
    expect(signUpRegion({ ...base, timeZone: 'Asia/Muscat' })).toBe('US');
    expect(signUpRegion({ ...base, timeZone: 'UTC' })).toBe('US');
    expect(signUpRegion(base)).toBe('US');
  });

  it('a region the user picked in the region menu wins over detection; an unknown stored code does not', () => {
    expect(signUpRegion({ ...base, chosen: true, selectedRegion: 'SA', timeZone: 'Asia/Dubai' })).toBe('SA');
    expect(signUpRegion({ ...base, chosen: true, selectedRegion: 'XX', timeZone: 'Asia/Amman' })).toBe('JO');
  });
});
