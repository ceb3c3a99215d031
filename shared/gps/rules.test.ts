import { describe, expect, it } from 'vitest';
import { alertWorthy, emptyState, evaluate, inDropZone, windowOpen, type EvalFence, type EvalPosition } from './rules';
import { tripsAndStops, type TrackPoint } from './trips';

const S = { speedLimitKmh: 120, overspeedMinSeconds: 30, timeZone: 'Asia/Dubai' };
const base = { speedLimitKmh: null, timeWindow: null, vehicleIds: null };
// Dubai Mall area circle (500 m) and a square polygon around the Burj Al Arab.
const circle: EvalFence = {
  ...base,
  id: 'C',
  name: 'Downtown',
  type: 'RESTRICTED',
  shape: 'circle',
  center: [55.2796, 25.1972],
  radius: 500,
};
const square: EvalFence = {
  ...base,
  id: 'P',
  name: 'Jumeirah',
  type: 'SERVICE_AREA',
  shape: 'polygon',
  coordinates: [
    [55.18, 25.14],
    [55.19, 25.14],
    [55.19, 25.15],
    [55.18, 25.15],
  ],
};
const at = (min: number, sec = 0) => new Date(Date.UTC(2030, 0, 7, 8, min, sec)).toISOString();
const p = (min: number, lon: number, lat: number, speed = 40, sec = 0): EvalPosition => ({
  at: at(min, sec),
  lon,
  lat,
  speed,
});

describe('entry and exit over a sequence of positions', () => {
  it('circle: outside → inside → outside gives one entry then one exit', () => {
    const track = [p(0, 55.27, 25.18), p(1, 55.2796, 25.1972), p(2, 55.2799, 25.1975), p(3, 55.3, 25.21)];
    const { events, state } = evaluate('V', [circle], emptyState(), track, S);
    expect(events.map((e) => `${e.kind}:${e.fenceId}@${e.at}`)).toEqual([`entry:C@${at(1)}`, `exit:C@${at(3)}`]);
    expect(state.inside).toEqual([]);
    expect(state.lastAt).toBe(at(3));
  });
  it('polygon: entering and staying gives one entry; the state carries it to the next batch', () => {
    const first = evaluate('V', [square], emptyState(), [p(0, 55.17, 25.145), p(1, 55.185, 25.145)], S);
    expect(first.events.map((e) => e.kind)).toEqual(['entry']);
    const second = evaluate('V', [square], first.state, [p(2, 55.186, 25.146), p(3, 55.2, 25.146)], S);
    expect(second.events.map((e) => `${e.kind}:${e.fenceType}`)).toEqual(['exit:SERVICE_AREA']);
    expect(alertWorthy(second.events[0])).toBe(true);
    expect(alertWorthy(first.events[0])).toBe(false);
  });
  it('a fence limited to other vehicles is ignored', () => {
    const only = { ...circle, vehicleIds: ['OTHER'] };
    expect(evaluate('V', [only], emptyState(), [p(0, 55.2796, 25.1972)], S).events).toEqual([]);
  });
  it('out-of-order positions are not used for events', () => {
    const first = evaluate('V', [circle], emptyState(), [p(5, 55.27, 25.18)], S);
    // a late position from minute 2 inside the circle: older than the state, ignored
    const late = evaluate('V', [circle], first.state, [p(2, 55.2796, 25.1972)], S);
    expect(late.events).toEqual([]);
    expect(late.evaluated).toBe(0);
    expect(late.state.lastAt).toBe(at(5));
    // unordered batch: sorted before evaluation
    const batch = evaluate(
      'V',
      [circle],
      emptyState(),
      [p(3, 55.27, 25.18), p(1, 55.27, 25.18), p(2, 55.2796, 25.1972)],
      S,
    );
    expect(batch.events.map((e) => e.kind)).toEqual(['entry', 'exit']);
  });
  it('DROP_ZONE membership for the offline rule', () => {
    expect(inDropZone([{ ...circle, type: 'DROP_ZONE' }], 55.2796, 25.1972)).toBe(true);
    expect(inDropZone([circle], 55.2796, 25.1972)).toBe(false);
  });
});

describe('time windows in the company time zone', () => {
  // Friday 22:00 → 06:00, Dubai (UTC+4): Fri 18:00Z … Sat 02:00Z
  const w = { days: ['fri' as const], start: '22:00', end: '06:00' };
  it('across midnight', () => {
    expect(windowOpen(w, '2030-01-11T18:30:00Z', 'Asia/Dubai')).toBe(true); // Fri 22:30
    expect(windowOpen(w, '2030-01-11T21:00:00Z', 'Asia/Dubai')).toBe(true); // Sat 01:00
    expect(windowOpen(w, '2030-01-12T01:59:00Z', 'Asia/Dubai')).toBe(true); // Sat 05:59
    expect(windowOpen(w, '2030-01-12T02:00:00Z', 'Asia/Dubai')).toBe(false); // Sat 06:00
    expect(windowOpen(w, '2030-01-11T17:59:00Z', 'Asia/Dubai')).toBe(false); // Fri 21:59
    expect(windowOpen(w, '2030-01-10T21:00:00Z', 'Asia/Dubai')).toBe(false); // Fri 01:00 (Thu night not listed)
  });
  it('the same instant is judged in the company zone, not UTC', () => {
    const day = { days: ['mon' as const], start: '08:00', end: '17:00' };
    // Monday 07:00Z is 11:00 in Dubai (open) but 02:00 in New York (closed)
    expect(windowOpen(day, '2030-01-07T07:00:00Z', 'Asia/Dubai')).toBe(true);
    expect(windowOpen(day, '2030-01-07T07:00:00Z', 'America/New_York')).toBe(false);
  });
  it('a closed window neither enters nor exits', () => {
    const nightly = { ...circle, timeWindow: { days: ['mon' as const], start: '12:00', end: '13:00' } };
    // 08:00Z = 12:00 Dubai open, 09:01Z = 13:01 closed
    const r = evaluate('V', [nightly], emptyState(), [p(0, 55.2796, 25.1972)], S);
    expect(r.events.map((e) => e.kind)).toEqual(['entry']);
    const later = evaluate(
      'V',
      [nightly],
      r.state,
      [{ at: '2030-01-07T09:01:00.000Z', lon: 55.3, lat: 25.21, speed: 30 }],
      S,
    );
    expect(later.events).toEqual([]);
    expect(later.state.inside).toEqual(['C']);
  });
});

describe('overspeed with a minimal duration', () => {
  it('a spike shorter than the duration is not speeding; a held one is reported once', () => {
    const spike = [p(0, 55.1, 25.1, 100), p(0, 55.1, 25.1, 150, 10), p(0, 55.1, 25.1, 100, 20)];
    expect(evaluate('V', [], emptyState(), spike, S).events).toEqual([]);
    const held = [
      p(0, 55.1, 25.1, 130),
      p(0, 55.1, 25.1, 140, 15),
      p(0, 55.1, 25.1, 150, 30),
      p(0, 55.1, 25.1, 135, 45),
      p(1, 55.1, 25.1, 131),
    ];
    const r = evaluate('V', [], emptyState(), held, S);
    expect(r.events).toHaveLength(1);
    expect(r.events[0]).toMatchObject({
      kind: 'speeding',
      limitKmh: 120,
      maxSpeedKmh: 150,
      since: at(0),
      at: at(0, 30),
    });
  });
  it("the fence's own limit applies inside it", () => {
    const zone = { ...circle, type: 'SERVICE_AREA' as const, speedLimitKmh: 60 };
    const r = evaluate('V', [zone], emptyState(), [p(0, 55.2796, 25.1972, 80), p(1, 55.2797, 25.1973, 85)], S);
    expect(r.events.map((e) => e.kind)).toEqual(['entry', 'speeding']);
    expect(r.events[1]).toMatchObject({ limitKmh: 60, fenceId: 'C' });
  });
});

describe('trips and stops (Traccar model)', () => {
  const t0 = Date.UTC(2030, 0, 7, 8, 0, 0);
  const pt = (s: number, lon: number, speed: number): TrackPoint => ({
    at: new Date(t0 + s * 1000).toISOString(),
    lat: 25.2,
    lon,
    speed,
  });
  it('two drives separated by a 20-minute stop; a short halt at a light stays in the trip', () => {
    const track: TrackPoint[] = [];
    // drive 1: 10 min at ~60 km/h east (0.001° lon ≈ 100 m per 6 s), with a 60 s red light at minute 5
    for (let s = 0; s <= 600; s += 30) track.push(pt(s, 55.2 + s * 0.00002, s >= 300 && s < 360 ? 0 : 60));
    // parked 20 minutes
    for (let s = 630; s <= 1800; s += 60) track.push(pt(s, 55.2 + 600 * 0.00002, 0));
    // drive 2: 5 min
    for (let s = 1830; s <= 2130; s += 30) track.push(pt(s, 55.212 + (s - 1830) * 0.00002, 50));
    track.push(pt(2500, 55.212 + 300 * 0.00002, 0));
    const { trips, stops, distanceKm } = tripsAndStops(track);
    expect(trips).toHaveLength(2);
    expect(trips[0].startAt).toBe(pt(0, 0, 0).at);
    expect(trips[0].endAt).toBe(pt(630, 0, 0).at);
    expect(trips[0].maxSpeedKmh).toBe(60);
    expect(trips[0].distanceKm).toBeGreaterThan(1.1);
    expect(trips[0].distanceKm).toBeLessThan(1.3);
    expect(stops).toHaveLength(1);
    expect(stops[0].durationSeconds).toBe(1830 - 630);
    expect(distanceKm).toBeCloseTo(trips[0].distanceKm + trips[1].distanceKm, 2);
  });
  it('drift in a car park is no trip', () => {
    const track = [pt(0, 55.2, 5), pt(30, 55.20001, 4), pt(60, 55.2, 0), pt(900, 55.2, 0)];
    expect(tripsAndStops(track).trips).toEqual([]);
  });
});
