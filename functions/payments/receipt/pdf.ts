import { formatAmount } from '../../../shared/money';
import { formatDate, formatTime } from '../../../shared/regions';
import { createPdf } from '../../lib/pdf';
import type { ReceiptItem } from '../model';
import { METHOD_WORDS, type ReceiptBrand } from './words';

export type { ReceiptBrand };

/**
 * A receipt or refund receipt: one A4 page in English and Arabic (bilingual rows, like the rental
 * contract), the company's branding, amounts in the receipt's currency written with its code so
 * they read left to right on both sides. Decision: one bilingual document for every customer
 * (no per-language copies), as the contract does.
 */

export async function renderReceipt(r: ReceiptItem, brand: ReceiptBrand, logo?: Uint8Array): Promise<Uint8Array> {
  const refund = r.kind === 'refund_receipt';
  const pdf = await createPdf({
    title: `${r.number} — ${brand.companyName}`,
    language: 'en',
    brand: {
      companyName: brand.companyName,
      primaryColor: brand.primaryColor,
      secondaryColor: brand.secondaryColor,
      textColor: brand.textColor,
      logo,
    },
  });
  await pdf.brandHeader(
    refund ? { en: 'Refund Receipt', ar: 'إيصال استرداد' } : { en: 'Payment Receipt', ar: 'إيصال دفع' },
    r.number,
  );
  const money = (minor: number) => `${r.currency} ${formatAmount(minor, brand.region, 'en')}`;
  const zone = { timeZone: brand.timezone };
  const when = `${formatDate(r.issuedAt, brand.region, 'en', zone)} ${formatTime(r.issuedAt, brand.region, 'en', zone)}`;
  const [methodEn, methodAr] = METHOD_WORDS[r.method] ?? [r.method, r.method];

  pdf.section('Receipt', 'الإيصال');
  pdf.row('Receipt number', 'رقم الإيصال', r.number);
  pdf.row('Date', 'التاريخ', when);
  pdf.row(
    refund ? 'Amount refunded' : 'Amount received',
    refund ? 'المبلغ المسترد' : 'المبلغ المستلم',
    money(r.amountMinor),
  );
  pdf.row('Payment method', 'طريقة الدفع', methodEn);
  pdf.row('Payment method (Arabic)', 'طريقة الدفع بالعربية', methodAr);
  if (r.gatewayRef) pdf.row('Gateway reference', 'مرجع بوابة الدفع', r.gatewayRef);
  if (r.reason) pdf.row('Reason', 'السبب', r.reason);

  pdf.section('Customer', 'العميل');
  pdf.row('Name', 'الاسم', r.customerName || '—');
  if (r.customerNameArabic) pdf.row('Name (Arabic)', 'الاسم بالعربية', r.customerNameArabic);
  if (r.rentalReference) pdf.row('Rental reference', 'مرجع الإيجار', r.rentalReference);

  pdf.section(refund ? 'Refunded from' : 'Applied to', refund ? 'مسترد من' : 'مخصص إلى');
  for (const a of r.allocations)
    pdf.row(`Invoice ${a.invoiceNumber ?? ''}`.trim(), `فاتورة ${a.invoiceNumber ?? ''}`.trim(), money(a.amountMinor));
  if (r.creditMinor > 0) pdf.row('Customer credit', 'رصيد العميل', money(r.creditMinor));

  pdf.section('Issued by', 'صادر عن');
  pdf.row('Company', 'الشركة', brand.companyName);
  if (brand.vatNumber) pdf.row('VAT number', 'الرقم الضريبي', brand.vatNumber);
  if (brand.address) pdf.row('Address', 'العنوان', brand.address);
  if (brand.phone) pdf.row('Phone', 'الهاتف', brand.phone);
  if (r.issuedBy) pdf.row('Recorded by', 'سجّلها', r.issuedBy);
  return pdf.save();
}
