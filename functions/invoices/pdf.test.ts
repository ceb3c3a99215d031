import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { companySettingsFrom } from '../lib/company-settings';
import { invoiceSettingsOf } from './deps';
import { invoiceTitle, lineDescription, renderInvoicePdf } from './pdf';
import { readFileSync } from 'node:fs';
import { buildKsaXml } from '../../shared/einvoicing/ksa/build';
import { exampleSimplifiedInvoice, KSA_SDK_CERTIFICATES } from '../../shared/einvoicing/ksa/examples';
import { KSA_INITIAL_PIH } from '../../shared/einvoicing/ksa/initial-pih';
import { stampKsaXml } from '../../shared/einvoicing/ksa/stamp';
import type { CreditNoteItem, DebitNoteItem, InvoiceItem } from './model';

const invoice = (over: Partial<InvoiceItem> = {}): InvoiceItem => ({
  pk: 'p',
  sk: 's',
  entityType: 'INVOICE',
  id: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  tenantId: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  number: 'INV-1001',
  status: 'issued',
  rentalId: 'r',
  rentalReference: 'RENT-1001',
  customerId: 'c',
  customerName: 'Omar Khalil',
  customer: { name: 'Omar Khalil', nameArabic: 'عمر خليل', vatNumber: null },
  seller: { name: 'شركة الوردة لتأجير السيارات', address: 'الرياض', vatNumber: '300000000000003' },
  region: 'SA',
  currency: 'SAR',
  scope: 'rental',
  periodStart: '2030-01-01',
  periodEnd: '2030-01-04',
  supplyDate: '2030-01-04',
  issueDate: '2030-01-04',
  dueDate: '2030-01-11',
  issuedAt: '2030-01-04T09:00:00.000Z',
  lines: [
    {
      chargeId: 'a',
      category: 'base_rental',
      description: 'Rental',
      descriptionCode: 'rental',
      quantity: 1,
      unitPriceMinor: 45_000,
      netMinor: 45_000,
      vatCode: 'SA_SR',
      vatRatePercent: 15,
      vatMinor: 6_750,
      totalMinor: 51_750,
    },
    {
      chargeId: 'b',
      category: 'traffic_fines',
      description: 'Speeding fine',
      quantity: 1,
      unitPriceMinor: 30_000,
      netMinor: 30_000,
      vatCode: null,
      vatRatePercent: 0,
      vatMinor: 0,
      totalMinor: 30_000,
    },
  ],
  chargeIds: ['a', 'b'],
  subtotalMinor: 75_000,
  vatMinor: 6_750,
  totalMinor: 81_750,
  amountPaidMinor: 0,
  balanceMinor: 81_750,
  notes: '',
  language: 'ar',
  creditNoteId: null,
  creditNoteNumber: null,
  pdfKey: null,
  pdfVersion: 0,
  searchText: '',
  version: 2,
  createdAt: '',
  updatedAt: '',
  createdBy: null,
  ...over,
});

const settings = (region: string, extra: Record<string, unknown> = {}) =>
  invoiceSettingsOf(companySettingsFrom({ name: 'x', preferences: { region }, ...extra }));

describe('invoice PDF', () => {
  it('renders a Saudi simplified tax invoice in Arabic (A4, titled by its number) with the ZATCA QR', async () => {
    const bytes = await renderInvoicePdf({ invoice: invoice(), settings: settings('SA') });
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('INV-1001 — شركة الوردة لتأجير السيارات');
    expect([Math.round(doc.getPage(0).getWidth()), Math.round(doc.getPage(0).getHeight())]).toEqual([595, 842]);
    // The QR is drawn as squares: a Saudi invoice is much larger than the same invoice elsewhere.
    const elsewhere = await renderInvoicePdf({ invoice: invoice({ region: 'JO' }), settings: settings('JO') });
    expect(bytes.length).toBeGreaterThan(elsewhere.length + 2_000);
  });

  it('renders a credit note and a draft', async () => {
    const note: CreditNoteItem = {
      pk: 'p',
      sk: 's',
      entityType: 'CREDIT_NOTE',
      id: 'n',
      number: 'CN-1001',
      invoiceId: 'i',
      invoiceNumber: 'INV-1001',
      rentalId: 'r',
      customerId: 'c',
      reason: 'Wrong vehicle',
      lines: invoice().lines,
      subtotalMinor: 75_000,
      vatMinor: 6_750,
      totalMinor: 81_750,
      issueDate: '2030-01-05',
      issuedAt: '2030-01-05T09:00:00.000Z',
      pdfKey: null,
      version: 1,
      createdAt: '',
      updatedAt: '',
    };
    const cn = await PDFDocument.load(
      await renderInvoicePdf({
        invoice: invoice({ status: 'void', language: 'en' }),
        settings: settings('SA'),
        creditNote: note,
      }),
    );
    expect(cn.getTitle()).toBe('CN-1001 — شركة الوردة لتأجير السيارات');
    const draft = await PDFDocument.load(
      await renderInvoicePdf({
        invoice: invoice({ status: 'draft', number: null, issuedAt: null }),
        settings: settings('AE'),
      }),
    );
    expect(draft.getTitle()).toContain('DRAFT');
  });

  it('a Saudi e-document prints its phase-2 QR (tags 1–9: a code several times denser than phase 1)', async () => {
    const stamped = stampKsaXml(buildKsaXml(exampleSimplifiedInvoice, { icv: 1, pih: KSA_INITIAL_PIH }), {
      certificatePem: readFileSync(KSA_SDK_CERTIFICATES.certificate, 'utf8'),
      privateKeyPem: readFileSync(KSA_SDK_CERTIFICATES.privateKey, 'utf8'),
    });
    const phase1 = await renderInvoicePdf({ invoice: invoice(), settings: settings('SA') });
    const phase2 = await renderInvoicePdf({ invoice: invoice(), settings: settings('SA'), qr: stamped.qr });
    const elsewhere = await renderInvoicePdf({ invoice: invoice({ region: 'JO' }), settings: settings('JO') });
    // Each dark module is one drawn square: the phase-2 code adds well over twice the phase-1 code's bytes.
    expect(phase2.length - elsewhere.length).toBeGreaterThan(2 * (phase1.length - elsewhere.length));
  });

  it('renders a debit note: its own number, lines and totals', async () => {
    const note: DebitNoteItem = {
      pk: 'p',
      sk: 's',
      entityType: 'DEBIT_NOTE',
      id: 'd',
      number: 'DN-1001',
      invoiceId: 'i',
      invoiceNumber: 'INV-1001',
      rentalId: 'r',
      customerId: 'c',
      reason: 'Fuel not refilled',
      lines: [{ ...invoice().lines[0], category: 'fuel_charges', description: 'Refuelling', chargeId: 'f' }],
      chargeIds: ['f'],
      subtotalMinor: 45_000,
      vatMinor: 6_750,
      totalMinor: 51_750,
      issueDate: '2030-01-06',
      issuedAt: '2030-01-06T09:00:00.000Z',
      pdfKey: null,
      version: 1,
      createdAt: '',
      updatedAt: '',
    };
    const dn = await PDFDocument.load(
      await renderInvoicePdf({ invoice: invoice({ language: 'en' }), settings: settings('SA'), debitNote: note }),
    );
    expect(dn.getTitle()).toBe('DN-1001 — شركة الوردة لتأجير السيارات');
  });

  it('titles by region: UAE "Tax Invoice", KSA simplified without a customer VAT number, US plain invoice without VAT', () => {
    expect(invoiceTitle('AE', invoice(), false).en).toBe('Tax Invoice');
    expect(invoiceTitle('SA', invoice(), true)).toEqual({ en: 'Simplified Tax Invoice', ar: 'فاتورة ضريبية مبسطة' });
    expect(invoiceTitle('SA', invoice({ customer: { name: 'B2B', vatNumber: '311111111111113' } }), true).en).toBe(
      'Tax Invoice',
    );
    expect(invoiceTitle('US', invoice(), false).en).toBe('Invoice');
    expect(invoiceTitle('JO', invoice(), true).ar).toBe('فاتورة ضريبية');
  });

  it('describes lines in both languages from the ledger text codes', () => {
    const line = invoice().lines[0];
    expect(lineDescription(line, 'en')).toBe('Rental');
    expect(lineDescription(line, 'ar')).not.toBe('Rental');
    expect(lineDescription(invoice().lines[1], 'en')).toBe('Speeding fine');
  });
});
