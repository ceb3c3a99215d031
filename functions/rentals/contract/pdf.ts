import { formatMoney } from '../../../shared/money';
import { formatDate, formatTime } from '../../../shared/regions';
import { rentalsLedger } from '../../../shared/i18n/rentals-ledger';
import { rentalsList } from '../../../shared/i18n/rentals-list';
import { createPdf } from '../../lib/pdf';
import type { RentalSettings } from '../deps';
import type { RentalItem } from '../data';

/**
 * The rental contract's CONTENT: one A4 document in English and Arabic with the company's
 * branding (name, primary/secondary colours, logo) and terms (termsEnglish / termsArabic from
 * company settings). Layout, fonts, Arabic shaping and ordering come from the shared PDF module
 * (functions/lib/pdf). `language` sets the document's main side (header, tables); the rows are
 * bilingual either way.
 */
const DEFAULT_TERMS_EN =
  'The renter returns the vehicle in the condition received, at the agreed time and place, and pays all charges of this agreement, including traffic fines and tolls incurred during the rental.';
const DEFAULT_TERMS_AR =
  'يلتزم المستأجر بإعادة المركبة بالحالة التي استلمها بها في الوقت والمكان المتفق عليهما، وبدفع جميع رسوم هذا العقد بما فيها المخالفات المرورية ورسوم الطرق خلال مدة الإيجار.';

/** What a signed contract adds: both drawn signatures, the names under them and the signing time. */
export interface ContractSignatures {
  customer: Uint8Array;
  /** Absent when the customer signed through a remote link: the company line names the sender. */
  staff?: Uint8Array;
  customerName: string;
  staffName: string;
  signedAt: string;
}

export async function renderContract(
  rental: RentalItem,
  settings: RentalSettings,
  logo?: Uint8Array,
  language: 'en' | 'ar' = 'en',
  signed?: ContractSignatures,
): Promise<Uint8Array> {
  const pdf = await createPdf({
    title: `${rental.contractNumber} — ${settings.companyName}`,
    language,
    brand: {
      companyName: settings.companyName,
      primaryColor: settings.primaryColor,
      secondaryColor: settings.secondaryColor,
      textColor: settings.textColor,
      logo,
    },
  });
  await pdf.brandHeader({ en: 'Vehicle Rental Agreement', ar: 'عقد إيجار سيارة' }, rental.contractNumber);

  // Values read left to right: the currency code (AED 150.00) keeps amounts free of right-to-left
  // symbols such as د.إ.
  const money = (minor: number | null | undefined) =>
    formatMoney(minor ?? 0, settings.region, 'en', { display: 'code' });
  const when = (iso: string | null | undefined) =>
    iso
      ? [formatDate, formatTime].map((f) => f(iso, settings.region, 'en', { timeZone: settings.timezone })).join(' ')
      : '—';

  pdf.section('Agreement', 'العقد');
  pdf.row('Contract number', 'رقم العقد', rental.contractNumber);
  pdf.row('Rental reference', 'مرجع الإيجار', rental.referenceNumber);
  // Codes in words, both languages (issue 27): "Active / نشط", never `active` or `three_quarters`.
  const words = (en: Record<string, string>, ar: Record<string, string>, code: string) =>
    !en[code] ? code.replace(/_/g, ' ') : !ar[code] || ar[code] === en[code] ? en[code] : `${en[code]} / ${ar[code]}`;
  pdf.row('Status', 'الحالة', words(rentalsList.en.status, rentalsList.ar.status, rental.status));
  if (signed) pdf.row('Signed', 'تاريخ التوقيع', `${when(signed.signedAt)} (${settings.timezone})`);

  pdf.section('Customer', 'العميل');
  pdf.row('Name', 'الاسم', rental.customerName || '—');
  if (rental.customerNameArabic) pdf.row('Name (Arabic)', 'الاسم بالعربية', String(rental.customerNameArabic));

  pdf.section('Vehicle', 'المركبة');
  pdf.row('Vehicle', 'المركبة', rental.vehicleLabel || '—');
  pdf.row('Licence plate', 'رقم اللوحة', rental.licensePlate ?? '—');
  if (rental.odometerStart !== undefined && rental.odometerStart !== null)
    pdf.row('Odometer at pickup (km)', 'عداد المسافة عند الاستلام', String(rental.odometerStart));
  if (rental.fuelLevelStart)
    pdf.row(
      'Fuel at pickup',
      'الوقود عند الاستلام',
      words(rentalsLedger.en.fuel, rentalsLedger.ar.fuel, String(rental.fuelLevelStart)),
    );

  pdf.section('Rental period', 'مدة الإيجار');
  pdf.row('Start', 'البداية', when(rental.startDate));
  pdf.row(
    'Expected return',
    'موعد الإرجاع المتوقع',
    rental.openEnded ? `Open-ended (${rental.expectedDuration} days expected)` : when(rental.expectedReturnDate),
  );
  pdf.row('Rental type', 'نوع الإيجار', rental.rentalType === 'monthly' ? 'Monthly / شهري' : 'Daily / يومي');
  pdf.row('Pickup location', 'مكان الاستلام', String(rental.pickupLocation ?? '—'));
  pdf.row('Return location', 'مكان الإرجاع', String(rental.returnLocation ?? '—'));

  pdf.section('Charges', 'الرسوم');
  pdf.row('Daily rate', 'السعر اليومي', money(rental.dailyRateMinor));
  if (rental.rentalType === 'monthly') pdf.row('Monthly rate', 'السعر الشهري', money(rental.monthlyRateMinor ?? 0));
  pdf.row('Km allowance per day', 'المسافة المسموحة يوميًا', `${rental.dailyKmLimit} km`);
  pdf.row('Extra charge per km', 'رسوم الكيلومتر الإضافي', money(rental.extraChargePerKmMinor));
  pdf.row('Tax rate', 'نسبة الضريبة', `${rental.taxRate}%${rental.taxIncluded ? ' (included)' : ''}`);
  pdf.row('Total charges', 'إجمالي الرسوم', money(rental.chargesMinor));
  pdf.row('Paid', 'المدفوع', money(rental.paymentsMinor - rental.refundsMinor));
  pdf.row('Balance', 'الرصيد', money(rental.balanceMinor));
  pdf.row('Security deposit', 'مبلغ التأمين', money(rental.securityDepositMinor));

  // The signatures stay with the terms they sign (issue 27): the terms and the signature block
  // start a new page together when they fit on one; longer terms keep their last lines with it.
  const termsEn = settings.termsEnglish || DEFAULT_TERMS_EN;
  const termsAr = settings.termsArabic || DEFAULT_TERMS_AR;
  const signatureBlock = signed ? 130 : 80;
  const termsBlock = 40 + pdf.bilingualTextHeight(termsEn, termsAr) + signatureBlock;
  if (termsBlock <= pdf.pageRoom) pdf.ensureSpace(termsBlock);
  pdf.section('Terms and conditions', 'الشروط والأحكام');
  pdf.bilingualText(termsEn, termsAr, 8, signatureBlock);

  if (signed) {
    // The drawn signatures above the lines, the signers' names and the time under them.
    await pdf.signatureImages(signed.customer, signed.staff);
    pdf.signatures(
      { en: `Customer: ${signed.customerName}`, ar: 'توقيع العميل' },
      { en: `Company: ${signed.staffName}`, ar: 'توقيع الشركة' },
    );
    pdf.line(`Signed ${when(signed.signedAt)} · تم التوقيع`, pdf.left, 'left', {
      size: 8,
      color: pdf.colors.muted,
      direction: 'ltr',
    });
  } else {
    pdf.signatures({ en: 'Customer signature', ar: 'توقيع العميل' }, { en: 'Company signature', ar: 'توقيع الشركة' });
  }
  return pdf.save();
}
