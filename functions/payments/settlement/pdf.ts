import { formatAmount } from '../../../shared/money';
import { formatDate, formatTime } from '../../../shared/regions';
import { DEPOSIT_APPLIED_METHOD } from '../../../shared/rentals/ledger';
import { createPdf } from '../../lib/pdf';
import { METHOD_WORDS, type ReceiptBrand } from '../receipt/words';

/**
 * The final settlement of a closed rental (financial_documents kind final_settlement): charges,
 * payments, deposit received, applied and refunded, and the final balance, in English and
 * Arabic like the contract and the receipts. Made from the rental's ledger (the sub-ledger the
 * GL equals), so it says exactly what the books say.
 */
export interface SettlementEntry {
  type: 'charge' | 'payment' | 'refund';
  category: string;
  label: string;
  amountMinor: number;
  method: string | null;
  reversesId: string | null;
  postedAt: string;
}
export interface SettlementRental {
  referenceNumber: string;
  contractNumber: string;
  customerName: string;
  vehicleLabel: string;
  startDate: string;
  returnDate?: string | null;
  expectedReturnDate: string;
  closedAt?: string | null;
  chargesMinor: number;
  paymentsMinor: number;
  refundsMinor: number;
  balanceMinor: number;
  depositReceivedMinor: number;
  depositRefundedMinor: number;
}

export async function renderSettlement(
  r: SettlementRental,
  ledger: SettlementEntry[],
  currency: string,
  brand: ReceiptBrand,
  logo?: Uint8Array,
): Promise<Uint8Array> {
  const pdf = await createPdf({
    title: `Final settlement ${r.referenceNumber} — ${brand.companyName}`,
    language: 'en',
    brand: {
      companyName: brand.companyName,
      primaryColor: brand.primaryColor,
      secondaryColor: brand.secondaryColor,
      textColor: brand.textColor,
      logo,
    },
  });
  await pdf.brandHeader({ en: 'Final Settlement', ar: 'التسوية النهائية' }, r.referenceNumber);
  const money = (minor: number) => `${currency} ${formatAmount(minor, brand.region, 'en')}`;
  const day = (iso: string | null | undefined) =>
    iso ? formatDate(iso, brand.region, 'en', { timeZone: brand.timezone }) : '—';
  const when = (iso: string | null | undefined) =>
    iso ? `${day(iso)} ${formatTime(iso, brand.region, 'en', { timeZone: brand.timezone })}` : '—';
  const signed = (e: SettlementEntry) => (e.reversesId ? -e.amountMinor : e.amountMinor);

  pdf.section('Rental', 'الإيجار');
  pdf.row('Rental reference', 'مرجع الإيجار', r.referenceNumber);
  pdf.row('Contract number', 'رقم العقد', r.contractNumber);
  pdf.row('Customer', 'العميل', r.customerName || '—');
  pdf.row('Vehicle', 'المركبة', r.vehicleLabel || '—');
  pdf.row('Period', 'المدة', `${day(r.startDate)} – ${day(r.returnDate ?? r.expectedReturnDate)}`);
  pdf.row('Closed', 'تاريخ الإغلاق', when(r.closedAt));

  const charges = ledger.filter((e) => e.type === 'charge' && e.category !== 'security_deposit');
  pdf.section('Charges', 'الرسوم');
  for (const e of charges) pdf.row(e.label, '', money(signed(e)));
  pdf.row('Total charges', 'إجمالي الرسوم', money(r.chargesMinor));

  const payments = ledger.filter(
    (e) => e.type === 'payment' && e.category === 'payment' && e.method !== DEPOSIT_APPLIED_METHOD,
  );
  const refunds = ledger.filter(
    (e) => e.type === 'refund' && e.category === 'payment' && e.method !== DEPOSIT_APPLIED_METHOD,
  );
  pdf.section('Payments and refunds', 'المدفوعات والمبالغ المستردة');
  const methodAr = (m: string | null) => (m ? (METHOD_WORDS[m]?.[1] ?? m) : '');
  for (const e of payments) pdf.row(`${day(e.postedAt)} ${e.label}`, methodAr(e.method), money(signed(e)));
  for (const e of refunds) pdf.row(`${day(e.postedAt)} ${e.label}`, methodAr(e.method), money(-signed(e)));

  const applied = ledger
    .filter((e) => e.type === 'payment' && e.method === DEPOSIT_APPLIED_METHOD)
    .reduce((s, e) => s + signed(e), 0);
  pdf.section('Security deposit', 'مبلغ التأمين');
  pdf.row('Deposit received', 'التأمين المستلم', money(r.depositReceivedMinor));
  pdf.row('Deposit applied to the balance', 'التأمين المخصوم من الرصيد', money(applied));
  pdf.row('Deposit refunded', 'التأمين المسترد', money(Math.max(0, r.depositRefundedMinor - applied)));

  pdf.section('Final balance', 'الرصيد النهائي');
  pdf.row('Charges', 'الرسوم', money(r.chargesMinor));
  pdf.row('Paid (net of refunds)', 'المدفوع (بعد المبالغ المستردة)', money(r.paymentsMinor - r.refundsMinor));
  pdf.row(
    r.balanceMinor < 0 ? 'Credit due to the customer' : 'Balance due',
    r.balanceMinor < 0 ? 'رصيد مستحق للعميل' : 'الرصيد المستحق',
    money(Math.abs(r.balanceMinor)),
  );
  return pdf.save();
}
