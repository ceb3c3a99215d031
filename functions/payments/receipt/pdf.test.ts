import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { renderReceipt } from './pdf';
import type { ReceiptItem } from '../model';
import { hasRepeatedItem } from '../settle';

const receipt = (over: Partial<ReceiptItem> = {}): ReceiptItem => ({
  pk: 'T#x#RECEIPT',
  sk: '01',
  entityType: 'RECEIPT',
  id: '01',
  number: 'REC-1001',
  kind: 'receipt',
  paymentId: 'p',
  amountMinor: 157_550,
  currency: 'AED',
  method: 'online',
  customerId: 'c',
  customerName: 'Mariam Al Hashimi',
  customerNameArabic: 'مريم الهاشمي',
  rentalReference: 'RENT-1001',
  allocations: [{ invoiceId: 'i', invoiceNumber: 'INV-1001', rentalId: 'r', amountMinor: 150_000 }],
  creditMinor: 7_550,
  reason: null,
  gatewayRef: 'TST123',
  issuedAt: '2026-11-26T07:00:00.000Z',
  issuedBy: 'owner',
  ...over,
});
const brand = {
  companyName: 'صحراء لتأجير السيارات',
  primaryColor: '#0f766e',
  secondaryColor: '#f59e0b',
  textColor: '#0f172a',
  region: 'AE' as const,
  timezone: 'Asia/Dubai',
  vatNumber: '100234567800003',
};

describe('receipt PDF', () => {
  it('is one A4 page for a receipt and for a refund receipt, with an Arabic company name', async () => {
    for (const kind of ['receipt', 'refund_receipt'] as const) {
      const bytes = await renderReceipt(
        receipt({ kind, reason: kind === 'refund_receipt' ? 'Returned early' : null }),
        brand,
      );
      const doc = await PDFDocument.load(bytes);
      expect(doc.getPageCount()).toBe(1);
      expect(Math.round(doc.getPage(0).getWidth())).toBe(595);
      expect(doc.getTitle()).toContain('REC-1001');
    }
  });
});

describe('one transaction touches an item once', () => {
  it('finds two operations on the same key', () => {
    const put = (pk: string, sk: string) => ({ Put: { Item: { pk, sk } } }) as never;
    const upd = (pk: string, sk: string) => ({ Update: { Key: { pk, sk } } }) as never;
    expect(hasRepeatedItem([put('a', '1'), upd('a', '2'), upd('b', '1')])).toBe(false);
    expect(hasRepeatedItem([put('a', '1'), upd('b', '1'), upd('a', '1')])).toBe(true);
  });
});
