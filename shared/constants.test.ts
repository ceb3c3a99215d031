import { describe, expect, it } from 'vitest';
import * as C from './constants';
import { DEFAULT_LOCALE, REGIONS } from './regions';
import { toMinor } from './money';

describe('spec constants', () => {
  it('session, cache and shell timings', () => {
    expect(C.TOKEN_REFRESH_MARGIN_MS).toBe(300_000);
    expect(C.DATA_CACHE_FRESH_MS).toBe(300_000);
    expect(C.DATA_CACHE_GC_MS).toBe(300_000);
    expect(C.CURRENT_USER_STALE_MS).toBe(600_000);
    expect(C.TOAST_LIMIT).toBe(3);
    expect(C.TOAST_REMOVE_DELAY_MS).toBe(5000);
    expect(C.INSTALL_PROMPT_DELAY_MS).toBe(10_000);
    expect(C.OFFLINE_FLAG_TIMER_MS).toBe(5_000);
    expect(C.PRELOAD_DELAY_MS).toBe(100);
    expect(C.PERF_LOG_LIMIT).toBe(50);
    expect(C.RECENT_SEARCHES_LIMIT).toBe(10);
  });

  it('branding, limits and references', () => {
    expect([C.DEFAULT_PRIMARY_COLOR, C.DEFAULT_SECONDARY_COLOR, C.DEFAULT_TEXT_COLOR]).toEqual([
      '#3B82F6',
      '#8B5CF6',
      '#1F2937',
    ]);
    expect(C.PASSWORD_MIN_LENGTH).toBe(6);
    expect(C.STAFF_USERNAME_MIN_LENGTH).toBe(3);
    expect(C.LOGO_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(C.DOCUMENT_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(C.VIN_LENGTH).toBe(17);
    expect(C.MIN_ODOMETER_KM).toBe(1);
    expect([C.EXPECTED_DURATION_MIN_DAYS, C.EXPECTED_DURATION_MAX_DAYS]).toEqual([1, 365]);
    expect(C.REFERENCE_COUNTER_START).toBe(1001);
    expect(Object.values(C.REFERENCE_PREFIXES)).toEqual(['RENT-', 'CNT-', 'INV-', 'REC-']);
    expect(C.DOCUMENT_REMINDER_DAYS).toBe(30);
  });

  it('rental defaults agree between major and minor units', () => {
    expect(C.DEFAULT_DAILY_KM_LIMIT).toBe(200);
    expect(toMinor(C.DEFAULT_EXTRA_CHARGE_PER_KM)).toBe(C.DEFAULT_EXTRA_CHARGE_PER_KM_MINOR);
    expect(C.DEFAULT_VAT_RATE).toBe(0.05);
    expect(C.DEFAULT_ENABLE_VAT).toBe(false);
    expect(C.DEFAULT_GRACE_PERIOD_HOURS).toBe(1);
  });

  it('default locale agrees with the region module', () => {
    expect({
      currency: C.DEFAULT_CURRENCY,
      language: C.DEFAULT_LANGUAGE,
      timezone: C.DEFAULT_TIMEZONE,
      region: C.DEFAULT_REGION,
    }).toEqual(DEFAULT_LOCALE);
    expect(REGIONS[C.DEFAULT_REGION].timezone).toBe(C.DEFAULT_TIMEZONE);
  });

  it('marketing figures are the static spec text', () => {
    expect(C.MARKETING_FIGURES.map((f) => f.value)).toEqual([
      '99.9%',
      '50%',
      '94%',
      '90%',
      '+25%',
      '35%',
      '80%',
      '80%',
      '10,000+',
      '500+',
    ]);
    expect(C.MARKETING_TESTIMONIAL_COUNT).toBe(3);
    expect(C.MARKETING_TESTIMONIAL_RATING).toBe(5);
  });
});
