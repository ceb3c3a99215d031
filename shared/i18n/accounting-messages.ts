/**
 * Accounting, part: what the API says. `messages` translates the validation messages of
 * shared/schemas/accounting.ts (ACCOUNTING_MESSAGES, keyed by message code: chart, journal lines,
 * attachments, dates, the lock), `errors` the error codes. English is the schema's own text, so
 * the English side cannot drift from what the API sends. Assembled in ./accounting.ts.
 */
import { ACCOUNTING_MESSAGES } from '../schemas/accounting';

export const accountingMessages = {
  en: {
    messages: { ...ACCOUNTING_MESSAGES },
    errors: {
      PERIOD_LOCKED: 'The books are locked for this date',
      ACCOUNT_HAS_BALANCE: 'An account can be deactivated only when its balance is zero',
    },
  },
  ar: {
    messages: {
      attachmentNameRequired: 'اسم الملف مطلوب',
      attachmentType: 'أرفق ملف PDF أو JPG أو PNG',
      attachmentTooLarge: 'يمكن أن يبلغ حجم المرفق 10 ميغابايت كحد أقصى',
      attachmentInvalid: 'هذا المرفق لا يخص شركتك. ارفعه مرة أخرى.',
      attachmentMissing: 'لم يُعثر على الملف المرفق. ارفعه مرة أخرى.',
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
      exportReport: 'اختر التقرير المراد تصديره',
      accountRequired: 'اختر حساباً',
      tooFewLines: 'يحتاج القيد اليومي إلى سطرين على الأقل',
      debitXorCredit: 'يحتاج كل سطر إلى مبلغ مدين أو دائن أكبر من صفر',
      notBalanced: 'يجب أن يتساوى المدين والدائن',
      accountNotFound: 'الحساب غير موجود',
      accountInactive: 'هذا الحساب غير نشط',
      accountIsGroup: 'لا يمكن القيد على حساب مجموعة؛ اختر أحد حساباتها',
      lockedPeriod: 'الدفاتر مقفلة حتى {{date}} ضمنًا: لا يمكن تسجيل أي قيد في هذا التاريخ أو قبله',
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
  },
};
