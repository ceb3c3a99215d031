import type { RegionCode } from '../regions';
import { ACCOUNT_CODES } from './codes';

/**
 * The default chart of accounts of a car-rental company (issue 18, business-data §3
 * chart_of_accounts). Codes are the issue's; names in English and Arabic.
 *
 * Shape: five top groups (1000 assets … 5000 expenses), sub-groups, and postable leaves. Only
 * leaves take postings; a group's balance is the sum of its leaves. Companies add their own
 * accounts under any group (the type is inherited from the group).
 *
 * VAT accounts only where the region taxes: AE, SA and JO have VAT/GST with input credit, so
 * they get 1510 (VAT input, recoverable) and 2310 (VAT output). The USA has no VAT: sales tax
 * collected is still a liability (a rental's tax line must not become income), so US companies
 * get 2310 named "Sales tax payable" and no input account.
 */
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Debit-normal types show a positive balance as debit − credit; the others as credit − debit. */
export const DEBIT_NORMAL: Record<AccountType, boolean> = {
  asset: true,
  expense: true,
  liability: false,
  equity: false,
  income: false,
};

export interface ChartAccount {
  code: string;
  name: string;
  nameAr: string;
  type: AccountType;
  /** Code of the parent group (absent for the five top groups). */
  parentCode?: string;
  isGroup: boolean;
  /** Kept by the system: other domains post to it by code (it can be renamed, not deactivated). */
  isSystem?: boolean;
}

const g = (code: string, type: AccountType, name: string, nameAr: string, parentCode?: string): ChartAccount => ({
  code,
  name,
  nameAr,
  type,
  parentCode,
  isGroup: true,
  isSystem: true,
});
const a = (code: string, type: AccountType, parentCode: string, name: string, nameAr: string): ChartAccount => ({
  code,
  name,
  nameAr,
  type,
  parentCode,
  isGroup: false,
  isSystem: true,
});

/** Well-known account codes the posting rules use (./codes.ts: importing them does not load the chart's table). */
export { ACCOUNT_CODES, type AccountCode } from './codes';

const BASE_CHART: ChartAccount[] = [
  g('1000', 'asset', 'Assets', 'الأصول'),
  g('1100', 'asset', 'Cash', 'النقدية', '1000'),
  a('1110', 'asset', '1100', 'Cash on hand', 'النقد في الصندوق'),
  a('1120', 'asset', '1100', 'Petty cash', 'النثرية'),
  g('1200', 'asset', 'Bank and clearing', 'البنوك وحسابات التسوية', '1000'),
  a('1210', 'asset', '1200', 'Bank', 'البنك'),
  a('1250', 'asset', '1200', 'Card / POS clearing', 'تسوية البطاقات ونقاط البيع'),
  a('1260', 'asset', '1200', 'Online gateway clearing', 'تسوية بوابة الدفع الإلكتروني'),
  g('1300', 'asset', 'Receivables', 'الذمم المدينة', '1000'),
  a('1310', 'asset', '1300', 'Accounts receivable', 'ذمم العملاء المدينة'),
  a('1320', 'asset', '1300', 'Accrued unbilled revenue', 'إيرادات مستحقة غير مفوترة'),
  a('1330', 'asset', '1300', 'Fines recoverable', 'مخالفات قابلة للاسترداد'),
  a('1340', 'asset', '1300', 'Salik prepaid', 'رصيد سالك المدفوع مقدماً'),
  g('1500', 'asset', 'Tax assets', 'أصول ضريبية', '1000'),
  a('1510', 'asset', '1500', 'VAT input (recoverable)', 'ضريبة القيمة المضافة على المدخلات'),
  g('1700', 'asset', 'Fixed assets', 'الأصول الثابتة', '1000'),
  a('1710', 'asset', '1700', 'Fleet vehicles', 'مركبات الأسطول'),
  a('1780', 'asset', '1700', 'Accumulated depreciation', 'مجمع الإهلاك'),

  g('2000', 'liability', 'Liabilities', 'الالتزامات'),
  g('2100', 'liability', 'Current liabilities', 'الالتزامات المتداولة', '2000'),
  a('2110', 'liability', '2100', 'Accounts payable', 'ذمم الموردين الدائنة'),
  a('2160', 'liability', '2100', 'Customer advances', 'دفعات مقدمة من العملاء'),
  a('2170', 'liability', '2100', 'Unearned rental revenue', 'إيرادات إيجار غير مكتسبة'),
  a('2180', 'liability', '2100', 'Security deposits held', 'تأمينات العملاء المحتجزة'),
  g('2300', 'liability', 'Tax liabilities', 'التزامات ضريبية', '2000'),
  a('2310', 'liability', '2300', 'VAT output', 'ضريبة القيمة المضافة على المخرجات'),

  g('3000', 'equity', 'Equity', 'حقوق الملكية'),
  a('3100', 'equity', '3000', 'Capital', 'رأس المال'),
  a('3300', 'equity', '3000', 'Opening balance equity', 'حقوق ملكية الأرصدة الافتتاحية'),
  a('3400', 'equity', '3000', 'Retained earnings', 'الأرباح المحتجزة'),

  g('4000', 'income', 'Income', 'الإيرادات'),
  g('4100', 'income', 'Rental income', 'إيرادات التأجير', '4000'),
  a('4110', 'income', '4100', 'Rental income', 'إيرادات الإيجار'),
  a('4120', 'income', '4100', 'Extra km charges', 'رسوم الكيلومترات الإضافية'),
  a('4130', 'income', '4100', 'Fuel charges', 'رسوم الوقود'),
  a('4140', 'income', '4100', 'Late return fees', 'رسوم التأخير'),
  a('4150', 'income', '4100', 'Damage recoveries', 'تعويضات الأضرار'),
  a('4160', 'income', '4100', 'Admin fees', 'الرسوم الإدارية'),
  a('4170', 'income', '4100', 'Toll recharges', 'إعادة تحميل رسوم الطرق'),
  a('4180', 'income', '4100', 'Other income', 'إيرادات أخرى'),

  g('5000', 'expense', 'Expenses', 'المصروفات'),
  g('5100', 'expense', 'Fleet operating costs', 'تكاليف تشغيل الأسطول', '5000'),
  a('5110', 'expense', '5100', 'Maintenance and repairs', 'الصيانة والإصلاحات'),
  a('5120', 'expense', '5100', 'Fuel', 'الوقود'),
  a('5130', 'expense', '5100', 'Tolls', 'رسوم الطرق'),
  a('5140', 'expense', '5100', 'Insurance', 'التأمين'),
  a('5150', 'expense', '5100', 'Registration and licensing', 'التسجيل والترخيص'),
  a('5160', 'expense', '5100', 'Depreciation', 'الإهلاك'),
  a('5170', 'expense', '5100', 'Unrecovered fines', 'مخالفات غير مستردة'),
  g('5200', 'expense', 'Staff and administration', 'الموظفون والإدارة', '5000'),
  a('5210', 'expense', '5200', 'Salaries', 'الرواتب'),
  a('5230', 'expense', '5200', 'Card and gateway fees', 'رسوم البطاقات وبوابات الدفع'),
];

/** Regions whose tax gives an input credit (VAT/GST): they get both VAT accounts. */
export const VAT_REGIONS: readonly RegionCode[] = ['AE', 'SA', 'JO'];

export function regionHasVat(region: RegionCode): boolean {
  return VAT_REGIONS.includes(region);
}

/** The default chart for a company in `region` (see the header for the VAT accounts). */
export function defaultChart(region: RegionCode): ChartAccount[] {
  if (regionHasVat(region)) {
    if (region === 'JO') {
      return BASE_CHART.map((acc) =>
        acc.code === '1510'
          ? { ...acc, name: 'GST input (recoverable)', nameAr: 'ضريبة المبيعات على المدخلات' }
          : acc.code === '2310'
            ? { ...acc, name: 'GST output', nameAr: 'ضريبة المبيعات على المخرجات' }
            : acc,
      );
    }
    return BASE_CHART.map((acc) => ({ ...acc }));
  }
  return BASE_CHART.filter((acc) => acc.code !== '1510' && acc.code !== '1500').map((acc) =>
    acc.code === '2310' ? { ...acc, name: 'Sales tax payable', nameAr: 'ضريبة المبيعات المستحقة' } : { ...acc },
  );
}

/** Accounts whose lines count as tax (VAT amount) rather than tax base in the VAT report. */
export const TAX_ACCOUNT_CODES: readonly string[] = [ACCOUNT_CODES.vatInput, ACCOUNT_CODES.vatOutput];

/** Signed balance in the account's normal direction. */
export function normalBalance(type: AccountType, debitMinor: number, creditMinor: number): number {
  return DEBIT_NORMAL[type] ? debitMinor - creditMinor : creditMinor - debitMinor;
}

/** Rule for a new account's code: 3–8 digits, and it must start with its group's first digit. */
export const ACCOUNT_CODE_PATTERN = /^[1-9][0-9]{2,7}$/;

// ---------------------------------------------------------------------------------------------
// Localisation (issue 26): does a company's chart match its region, and what would make it so
// ---------------------------------------------------------------------------------------------

/** The slice of a stored account the localisation rules read. */
export interface ChartAccountState {
  code: string;
  name: string;
  nameAr: string;
  isActive: boolean;
}

export interface ChartMismatch {
  code: string;
  /** missing: a default account of the region is absent; inactive: it is deactivated;
   * notInRegion: an account of another region's chart (VAT input in a US company) is active;
   * name: a tax account carries another region's name ("Sales tax payable" in a UAE company). */
  problem: 'missing' | 'inactive' | 'notInRegion' | 'name';
  expected?: string;
  actual?: string;
}

const REGIONS_OF_CHARTS: readonly RegionCode[] = ['US', 'AE', 'SA', 'JO'];

/** Codes some region's default chart has and this region's has not (1500 and 1510 for the USA). */
function foreignCodes(region: RegionCode): string[] {
  const own = new Set(defaultChart(region).map((c) => c.code));
  return [...new Set(REGIONS_OF_CHARTS.flatMap((r) => defaultChart(r).map((c) => c.code)))].filter((c) => !own.has(c));
}

/**
 * Where a company's chart disagrees with its region. Names are compared only where the regions'
 * default charts name an account differently (the tax accounts), and only against the OTHER
 * regions' default names: a company's own renaming of an account is its choice, "Sales tax
 * payable" in a UAE company is a chart that was never localised.
 */
export function chartMismatches(region: RegionCode, accounts: readonly ChartAccountState[]): ChartMismatch[] {
  const byCode = new Map(accounts.map((a) => [a.code, a]));
  const out: ChartMismatch[] = [];
  for (const c of defaultChart(region)) {
    const a = byCode.get(c.code);
    if (!a) {
      out.push({ code: c.code, problem: 'missing', expected: c.name });
      continue;
    }
    if (!a.isActive) {
      out.push({ code: c.code, problem: 'inactive', expected: c.name });
      continue;
    }
    const foreignNames = REGIONS_OF_CHARTS.filter((r) => r !== region)
      .map((r) => defaultChart(r).find((x) => x.code === c.code)?.name)
      .filter((n): n is string => !!n && n !== c.name);
    if (foreignNames.includes(a.name)) out.push({ code: c.code, problem: 'name', expected: c.name, actual: a.name });
  }
  for (const code of foreignCodes(region)) {
    if (byCode.get(code)?.isActive) out.push({ code, problem: 'notInRegion', actual: byCode.get(code)!.name });
  }
  return out;
}

/** What localising a chart to `region` does: accounts to add, (re)activate, deactivate and rename. */
export interface ChartLocalisation {
  add: ChartAccount[];
  activate: string[];
  deactivate: string[];
  rename: { code: string; name: string; nameAr: string }[];
}

/** The changes that make `accounts` agree with `region` (empty lists when it already does). */
export function chartLocalisation(region: RegionCode, accounts: readonly ChartAccountState[]): ChartLocalisation {
  const chart = new Map(defaultChart(region).map((c) => [c.code, c]));
  const plan: ChartLocalisation = { add: [], activate: [], deactivate: [], rename: [] };
  for (const m of chartMismatches(region, accounts)) {
    const c = chart.get(m.code);
    if (m.problem === 'missing' && c) plan.add.push(c);
    else if (m.problem === 'inactive') plan.activate.push(m.code);
    else if (m.problem === 'notInRegion') plan.deactivate.push(m.code);
    else if (m.problem === 'name' && c) plan.rename.push({ code: c.code, name: c.name, nameAr: c.nameAr });
  }
  return plan;
}

export const isEmptyLocalisation = (p: ChartLocalisation) =>
  !p.add.length && !p.activate.length && !p.deactivate.length && !p.rename.length;
