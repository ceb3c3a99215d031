import QRCode from 'qrcode';
import { formatMoney, minorToDecimalString } from '../../shared/money';
import { formatDate, type RegionCode } from '../../shared/regions';
import { rentalsLedger } from '../../shared/i18n/rentals-ledger';
import { zatcaQrPayload } from '../../shared/invoices/zatca';
import { createPdf, hexColor, type PdfWriter } from '../lib/pdf';
import type { InvoiceSettings } from './deps';
import type { CreditNoteItem, DebitNoteItem, InvoiceItem, InvoiceLineItem } from './model';

/**
 * The invoice (and credit note) PDF: ONE bilingual A4 document — every label in English and
 * Arabic (shaped, right-to-left, by lib/pdf) — whose main side (header, table order) follows the
 * invoice's language (the customer's preferred language, else the company's). Decision: one
 * bilingual document serves both the customer and a tax inspector in either language, so no
 * second file per language is kept.
 *
 * Regional rules (business-data §9):
 * - UAE: the title "Tax Invoice" and the supplier's TRN (FTA); the customer's TRN when given.
 * - Saudi Arabia: "Simplified Tax Invoice" (customer without a VAT number; "Tax Invoice" with one)
 *   with the ZATCA phase-1 QR code (shared/invoices/zatca.ts) drawn on the first page.
 * - Elsewhere: "Tax Invoice" when the company charges VAT, else "Invoice".
 * Amounts are written with the currency code (AED 1,050.00) so they read left to right in both.
 */
type Lang = 'en' | 'ar';
const LEDGER_TEXT = {
  en: rentalsLedger.en.ledgerText as Record<string, string>,
  ar: rentalsLedger.ar.ledgerText as Record<string, string>,
};
const CATEGORY = {
  en: rentalsLedger.en.categories as Record<string, string>,
  ar: rentalsLedger.ar.categories as Record<string, string>,
};

export function lineDescription(
  line: Pick<InvoiceLineItem, 'description' | 'descriptionCode' | 'descriptionParams' | 'category'>,
  lang: Lang,
): string {
  const template = line.descriptionCode ? LEDGER_TEXT[lang][line.descriptionCode] : undefined;
  if (!template) return line.description || CATEGORY[lang][line.category] || line.category;
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => line.descriptionParams?.[k] ?? '');
}

export function invoiceTitle(
  region: string,
  invoice: Pick<InvoiceItem, 'customer'>,
  vatEnabled: boolean,
): { en: string; ar: string } {
  if (region === 'SA') {
    return invoice.customer.vatNumber
      ? { en: 'Tax Invoice', ar: 'فاتورة ضريبية' }
      : { en: 'Simplified Tax Invoice', ar: 'فاتورة ضريبية مبسطة' };
  }
  if (region === 'AE' || vatEnabled) return { en: 'Tax Invoice', ar: 'فاتورة ضريبية' };
  return { en: 'Invoice', ar: 'فاتورة' };
}

/** Label of the seller's tax number: TRN in the UAE, VAT number elsewhere. */
const taxNumberLabel = (region: string) =>
  region === 'AE' ? { en: 'TRN', ar: 'رقم التسجيل الضريبي' } : { en: 'VAT number', ar: 'الرقم الضريبي' };

/** Draws a QR code (its modules as squares) with its top-left corner at (x, top). */
function drawQr(pdf: PdfWriter, text: string, x: number, top: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 2);
  pdf.page.drawRectangle({ x, y: top - size, width: size, height: size, color: pdf.colors.white });
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c))
        pdf.page.drawRectangle({
          x: x + (c + 1) * cell,
          y: top - (r + 2) * cell,
          width: cell,
          height: cell,
          color: hexColor('#000000', pdf.colors.ink),
        });
    }
  }
}

export interface RenderInput {
  invoice: InvoiceItem;
  settings: InvoiceSettings;
  logo?: Uint8Array;
  creditNote?: CreditNoteItem;
  /** A debit note on the invoice (issue 29): its own lines and totals, referencing the invoice. */
  debitNote?: DebitNoteItem;
  /** The e-document's phase-2 QR (issue 29: base64 TLV, tags 1–9, as signed), replacing the phase-1 QR. */
  qr?: string;
}

export async function renderInvoicePdf(input: RenderInput): Promise<Uint8Array> {
  const { invoice, settings, logo, creditNote, debitNote, qr } = input;
  const region = invoice.region as RegionCode;
  const lang: Lang = invoice.language === 'ar' ? 'ar' : 'en';
  const note = creditNote ?? debitNote;
  const doc = note ?? invoice;
  const reference = note ? note.number : (invoice.number ?? 'DRAFT');
  const title = creditNote
    ? { en: 'Credit Note', ar: 'إشعار دائن' }
    : debitNote
      ? { en: 'Debit Note', ar: 'إشعار مدين' }
      : invoiceTitle(region, invoice, settings.enableVat);
  const pdf = await createPdf({
    title: `${reference} — ${invoice.seller.name}`,
    language: lang,
    brand: {
      companyName: invoice.seller.name,
      primaryColor: settings.primaryColor,
      secondaryColor: settings.secondaryColor,
      textColor: settings.textColor,
      logo: settings.showLogo ? logo : undefined,
    },
  });
  await pdf.brandHeader(title, reference);
  const money = (minor: number) => formatMoney(minor, region, 'en', { display: 'code' });
  const date = (d: string | null | undefined) => (d ? formatDate(d, region, 'en') : '—');
  const taxLabel = taxNumberLabel(region);

  if (invoice.status === 'void' && !note) {
    pdf.line(`VOID — credited by ${invoice.creditNoteNumber ?? ''}  ·  ملغاة`, pdf.width / 2, 'center', {
      size: 14,
      bold: true,
      color: hexColor('#cc1a1a', pdf.colors.ink),
      direction: 'ltr',
    });
    pdf.y -= 18;
  } else if (invoice.status === 'draft') {
    pdf.line('DRAFT — not a tax invoice  ·  مسودة', pdf.width / 2, 'center', {
      size: 14,
      bold: true,
      color: hexColor('#cc661a', pdf.colors.ink),
      direction: 'ltr',
    });
    pdf.y -= 18;
  }

  pdf.section(
    creditNote ? 'Credit note' : debitNote ? 'Debit note' : 'Invoice',
    creditNote ? 'الإشعار الدائن' : debitNote ? 'الإشعار المدين' : 'الفاتورة',
  );
  if (debitNote) {
    pdf.row('Debit note number', 'رقم الإشعار المدين', debitNote.number);
    pdf.row('Adds to invoice', 'الفاتورة الأصلية', debitNote.invoiceNumber);
    pdf.row('Date', 'التاريخ', date(debitNote.issueDate));
    pdf.row('Reason', 'السبب', debitNote.reason);
  } else if (creditNote) {
    pdf.row('Credit note number', 'رقم الإشعار الدائن', creditNote.number);
    pdf.row('Credits invoice', 'الفاتورة الأصلية', creditNote.invoiceNumber);
    pdf.row('Date', 'التاريخ', date(creditNote.issueDate));
    pdf.row('Reason', 'السبب', creditNote.reason);
  } else {
    pdf.row('Invoice number', 'رقم الفاتورة', invoice.number ?? '—');
    pdf.row('Issue date', 'تاريخ الإصدار', date(invoice.issueDate));
    pdf.row(
      'Date of supply',
      'تاريخ التوريد',
      invoice.periodStart && invoice.periodEnd
        ? `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`
        : date(invoice.supplyDate),
    );
    pdf.row('Due date', 'تاريخ الاستحقاق', date(invoice.dueDate));
  }
  pdf.row('Rental reference', 'مرجع الإيجار', invoice.rentalReference);

  pdf.section('Seller', 'البائع');
  pdf.row('Name', 'الاسم', invoice.seller.name);
  if (invoice.seller.address) pdf.row('Address', 'العنوان', invoice.seller.address);
  pdf.row(taxLabel.en, taxLabel.ar, invoice.seller.vatNumber || '—');
  if (invoice.seller.phone) pdf.row('Phone', 'الهاتف', invoice.seller.phone);

  pdf.section('Customer', 'العميل');
  pdf.row('Name', 'الاسم', invoice.customer.name);
  if (invoice.customer.nameArabic) pdf.row('Name (Arabic)', 'الاسم بالعربية', invoice.customer.nameArabic);
  if (invoice.customer.vatNumber) pdf.row(taxLabel.en, taxLabel.ar, invoice.customer.vatNumber);
  if (invoice.customer.address) pdf.row('Address', 'العنوان', invoice.customer.address);

  pdf.section('Details', 'التفاصيل');
  const t = (en: string, ar: string) => `${en} / ${ar}`;
  pdf.table(
    [
      { header: t('Description', 'الوصف'), width: 2.6, align: 'start' },
      { header: t('Qty', 'الكمية'), width: 0.7, align: 'center' },
      { header: t('Unit price', 'سعر الوحدة'), width: 1.3, align: 'end' },
      { header: t('Net', 'الصافي'), width: 1.4, align: 'end' },
      { header: t('VAT %', 'النسبة'), width: 0.8, align: 'center' },
      { header: t('VAT', 'الضريبة'), width: 1.2, align: 'end' },
      { header: t('Total', 'الإجمالي'), width: 1.4, align: 'end' },
    ],
    doc.lines.map((l) => [
      [...new Set([lineDescription(l, 'en'), lineDescription(l, 'ar')])].join('\n'),
      String(l.quantity),
      money(l.unitPriceMinor),
      money(l.netMinor),
      l.vatCode ? `${l.vatRatePercent}%` : '—',
      money(l.vatMinor),
      money(l.totalMinor),
    ]),
  );

  pdf.section('Totals', 'الإجماليات');
  const sign = creditNote ? -1 : 1;
  pdf.row('Subtotal (excluding VAT)', 'المجموع قبل الضريبة', money(sign * doc.subtotalMinor));
  pdf.row('VAT', 'ضريبة القيمة المضافة', money(sign * doc.vatMinor));
  pdf.row('Total (including VAT)', 'الإجمالي شامل الضريبة', money(sign * doc.totalMinor));
  if (!note) {
    pdf.row('Amount paid', 'المبلغ المدفوع', money(invoice.amountPaidMinor));
    pdf.row('Balance due', 'الرصيد المستحق', money(invoice.balanceMinor));
  }
  // ZATCA phase-1 QR (Saudi Arabia): seller, VAT number, timestamp, total with VAT, VAT total.
  // A Saudi e-document (phase 2) prints its own QR, as signed: its tags carry the hash and the signature.
  if (region === 'SA' && invoice.issuedAt) {
    const payload =
      qr ??
      zatcaQrPayload({
        sellerName: invoice.seller.name,
        vatNumber: invoice.seller.vatNumber ?? '',
        timestamp: (note?.issuedAt ?? invoice.issuedAt).replace(/\.\d{3}Z$/, 'Z'),
        totalWithVat: minorToDecimalString(doc.totalMinor),
        vatTotal: minorToDecimalString(doc.vatMinor),
      });
    // The phase-2 payload is ~4 times longer: a larger code keeps its modules readable by a phone.
    const size = qr ? 140 : 100;
    pdf.ensureSpace(size + 20);
    pdf.y -= 6;
    drawQr(pdf, payload, lang === 'ar' ? pdf.right - size : pdf.left, pdf.y, size);
    pdf.y -= size + 14;
  }
  if (invoice.notes) {
    pdf.section('Notes', 'ملاحظات');
    pdf.paragraph(invoice.notes, pdf.left + 6, pdf.right - pdf.left - 12);
  }
  if (settings.footerNote) {
    pdf.y -= 10;
    pdf.paragraph(settings.footerNote, pdf.left + 6, pdf.right - pdf.left - 12, { size: 8, color: pdf.colors.muted });
  }
  return pdf.save();
}
