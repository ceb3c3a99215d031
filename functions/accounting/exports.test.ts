import { describe, expect, it, vi } from 'vitest';
import { writeFileSync } from 'node:fs';

vi.mock('./deps', () => ({
  readCompany: async () => ({
    name: 'Falcon Rentals',
    region: 'AE',
    timezone: 'Asia/Dubai',
    vatEnabled: true,
    vatNumber: null,
    primaryColor: '#0F766E',
  }),
}));
const { exportReport, reportTable } = await import('./exports');

const vat = {
  from: '2026-10-01',
  to: '2026-10-31',
  title: 'VAT 201',
  titleAr: 'نموذج 201',
  boxes: [
    {
      box: '1b',
      label: 'Standard rated supplies in Dubai',
      labelAr: 'التوريدات الخاضعة للنسبة الأساسية في دبي',
      amount: 1000,
      vat: 50,
    },
  ],
  netPayable: 50,
};

describe('report exports', () => {
  it('labels columns and totals in the requested language', () => {
    const en = reportTable('vat-report', vat, 'en');
    const ar = reportTable('vat-report', vat, 'ar');
    expect(en.columns.map((c) => c.label)).toEqual(['Box', 'Description', 'Amount', 'VAT']);
    expect(ar.columns[0].label).toBe('الخانة');
    expect(ar.rows.at(-1)!.cells).toEqual(['', 'صافي الضريبة المستحقة', '', 50]);
    expect(ar.rows[0].cells[1]).toBe('التوريدات الخاضعة للنسبة الأساسية في دبي');
  });

  it('writes CSV with a BOM and a PDF in English and Arabic', async () => {
    const csv = await exportReport('t', 'vat-report', vat, 'csv', 'en');
    const text = (csv.body as Buffer).toString('utf8');
    expect(
      text.startsWith('\uFEFFBox,Description,Amount,VAT\r\n1b,Standard rated supplies in Dubai,1000.00,50.00'),
    ).toBe(true);
    for (const lang of ['en', 'ar'] as const) {
      const pdf = await exportReport('t', 'vat-report', vat, 'pdf', lang);
      expect(pdf.headers?.['content-type']).toBe('application/pdf');
      const bytes = pdf.body as Buffer;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      if (process.env.ACCT_PDF_OUT) writeFileSync(`${process.env.ACCT_PDF_OUT}/vat-${lang}.pdf`, bytes);
    }
  });
});
