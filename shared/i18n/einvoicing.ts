/** E-invoicing (issue 29): the ZATCA onboarding state and the server's messages (shared/schemas/einvoicing.ts). */
import { EINVOICING_MESSAGES } from '../schemas/einvoicing';

export const einvoicing = {
  en: {
    title: 'E-invoicing',
    stage: {
      not_started: 'Not onboarded',
      compliance: 'Compliance checks',
      production: 'Onboarded',
      failed: 'Onboarding failed',
    },
    environment: { sandbox: 'ZATCA sandbox', simulation: 'ZATCA simulation', production: 'ZATCA production' },
    checks: {
      'standard-invoice': 'Standard tax invoice',
      'standard-credit': 'Standard credit note',
      'standard-debit': 'Standard debit note',
      'simplified-invoice': 'Simplified tax invoice',
      'simplified-credit': 'Simplified credit note',
      'simplified-debit': 'Simplified debit note',
    },
    otp: 'OTP from the Fatoora portal',
    onboard: 'Onboard with ZATCA',
    renew: 'Renew the CSID',
    csidExpiresAt: 'CSID valid until {{date}}',
    messages: { ...EINVOICING_MESSAGES },
  },
  ar: {
    title: 'الفوترة الإلكترونية',
    stage: {
      not_started: 'لم يتم الربط',
      compliance: 'فحوصات الامتثال',
      production: 'تم الربط',
      failed: 'تعذّر الربط',
    },
    environment: {
      sandbox: 'بيئة المطورين لدى الزكاة',
      simulation: 'بيئة المحاكاة لدى الزكاة',
      production: 'بيئة الإنتاج لدى الزكاة',
    },
    checks: {
      'standard-invoice': 'فاتورة ضريبية',
      'standard-credit': 'إشعار دائن لفاتورة ضريبية',
      'standard-debit': 'إشعار مدين لفاتورة ضريبية',
      'simplified-invoice': 'فاتورة ضريبية مبسطة',
      'simplified-credit': 'إشعار دائن لفاتورة مبسطة',
      'simplified-debit': 'إشعار مدين لفاتورة مبسطة',
    },
    otp: 'رمز التحقق (OTP) من بوابة فاتورة',
    onboard: 'الربط مع هيئة الزكاة والضريبة والجمارك',
    renew: 'تجديد شهادة الختم (CSID)',
    csidExpiresAt: 'شهادة الختم سارية حتى {{date}}',
    messages: {
      otpInvalid: 'أدخل رمز التحقق المكوّن من 6 أرقام من بوابة فاتورة',
      notSaudi: 'الربط مع هيئة الزكاة والضريبة والجمارك للفوترة الإلكترونية مخصص للشركات في المملكة العربية السعودية',
      vatNumberRequired: 'أدخل الرقم الضريبي للشركة (15 رقمًا يبدأ وينتهي بالرقم 3) في إعدادات الشركة قبل الربط',
      otpRefused: 'رفضت الهيئة رمز التحقق: {{message}}',
      checksFailed: 'لم تنجح فحوصات الامتثال لدى الهيئة: {{message}}',
      productionRefused: 'لم تُصدر الهيئة شهادة الإنتاج (CSID): {{message}}',
      zatcaUnavailable: 'منصة الهيئة لا تستجيب حاليًا، ولم يتغير شيء. يرجى المحاولة مرة أخرى.',
      notConfigured: 'لم يُضبط تشفير أسرار الفوترة الإلكترونية على هذا الخادم',
      concurrentOnboarding: 'انتهت عملية ربط أخرى لهذه الشركة أولًا؛ حدّث الصفحة لرؤية نتيجتها',
    },
  },
};
