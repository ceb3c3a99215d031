import { describe, expect, it } from 'vitest';
import { REGION_CODES } from '../regions';
import { ACCOUNT_CODES, defaultChart, normalBalance } from './chart';

describe('default chart of accounts', () => {
  it.each(REGION_CODES)('%s: unique codes, every parent a group of the same type, names in both languages', (region) => {
    const chart = defaultChart(region);
    const byCode = new Map(chart.map((a) => [a.code, a]));
    expect(byCode.size).toBe(chart.length);
    for (const a of chart) {
      expect(a.name.length).toBeGreaterThan(0);
      expect(a.nameAr).toMatch(/[\u0600-\u06FF]/);
      if (a.parentCode) {
        const p = byCode.get(a.parentCode)!;
        expect(p.isGroup).toBe(true);
        expect(p.type).toBe(a.type);
      }
    }
  });
  it('has every code the issue lists (VAT input only where the region has VAT)', () => {
    const ae = defaultChart('AE').map((a) => a.code);
    for (const code of Object.values(ACCOUNT_CODES)) expect(ae).toContain(code);
    const us = defaultChart('US').map((a) => a.code);
    expect(us).not.toContain('1510');
    expect(us).toContain('2310');
    expect(defaultChart('US').find((a) => a.code === '2310')!.name).toBe('Sales tax payable');
    expect(defaultChart('JO').find((a) => a.code === '2310')!.name).toBe('GST output');
  });
  it('normal balance follows the type', () => {
    expect(normalBalance('asset', 100, 30)).toBe(70);
    expect(normalBalance('income', 100, 30)).toBe(-70);
  });
});
