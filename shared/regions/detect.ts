/** Region detection from coordinates, or else the time zone name. */
import { currentTimeZone } from './format';
import type { LanguageCode, RegionCode } from './table';

// ---------------------------------------------------------------------------------------------
// Detection
// ---------------------------------------------------------------------------------------------

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface GeoBox {
  region: Exclude<RegionCode, 'US'>;
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * Bounding boxes, checked IN THIS ORDER, first match wins. The Saudi box is large and overlaps
 * both others (it covers the whole UAE box and Jordan's southern half), so the smaller boxes go
 * first: UAE, then Jordan, then Saudi Arabia. Known approximations of boxes: Qatar, Bahrain,
 * Kuwait and parts of Oman/Yemen resolve to Saudi Arabia; the Musandam peninsula and Buraimi
 * (Oman) to the UAE; a strip of northern Saudi Arabia (Al-Qurayyat, Haql) to Jordan. The UAE's
 * western edge is 51.55°E so that Doha (51.53°E) is not taken for the UAE.
 */
export const GEO_BOXES: readonly GeoBox[] = [
  { region: 'AE', minLat: 22.6, maxLat: 26.1, minLon: 51.55, maxLon: 56.4 },
  { region: 'JO', minLat: 29.1, maxLat: 33.4, minLon: 34.9, maxLon: 39.35 },
  { region: 'SA', minLat: 16.3, maxLat: 32.2, minLon: 34.5, maxLon: 55.7 },
];

/** Time-zone fallback: only these three names map to a region; everything else is US. */
export const TIMEZONE_REGIONS: Readonly<Record<string, Exclude<RegionCode, 'US'>>> = {
  'Asia/Dubai': 'AE',
  'Asia/Riyadh': 'SA',
  'Asia/Amman': 'JO',
};

export interface RegionDetection {
  region: RegionCode;
  /** What decided: a geolocation box, the time zone name, or nothing (default US). */
  method: 'geolocation' | 'timezone' | 'default';
  /**
   * Language to switch to, when detection dictates one. Only the UAE does: "UAE detection sets
   * the language to English". Undefined means keep the user's language.
   */
  language?: LanguageCode;
  /** True for the UAE: show "We detected you're in the UAE. You're viewing prices in AED." */
  showUaeNotice: boolean;
}

function validCoordinates(c: Coordinates | null | undefined): c is Coordinates {
  return (
    !!c &&
    Number.isFinite(c.latitude) &&
    Number.isFinite(c.longitude) &&
    Math.abs(c.latitude) <= 90 &&
    Math.abs(c.longitude) <= 180
  );
}

/**
 * Detects the region. With valid coordinates: the first of GEO_BOXES (UAE, Jordan, Saudi
 * Arabia) containing them (edges inclusive), else US — coordinates outside every box mean US,
 * the time zone is then not consulted. Without (valid) coordinates: the time zone name
 * (Asia/Dubai → AE, Asia/Riyadh → SA, Asia/Amman → JO, anything else → US); `timeZone` defaults
 * to the environment's; pass null for none. A UAE result carries `language: 'en'`.
 */
export function detectRegion(
  coords?: Coordinates | null,
  timeZone: string | null | undefined = currentTimeZone(),
): RegionDetection {
  const result = (region: RegionCode, method: RegionDetection['method']): RegionDetection =>
    region === 'AE'
      ? { region, method, language: 'en', showUaeNotice: true }
      : { region, method, showUaeNotice: false };

  if (validCoordinates(coords)) {
    const { latitude: lat, longitude: lon } = coords;
    const box = GEO_BOXES.find((b) => lat >= b.minLat && lat <= b.maxLat && lon >= b.minLon && lon <= b.maxLon);
    return result(box ? box.region : 'US', 'geolocation');
  }
  const byZone = timeZone && Object.hasOwn(TIMEZONE_REGIONS, timeZone) ? TIMEZONE_REGIONS[timeZone] : undefined;
  if (byZone) return result(byZone, 'timezone');
  return result('US', timeZone ? 'timezone' : 'default');
}
