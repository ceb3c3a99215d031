import { describe, expect, it } from 'vitest';
import { REGION_CODES } from '../regions';
import {
  ACCOUNT_CODES,
  chartLocalisation,
  chartMismatches,
  defaultChart,
  isEmptyLocalisation,
  normalBalance,
} from './chart';

describe('default chart of accounts', () => {
  it.each(REGION_CODES)(
    '%s: unique codes, every parent a group of the same type, names in both languages',
    (region) => {
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
    },
  );
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

describe('chart localisation (issue 26)', () => {
  const stored = (region: Parameters<typeof defaultChart>[0]) =>
    defaultChart(region).map((a) => ({ code: a.code, name: a.name, nameAr: a.nameAr, isActive: true }));

  it.each(REGION_CODES)('%s: its own default chart agrees with it', (region) => {
    expect(chartMismatches(region, stored(region))).toEqual([]);
    expect(isEmptyLocalisation(chartLocalisation(region, stored(region)))).toBe(true);
  });

  it('a UAE company with the US chart: VAT input missing, 2310 named as sales tax', () => {
    const m = chartMismatches('AE', stored('US'));
    expect(m).toEqual(
      expect.arrayContaining([
        { code: '1500', problem: 'missing', expected: 'Tax assets' },
        { code: '1510', problem: 'missing', expected: 'VAT input (recoverable)' },
        { code: '2310', problem: 'name', expected: 'VAT output', actual: 'Sales tax payable' },
      ]),
    );
    const plan = chartLocalisation('AE', stored('US'));
    expect(plan.add.map((a) => a.code)).toEqual(['1500', '1510']);
    expect(plan.rename).toEqual([{ code: '2310', name: 'VAT output', nameAr: 'ضريبة القيمة المضافة على المخرجات' }]);
  });

  it('a US company with the UAE chart deactivates VAT input; Jordan renames to GST; a own name is kept', () => {
    expect(chartLocalisation('US', stored('AE'))).toMatchObject({
      add: [],
      deactivate: ['1500', '1510'],
      rename: [{ code: '2310', name: 'Sales tax payable' }],
    });
    expect(chartLocalisation('JO', stored('SA')).rename.map((r) => r.name)).toEqual([
      'GST input (recoverable)',
      'GST output',
    ]);
    const renamed = stored('AE').map((a) => (a.code === '2310' ? { ...a, name: 'Output tax (our name)' } : a));
    expect(chartMismatches('AE', renamed)).toEqual([]);
    const inactive = stored('AE').map((a) => (a.code === '1510' ? { ...a, isActive: false } : a));
    expect(chartLocalisation('AE', inactive).activate).toEqual(['1510']);
  });
});
