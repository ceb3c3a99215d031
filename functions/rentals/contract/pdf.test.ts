import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { rentalSettingsFrom } from '../deps';
import type { RentalItem } from '../data';
import { renderContract } from './pdf';

const rental = {
  pk: 'p',
  sk: 's',
  entityType: 'RENTAL',
  id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  tenantId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  referenceNumber: 'RENT-1001',
  contractNumber: 'CNT-1001',
  customerId: 'c',
  customerName: 'Omar Khalil',
  customerNameArabic: 'عمر خليل',
  vehicleId: 'v',
  vehicleLabel: 'Toyota Camry (DXB A 123)',
  licensePlate: 'DXB A 123',
  status: 'pending',
  startDate: '2030-01-01T09:00:00.000Z',
  endDate: '2030-01-04T09:00:00.000Z',
  expectedReturnDate: '2030-01-04T09:00:00.000Z',
  expectedDuration: 3,
  openEnded: false,
  rentalType: 'daily',
  dailyRateMinor: 15_000,
  monthlyRateMinor: null,
  dailyKmLimit: 200,
  extraChargePerKmMinor: 50,
  taxRate: 5,
  taxIncluded: false,
  youngDriverFeePerDayMinor: 0,
  securityDepositMinor: 100_000,
  initialPaymentAmountMinor: 0,
  chargesMinor: 47_250,
  paymentsMinor: 0,
  refundsMinor: 0,
  balanceMinor: 47_250,
  depositRequestedMinor: 100_000,
  depositReceivedMinor: 0,
  depositRefundedMinor: 0,
  depositHeldMinor: 0,
  timeline: [],
  version: 1,
  createdAt: '',
  updatedAt: '',
} as RentalItem;

describe('renderContract', () => {
  it('renders an A4 PDF in English and Arabic with the company name, long terms on more than one page when needed', async () => {
    const settings = rentalSettingsFrom({
      name: 'Desert Rose Car Rental',
      preferences: { region: 'AE' },
      termsEnglish: 'Terms. '.repeat(600),
      termsArabic: 'يلتزم المستأجر بالشروط. '.repeat(400),
    });
    const bytes = await renderContract(rental, settings);
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('CNT-1001 — Desert Rose Car Rental');
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const [w, h] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
  });
});

describe('contract text on the page', () => {
  it('the Arabic strings of the contract are drawn right to left and amounts and plates left to right', async () => {
    const { readFileSync } = await import('node:fs');
    const fontkit = (await import('@pdf-lib/fontkit')).default;
    const { pdfRuns, visualOrder, shapeArabic } = await import('../../lib/pdf');
    const font = fontkit.create(readFileSync(new URL('../../lib/pdf/fonts/DejaVuSans.ttf', import.meta.url)));
    const drawn = (text: string) =>
      pdfRuns(visualOrder(text, 'rtl'))
        .flatMap((r) => font.layout(r.text).glyphs.flatMap((g: { codePoints: number[] }) => g.codePoints))
        .map((c: number) => String.fromCodePoint(c))
        .join('');
    const ar = (w: string) => Array.from(shapeArabic(w)).reverse().join('');
    expect(drawn('عقد إيجار سيارة')).toBe(`${ar('سيارة')} ${ar('إيجار')} ${ar('عقد')}`);
    // Visual order of a right-to-left word: its first letter is drawn last (rightmost).
    expect(drawn('سلام').endsWith('ﺳ')).toBe(true);
    expect(drawn('اللوحة DXB A 123')).toBe(`DXB A 123 ${ar('اللوحة')}`);
    expect(drawn('المبلغ AED 1,250.50')).toBe(`AED 1,250.50 ${ar('المبلغ')}`);
  });

  it('renders the same contract with Arabic as the main language', async () => {
    const settings = rentalSettingsFrom({ name: 'شركة الوردة لتأجير السيارات', preferences: { region: 'AE' } });
    const bytes = await renderContract(rental, settings, undefined, 'ar');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('CNT-1001 — شركة الوردة لتأجير السيارات');
    expect(doc.getPageCount()).toBe(1);
  });
});

describe('signatures stay with the terms they sign (issue 27)', () => {
  it("the signed block is on the page of the terms' last lines, for short and long terms", async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'contract-'));
    const sig = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const signed = {
      customer: sig,
      staff: sig,
      customerName: 'Omar Khalil',
      staffName: 'Layla Haddad',
      signedAt: '2030-01-01T09:05:00.000Z',
    };
    for (const reps of [1, 12, 40, 95, 200]) {
      const settings = rentalSettingsFrom({
        name: 'Desert Rose',
        preferences: { region: 'AE' },
        termsEnglish: 'The renter returns the vehicle in the condition received. '.repeat(reps),
        termsArabic: 'يلتزم المستأجر بإعادة المركبة. '.repeat(reps),
      });
      const file = join(dir, `c${reps}.pdf`);
      writeFileSync(
        file,
        await renderContract(
          { ...rental, status: 'active', fuelLevelStart: 'three_quarters', odometerStart: 5000 } as RentalItem,
          settings,
          undefined,
          'en',
          signed,
        ),
      );
      const pages = (await PDFDocument.load(await import('node:fs').then((f) => f.readFileSync(file)))).getPageCount();
      const last = execFileSync('pdftotext', ['-f', String(pages), '-l', String(pages), '-layout', file, '-'], {
        encoding: 'utf8',
      });
      expect(last, `terms ×${reps}`).toContain('Customer: Omar Khalil');
      expect(last, `terms ×${reps}`).toMatch(/condition received/);
      const all = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      // Codes in words: the status and the fuel level, never active / three_quarters.
      expect(all).toContain('Active');
      expect(all).not.toMatch(/three_quarters|\bactive\b/);
    }
  });
});
