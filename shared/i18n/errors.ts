/**
 * API errors in the reader's language, keyed by the error CODE the server answers with
 * (shared/errors.ts ERROR_CODES; every code has a line here, checked by web/src/lib/api-errors.test.ts).
 * Registered with the web kit (web/src/lib/api-errors.ts); read as `errors.codes.<CODE>`.
 * Field messages are translated by their domain's message keys, not here.
 */
import type { ErrorCode } from '../errors';

const en = {
  codes: {
    BAD_REQUEST: 'The request could not be processed. Check the details and try again.',
    VALIDATION_FAILED: 'Please correct the highlighted fields.',
    UNAUTHORIZED: 'Your session has ended. Please sign in again.',
    FORBIDDEN: 'Your role does not allow this action.',
    NOT_FOUND: 'This record no longer exists or was never here.',
    CONFLICT: 'This change conflicts with the current data. Reload and try again.',
    DUPLICATE: 'A record with these details already exists.',
    VERSION_CONFLICT: 'This record was changed by someone else. Reload and try again.',
    TRANSACTION_CONFLICT: 'This change conflicts with another change made at the same time. Please try again.',
    INVALID_TRANSITION: 'This action is not possible in the record’s current state.',
    INVALID_REVERSAL: 'This entry cannot be reversed.',
    INVOICE_LOCKED: 'An issued invoice is locked. Issue a credit note to correct it.',
    PERIOD_LOCKED: 'The books are locked for this date. Choose a date after the lock date.',
    ACCOUNT_HAS_BALANCE: 'An account can be deactivated only when its balance is zero.',
    BOOKING_CONFLICT: 'The vehicle is already booked or blocked for these dates.',
    VEHICLE_UNAVAILABLE: 'This vehicle cannot be booked right now.',
    BLACKLIST_WARNING: 'This customer matches the blacklist. Acknowledge the warning to continue.',
    CUSTOMER_BLACKLISTED: 'This customer is blacklisted and cannot rent.',
    DOCUMENT_EXPIRED: 'A required document has expired by the start of this rental.',
    LAST_OWNER: 'The company must keep at least one active owner.',
    ID_SCAN_FAILED: 'The document could not be read. Enter the details manually.',
    UNSUPPORTED_MEDIA_TYPE: 'This file type is not supported.',
    TOO_LARGE: 'This is too large to send.',
    TOO_MANY_ATTEMPTS: 'Too many attempts. Please wait a moment and try again.',
    SERVICE_UNAVAILABLE: 'A service is temporarily unavailable, nothing was changed. Please try again.',
    INTERNAL_ERROR: 'Something went wrong on our side. Nothing was changed; please try again.',
  } satisfies Record<ErrorCode, string>,
  /** shared/money.ts MONEY_MESSAGES, for every amount field of every form. */
  money: {
    decimals: 'Amount must have at most 2 decimal places',
    invalid: 'Amount must be a valid number',
    negative: 'Amount cannot be negative',
    positive: 'Amount must be greater than 0',
    tooLarge: 'Amount is too large',
  },
  network: 'Could not reach the server. Check your connection and try again.',
  unknown: 'Something went wrong. Please try again.',
};

const ar: typeof en = {
  codes: {
    BAD_REQUEST: 'تعذّرت معالجة الطلب. تحقّق من البيانات وحاول مرة أخرى.',
    VALIDATION_FAILED: 'يرجى تصحيح الحقول المحدّدة.',
    UNAUTHORIZED: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
    FORBIDDEN: 'دورك لا يسمح بهذا الإجراء.',
    NOT_FOUND: 'هذا السجل لم يعد موجودًا أو لم يكن موجودًا.',
    CONFLICT: 'هذا التغيير يتعارض مع البيانات الحالية. أعد التحميل وحاول مرة أخرى.',
    DUPLICATE: 'يوجد سجل بهذه البيانات بالفعل.',
    VERSION_CONFLICT: 'قام شخص آخر بتغيير هذا السجل. أعد التحميل وحاول مرة أخرى.',
    TRANSACTION_CONFLICT: 'هذا التغيير يتعارض مع تغيير آخر في الوقت نفسه. يرجى المحاولة مرة أخرى.',
    INVALID_TRANSITION: 'هذا الإجراء غير ممكن في الحالة الحالية للسجل.',
    INVALID_REVERSAL: 'لا يمكن عكس هذا القيد.',
    INVOICE_LOCKED: 'الفاتورة الصادرة مقفلة. أصدر إشعارًا دائنًا لتصحيحها.',
    PERIOD_LOCKED: 'الدفاتر مقفلة لهذا التاريخ. اختر تاريخًا بعد تاريخ الإقفال.',
    ACCOUNT_HAS_BALANCE: 'لا يمكن إلغاء تفعيل الحساب إلا عندما يكون رصيده صفرًا.',
    BOOKING_CONFLICT: 'المركبة محجوزة أو محظورة في هذه التواريخ.',
    VEHICLE_UNAVAILABLE: 'لا يمكن حجز هذه المركبة الآن.',
    BLACKLIST_WARNING: 'هذا العميل يطابق القائمة السوداء. أكّد التحذير للمتابعة.',
    CUSTOMER_BLACKLISTED: 'هذا العميل في القائمة السوداء ولا يمكنه الاستئجار.',
    DOCUMENT_EXPIRED: 'انتهت صلاحية مستند مطلوب قبل بداية هذا الإيجار.',
    LAST_OWNER: 'يجب أن يبقى للشركة مالك نشط واحد على الأقل.',
    ID_SCAN_FAILED: 'تعذّرت قراءة المستند. أدخل البيانات يدويًا.',
    UNSUPPORTED_MEDIA_TYPE: 'نوع الملف هذا غير مدعوم.',
    TOO_LARGE: 'الحجم كبير جدًا للإرسال.',
    TOO_MANY_ATTEMPTS: 'محاولات كثيرة جدًا. يرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
    SERVICE_UNAVAILABLE: 'إحدى الخدمات غير متاحة مؤقتًا ولم يتغيّر شيء. يرجى المحاولة مرة أخرى.',
    INTERNAL_ERROR: 'حدث خطأ من جهتنا ولم يتغيّر شيء. يرجى المحاولة مرة أخرى.',
  },
  money: {
    decimals: 'يجب ألا يزيد المبلغ عن منزلتين عشريتين',
    invalid: 'يجب أن يكون المبلغ رقمًا صالحًا',
    negative: 'لا يمكن أن يكون المبلغ سالبًا',
    positive: 'يجب أن يكون المبلغ أكبر من صفر',
    tooLarge: 'المبلغ كبير جدًا',
  },
  network: 'تعذّر الوصول إلى الخادم. تحقّق من اتصالك وحاول مرة أخرى.',
  unknown: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.',
};

export const errors = { en, ar };
