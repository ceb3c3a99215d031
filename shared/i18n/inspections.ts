/**
 * Vehicle inspections (issue 12): the API's messages (shared/schemas/inspections.ts), the
 * /vehicle-inspections page, the car diagram and the signature pads, in English and Arabic.
 */
import { INSPECTION_MESSAGES } from '../schemas/inspections';

export const inspections = {
  en: {
    messages: { ...INSPECTION_MESSAGES },
    title: 'Vehicle inspections',
    subtitle: 'Check-out at pickup and check-in at return: readings, photos, damage and signatures',
    add: 'New inspection', save: 'Save inspection', cancel: 'Cancel', close: 'Close', loadMore: 'Load more',
    empty: 'No inspections yet', loadFailed: 'Failed to load inspections', saved: 'Inspection saved', signedToast: 'Inspection signed and locked',
    kind: { check_out: 'Check-out (pickup)', check_in: 'Check-in (return)' },
    status: { draft: 'Draft', signed: 'Signed' },
    fields: {
      rental: 'Rental', kind: 'Inspection', odometer: 'Odometer (km)', fuelLevel: 'Fuel level', checklist: 'Checklist', notes: 'Notes',
      photos: 'Photos', side: 'Side', date: 'Date', vehicle: 'Vehicle', status: 'Status', customerName: 'Customer name',
    },
    fuel: { empty: 'Empty', quarter: '1/4', half: '1/2', three_quarters: '3/4', full: 'Full' },
    checklist: { exterior: 'Exterior', interior: 'Interior', tyres: 'Tyres', lights: 'Lights', spare: 'Spare tyre', documents: 'Documents in car' },
    check: { ok: 'OK', issue: 'Issue' },
    side: { front: 'Front', rear: 'Rear', left: 'Left side', right: 'Right side', top: 'Top', interior: 'Interior', odometer: 'Odometer' },
    damage: {
      title: 'Damage marks', help: 'Click the diagram, or focus a view and move the cross with the arrow keys, then press Enter to place a mark.',
      type: 'Damage type', severity: 'Severity', photo: 'Photo', none: 'No damage marked', remove: 'Remove', mark: 'Mark {{n}}',
      types: { scratch: 'Scratch', dent: 'Dent', crack: 'Crack', missing: 'Missing' },
      severities: { minor: 'Minor', moderate: 'Moderate', severe: 'Severe' },
    },
    photo: { add: 'Add a photo (camera or file)', uploading: 'Uploading {{percent}}%', taken: 'Taken {{when}}' },
    diff: {
      title: 'Compared with the check-out', kmDriven: 'Km driven', fuel: 'Fuel', newDamage: 'New damage', proposed: 'Proposed charges',
      confirm: 'Confirm charge', confirmed: 'Charge added to the rental', nothing: 'Nothing to charge',
      labels: { damage_fees: 'Damage', fuel_charges: 'Fuel', extra_km: 'Extra km' },
      amount: 'Amount of {{charge}}', posted: 'Posted', postedByReturn: 'Posted (charged at the return)',
    },
    charge: {
      damage: '{{type}} ({{severity}}), {{view}}',
      fuel: '{{quarters}} quarter(s) of a tank short',
      extraKm: '{{km}} km over the {{allowance}} km allowance ({{days}} days)',
    },
    sign: {
      title: 'Signatures', customer: 'Customer signature', staff: 'Staff signature',
      sign: 'Sign and lock', locked: 'Signed inspections are locked', pdf: 'Download PDF',
    },
    open: 'Open', fromRental: 'Inspections',
    flow: { legendCheckOut: 'At check-out ({{count}})', legendNow: 'Now' },
  },
  ar: {
    messages: {
      rentalRequired: 'اختر عقد التأجير',
      kindRequired: 'اختر فحص التسليم أو الاستلام',
      odometerRequired: 'قراءة العداد مطلوبة (كيلومترات صحيحة)',
      fuelRequired: 'مستوى الوقود مطلوب',
      photoType: 'يجب أن تكون الصور بصيغة JPG أو PNG',
      photoTooLarge: 'يمكن أن يبلغ حجم الصورة 10 ميغابايت كحد أقصى',
      photoInvalid: 'هذه الصورة لا تخص شركتك. ارفعها مرة أخرى.',
      signatureRequired: 'التوقيعان مطلوبان',
      signed: 'هذا الفحص موقّع ومقفل',
      checkOutFirst: 'سجّل فحص التسليم قبل فحص الاستلام',
      alreadyExists: 'لهذا العقد فحص من هذا النوع بالفعل',
      odometerBelowCheckOut: 'لا يمكن أن تكون قراءة العداد أقل من قراءة التسليم',
      chargePosted: 'تم ترحيل هذه الرسوم إلى العقد بالفعل',
      chargeUnknown: 'هذا الفحص لا يقترح هذه الرسوم. أعد تحميله وحاول مرة أخرى.',
    },
    title: 'فحوصات المركبات',
    subtitle: 'فحص التسليم عند الاستلام وفحص الإرجاع: القراءات والصور والأضرار والتواقيع',
    add: 'فحص جديد', save: 'حفظ الفحص', cancel: 'إلغاء', close: 'إغلاق', loadMore: 'تحميل المزيد',
    empty: 'لا توجد فحوصات بعد', loadFailed: 'فشل تحميل الفحوصات', saved: 'تم حفظ الفحص', signedToast: 'تم توقيع الفحص وقفله',
    kind: { check_out: 'فحص التسليم', check_in: 'فحص الاستلام' },
    status: { draft: 'مسودة', signed: 'موقّع' },
    fields: {
      rental: 'عقد التأجير', kind: 'الفحص', odometer: 'عداد المسافة (كم)', fuelLevel: 'مستوى الوقود', checklist: 'قائمة التحقق', notes: 'ملاحظات',
      photos: 'الصور', side: 'الجهة', date: 'التاريخ', vehicle: 'المركبة', status: 'الحالة', customerName: 'اسم العميل',
    },
    fuel: { empty: 'فارغ', quarter: 'ربع', half: 'نصف', three_quarters: 'ثلاثة أرباع', full: 'ممتلئ' },
    checklist: { exterior: 'الهيكل الخارجي', interior: 'المقصورة', tyres: 'الإطارات', lights: 'الأضواء', spare: 'الإطار الاحتياطي', documents: 'الوثائق في السيارة' },
    check: { ok: 'سليم', issue: 'ملاحظة' },
    side: { front: 'الأمام', rear: 'الخلف', left: 'الجانب الأيسر', right: 'الجانب الأيمن', top: 'الأعلى', interior: 'المقصورة', odometer: 'العداد' },
    damage: {
      title: 'علامات الأضرار', help: 'انقر على المخطط، أو ركّز على جهة وحرّك المؤشر بمفاتيح الأسهم ثم اضغط Enter لوضع علامة.',
      type: 'نوع الضرر', severity: 'الشدة', photo: 'الصورة', none: 'لا توجد أضرار', remove: 'إزالة', mark: 'علامة {{n}}',
      types: { scratch: 'خدش', dent: 'انبعاج', crack: 'شرخ', missing: 'مفقود' },
      severities: { minor: 'طفيف', moderate: 'متوسط', severe: 'شديد' },
    },
    photo: { add: 'إضافة صورة (الكاميرا أو ملف)', uploading: 'جارٍ الرفع {{percent}}%', taken: 'التُقطت {{when}}' },
    diff: {
      title: 'مقارنة بفحص التسليم', kmDriven: 'المسافة المقطوعة', fuel: 'الوقود', newDamage: 'أضرار جديدة', proposed: 'الرسوم المقترحة',
      confirm: 'تأكيد الرسوم', confirmed: 'أضيفت الرسوم إلى العقد', nothing: 'لا توجد رسوم',
      labels: { damage_fees: 'أضرار', fuel_charges: 'وقود', extra_km: 'كيلومترات إضافية' },
      amount: 'مبلغ {{charge}}', posted: 'تم الترحيل', postedByReturn: 'تم الترحيل (احتُسبت عند الإرجاع)',
    },
    charge: {
      damage: '{{type}} ({{severity}})، {{view}}',
      fuel: 'نقص {{quarters}} ربع خزان',
      extraKm: '{{km}} كم فوق المسافة المسموحة {{allowance}} كم (عدد الأيام: {{days}})',
    },
    sign: {
      title: 'التواقيع', customer: 'توقيع العميل', staff: 'توقيع الموظف',
      sign: 'توقيع وقفل', locked: 'الفحوصات الموقعة مقفلة', pdf: 'تنزيل PDF',
    },
    open: 'فتح', fromRental: 'الفحوصات',
    flow: { legendCheckOut: 'عند التسليم ({{count}})', legendNow: 'الآن' },
  },
};
