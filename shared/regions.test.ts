import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  calendarDateInZone,
  DEFAULT_LOCALE,
  detectRegion,
  FALLBACK_LANGUAGE,
  FALLBACK_REGION,
  formatBusinessHours,
  formatDate,
  formatTaxRate,
  formatTime,
  GEO_BOXES,
  getLanguage,
  getRegionConfig,
  intlLocale,
  isRtl,
  LANGUAGES,
  REGION_CODES,
  REGIONS,
  resolveLanguage,
} from './regions';

describe('region config: every rule of the regional rules table', () => {
  // Region | Min age | Young-driver age | Young-driver fee | Max days | Cross-border | Tax | Currency
  const table = [
    ['US', 'United States', 21, 25, 25, 365, ['CA'], 0, 'USD'],
    ['AE', 'United Arab Emirates', 21, 25, 50, 90, ['OM', 'SA'], 5, 'AED'],
    ['SA', 'Saudi Arabia', 20, 25, 60, 90, ['AE', 'JO'], 15, 'SAR'],
    ['JO', 'Jordan', 21, 25, 15, 180, ['SA'], 16, 'JOD'],
  ] as const;

  it.each(table)('%s', (code, name, minAge, youngAge, fee, maxDays, crossBorder, tax, currency) => {
    const r = REGIONS[code];
    expect(r.countryCode).toBe(code);
    expect(r.region).toBe(name);
    expect(r.businessRules.minAge).toBe(minAge);
    expect(r.businessRules.youngDriverAge).toBe(youngAge);
    expect(r.businessRules.youngDriverFeePerDay).toBe(fee);
    expect(r.businessRules.youngDriverFeePerDayMinor).toBe(fee * 100);
    expect(r.businessRules.maxRentalDays).toBe(maxDays);
    expect(r.businessRules.crossBorder).toEqual(crossBorder);
    expect(r.taxRate).toBe(tax);
    expect(r.currency).toBe(currency);
  });

  it('date format DD/MM/YYYY for AE, SA, JO; MM/DD/YYYY otherwise', () => {
    expect(REGIONS.US.dateFormat).toBe('MM/DD/YYYY');
    for (const c of ['AE', 'SA', 'JO'] as const) expect(REGIONS[c].dateFormat).toBe('DD/MM/YYYY');
  });

  it('24-hour time for UAE and Jordan, 12-hour for US and Saudi Arabia', () => {
    expect(REGIONS.AE.timeFormat).toBe('24h');
    expect(REGIONS.JO.timeFormat).toBe('24h');
    expect(REGIONS.US.timeFormat).toBe('12h');
    expect(REGIONS.SA.timeFormat).toBe('12h');
  });

  it('time zones', () => {
    expect(REGIONS.US.timezone).toBe('America/New_York');
    expect(REGIONS.AE.timezone).toBe('Asia/Dubai');
    expect(REGIONS.SA.timezone).toBe('Asia/Riyadh');
    expect(REGIONS.JO.timezone).toBe('Asia/Amman');
  });

  it('every region carries every field of the spec Region config, and both languages', () => {
    const fields = [
      'region',
      'countryCode',
      'currency',
      'currencySymbol',
      'currencyPosition',
      'defaultLanguage',
      'timezone',
      'compliance',
      'taxRate',
      'dateFormat',
      'timeFormat',
      'measurements',
      'businessRules',
      'payments',
      'languages',
    ];
    for (const code of REGION_CODES) {
      const r = REGIONS[code];
      for (const f of fields) expect(r, `${code}.${f}`).toHaveProperty(f);
      expect(Object.keys(r.measurements).sort()).toEqual(['distance', 'fuel', 'temperature']);
      expect(r.languages).toEqual([
        { code: 'en', label: 'English', nativeName: 'English', rtl: false },
        { code: 'ar', label: 'Arabic', nativeName: 'العربية', rtl: true },
      ]);
      // each region has its own copy, so a caller mutating one cannot change another
      expect(r.languages).not.toBe(LANGUAGES);
      expect(r.businessRules.youngDriverAge).toBeGreaterThan(r.businessRules.minAge);
    }
  });

  it('defaults and fallbacks: USD, English, America/New_York, USA', () => {
    expect(DEFAULT_LOCALE).toEqual({ currency: 'USD', language: 'en', timezone: 'America/New_York', region: 'US' });
    expect(FALLBACK_REGION).toBe('US');
    expect(FALLBACK_LANGUAGE).toBe('en');
    expect(getRegionConfig(undefined).countryCode).toBe('US');
    expect(getRegionConfig('').countryCode).toBe('US');
    expect(getRegionConfig('XX').countryCode).toBe('US');
    expect(getRegionConfig('ae').countryCode).toBe('AE');
    expect(getRegionConfig(REGIONS.JO)).toBe(REGIONS.JO);
    expect(resolveLanguage('fr')).toBe('en');
    expect(resolveLanguage('ar-SA')).toBe('ar');
    expect(getLanguage('ar').nativeName).toBe('العربية');
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('en')).toBe(false);
    expect(isRtl(undefined)).toBe(false);
  });

  it('tax rate as a percentage', () => {
    expect(formatTaxRate('US')).toBe('0%');
    expect(formatTaxRate('AE')).toBe('5%');
    expect(formatTaxRate('SA')).toBe('15%');
    expect(formatTaxRate('JO')).toBe('16%');
  });

  it('Arabic locales force Latin digits', () => {
    expect(intlLocale('SA', 'ar')).toBe('ar-SA-u-nu-latn');
    expect(intlLocale('US', 'en')).toBe('en-US');
    expect(intlLocale('nope', 'nope')).toBe('en-US');
  });
});

describe('formatDate', () => {
  it('calendar dates follow the region order, same in en and ar', () => {
    expect(formatDate('2025-03-07', 'US', 'en')).toBe('03/07/2025');
    expect(formatDate('2025-03-07', 'US', 'ar')).toBe('03/07/2025');
    for (const r of ['AE', 'SA', 'JO'] as const) {
      expect(formatDate('2025-03-07', r, 'en')).toBe('07/03/2025');
      expect(formatDate('2025-03-07', r, 'ar')).toBe('07/03/2025');
    }
  });

  it('instants are shown on the region calendar (time zone matters)', () => {
    const lateUtc = '2025-03-15T22:30:00Z'; // 02:30 on the 16th in Dubai, 18:30 on the 15th in New York
    expect(formatDate(lateUtc, 'AE', 'en')).toBe('16/03/2025');
    expect(formatDate(lateUtc, 'US', 'en')).toBe('03/15/2025');
    expect(formatDate(new Date(lateUtc), 'JO', 'ar')).toBe('16/03/2025'); // Amman UTC+3
    expect(formatDate(lateUtc, 'AE', 'en', { timeZone: 'UTC' })).toBe('15/03/2025');
  });

  it('rejects invalid dates', () => {
    expect(() => formatDate('2025-02-30', 'US', 'en')).toThrow(RangeError);
    expect(() => formatDate('not a date', 'US', 'en')).toThrow(RangeError);
  });

  it('calendar date in a zone', () => {
    expect(calendarDateInZone('2025-01-01T03:00:00Z', 'America/New_York')).toBe('2024-12-31');
    expect(calendarDateInZone('2025-01-01T03:00:00Z', 'Asia/Riyadh')).toBe('2025-01-01');
  });
});

describe('formatTime', () => {
  it('24h regions', () => {
    expect(formatTime('09:05', 'AE', 'en')).toBe('09:05');
    expect(formatTime('14:30', 'JO', 'ar')).toBe('14:30');
    expect(formatTime('00:00', 'AE', 'en')).toBe('00:00');
  });

  it('12h regions in English and Arabic', () => {
    expect(formatTime('14:30', 'US', 'en')).toBe('2:30 PM');
    expect(formatTime('09:05', 'US', 'en')).toBe('9:05 AM');
    expect(formatTime('00:15', 'US', 'en')).toBe('12:15 AM');
    expect(formatTime('12:00', 'US', 'en')).toBe('12:00 PM');
    expect(formatTime('14:30', 'SA', 'ar')).toBe('2:30 م');
    expect(formatTime('09:05', 'SA', 'ar')).toBe('9:05 ص');
    expect(formatTime('23:59:59', 'SA', 'en')).toBe('11:59 PM');
  });

  it('instants in the region time zone', () => {
    const t = '2025-03-15T20:30:00Z';
    expect(formatTime(t, 'AE', 'en')).toBe('00:30');
    expect(formatTime(new Date(t), 'US', 'en')).toBe('4:30 PM'); // EDT
    expect(formatTime(t, 'SA', 'ar')).toBe('11:30 م');
  });

  it('rejects invalid times', () => {
    expect(() => formatTime('25:00', 'US', 'en')).toThrow(RangeError);
    expect(() => formatTime('garbage', 'US', 'en')).toThrow(RangeError);
  });

  it('never produces Arabic-Indic digits (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...REGION_CODES),
        (h, m, r) => {
          const s = formatTime(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`, r, 'ar');
          expect(s).toMatch(/^\d{1,2}:\d{2}( [صم])?$/);
        },
      ),
    );
  });
});

describe('formatBusinessHours', () => {
  it('per region time format', () => {
    expect(formatBusinessHours('09:00', '18:00', 'AE')).toBe('09:00 – 18:00');
    expect(formatBusinessHours('09:00', '18:00', 'JO')).toBe('09:00 – 18:00');
    expect(formatBusinessHours('09:00', '18:00', 'US')).toBe('9:00 AM – 6:00 PM');
    expect(formatBusinessHours('09:00', '18:00', 'SA')).toBe('9:00 AM – 6:00 PM');
    expect(formatBusinessHours('09:00', '18:00', 'SA', 'ar')).toBe('9:00 ص – 6:00 م');
    expect(formatBusinessHours('22:00', '06:00', 'US')).toBe('10:00 PM – 6:00 AM');
  });
  it('rejects bad input', () => {
    expect(() => formatBusinessHours('9', '18:00', 'US')).toThrow(RangeError);
  });
});

describe('detectRegion', () => {
  it.each([
    ['Dubai', 25.2048, 55.2708, 'AE'],
    ['Abu Dhabi', 24.4539, 54.3773, 'AE'],
    ['Sharjah', 25.3463, 55.4209, 'AE'],
    ['Riyadh', 24.7136, 46.6753, 'SA'],
    ['Jeddah', 21.4858, 39.1925, 'SA'],
    ['Dammam', 26.4207, 50.0888, 'SA'],
    ['Amman', 31.9539, 35.9106, 'JO'],
    ['Aqaba', 29.532, 35.0063, 'JO'],
    ['Irbid', 32.5556, 35.85, 'JO'],
    ['New York', 40.7128, -74.006, 'US'],
    ['London', 51.5074, -0.1278, 'US'],
    ['Cairo', 30.0444, 31.2357, 'US'],
  ])('%s by geolocation → %s', (_name, latitude, longitude, expected) => {
    const d = detectRegion({ latitude, longitude }, 'Asia/Dubai');
    expect(d.region).toBe(expected);
    expect(d.method).toBe('geolocation');
  });

  it('overlaps resolve to the smaller box (UAE and Jordan before Saudi Arabia)', () => {
    // Points inside both the UAE box and the Saudi box
    expect(detectRegion({ latitude: 24.0, longitude: 55.0 }, null).region).toBe('AE');
    // Amman lies inside the Saudi box too
    const amman = { latitude: 31.9539, longitude: 35.9106 };
    const inSaudiBox = GEO_BOXES.find((b) => b.region === 'SA')!;
    expect(amman.latitude <= inSaudiBox.maxLat && amman.longitude >= inSaudiBox.minLon).toBe(true);
    expect(detectRegion(amman, null).region).toBe('JO');
  });

  it('UAE detection sets the language to English and asks for the notice; others keep the language', () => {
    expect(detectRegion({ latitude: 25.2, longitude: 55.27 }, null)).toEqual({
      region: 'AE',
      method: 'geolocation',
      language: 'en',
      showUaeNotice: true,
    });
    expect(detectRegion(null, 'Asia/Dubai')).toMatchObject({ region: 'AE', method: 'timezone', language: 'en' });
    const sa = detectRegion(null, 'Asia/Riyadh');
    expect(sa.language).toBeUndefined();
    expect(sa.showUaeNotice).toBe(false);
  });

  it('falls back to time zone names without coordinates', () => {
    expect(detectRegion(undefined, 'Asia/Dubai').region).toBe('AE');
    expect(detectRegion(undefined, 'Asia/Riyadh').region).toBe('SA');
    expect(detectRegion(undefined, 'Asia/Amman').region).toBe('JO');
    expect(detectRegion(undefined, 'Europe/London')).toMatchObject({ region: 'US', method: 'timezone' });
    expect(detectRegion(undefined, 'Asia/Muscat').region).toBe('US');
    expect(detectRegion(undefined, 'constructor').region).toBe('US');
    expect(detectRegion(undefined, null)).toEqual({ region: 'US', method: 'default', showUaeNotice: false });
  });

  it('invalid coordinates are ignored in favour of the time zone', () => {
    expect(detectRegion({ latitude: NaN, longitude: 55 }, 'Asia/Amman')).toMatchObject({
      region: 'JO',
      method: 'timezone',
    });
    expect(detectRegion({ latitude: 200, longitude: 55 }, 'Asia/Riyadh').region).toBe('SA');
  });

  it('coordinates outside every box mean US even with a Gulf time zone', () => {
    expect(detectRegion({ latitude: 48.85, longitude: 2.35 }, 'Asia/Dubai')).toMatchObject({
      region: 'US',
      method: 'geolocation',
    });
  });

  it('uses the environment time zone by default', () => {
    expect(REGION_CODES).toContain(detectRegion().region);
  });

  it('always returns a supported region (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (latitude, longitude) => {
          const d = detectRegion({ latitude, longitude }, null);
          expect(REGION_CODES).toContain(d.region);
          expect(d.showUaeNotice).toBe(d.region === 'AE');
        },
      ),
    );
  });
});
