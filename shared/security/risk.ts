/**
 * Sign-in and business-action risk scoring (issue 16), pure so it is unit-tested and the same on
 * the server and in the page's legend. Anchors: Auth0's new-device / untrusted-IP /
 * impossible-travel signals; Cognito's low / medium / high risk levels (critical added: refused).
 *
 * Weights (a rental company's judgement, documented here):
 *  - new_device 25: this user has signed in before, never from this device (cookie + browser/OS).
 *  - suspicious_device 30: a device an earlier risky sign-in marked suspicious (not yet trusted).
 *  - new_country 25: this user has signed in from known countries before, never from this one.
 *  - impossible_travel 60: from the last sign-in's country to this one faster than an airliner
 *    (900 km/h over the great-circle distance between country centroids, with 2 hours of slack
 *    for airports, and only beyond 500 km so neighbouring countries never trip it).
 *  - recent_failures 20: 3 or more failed passwords for this username in the current window.
 *  - blocked_ip 80: the source IP is on the throttle list (half-way or more to the per-IP lock:
 *    a password-spraying source) — critical on its own.
 * Levels: < 25 low, 25–49 medium, 50–79 high, ≥ 80 critical. Low and medium go through
 * (recorded); high asks for the MFA code, or is refused when the user has no authenticator app;
 * critical is refused and raises a security alert.
 */
import turfDistance from '@turf/distance';
import { point } from '@turf/helpers';
export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const SIGNIN_SIGNALS = [
  'new_device',
  'suspicious_device',
  'new_country',
  'impossible_travel',
  'recent_failures',
  'blocked_ip',
] as const;
export const ACTION_SIGNALS = [
  'refund_other_method',
  'large_discount',
  'large_write_off',
  'ticket_deleted',
  'gateway_keys_changed',
] as const;
export type SigninSignal = (typeof SIGNIN_SIGNALS)[number];
export type ActionSignal = (typeof ACTION_SIGNALS)[number];
export type RiskSignal = SigninSignal | ActionSignal;

export const SIGNAL_WEIGHT: Record<RiskSignal, number> = {
  new_device: 25,
  suspicious_device: 30,
  new_country: 25,
  impossible_travel: 60,
  recent_failures: 20,
  blocked_ip: 80,
  // Business actions: each is worth a second look (medium); a refund to another method is how
  // money leaves to someone else (high); changing where online payments go is high too.
  refund_other_method: 55,
  large_discount: 30,
  large_write_off: 40,
  ticket_deleted: 30,
  gateway_keys_changed: 55,
};

export const MAX_TRAVEL_KMH = 900;
export const TRAVEL_SLACK_HOURS = 2;
export const TRAVEL_MIN_KM = 500;
export const RECENT_FAILURES_THRESHOLD = 3;

export function levelOf(score: number): RiskLevel {
  if (score >= 80) return 'critical';
  if (score >= 50) return 'high';
  if (score >= 25) return 'medium';
  return 'low';
}

export function scoreSignals(signals: readonly RiskSignal[]): { score: number; level: RiskLevel } {
  const score = Math.min(
    100,
    [...new Set(signals)].reduce((s, x) => s + SIGNAL_WEIGHT[x], 0),
  );
  return { score, level: levelOf(score) };
}

/** Approximate centroids (lat, lon) of the countries a Gulf rental company's staff sign in from. */
export const COUNTRY_CENTROIDS: Record<string, [number, number]> = {
  AE: [24.0, 54.0],
  SA: [24.0, 45.0],
  QA: [25.3, 51.2],
  BH: [26.0, 50.55],
  KW: [29.3, 47.7],
  OM: [21.0, 57.0],
  YE: [15.5, 48.0],
  JO: [31.0, 36.0],
  LB: [33.8, 35.8],
  SY: [35.0, 38.0],
  IQ: [33.0, 44.0],
  IR: [32.0, 53.0],
  IL: [31.5, 34.8],
  PS: [31.9, 35.2],
  TR: [39.0, 35.0],
  EG: [27.0, 30.0],
  LY: [25.0, 17.0],
  TN: [34.0, 9.0],
  DZ: [28.0, 3.0],
  MA: [32.0, -5.0],
  SD: [15.0, 30.0],
  ET: [8.0, 38.0],
  KE: [1.0, 38.0],
  NG: [10.0, 8.0],
  ZA: [-29.0, 24.0],
  PK: [30.0, 70.0],
  IN: [21.0, 78.0],
  BD: [24.0, 90.0],
  LK: [7.0, 81.0],
  NP: [28.0, 84.0],
  AF: [33.0, 65.0],
  CN: [35.0, 105.0],
  HK: [22.3, 114.2],
  JP: [36.0, 138.0],
  KR: [37.0, 127.5],
  SG: [1.35, 103.8],
  MY: [2.5, 112.5],
  TH: [15.0, 100.0],
  ID: [-5.0, 120.0],
  PH: [13.0, 122.0],
  VN: [16.0, 106.0],
  AU: [-25.0, 135.0],
  NZ: [-41.0, 174.0],
  GB: [54.0, -2.0],
  IE: [53.0, -8.0],
  FR: [46.0, 2.0],
  DE: [51.0, 9.0],
  NL: [52.5, 5.75],
  BE: [50.8, 4.0],
  CH: [47.0, 8.0],
  AT: [47.3, 13.3],
  IT: [42.8, 12.8],
  ES: [40.0, -4.0],
  PT: [39.5, -8.0],
  GR: [39.0, 22.0],
  CY: [35.0, 33.0],
  PL: [52.0, 20.0],
  CZ: [49.75, 15.5],
  SE: [62.0, 15.0],
  NO: [62.0, 10.0],
  DK: [56.0, 10.0],
  FI: [64.0, 26.0],
  RU: [60.0, 100.0],
  UA: [49.0, 32.0],
  RO: [46.0, 25.0],
  AZ: [40.5, 47.5],
  GE: [42.0, 43.5],
  KZ: [48.0, 68.0],
  UZ: [41.0, 64.0],
  US: [38.0, -97.0],
  CA: [60.0, -95.0],
  MX: [23.0, -102.0],
  BR: [-10.0, -55.0],
  AR: [-34.0, -64.0],
};

/** Great-circle distance in km between two [lat, lon] centroids (turf's haversine, mean Earth radius). */
export function distanceKm(a: [number, number], b: [number, number]): number {
  return turfDistance(point([a[1], a[0]]), point([b[1], b[0]]), { units: 'kilometers' });
}

/** True when going from `from` (at `fromAt`) to `to` (at `toAt`) would need more than an airliner's speed. */
export function impossibleTravel(
  from: string | null | undefined,
  fromAt: string | number | null | undefined,
  to: string | null,
  toAt: number,
): boolean {
  if (!from || !to || from === to || fromAt == null) return false;
  const a = COUNTRY_CENTROIDS[from];
  const b = COUNTRY_CENTROIDS[to];
  if (!a || !b) return false;
  const km = distanceKm(a, b);
  if (km < TRAVEL_MIN_KM) return false;
  const hours = Math.max(0, (toAt - new Date(fromAt).getTime()) / 3_600_000);
  return km / MAX_TRAVEL_KMH + TRAVEL_SLACK_HOURS > hours;
}

export interface SigninHistory {
  /** Has this user signed in (successfully) before? Without history there is no baseline. */
  known: boolean;
  countries: readonly string[];
  lastCountry: string | null;
  lastAt: string | null;
}

export interface SigninFacts {
  country: string | null;
  at: number;
  device: 'new' | 'unknown' | 'trusted' | 'suspicious' | 'blocked';
  recentFailures: number;
  ipListed: boolean;
}

/** The signals of one sign-in (unit-tested). */
export function signinSignals(history: SigninHistory, f: SigninFacts): SigninSignal[] {
  const out: SigninSignal[] = [];
  if (history.known && f.device === 'new') out.push('new_device');
  if (f.device === 'suspicious') out.push('suspicious_device');
  // A new country needs a baseline of countries (sign-ins without a country header give none).
  if (history.known && history.countries.length > 0 && f.country && !history.countries.includes(f.country))
    out.push('new_country');
  if (history.known && impossibleTravel(history.lastCountry, history.lastAt, f.country, f.at))
    out.push('impossible_travel');
  if (f.recentFailures >= RECENT_FAILURES_THRESHOLD) out.push('recent_failures');
  if (f.ipListed) out.push('blocked_ip');
  return out;
}

/** Browser and OS from a user agent, in a few words ('Chrome · Windows'); the device label and its family. */
export function browserOf(ua: string | null | undefined): string {
  if (!ua) return '—';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Other';
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return os ? `${browser} · ${os}` : browser;
}

/**
 * What makes a discount or a write-off "large": 1,000.00 in the company's currency (minor units:
 * 100,000) — about a week of an SUV's rent in the UAE or Saudi Arabia; smaller corrections are
 * everyday work and would drown the feed.
 */
export const LARGE_AMOUNT_MINOR = 100_000;
