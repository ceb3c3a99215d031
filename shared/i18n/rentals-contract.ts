/**
 * The rental contract's signature on the rental page and in the pickup flow (issue 12): statuses
 * (business-data §3 contract_storage: draft, signed, completed), the signing dialog and the API's
 * messages (shared/schemas/rental-contract.ts), in English and Arabic.
 */
import { CONTRACT_MESSAGES } from '../schemas/rental-contract';

export const rentalsContract = {
  en: {
    contract: {
      messages: { ...CONTRACT_MESSAGES },
      status: { draft: 'Not signed', signed: 'Signed', completed: 'Completed' },
      sign: 'Sign contract',
      dialogTitle: 'Sign the rental contract',
      intro: 'The customer and you sign on screen. The signed contract (PDF) is stored as it is and cannot be changed afterwards.',
      afterPickup: 'Vehicle handed over. Sign the contract with the customer now?',
      customerName: 'Customer name (printed under the signature)',
      customer: 'Customer signature',
      staff: 'Staff signature',
      confirm: 'Sign and lock',
      signing: 'Signing...',
      later: 'Later',
      signedToast: 'Contract signed and stored',
      signedOn: 'Signed {{when}}',
      completedNote: 'The rental is closed: the signed contract is final.',
      downloadSigned: 'Download signed contract (PDF)',
      failed: 'Failed to sign the contract',
    },
  },
  ar: {
    contract: {
      messages: {
        customerSignatureRequired: 'توقيع العميل مطلوب',
        staffSignatureRequired: 'توقيع الموظف مطلوب',
        signatureInvalid: 'هذا التوقيع ليس صورة PNG صالحة. امسح اللوحة ووقّع مرة أخرى.',
        signatureTooLarge: 'لا يمكن أن يتجاوز حجم صورة التوقيع 150 كيلوبايت',
        alreadySigned: 'هذا العقد موقّع ومقفل بالفعل',
        notSignable: 'لا يمكن توقيع عقد إيجار ملغى أو مؤرشف أو مغلق',
        changed: 'تغيّر الإيجار أثناء توقيع العقد. راجعه ووقّع مرة أخرى.',
      },
      status: { draft: 'غير موقّع', signed: 'موقّع', completed: 'مكتمل' },
      sign: 'توقيع العقد',
      dialogTitle: 'توقيع عقد الإيجار',
      intro: 'يوقّع العميل وأنت على الشاشة. يُحفظ العقد الموقّع (PDF) كما هو ولا يمكن تغييره بعد ذلك.',
      afterPickup: 'تم تسليم المركبة. هل تريد توقيع العقد مع العميل الآن؟',
      customerName: 'اسم العميل (يُطبع تحت التوقيع)',
      customer: 'توقيع العميل',
      staff: 'توقيع الموظف',
      confirm: 'توقيع وقفل',
      signing: 'جارٍ التوقيع...',
      later: 'لاحقًا',
      signedToast: 'تم توقيع العقد وحفظه',
      signedOn: 'وُقّع في {{when}}',
      completedNote: 'الإيجار مغلق: العقد الموقّع نهائي.',
      downloadSigned: 'تنزيل العقد الموقّع (PDF)',
      failed: 'تعذر توقيع العقد',
    },
  },
};
