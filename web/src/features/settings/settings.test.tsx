import { describe, expect, it } from 'vitest';
import { readableTextOn } from './tabs/BrandingTab';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('brand preview text colour', () => {
  it('reaches AA contrast (4.5:1) on every colour, including the defaults that failed with white', () => {
    for (const bg of [
      '#3B82F6',
      '#8B5CF6',
      '#0F766E',
      '#B45309',
      '#FFFFFF',
      '#000000',
      '#767676',
      '#777777',
      '#FFFF00',
    ]) {
      expect(contrast(readableTextOn(bg), bg), bg).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextOn('#0F766E')).toBe('#FFFFFF');
    expect(readableTextOn('#3B82F6')).toBe('#000000');
  });
});
