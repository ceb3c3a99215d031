/**
 * Accounting (issue 18): the API's messages (shared/schemas/accounting.ts ACCOUNTING_MESSAGES,
 * keyed by message code), error codes, account types, self-check names and report titles, in
 * English and Arabic. Registered lazily by the accounting pages when they are built.
 */
import { ACCOUNTING_MESSAGES } from '../schemas/accounting';

export const accounting = {
  en: {
    messages: { ...ACCOUNTING_MESSAGES },
    errors: {
      PERIOD_LOCKED: 'The books are locked for this date',
      ACCOUNT_HAS_BALANCE: 'An account can be deactivated only when its balance is zero',
    },
    accountType: { asset: 'Asset', liability: 'Liability', equity: 'Equity', income: 'Income', expense: 'Expense' },
    checks: {
      trialBalanceZero: 'Trial balance nets to zero',
      rentalSubLedgers: "Each rental's ledger equals its balances in the general ledger",
      vatAccountsMatchReport: "VAT accounts' movement equals the VAT report",
      paymentMethodsMapped: 'Every payment method is mapped to an account',
      nothingPostedInLockedPeriod: 'Nothing was posted in a locked period',
    },
    reports: {
      trialBalance: 'Trial balance', generalLedger: 'General ledger', balanceSheet: 'Balance sheet', profitLoss: 'Profit and loss', vatReport: 'VAT report',
      opening: 'Opening balance', closing: 'Closing balance', currentEarnings: 'Current period earnings', netIncome: 'Net income', previousPeriod: 'Previous period',
      debit: 'Debit', credit: 'Credit', total: 'Total',
      code: 'Code', account: 'Account', type: 'Type', amount: 'Amount', date: 'Date', entryNumber: 'Entry', description: 'Description', source: 'Source', balance: 'Balance',
      box: 'Box', vat: 'VAT', netPayable: 'Net VAT payable', assets: 'Assets', liabilities: 'Liabilities', equity: 'Equity', income: 'Income', expenses: 'Expenses',
      totalAssets: 'Total assets', totalLiabilities: 'Total liabilities', totalEquity: 'Total equity', totalIncome: 'Total income', totalExpenses: 'Total expenses',
      totalLiabilitiesAndEquity: 'Total liabilities and equity', asOf: 'As of {{date}}', period: '{{from}} to {{to}}', currency: 'Amounts in {{currency}}',
      thisPeriod: 'This period', generatedOn: 'Generated {{date}}',
    },
  },
  ar: {
    messages: {
      codeRequired: 'رمز الحساب مطلوب (من 3 إلى 8 أرقام)',
      codeDigits: 'يجب أن يتكون رمز الحساب من 3 إلى 8 أرقام',
      codeTaken: 'رمز الحساب هذا مستخدم بالفعل',
      codeOutsideGroup: 'يجب أن يبدأ الرمز بنفس الرقم الذي تبدأ به مجموعته',
      nameRequired: 'اسم الحساب مطلوب',
      parentRequired: 'اختر المجموعة التي ينتمي إليها هذا الحساب',
      parentNotGroup: 'لا يمكن إضافة الحسابات إلا تحت مجموعة',
      deactivateWithBalance: 'لا يمكن إلغاء تفعيل الحساب إلا عندما يكون رصيده صفراً',
      systemAccountDeactivate: 'يستخدم النظام هذا الحساب في القيود ولا يمكن إلغاء تفعيله',
      mappingAccount: 'اختر حساباً نشطاً يقبل القيود',
      lockDateOwner: 'يمكن للمالك فقط تغيير تاريخ الإقفال',
      dateInvalid: 'أدخل تاريخاً صحيحاً بالصيغة YYYY-MM-DD',
      toBeforeFrom: 'يجب أن يكون تاريخ "إلى" في تاريخ "من" أو بعده',
      accountRequired: 'اختر حساباً',
      tooFewLines: 'يحتاج القيد اليومي إلى سطرين على الأقل',
      debitXorCredit: 'يحتاج كل سطر إلى مبلغ مدين أو دائن أكبر من صفر',
      notBalanced: 'يجب أن يتساوى المدين والدائن',
      accountNotFound: 'الحساب غير موجود',
      accountInactive: 'هذا الحساب غير نشط',
      accountIsGroup: 'لا يمكن القيد على حساب مجموعة؛ اختر أحد حساباتها',
      lockedPeriod: 'الدفاتر مقفلة حتى هذا التاريخ: لا يمكن تسجيل أي قيد قبل تاريخ الإقفال',
      vatLockedPeriod: 'تم تقديم إقرار ضريبة القيمة المضافة لهذه الفترة: لا يمكن تسجيل أسطر برمز ضريبي فيها',
      unknownVatCode: 'رمز ضريبي غير معروف لمنطقة هذه الشركة',
      alreadyReversed: 'تم عكس هذا القيد بالفعل',
      reversalOfReversal: 'لا يمكن عكس قيد عكسي؛ سجّل قيداً جديداً بدلاً من ذلك',
      dateRequired: 'التاريخ مطلوب (YYYY-MM-DD)',
      descriptionRequired: 'الوصف مطلوب',
    },
    errors: {
      PERIOD_LOCKED: 'الدفاتر مقفلة لهذا التاريخ',
      ACCOUNT_HAS_BALANCE: 'لا يمكن إلغاء تفعيل الحساب إلا عندما يكون رصيده صفراً',
    },
    accountType: { asset: 'أصل', liability: 'التزام', equity: 'حقوق ملكية', income: 'إيراد', expense: 'مصروف' },
    checks: {
      trialBalanceZero: 'ميزان المراجعة متوازن (الفرق صفر)',
      rentalSubLedgers: 'دفتر كل عقد إيجار يساوي أرصدته في دفتر الأستاذ العام',
      vatAccountsMatchReport: 'حركة حسابات ضريبة القيمة المضافة تساوي تقرير الضريبة',
      paymentMethodsMapped: 'كل طريقة دفع مرتبطة بحساب',
      nothingPostedInLockedPeriod: 'لم يُسجَّل أي قيد في فترة مقفلة',
    },
    reports: {
      trialBalance: 'ميزان المراجعة', generalLedger: 'دفتر الأستاذ العام', balanceSheet: 'الميزانية العمومية', profitLoss: 'الأرباح والخسائر', vatReport: 'تقرير ضريبة القيمة المضافة',
      opening: 'الرصيد الافتتاحي', closing: 'الرصيد الختامي', currentEarnings: 'أرباح الفترة الحالية', netIncome: 'صافي الدخل', previousPeriod: 'الفترة السابقة',
      debit: 'مدين', credit: 'دائن', total: 'الإجمالي',
      code: 'الرمز', account: 'الحساب', type: 'النوع', amount: 'المبلغ', date: 'التاريخ', entryNumber: 'القيد', description: 'الوصف', source: 'المصدر', balance: 'الرصيد',
      box: 'الخانة', vat: 'الضريبة', netPayable: 'صافي الضريبة المستحقة', assets: 'الأصول', liabilities: 'الالتزامات', equity: 'حقوق الملكية', income: 'الإيرادات', expenses: 'المصروفات',
      totalAssets: 'إجمالي الأصول', totalLiabilities: 'إجمالي الالتزامات', totalEquity: 'إجمالي حقوق الملكية', totalIncome: 'إجمالي الإيرادات', totalExpenses: 'إجمالي المصروفات',
      totalLiabilitiesAndEquity: 'إجمالي الالتزامات وحقوق الملكية', asOf: 'في {{date}}', period: 'من {{from}} إلى {{to}}', currency: 'المبالغ بـ {{currency}}',
      thisPeriod: 'هذه الفترة', generatedOn: 'أُنشئ في {{date}}',
    },
  },
};
