import type { RegionCode } from '../../../shared/regions';

/** What the receipt and settlement PDFs print besides the document (light: no pdf-lib here). */
export interface ReceiptBrand {
  companyName: string;
  primaryColor: string;
  secondaryColor: string;
  textColor: string;
  region: RegionCode;
  timezone: string;
  vatNumber?: string;
  address?: string;
  phone?: string;
}

/** Payment methods in English and Arabic, as the PDFs print them. */
export const METHOD_WORDS: Record<string, [string, string]> = {
  cash: ['Cash', 'نقدًا'],
  credit_card: ['Credit card', 'بطاقة ائتمان'],
  debit_card: ['Debit card', 'بطاقة خصم'],
  bank_transfer: ['Bank transfer', 'تحويل بنكي'],
  online: ['Online payment', 'دفع إلكتروني'],
  pos_machine: ['POS machine', 'جهاز نقاط البيع'],
  check: ['Cheque', 'شيك'],
  customer_credit: ['Customer credit', 'رصيد العميل'],
};
