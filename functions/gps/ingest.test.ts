import { describe, expect, it } from 'vitest';
import { normalise, parseOsmand } from './ingest';
import { hashSecret, secretMatches } from './trackers';
import { newDeviceId, tenantOfDevice } from './model';

const T = '01HZZZZZZZZZZZZZZZZZZZZZZZ';

describe('OsmAnd requests', () => {
  it('query parameters: speed in knots becomes km/h, epoch seconds become ISO, the secret from the header wins', () => {
    const r = parseOsmand(
      {
        id: 'DEV',
        lat: '25.2',
        lon: '55.27',
        timestamp: '1893456000',
        speed: '10',
        bearing: '90',
        batt: '55',
        secret: 'q',
      },
      undefined,
      { 'x-device-secret': 'h' },
    );
    expect(r.deviceId).toBe('DEV');
    expect(r.secret).toBe('h');
    expect(r.raw).toMatchObject({
      lat: 25.2,
      lon: 55.27,
      speed: 18.5,
      bearing: 90,
      batt: 55,
      timestamp: '2030-01-01T00:00:00.000Z',
    });
  });
  it('a form body and location=lat,lon', () => {
    const r = parseOsmand(
      {},
      Buffer.from('deviceid=D2&location=25.1,55.1&timestamp=2030-01-01T00:00:00Z&secret=s'),
      {},
    );
    expect(r).toMatchObject({
      deviceId: 'D2',
      secret: 's',
      raw: { lat: 25.1, lon: 55.1, timestamp: '2030-01-01T00:00:00.000Z' },
    });
  });
  it("Traccar Client's JSON body (speed m/s, battery 0–1)", () => {
    const body = {
      device_id: 'D3',
      location: {
        timestamp: '2030-01-01T00:00:00.000Z',
        coords: { latitude: 25, longitude: 55, speed: 10, heading: 180, accuracy: 5 },
        battery: { level: 0.42 },
      },
    };
    const r = parseOsmand({}, Buffer.from(JSON.stringify(body)), { 'x-device-secret': 's' });
    expect(r.deviceId).toBe('D3');
    expect(r.raw).toMatchObject({ lat: 25, lon: 55, speed: 36, bearing: 180, accuracy: 5, batt: 42 });
  });
  it('a body that is neither a form nor a JSON object is a 400', () => {
    for (const bad of ['not json', '[]', '42', 'null', '{"x":'])
      expect(() => parseOsmand({}, Buffer.from(bad), {}), bad).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('validation', () => {
  const now = Date.parse('2030-01-10T00:00:00Z');
  it('ranges, the future and the retention', () => {
    expect(() => normalise([{ timestamp: '2030-01-10T00:10:00Z', lat: 1, lon: 1 }], now, 90, '')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(() => normalise([{ timestamp: '2029-09-01T00:00:00Z', lat: 1, lon: 1 }], now, 90, '')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(() => normalise([{ timestamp: '2030-01-09T00:00:00Z', lat: 91, lon: 1 }], now, 90, '')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(normalise([{ timestamp: 1893974400, lat: 25.1234567, lon: 55, speed: 12.34 }], now, 90, '')).toEqual([
      {
        at: '2030-01-07T00:00:00.000Z',
        lat: 25.123457,
        lon: 55,
        speed: 12.3,
        heading: null,
        altitude: null,
        accuracy: null,
        batt: null,
      },
    ]);
  });
});

describe('device ids and secrets', () => {
  it('the device id carries its company; anything else is no device', () => {
    const id = newDeviceId(T, (n) => Buffer.alloc(n, 7));
    expect(id).toBe(`${T}77777777`);
    expect(tenantOfDevice(id)).toBe(T);
    expect(tenantOfDevice(`${T}7777777`)).toBeUndefined();
    expect(tenantOfDevice('garbage')).toBeUndefined();
  });
  it('the secret is compared with its stored hash', () => {
    const h = hashSecret('s3cret');
    expect(h).not.toContain('s3cret');
    expect(secretMatches('s3cret', h)).toBe(true);
    expect(secretMatches('s3cret ', h)).toBe(false);
    expect(secretMatches('s3cret', 'abc')).toBe(false);
  });
});
