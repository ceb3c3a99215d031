import type { RegionCode } from '../regions';
import { UAE_EMIRATES, vatCodeInfo } from './vat';

/** The VAT return of a period from the per-code totals (moved out of ./vat.ts: loaded with the reports only). */
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

const sumBoxes = (boxes: VatBox[]) =>
  boxes.reduce((s, b) => ({ amountMinor: s.amountMinor + b.amountMinor, vatMinor: s.vatMinor + b.vatMinor }), {
    amountMinor: 0,
    vatMinor: 0,
  });

function box(
  box: string,
  label: string,
  labelAr: string,
  codes: string[],
  totals: Record<string, VatCodeTotals>,
): VatBox {
  let amountMinor = 0;
  let vatMinor = 0;
  for (const c of codes) {
    const d = directed(c, totals[c]);
    amountMinor += d.base;
    vatMinor += d.tax;
  }
  return { box, label, labelAr, amountMinor, vatMinor };
}

const total = (b: string, label: string, labelAr: string, of: VatBox[]): VatBox => ({
  box: b,
  label,
  labelAr,
  ...sumBoxes(of),
});
const figure = (b: string, label: string, labelAr: string, vatMinor: number): VatBox => ({
  box: b,
  label,
  labelAr,
  amountMinor: 0,
  vatMinor,
});

/** The region's return from per-code totals of a period. */
export function vatReturn(region: RegionCode, totals: Record<string, VatCodeTotals>): VatReturn {
  if (region === 'AE') {
    const sales = [
      ...UAE_EMIRATES.map(([code, b, name, nameAr]) =>
        box(b, `Standard rated supplies in ${name}`, `التوريدات الخاضعة للنسبة الأساسية في ${nameAr}`, [code], totals),
      ),
      box('2', 'Tax refunds provided to tourists', 'المبالغ المستردة للسياح', [], totals),
      box(
        '3',
        'Supplies subject to the reverse charge provisions',
        'التوريدات الخاضعة لآلية الاحتساب العكسي',
        ['AE_RC_OUT'],
        totals,
      ),
      box('4', 'Zero rated supplies', 'التوريدات الخاضعة للنسبة الصفرية', ['AE_ZR'], totals),
      box('5', 'Exempt supplies', 'التوريدات المعفاة', ['AE_EX'], totals),
      box('6', 'Goods imported into the UAE', 'السلع المستوردة إلى الدولة', ['AE_IMP'], totals),
      box('7', 'Adjustments to goods imported into the UAE', 'تعديلات على السلع المستوردة', [], totals),
    ];
    const box8 = total('8', 'Totals (sales and all other outputs)', 'المجموع (المبيعات وجميع المخرجات الأخرى)', sales);
    const purchases = [
      box('9', 'Standard rated expenses', 'النفقات الخاضعة للنسبة الأساسية', ['AE_IN_SR'], totals),
      box(
        '10',
        'Supplies subject to the reverse charge provisions',
        'التوريدات الخاضعة لآلية الاحتساب العكسي',
        ['AE_IN_RC'],
        totals,
      ),
    ];
    const box11 = total(
      '11',
      'Totals (expenses and all other inputs)',
      'المجموع (النفقات وجميع المدخلات الأخرى)',
      purchases,
    );
    return finish(
      region,
      'UAE_VAT_201',
      'VAT 201 return',
      'إقرار ضريبة القيمة المضافة 201',
      [
        ...sales,
        box8,
        ...purchases,
        box11,
        figure('12', 'Total value of due tax for the period', 'إجمالي الضريبة المستحقة عن الفترة', box8.vatMinor),
        figure(
          '13',
          'Total value of recoverable tax for the period',
          'إجمالي الضريبة القابلة للاسترداد عن الفترة',
          box11.vatMinor,
        ),
        figure('14', 'Payable tax for the period', 'الضريبة المستحقة الدفع عن الفترة', box8.vatMinor - box11.vatMinor),
      ],
      box8.vatMinor,
      box11.vatMinor,
    );
  }
  if (region === 'SA') {
    const sales = [
      box('1', 'Standard rated sales', 'المبيعات الخاضعة للنسبة الأساسية', ['SA_SR'], totals),
      box(
        '2',
        'Sales to citizens (private healthcare / private education)',
        'المبيعات للمواطنين (الخدمات الصحية والتعليم الخاص)',
        ['SA_CIT'],
        totals,
      ),
      box('3', 'Zero rated domestic sales', 'المبيعات المحلية الخاضعة للنسبة الصفرية', ['SA_ZR'], totals),
      box('4', 'Exports', 'الصادرات', ['SA_EXP'], totals),
      box('5', 'Exempt sales', 'المبيعات المعفاة', ['SA_EX'], totals),
    ];
    const box6 = total('6', 'Total sales', 'إجمالي المبيعات', sales);
    const purchases = [
      box('7', 'Standard rated domestic purchases', 'المشتريات المحلية الخاضعة للنسبة الأساسية', ['SA_IN_SR'], totals),
      box(
        '8',
        'Imports subject to VAT paid at customs',
        'الاستيرادات الخاضعة للضريبة المدفوعة في الجمارك',
        ['SA_IN_IMP'],
        totals,
      ),
      box(
        '9',
        'Imports subject to VAT accounted for through the reverse charge',
        'الاستيرادات الخاضعة للضريبة بآلية الاحتساب العكسي',
        ['SA_IN_RC'],
        totals,
      ),
      box('10', 'Zero rated purchases', 'المشتريات الخاضعة للنسبة الصفرية', ['SA_IN_ZR'], totals),
      box('11', 'Exempt purchases', 'المشتريات المعفاة', ['SA_IN_EX'], totals),
    ];
    const box12 = total('12', 'Total purchases', 'إجمالي المشتريات', purchases);
    const due = box6.vatMinor - box12.vatMinor;
    return finish(
      region,
      'KSA_VAT_RETURN',
      'KSA VAT return',
      'إقرار ضريبة القيمة المضافة',
      [
        ...sales,
        box6,
        ...purchases,
        box12,
        figure(
          '13',
          'Total VAT due for the current period',
          'إجمالي ضريبة القيمة المضافة المستحقة عن الفترة الحالية',
          due,
        ),
        figure('14', 'Corrections from previous period (between SAR ±5,000)', 'تصحيحات من الفترة السابقة', 0),
        figure(
          '15',
          'VAT credit carried forward from previous period(s)',
          'رصيد ضريبة القيمة المضافة المرحل من الفترات السابقة',
          0,
        ),
        figure('16', 'Net VAT due (or claimed)', 'صافي ضريبة القيمة المضافة المستحقة (أو المطالب بها)', due),
      ],
      box6.vatMinor,
      box12.vatMinor,
    );
  }
  if (region === 'JO') {
    const sales = [
      box('1', 'Taxable sales (16%)', 'المبيعات الخاضعة للضريبة (16%)', ['JO_SR'], totals),
      box('2', 'Zero rated sales', 'المبيعات الخاضعة لنسبة الصفر', ['JO_ZR'], totals),
      box('3', 'Exempt sales', 'المبيعات المعفاة', ['JO_EX'], totals),
    ];
    const box4 = total('4', 'Total sales', 'إجمالي المبيعات', sales);
    const box5 = box(
      '5',
      'Taxable purchases (input tax)',
      'المشتريات الخاضعة للضريبة (ضريبة المدخلات)',
      ['JO_IN_SR'],
      totals,
    );
    return finish(
      region,
      'JO_GST_SUMMARY',
      'General sales tax summary',
      'ملخص الضريبة العامة على المبيعات',
      [...sales, box4, box5, figure('6', 'Net tax payable', 'صافي الضريبة المستحقة', box4.vatMinor - box5.vatMinor)],
      box4.vatMinor,
      box5.vatMinor,
    );
  }
  const sales = [
    box('1', 'Taxable sales', 'المبيعات الخاضعة للضريبة', ['US_TAX'], totals),
    box('2', 'Exempt sales', 'المبيعات المعفاة', ['US_EX'], totals),
  ];
  const box3 = total('3', 'Gross sales', 'إجمالي المبيعات', sales);
  return finish(
    region,
    'US_SALES_TAX',
    'Sales tax summary',
    'ملخص ضريبة المبيعات',
    [...sales, box3, figure('4', 'Sales tax collected (payable)', 'ضريبة المبيعات المحصلة (المستحقة)', box3.vatMinor)],
    box3.vatMinor,
    0,
  );
}

function finish(
  region: RegionCode,
  layout: VatReturn['layout'],
  title: string,
  titleAr: string,
  boxes: VatBox[],
  outputTaxMinor: number,
  inputTaxMinor: number,
): VatReturn {
  return {
    region,
    layout,
    title,
    titleAr,
    boxes,
    outputTaxMinor,
    inputTaxMinor,
    netPayableMinor: outputTaxMinor - inputTaxMinor,
  };
}
