/**
 * Rentals catalog part: validation and server messages (the English ones are the shared schema's own). Merged by
 * ./rentals.ts.
 */
import { RENTAL_MESSAGES } from '../schemas/rentals';
import { RENTAL_SERVER_MESSAGES } from '../rentals/messages';
export const rentalsMessages = {
  en: {
    messages: {
      // The English texts are the shared schema's own messages: defined once there.
      ...RENTAL_MESSAGES,
      moneyDecimals: 'Amount must have at most 2 decimal places',
      moneyInvalid: 'Amount must be a valid number',
      moneyNegative: 'Amount cannot be negative',
      moneyPositive: 'Amount must be greater than 0',
      // The server's own sentences, defined once in shared/rentals/messages.ts.
      ...RENTAL_SERVER_MESSAGES,
    },
  },
  ar: {
    messages: {
      customerRequired: 'يرجى اختيار عميل',
      customerInactive: 'هذا العميل غير نشط. أعد تفعيل العميل قبل الحجز.',
      vehicleRequired: 'يرجى اختيار مركبة',
      startRequired: 'تاريخ البداية مطلوب',
      endRequired: 'تاريخ النهاية مطلوب',
      endAfterStart: 'يجب أن يكون تاريخ النهاية بعد تاريخ البداية',
      rateRequired: 'السعر مطلوب',
      ratePositive: 'يجب أن يكون السعر أكبر من صفر',
      monthlyRateRequired: 'السعر الشهري مطلوب للإيجارات الشهرية',
      taxRateInvalid: 'يجب أن تكون نسبة الضريبة رقمًا صحيحًا',
      kmLimitPositive: 'يجب أن يكون حد الكيلومترات موجبًا',
      paymentMethodRequired: 'طريقة الدفع مطلوبة عند إدخال دفعة أولى',
      expectedDurationRange: 'يجب أن تكون المدة المتوقعة بين 1 و365 يومًا',
      returnMileageRequired: 'عداد الإرجاع مطلوب',
      conditionRequired: 'الحالة مطلوبة',
      odometerBelowStart: 'لا يمكن أن يكون عداد الإرجاع أقل من عداد الاستلام',
      returnBeforeStart: 'لا يمكن أن يكون تاريخ الإرجاع قبل تاريخ البدء',
      odometerStartRequired: 'عداد الاستلام مطلوب',
      fuelLevelRequired: 'مستوى الوقود مطلوب',
      amountRequired: 'المبلغ مطلوب',
      methodRequired: 'طريقة الدفع مطلوبة',
      labelRequired: 'الوصف مطلوب',
      noteRequired: 'لا يمكن أن تكون الملاحظة فارغة',
      validation: 'يرجى تصحيح أخطاء التحقق المظللة',
      bookingConflict: 'تعارض في الحجز',
      conflictCheckFailed: 'تعذر التحقق من تعارض الحجوزات',
      createFailed: 'تعذر إنشاء الإيجار',
      updateFailed: 'تعذر تحديث الإيجار',
      invalidResponse: 'أعاد الخادم استجابة بتنسيق غير صالح',
      moneyDecimals: 'يجب ألا يزيد المبلغ عن منزلتين عشريتين',
      moneyInvalid: 'يجب أن يكون المبلغ رقمًا صحيحًا',
      moneyNegative: 'لا يمكن أن يكون المبلغ سالبًا',
      moneyPositive: 'يجب أن يكون المبلغ أكبر من صفر',
      staffCloseRefused: 'لا يمكن للموظفين إغلاق إيجار عليه رصيد مستحق. سجّل الدفعة أو اطلب من المدير.',
      refundOverPaid: 'لا يمكن أن يتجاوز الاسترداد المبلغ المدفوع',
      paymentOverBalance: 'لا يمكن أن تتجاوز الدفعة الرصيد المستحق. سجّل مبلغ التأمين بشكل منفصل.',
      refundOverDeposit: 'لا يمكن أن يتجاوز الاسترداد مبلغ التأمين المحتجز',
      vehicleArchived: 'هذه المركبة مؤرشفة ولا يمكن حجزها',
      vehicleOutOfService: 'هذه المركبة خارج الخدمة ولا يمكن حجزها',
      blacklisted: 'هذا العميل محظور ولا يمكنه الاستئجار',
      documentLapsed: 'انتهت صلاحية مستند مطلوب قبل بداية هذا الإيجار: {{documents}}. ارفع المستند المجدَّد أولًا.',
      blacklistWarning: 'هذا العميل مطابق لقائمة الحظر. أكّد التحذير للمتابعة.',
      returnBeforePickup: 'لا يمكن أن يكون تاريخ الإرجاع قبل تاريخ البداية',
      autoInvoiceRequired: 'اختر ما إذا كانت الفواتير تُنشأ تلقائيًا',
      billingFrequencyInvalid: 'يجب أن يكون تكرار الفوترة يوميًا أو شهريًا',
      invoicingFinished: 'لا يمكن تغيير إعدادات الفوترة بعد اكتمال الإيجار أو إلغائه أو أرشفته',
      invoicingOpenEndedOnly: 'تُفوتر حسب الفترة الإيجارات المفتوحة فقط. الإيجار ذو تاريخ الإرجاع يُفوتر بعد إرجاعه.',
    },
  },
};
