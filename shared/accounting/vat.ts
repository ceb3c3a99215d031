import type { RegionCode } from '../regions';

/**
 * VAT codes and the regional return layouts (issue 18 "VAT report in the region's return
 * layout"; business-data §9 regional tax rules).
 *
 * Every journal line may carry a VAT code. A line on a tax account (1510 VAT input, 2310 VAT
 * output) counts as TAX of its code; any other line counts as the taxable BASE of its code. So
 * a sale posts `Cr 4110 base [AE_SR_DU]` and `Cr 2310 tax [AE_SR_DU]`, and the return is the sum
 * per code and period — the same for rentals, invoices and manual journals (ERPNext's UAE
 * report reads invoices only and misses manual journals).
 *
 * Signs: output (sales) codes count credit − debit; input (purchase) codes debit − credit; a
 * reversal or credit note therefore reduces its box.
 *
 * Decisions:
 * - UAE boxes 1a–1g are per emirate; the company's default is Dubai (settings have no emirate
 *   yet). Box 2 (tourist refunds) and box 7 (import adjustments) have no codes: the app does
 *   not sell to tourists under the refund scheme nor import goods.
 * - KSA boxes 14 (corrections of previous periods) and 15 (credit carried forward) are entered
 *   on the portal by the filer; they are shown as 0.
 * - USA: one code for taxable sales (tax collected) and one for exempt sales.
 */
export type VatDirection = 'output' | 'input';

export interface VatCode {
  code: string;
  region: RegionCode;
  direction: VatDirection;
  /** Rate in percent the code implies (null: any rate, e.g. US state sales tax). */
  ratePercent: number | null;
  label: string;
  labelAr: string;
}

const out = (
  region: RegionCode,
  code: string,
  ratePercent: number | null,
  label: string,
  labelAr: string,
): VatCode => ({ code, region, direction: 'output', ratePercent, label, labelAr });
const inp = (
  region: RegionCode,
  code: string,
  ratePercent: number | null,
  label: string,
  labelAr: string,
): VatCode => ({ code, region, direction: 'input', ratePercent, label, labelAr });

export const UAE_EMIRATES = [
  ['AE_SR_AZ', '1a', 'Abu Dhabi', 'أبوظبي'],
  ['AE_SR_DU', '1b', 'Dubai', 'دبي'],
  ['AE_SR_SH', '1c', 'Sharjah', 'الشارقة'],
  ['AE_SR_AJ', '1d', 'Ajman', 'عجمان'],
  ['AE_SR_UQ', '1e', 'Umm Al Quwain', 'أم القيوين'],
  ['AE_SR_RK', '1f', 'Ras Al Khaimah', 'رأس الخيمة'],
  ['AE_SR_FU', '1g', 'Fujairah', 'الفجيرة'],
] as const;

export const VAT_CODES: readonly VatCode[] = [
  ...UAE_EMIRATES.map(([code, , name, nameAr]) =>
    out('AE', code, 5, `Standard rated supplies in ${name}`, `التوريدات الخاضعة للنسبة الأساسية في ${nameAr}`),
  ),
  out('AE', 'AE_RC_OUT', 5, 'Supplies subject to the reverse charge', 'التوريدات الخاضعة لآلية الاحتساب العكسي'),
  out('AE', 'AE_ZR', 0, 'Zero rated supplies', 'التوريدات الخاضعة للنسبة الصفرية'),
  out('AE', 'AE_EX', 0, 'Exempt supplies', 'التوريدات المعفاة'),
  out('AE', 'AE_IMP', 5, 'Goods imported into the UAE', 'السلع المستوردة إلى الدولة'),
  inp('AE', 'AE_IN_SR', 5, 'Standard rated expenses', 'النفقات الخاضعة للنسبة الأساسية'),
  inp(
    'AE',
    'AE_IN_RC',
    5,
    'Supplies subject to the reverse charge (input)',
    'التوريدات الخاضعة لآلية الاحتساب العكسي (مدخلات)',
  ),

  out('SA', 'SA_SR', 15, 'Standard rated sales', 'المبيعات الخاضعة للنسبة الأساسية'),
  out(
    'SA',
    'SA_CIT',
    0,
    'Sales to citizens (private healthcare, education)',
    'المبيعات للمواطنين (الخدمات الصحية والتعليم الخاص)',
  ),
  out('SA', 'SA_ZR', 0, 'Zero rated domestic sales', 'المبيعات المحلية الخاضعة للنسبة الصفرية'),
  out('SA', 'SA_EXP', 0, 'Exports', 'الصادرات'),
  out('SA', 'SA_EX', 0, 'Exempt sales', 'المبيعات المعفاة'),
  inp('SA', 'SA_IN_SR', 15, 'Standard rated domestic purchases', 'المشتريات المحلية الخاضعة للنسبة الأساسية'),
  inp(
    'SA',
    'SA_IN_IMP',
    15,
    'Imports subject to VAT paid at customs',
    'الاستيرادات الخاضعة للضريبة المدفوعة في الجمارك',
  ),
  inp(
    'SA',
    'SA_IN_RC',
    15,
    'Imports subject to VAT under the reverse charge',
    'الاستيرادات الخاضعة للضريبة بآلية الاحتساب العكسي',
  ),
  inp('SA', 'SA_IN_ZR', 0, 'Zero rated purchases', 'المشتريات الخاضعة للنسبة الصفرية'),
  inp('SA', 'SA_IN_EX', 0, 'Exempt purchases', 'المشتريات المعفاة'),

  out('JO', 'JO_SR', 16, 'Taxable sales (16%)', 'المبيعات الخاضعة للضريبة (16%)'),
  out('JO', 'JO_ZR', 0, 'Zero rated sales', 'المبيعات الخاضعة لنسبة الصفر'),
  out('JO', 'JO_EX', 0, 'Exempt sales', 'المبيعات المعفاة'),
  inp('JO', 'JO_IN_SR', 16, 'Taxable purchases (16%)', 'المشتريات الخاضعة للضريبة (16%)'),

  out('US', 'US_TAX', null, 'Taxable sales', 'المبيعات الخاضعة للضريبة'),
  out('US', 'US_EX', 0, 'Exempt sales', 'المبيعات المعفاة'),
];

const BY_CODE = new Map(VAT_CODES.map((c) => [c.code, c]));
export const vatCodeInfo = (code: string): VatCode | undefined => BY_CODE.get(code);
export const vatCodesOf = (region: RegionCode): VatCode[] => VAT_CODES.filter((c) => c.region === region);

// A region's default codes live in ./vat-defaults.ts, without this table and its labels: the Lambdas that only
// pick a default code (invoices, maintenance, finance) stay within DESIGN.md §10's 250 KB.
export { DEFAULT_VAT_CODES } from './vat-defaults';

// The VAT return (boxes per region) lives in ./vat-return.ts: only the reports import it, so the
// domains that post journals (and import this table through the engine) do not carry it.
export type { VatCodeTotals, VatBox, VatReturn } from './vat-return';
