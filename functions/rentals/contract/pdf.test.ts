import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { rentalSettingsFrom } from '../deps';
import type { RentalItem } from '../data';
import { renderContract } from './pdf';

const rental = {
  pk: 'p', sk: 's', entityType: 'RENTAL', id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', tenantId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  referenceNumber: 'RENT-1001', contractNumber: 'CNT-1001', customerId: 'c', customerName: 'Omar Khalil', customerNameArabic: 'عمر خليل',
  vehicleId: 'v', vehicleLabel: 'Toyota Camry (DXB A 123)', licensePlate: 'DXB A 123', status: 'pending',
  startDate: '2030-01-01T09:00:00.000Z', endDate: '2030-01-04T09:00:00.000Z', expectedReturnDate: '2030-01-04T09:00:00.000Z', expectedDuration: 3, openEnded: false,
  rentalType: 'daily', dailyRateMinor: 15_000, monthlyRateMinor: null, dailyKmLimit: 200, extraChargePerKmMinor: 50, taxRate: 5, taxIncluded: false,
  youngDriverFeePerDayMinor: 0, securityDepositMinor: 100_000, initialPaymentAmountMinor: 0, chargesMinor: 47_250, paymentsMinor: 0, refundsMinor: 0,
  balanceMinor: 47_250, depositRequestedMinor: 100_000, depositReceivedMinor: 0, depositRefundedMinor: 0, depositHeldMinor: 0,
  timeline: [], version: 1, createdAt: '', updatedAt: '',
} as RentalItem;

describe('renderContract', () => {
  it('renders an A4 PDF in English and Arabic with the company name, long terms on more than one page when needed', async () => {
    const settings = rentalSettingsFrom({ name: 'Desert Rose Car Rental', preferences: { region: 'AE' }, termsEnglish: 'Terms. '.repeat(600), termsArabic: 'يلتزم المستأجر بالشروط. '.repeat(400) });
    const bytes = await renderContract(rental, settings);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('CNT-1001 — Desert Rose Car Rental');
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
  });
});

describe('text handed to pdf-lib', () => {
  it('after fontkit lays it out, glyphs stand in visual order: Arabic right to left, amounts and plates left to right', async () => {
    const { readFileSync } = await import('node:fs');
    const fontkit = (await import('@pdf-lib/fontkit')).default;
    const { toPdfRun, toVisual } = await import('./arabic-shaping');
    const font = fontkit.create(readFileSync(new URL('./fonts/DejaVuSans.ttf', import.meta.url)));
    const drawn = (text: string) => font.layout(toPdfRun(text)).glyphs.flatMap((g: { codePoints: number[] }) => g.codePoints).map((c: number) => String.fromCodePoint(c)).join('');
    for (const text of ['سلام عليكم', 'عقد إيجار سيارة', 'اللوحة DXB A 123', 'المبلغ 150.00 درهم']) {
      expect(drawn(text)).toBe(toVisual(text));
    }
    // Visual order of a right-to-left word: its first letter is drawn last (rightmost).
    expect(drawn('سلام').endsWith('ﺳ')).toBe(true);
    expect(drawn('اللوحة DXB A 123')).toContain('DXB A 123');
    expect(drawn('Omar Khalil')).toBe('Omar Khalil');
  });
});
