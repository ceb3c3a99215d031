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

const out = (region: RegionCode, code: string, ratePercent: number | null, label: string, labelAr: string): VatCode =>
  ({ code, region, direction: 'output', ratePercent, label, labelAr });
const inp = (region: RegionCode, code: string, ratePercent: number | null, label: string, labelAr: string): VatCode =>
  ({ code, region, direction: 'input', ratePercent, label, labelAr });

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
  ...UAE_EMIRATES.map(([code, , name, nameAr]) => out('AE', code, 5, `Standard rated supplies in ${name}`, `التوريدات الخاضعة للنسبة الأساسية في ${nameAr}`)),
  out('AE', 'AE_RC_OUT', 5, 'Supplies subject to the reverse charge', 'التوريدات الخاضعة لآلية الاحتساب العكسي'),
  out('AE', 'AE_ZR', 0, 'Zero rated supplies', 'التوريدات الخاضعة للنسبة الصفرية'),
  out('AE', 'AE_EX', 0, 'Exempt supplies', 'التوريدات المعفاة'),
  out('AE', 'AE_IMP', 5, 'Goods imported into the UAE', 'السلع المستوردة إلى الدولة'),
  inp('AE', 'AE_IN_SR', 5, 'Standard rated expenses', 'النفقات الخاضعة للنسبة الأساسية'),
  inp('AE', 'AE_IN_RC', 5, 'Supplies subject to the reverse charge (input)', 'التوريدات الخاضعة لآلية الاحتساب العكسي (مدخلات)'),

  out('SA', 'SA_SR', 15, 'Standard rated sales', 'المبيعات الخاضعة للنسبة الأساسية'),
  out('SA', 'SA_CIT', 0, 'Sales to citizens (private healthcare, education)', 'المبيعات للمواطنين (الخدمات الصحية والتعليم الخاص)'),
  out('SA', 'SA_ZR', 0, 'Zero rated domestic sales', 'المبيعات المحلية الخاضعة للنسبة الصفرية'),
  out('SA', 'SA_EXP', 0, 'Exports', 'الصادرات'),
  out('SA', 'SA_EX', 0, 'Exempt sales', 'المبيعات المعفاة'),
  inp('SA', 'SA_IN_SR', 15, 'Standard rated domestic purchases', 'المشتريات المحلية الخاضعة للنسبة الأساسية'),
  inp('SA', 'SA_IN_IMP', 15, 'Imports subject to VAT paid at customs', 'الاستيرادات الخاضعة للضريبة المدفوعة في الجمارك'),
  inp('SA', 'SA_IN_RC', 15, 'Imports subject to VAT under the reverse charge', 'الاستيرادات الخاضعة للضريبة بآلية الاحتساب العكسي'),
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

/** Default codes of a region: standard-rated sales, and purchases (null where there is no input tax). */
export const DEFAULT_VAT_CODES: Record<RegionCode, { output: string; input: string | null; exempt: string }> = {
  AE: { output: 'AE_SR_DU', input: 'AE_IN_SR', exempt: 'AE_EX' },
  SA: { output: 'SA_SR', input: 'SA_IN_SR', exempt: 'SA_EX' },
  JO: { output: 'JO_SR', input: 'JO_IN_SR', exempt: 'JO_EX' },
  US: { output: 'US_TAX', input: null, exempt: 'US_EX' },
};

/** Per-code sums of a period, both in credit − debit (as the buckets hold them). */
export interface VatCodeTotals {
  baseMinor: number;
  taxMinor: number;
}

export interface VatBox {
  box: string;
  label: string;
  labelAr: string;
  /** Taxable amount (base), in the box's own direction (sales positive, purchases positive). */
  amountMinor: number;
  /** Tax of the box. */
  vatMinor: number;
}

export interface VatReturn {
  region: RegionCode;
  layout: 'UAE_VAT_201' | 'KSA_VAT_RETURN' | 'JO_GST_SUMMARY' | 'US_SALES_TAX';
  title: string;
  titleAr: string;
  boxes: VatBox[];
  outputTaxMinor: number;
  inputTaxMinor: number;
  /** Output − input: > 0 payable, < 0 refundable. */
  netPayableMinor: number;
}

function directed(code: string, t: VatCodeTotals | undefined): { base: number; tax: number } {
  if (!t) return { base: 0, tax: 0 };
  const sign = vatCodeInfo(code)?.direction === 'input' ? -1 : 1;
  return { base: sign * t.baseMinor, tax: sign * t.taxMinor };
}

const sumBoxes = (boxes: VatBox[]) => boxes.reduce((s, b) => ({ amountMinor: s.amountMinor + b.amountMinor, vatMinor: s.vatMinor + b.vatMinor }), { amountMinor: 0, vatMinor: 0 });

function box(box: string, label: string, labelAr: string, codes: string[], totals: Record<string, VatCodeTotals>): VatBox {
  let amountMinor = 0;
  let vatMinor = 0;
  for (const c of codes) {
    const d = directed(c, totals[c]);
    amountMinor += d.base;
    vatMinor += d.tax;
  }
  return { box, label, labelAr, amountMinor, vatMinor };
}

const total = (b: string, label: string, labelAr: string, of: VatBox[]): VatBox => ({ box: b, label, labelAr, ...sumBoxes(of) });
const figure = (b: string, label: string, labelAr: string, vatMinor: number): VatBox => ({ box: b, label, labelAr, amountMinor: 0, vatMinor });

/** The region's return from per-code totals of a period. */
export function vatReturn(region: RegionCode, totals: Record<string, VatCodeTotals>): VatReturn {
  if (region === 'AE') {
    const sales = [
      ...UAE_EMIRATES.map(([code, b, name, nameAr]) => box(b, `Standard rated supplies in ${name}`, `التوريدات الخاضعة للنسبة الأساسية في ${nameAr}`, [code], totals)),
      box('2', 'Tax refunds provided to tourists', 'المبالغ المستردة للسياح', [], totals),
      box('3', 'Supplies subject to the reverse charge provisions', 'التوريدات الخاضعة لآلية الاحتساب العكسي', ['AE_RC_OUT'], totals),
      box('4', 'Zero rated supplies', 'التوريدات الخاضعة للنسبة الصفرية', ['AE_ZR'], totals),
      box('5', 'Exempt supplies', 'التوريدات المعفاة', ['AE_EX'], totals),
      box('6', 'Goods imported into the UAE', 'السلع المستوردة إلى الدولة', ['AE_IMP'], totals),
      box('7', 'Adjustments to goods imported into the UAE', 'تعديلات على السلع المستوردة', [], totals),
    ];
    const box8 = total('8', 'Totals (sales and all other outputs)', 'المجموع (المبيعات وجميع المخرجات الأخرى)', sales);
    const purchases = [
      box('9', 'Standard rated expenses', 'النفقات الخاضعة للنسبة الأساسية', ['AE_IN_SR'], totals),
      box('10', 'Supplies subject to the reverse charge provisions', 'التوريدات الخاضعة لآلية الاحتساب العكسي', ['AE_IN_RC'], totals),
    ];
    const box11 = total('11', 'Totals (expenses and all other inputs)', 'المجموع (النفقات وجميع المدخلات الأخرى)', purchases);
    return finish(region, 'UAE_VAT_201', 'VAT 201 return', 'إقرار ضريبة القيمة المضافة 201', [
      ...sales, box8, ...purchases, box11,
      figure('12', 'Total value of due tax for the period', 'إجمالي الضريبة المستحقة عن الفترة', box8.vatMinor),
      figure('13', 'Total value of recoverable tax for the period', 'إجمالي الضريبة القابلة للاسترداد عن الفترة', box11.vatMinor),
      figure('14', 'Payable tax for the period', 'الضريبة المستحقة الدفع عن الفترة', box8.vatMinor - box11.vatMinor),
    ], box8.vatMinor, box11.vatMinor);
  }
  if (region === 'SA') {
    const sales = [
      box('1', 'Standard rated sales', 'المبيعات الخاضعة للنسبة الأساسية', ['SA_SR'], totals),
      box('2', 'Sales to citizens (private healthcare / private education)', 'المبيعات للمواطنين (الخدمات الصحية والتعليم الخاص)', ['SA_CIT'], totals),
      box('3', 'Zero rated domestic sales', 'المبيعات المحلية الخاضعة للنسبة الصفرية', ['SA_ZR'], totals),
      box('4', 'Exports', 'الصادرات', ['SA_EXP'], totals),
      box('5', 'Exempt sales', 'المبيعات المعفاة', ['SA_EX'], totals),
    ];
    const box6 = total('6', 'Total sales', 'إجمالي المبيعات', sales);
    const purchases = [
      box('7', 'Standard rated domestic purchases', 'المشتريات المحلية الخاضعة للنسبة الأساسية', ['SA_IN_SR'], totals),
      box('8', 'Imports subject to VAT paid at customs', 'الاستيرادات الخاضعة للضريبة المدفوعة في الجمارك', ['SA_IN_IMP'], totals),
      box('9', 'Imports subject to VAT accounted for through the reverse charge', 'الاستيرادات الخاضعة للضريبة بآلية الاحتساب العكسي', ['SA_IN_RC'], totals),
      box('10', 'Zero rated purchases', 'المشتريات الخاضعة للنسبة الصفرية', ['SA_IN_ZR'], totals),
      box('11', 'Exempt purchases', 'المشتريات المعفاة', ['SA_IN_EX'], totals),
    ];
    const box12 = total('12', 'Total purchases', 'إجمالي المشتريات', purchases);
    const due = box6.vatMinor - box12.vatMinor;
    return finish(region, 'KSA_VAT_RETURN', 'KSA VAT return', 'إقرار ضريبة القيمة المضافة', [
      ...sales, box6, ...purchases, box12,
      figure('13', 'Total VAT due for the current period', 'إجمالي ضريبة القيمة المضافة المستحقة عن الفترة الحالية', due),
      figure('14', 'Corrections from previous period (between SAR ±5,000)', 'تصحيحات من الفترة السابقة', 0),
      figure('15', 'VAT credit carried forward from previous period(s)', 'رصيد ضريبة القيمة المضافة المرحل من الفترات السابقة', 0),
      figure('16', 'Net VAT due (or claimed)', 'صافي ضريبة القيمة المضافة المستحقة (أو المطالب بها)', due),
    ], box6.vatMinor, box12.vatMinor);
  }
  if (region === 'JO') {
    const sales = [
      box('1', 'Taxable sales (16%)', 'المبيعات الخاضعة للضريبة (16%)', ['JO_SR'], totals),
      box('2', 'Zero rated sales', 'المبيعات الخاضعة لنسبة الصفر', ['JO_ZR'], totals),
      box('3', 'Exempt sales', 'المبيعات المعفاة', ['JO_EX'], totals),
    ];
    const box4 = total('4', 'Total sales', 'إجمالي المبيعات', sales);
    const box5 = box('5', 'Taxable purchases (input tax)', 'المشتريات الخاضعة للضريبة (ضريبة المدخلات)', ['JO_IN_SR'], totals);
    return finish(region, 'JO_GST_SUMMARY', 'General sales tax summary', 'ملخص الضريبة العامة على المبيعات', [
      ...sales, box4, box5,
      figure('6', 'Net tax payable', 'صافي الضريبة المستحقة', box4.vatMinor - box5.vatMinor),
    ], box4.vatMinor, box5.vatMinor);
  }
  const sales = [
    box('1', 'Taxable sales', 'المبيعات الخاضعة للضريبة', ['US_TAX'], totals),
    box('2', 'Exempt sales', 'المبيعات المعفاة', ['US_EX'], totals),
  ];
  const box3 = total('3', 'Gross sales', 'إجمالي المبيعات', sales);
  return finish(region, 'US_SALES_TAX', 'Sales tax summary', 'ملخص ضريبة المبيعات', [
    ...sales, box3,
    figure('4', 'Sales tax collected (payable)', 'ضريبة المبيعات المحصلة (المستحقة)', box3.vatMinor),
  ], box3.vatMinor, 0);
}

function finish(region: RegionCode, layout: VatReturn['layout'], title: string, titleAr: string, boxes: VatBox[], outputTaxMinor: number, inputTaxMinor: number): VatReturn {
  return { region, layout, title, titleAr, boxes, outputTaxMinor, inputTaxMinor, netPayableMinor: outputTaxMinor - inputTaxMinor };
}
