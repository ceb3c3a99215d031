import { readFileSync } from 'node:fs';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { formatMoney } from '../../../shared/money';
import { formatDate, formatTime } from '../../../shared/regions';
import type { RentalSettings } from '../deps';
import type { RentalItem } from '../data';
import { shapeArabic, toPdfRun } from './arabic-shaping';

/**
 * The rental contract: one A4 document in English and Arabic with the company's branding (name,
 * primary/secondary colours, logo) and terms (termsEnglish / termsArabic from company settings).
 * Each row shows the English label on the left and the Arabic label on the right. Arabic is shaped
 * and ordered right-to-left by ./arabic-shaping (pdf-lib does no Arabic joining itself), with the
 * DejaVu Sans font shipped in ./fonts (licence beside it) so nothing depends on the machine.
 */
const FONT_DIR = new URL('./fonts/', import.meta.url);
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined;
function fonts() {
  fontBytes ??= {
    regular: readFileSync(new URL('DejaVuSans.ttf', FONT_DIR)),
    bold: readFileSync(new URL('DejaVuSans-Bold.ttf', FONT_DIR)),
  };
  return fontBytes;
}

function hexColor(hex: string | undefined, fallback: RGB): RGB {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m) return fallback;
  const n = parseInt(m[1], 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;

/** Wraps logical text into lines no wider than `width` (Arabic measured shaped). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(shapeArabic(candidate), size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

export async function renderContract(rental: RentalItem, settings: RentalSettings, logo?: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${rental.contractNumber} — ${settings.companyName}`);
  doc.setCreator('Sayyara');
  doc.setLanguage('en');
  const regular = await doc.embedFont(fonts().regular, { subset: true });
  const bold = await doc.embedFont(fonts().bold, { subset: true });
  const primary = hexColor(settings.primaryColor, rgb(0.23, 0.51, 0.96));
  const secondary = hexColor(settings.secondaryColor, rgb(0.55, 0.36, 0.96));
  const ink = hexColor(settings.textColor, rgb(0.12, 0.16, 0.22));
  const muted = rgb(0.42, 0.45, 0.5);

  let page: PDFPage = doc.addPage(A4);
  const [W, H] = A4;
  let y = H - MARGIN;

  const newPageIfNeeded = (needed: number) => {
    if (y - needed < MARGIN + 20) {
      page = doc.addPage(A4);
      y = H - MARGIN;
    }
  };
  const left = (text: string, x: number, size: number, font = regular, color = ink) =>
    page.drawText(text, { x, y, size, font, color });
  /** Right-aligned text ending at `xRight`; Arabic is shaped and reordered first. */
  const right = (text: string, xRight: number, size: number, font = regular, color = ink) => {
    const visual = toPdfRun(text);
    page.drawText(visual, { x: xRight - font.widthOfTextAtSize(visual, size), y, size, font, color });
  };

  // Header band in the brand colours.
  page.drawRectangle({ x: 0, y: H - 90, width: W, height: 90, color: primary });
  page.drawRectangle({ x: 0, y: H - 96, width: W, height: 6, color: secondary });
  let textX = MARGIN;
  if (logo) {
    try {
      const img = await (logo[0] === 0x89 ? doc.embedPng(logo) : doc.embedJpg(logo));
      const scale = Math.min(60 / img.height, 120 / img.width);
      page.drawImage(img, { x: MARGIN, y: H - 75, width: img.width * scale, height: img.height * scale });
      textX = MARGIN + img.width * scale + 12;
    } catch {
      // an unreadable logo leaves the header text-only
    }
  }
  y = H - 45;
  left(settings.companyName, textX, 18, bold, rgb(1, 1, 1));
  right('عقد إيجار سيارة', W - MARGIN, 16, bold, rgb(1, 1, 1));
  y = H - 68;
  left('Vehicle Rental Agreement', textX, 11, regular, rgb(1, 1, 1));
  right(`${rental.contractNumber}`, W - MARGIN, 11, regular, rgb(1, 1, 1));
  y = H - 120;

  // The value column reads left to right: the currency code (AED 150.00) keeps amounts free of
  // right-to-left symbols such as د.إ that would flip the run.
  const money = (minor: number | null | undefined) => formatMoney(minor ?? 0, settings.region, 'en', { display: 'code' });
  const when = (iso: string | null | undefined) =>
    iso ? `${formatDate(iso, settings.region, 'en', { timeZone: settings.timezone })} ${formatTime(iso, settings.region, 'en', { timeZone: settings.timezone })}` : '—';

  const section = (en: string, ar: string) => {
    newPageIfNeeded(40);
    y -= 8;
    page.drawRectangle({ x: MARGIN, y: y - 6, width: W - 2 * MARGIN, height: 20, color: rgb(0.95, 0.96, 0.98) });
    left(en, MARGIN + 6, 11, bold, primary);
    right(ar, W - MARGIN - 6, 11, bold, primary);
    y -= 24;
  };
  const row = (en: string, ar: string, value: string) => {
    newPageIfNeeded(18);
    left(en, MARGIN + 6, 9, regular, muted);
    right(ar, W - MARGIN - 6, 9, regular, muted);
    const v = toPdfRun(value);
    page.drawText(v, { x: MARGIN + 170, y, size: 10, font: bold, color: ink });
    y -= 16;
  };

  section('Agreement', 'العقد');
  row('Contract number', 'رقم العقد', rental.contractNumber);
  row('Rental reference', 'مرجع الإيجار', rental.referenceNumber);
  row('Status', 'الحالة', rental.status);

  section('Customer', 'العميل');
  row('Name', 'الاسم', rental.customerName || '—');
  if (rental.customerNameArabic) row('Name (Arabic)', 'الاسم بالعربية', String(rental.customerNameArabic));

  section('Vehicle', 'المركبة');
  row('Vehicle', 'المركبة', rental.vehicleLabel || '—');
  row('Licence plate', 'رقم اللوحة', rental.licensePlate ?? '—');
  if (rental.odometerStart !== undefined && rental.odometerStart !== null) row('Odometer at pickup (km)', 'عداد المسافة عند الاستلام', String(rental.odometerStart));
  if (rental.fuelLevelStart) row('Fuel at pickup', 'الوقود عند الاستلام', String(rental.fuelLevelStart).replace('_', ' '));

  section('Rental period', 'مدة الإيجار');
  row('Start', 'البداية', when(rental.startDate));
  row('Expected return', 'موعد الإرجاع المتوقع', rental.openEnded ? `Open-ended (${rental.expectedDuration} days expected)` : when(rental.expectedReturnDate));
  row('Rental type', 'نوع الإيجار', rental.rentalType === 'monthly' ? 'Monthly' : 'Daily');
  row('Pickup location', 'مكان الاستلام', String(rental.pickupLocation ?? '—'));
  row('Return location', 'مكان الإرجاع', String(rental.returnLocation ?? '—'));

  section('Charges', 'الرسوم');
  row('Daily rate', 'السعر اليومي', money(rental.dailyRateMinor));
  if (rental.rentalType === 'monthly') row('Monthly rate', 'السعر الشهري', money(rental.monthlyRateMinor ?? 0));
  row('Km allowance per day', 'المسافة المسموحة يوميًا', `${rental.dailyKmLimit} km`);
  row('Extra charge per km', 'رسوم الكيلومتر الإضافي', money(rental.extraChargePerKmMinor));
  row('Tax rate', 'نسبة الضريبة', `${rental.taxRate}%${rental.taxIncluded ? ' (included)' : ''}`);
  row('Total charges', 'إجمالي الرسوم', money(rental.chargesMinor));
  row('Paid', 'المدفوع', money(rental.paymentsMinor - rental.refundsMinor));
  row('Balance', 'الرصيد', money(rental.balanceMinor));
  row('Security deposit', 'مبلغ التأمين', money(rental.securityDepositMinor));

  const termsWidth = (W - 2 * MARGIN - 20) / 2;
  const termsEn = wrap(settings.termsEnglish || 'The renter returns the vehicle in the condition received, at the agreed time and place, and pays all charges of this agreement, including traffic fines and tolls incurred during the rental.', regular, 8, termsWidth);
  const termsAr = wrap(settings.termsArabic || 'يلتزم المستأجر بإعادة المركبة بالحالة التي استلمها بها في الوقت والمكان المتفق عليهما، وبدفع جميع رسوم هذا العقد بما فيها المخالفات المرورية ورسوم الطرق خلال مدة الإيجار.', regular, 8, termsWidth);
  section('Terms and conditions', 'الشروط والأحكام');
  for (let i = 0; i < Math.max(termsEn.length, termsAr.length); i++) {
    newPageIfNeeded(12);
    if (termsEn[i]) left(termsEn[i], MARGIN + 6, 8);
    if (termsAr[i]) right(termsAr[i], W - MARGIN - 6, 8);
    y -= 11;
  }

  newPageIfNeeded(70);
  y -= 40;
  page.drawLine({ start: { x: MARGIN, y: y + 12 }, end: { x: MARGIN + 200, y: y + 12 }, thickness: 0.5, color: muted });
  page.drawLine({ start: { x: W - MARGIN - 200, y: y + 12 }, end: { x: W - MARGIN, y: y + 12 }, thickness: 0.5, color: muted });
  left('Customer signature / توقيع العميل'.split(' / ')[0], MARGIN, 9, regular, muted);
  right('توقيع الشركة', W - MARGIN, 9, regular, muted);
  y -= 12;
  left(toPdfRun('توقيع العميل'), MARGIN, 9, regular, muted);
  right('Company signature', W - MARGIN, 9, regular, muted);

  return doc.save();
}
