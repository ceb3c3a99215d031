import { describe, expect, it } from 'vitest';
import { FALLBACK_SLUG, slugCandidates, slugify } from './slug';

describe('slugify', () => {
  it('lower-cases and joins words with dashes', () => {
    expect(slugify('Desert Rose Car Rental LLC')).toBe('desert-rose-car-rental-llc');
  });
  it('drops accents and punctuation', () => {
    expect(slugify('  Café  Motors & Sons!! ')).toBe('cafe-motors-and-sons');
  });
  it('transliterates Arabic names', () => {
    expect(slugify('سيارة')).toBe('syara');
    expect(slugify('الخليج لتأجير السيارات')).toBe('alkhlyj-ltajyr-alsyarat');
  });
  it('falls back to "company" when nothing usable remains', () => {
    expect(slugify('!!!')).toBe(FALLBACK_SLUG);
    expect(slugify('🚗')).toBe(FALLBACK_SLUG);
  });
  it('caps the length without a trailing dash', () => {
    const s = slugify('a'.repeat(47) + ' bcd');
    expect(s.length).toBeLessThanOrEqual(48);
    expect(s.endsWith('-')).toBe(false);
  });
  it('numbers the alternatives from 2', () => {
    expect(slugCandidates('acme', 3)).toEqual(['acme', 'acme-2', 'acme-3']);
  });
});
