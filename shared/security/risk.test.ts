import { describe, expect, it } from 'vitest';
import {
  browserOf,
  distanceKm,
  COUNTRY_CENTROIDS,
  impossibleTravel,
  levelOf,
  scoreSignals,
  signinSignals,
} from './risk';
import { previousIsoWeek } from '../../functions/security-report/report';

const H = 3_600_000;
const known = { known: true, countries: ['AE'], lastCountry: 'AE', lastAt: '2026-11-26T08:00:00.000Z' };
const at = Date.parse('2026-11-26T09:00:00.000Z');

describe('risk scoring', () => {
  it('maps scores to levels at 25, 50 and 80', () => {
    expect([0, 24, 25, 49, 50, 79, 80, 100].map(levelOf)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'critical',
      'critical',
    ]);
    expect(scoreSignals(['new_device'])).toEqual({ score: 25, level: 'medium' });
    expect(scoreSignals(['new_device', 'new_country'])).toEqual({ score: 50, level: 'high' });
    expect(scoreSignals(['impossible_travel', 'new_country'])).toEqual({ score: 85, level: 'critical' });
    expect(scoreSignals(['blocked_ip']).level).toBe('critical');
    expect(scoreSignals(['blocked_ip', 'impossible_travel', 'new_device']).score).toBe(100);
  });

  it('has no baseline on the first sign-in: no device, country or travel signal', () => {
    expect(
      signinSignals(
        { known: false, countries: [], lastCountry: null, lastAt: null },
        { country: 'GB', at, device: 'new', recentFailures: 0, ipListed: false },
      ),
    ).toEqual([]);
  });

  it('flags a new device, a new country, and failures and a listed IP', () => {
    expect(signinSignals(known, { country: 'AE', at, device: 'new', recentFailures: 0, ipListed: false })).toEqual([
      'new_device',
    ]);
    expect(signinSignals(known, { country: 'AE', at, device: 'trusted', recentFailures: 3, ipListed: true })).toEqual([
      'recent_failures',
      'blocked_ip',
    ]);
    expect(
      signinSignals(known, { country: 'AE', at, device: 'suspicious', recentFailures: 2, ipListed: false }),
    ).toEqual(['suspicious_device']);
    expect(signinSignals(known, { country: 'OM', at, device: 'unknown', recentFailures: 0, ipListed: false })).toEqual([
      'new_country',
    ]);
    // Sign-ins without a country give no country baseline: nothing is "new".
    expect(
      signinSignals(
        { ...known, countries: [] },
        { country: 'OM', at, device: 'unknown', recentFailures: 0, ipListed: false },
      ),
    ).toEqual([]);
  });

  it('impossible travel: faster than 900 km/h plus 2 hours of airports, only beyond 500 km', () => {
    const km = distanceKm(COUNTRY_CENTROIDS.AE!, COUNTRY_CENTROIDS.GB!);
    expect(km).toBeGreaterThan(5000);
    expect(km).toBeLessThan(6500);
    const needed = km / 900 + 2;
    expect(impossibleTravel('AE', at, 'GB', at + (needed - 0.5) * H)).toBe(true);
    expect(impossibleTravel('AE', at, 'GB', at + (needed + 0.5) * H)).toBe(false);
    expect(impossibleTravel('AE', at, 'OM', at + 60_000)).toBe(false); // neighbours
    expect(impossibleTravel('AE', at, 'AE', at)).toBe(false);
    expect(impossibleTravel('AE', at, 'ZZ', at)).toBe(false); // no centroid: no claim
    expect(signinSignals(known, { country: 'GB', at, device: 'unknown', recentFailures: 0, ipListed: false })).toEqual([
      'new_country',
      'impossible_travel',
    ]);
  });

  it('names browser and OS from a user agent', () => {
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 Version/18.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(
      browserOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0'),
    ).toBe('Edge · Windows');
    expect(browserOf(null)).toBe('—');
  });
});

describe('weekly report period', () => {
  it('is the ISO week before the run, Monday to Monday UTC', () => {
    expect(previousIsoWeek(new Date('2026-11-30T05:00:00Z'))).toEqual({
      week: '2026-W48',
      from: '2026-11-23T00:00:00.000Z',
      to: '2026-11-30T00:00:00.000Z',
    });
    // A run on a Sunday reports the week before the current one; New Year's week belongs to the year of its Thursday.
    expect(previousIsoWeek(new Date('2026-11-29T23:00:00Z')).week).toBe('2026-W47');
    expect(previousIsoWeek(new Date('2027-01-04T05:00:00Z'))).toMatchObject({
      week: '2026-W53',
      from: '2026-12-28T00:00:00.000Z',
    });
  });
});
