import * as z from 'zod';
import {
  TEXT_LIMITS,
  calendarDate as strictCalendarDate,
  cursor,
  entityId,
  shortText,
  text as boundedText,
} from './fields';
import { LOYALTY_TIERS } from '../customers/loyalty';
import { messageKeysOf } from './message-keys';

/**
 * Customer schemas (business-data-and-rules §3 customers, §5 "Customer: fullNameEnglish
 * required"), shared by the add/edit form and the customers Lambda so both reject the same input
 * with the same words.
 *
 * Decisions (the spec is silent):
 * - Empty text fields mean "not given": on create they are dropped, on update they clear the
 *   stored value (the schema turns '' into null and the data layer removes the attribute).
 * - Phone: optional leading '+', then digits with spaces, dashes, dots or parentheses; 7 to 15
 *   digits in all (E.164 allows at most 15). Arabic-Indic digits are accepted as typed.
 * - Dates are calendar dates 'YYYY-MM-DD'. The licence expiry must be after its issue date.
 * - Minimum driver age is NOT checked here: it depends on the company's region (settings), so
 *   the Lambda checks it with shared/age.ts driverEligibility and answers 400 on dateOfBirth.
 */
export const CUSTOMER_MESSAGES = {
  fullNameEnglishRequired: 'Full name in English is required',
  invalidEmail: 'Invalid email address',
  invalidPhone: 'Invalid phone number',
  invalidDate: 'Date must be in YYYY-MM-DD format',
  expiryBeforeIssue: 'License expiry date must be after the issue date',
  tooLong: 'Too long',
  noteRequired: 'Note content is required',
  noteTooLong: 'Note must be at most 2000 characters',
  fileTypeNotAllowed: 'Only PDF, JPG or PNG files are allowed',
  fileTooLarge: 'File must be at most 10 MB',
  fileNameRequired: 'File name is required',
} as const;

export type CustomerMessageKey = keyof typeof CUSTOMER_MESSAGES;
/** English message → key, so the web can translate server field errors. */
export const CUSTOMER_MESSAGE_KEYS: Record<string, CustomerMessageKey> =
  /* @__PURE__ */ messageKeysOf(CUSTOMER_MESSAGES);

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say'] as const;
export type Gender = (typeof GENDERS)[number];
export const PREFERRED_LANGUAGES = ['english', 'arabic', 'spanish', 'french', 'german', 'chinese', 'japanese'] as const;
export type PreferredLanguage = (typeof PREFERRED_LANGUAGES)[number];
export const DEFAULT_PREFERRED_LANGUAGE: PreferredLanguage = 'english';
export const NOTE_VISIBILITIES = ['internal', 'staff_only', 'public'] as const;
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number];
export const CUSTOMER_SORTS = ['newest', 'oldest', 'name_asc', 'name_desc'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const PHONE_PATTERN = /^\+?[0-9\u0660-\u0669\u06F0-\u06F9\s\-().]+$/;
export function isValidPhone(value: string): boolean {
  if (!PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/[^0-9\u0660-\u0669\u06F0-\u06F9]/g, '').length;
  return digits >= 7 && digits <= 15;
}

/**
 * Absent stays absent (undefined: an update leaves the field alone); '' or null becomes null
 * (an update clears the field; a create stores nothing).
 */
export function blankToNull<T>(v: T | null | undefined | ''): T | null | undefined {
  if (v === undefined) return undefined;
  return v === null || v === '' ? null : v;
}

/** Optional trimmed text, see blankToNull. */
const text = (max = 200) => boundedText(max, { tooLong: CUSTOMER_MESSAGES.tooLong }).nullish().transform(blankToNull);

/** Optional calendar date; '' means "not given" (see blankToNull). */
const calendarDate = () =>
  z
    .union([z.literal(''), strictCalendarDate(CUSTOMER_MESSAGES.invalidDate)], { error: CUSTOMER_MESSAGES.invalidDate })
    .nullish()
    .transform(blankToNull);

const email = () =>
  boundedText(TEXT_LIMITS.email, { tooLong: CUSTOMER_MESSAGES.tooLong })
    .nullish()
    .refine((v) => !v || z.email().safeParse(v).success, CUSTOMER_MESSAGES.invalidEmail)
    .transform((v) => blankToNull(typeof v === 'string' ? v.toLowerCase() : v));

const phone = () =>
  boundedText(30, { tooLong: CUSTOMER_MESSAGES.invalidPhone })
    .nullish()
    .refine((v) => !v || isValidPhone(v), CUSTOMER_MESSAGES.invalidPhone)
    .transform(blankToNull);

/** Every editable field; all optional so the same shape serves create and update. */
const customerFields = {
  fullNameArabic: text(),
  firstName: text(100),
  lastName: text(100),
  email: email(),
  phone: phone(),
  licenseNumber: text(50),
  licenseIssuer: text(100),
  licenseIssuedDate: calendarDate(),
  licenseExpiryDate: calendarDate(),
  dateOfBirth: calendarDate(),
  homeAddress: text(300),
  fullAddress: text(500),
  visaNumber: text(50),
  nationalIdOrPassport: text(50),
  countryOfOrigin: text(100),
  emergencyContactName: text(200),
  emergencyContactPhone: phone(),
  emergencyContactRelationship: text(100),
  gender: z.enum(GENDERS).nullish().transform(blankToNull),
  referralSource: text(200),
  internalNotes: text(5000),
  behaviorFlags: z
    .array(boundedText(50, { tooLong: CUSTOMER_MESSAGES.tooLong }).min(1))
    .max(20)
    .optional(),
};

function checkLicenseDates(
  v: { licenseIssuedDate?: string | null; licenseExpiryDate?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.licenseIssuedDate && v.licenseExpiryDate && v.licenseExpiryDate <= v.licenseIssuedDate) {
    ctx.addIssue({ code: 'custom', path: ['licenseExpiryDate'], message: CUSTOMER_MESSAGES.expiryBeforeIssue });
  }
}

export const customerCreateSchema = z
  .object({
    fullNameEnglish: boundedText(TEXT_LIMITS.name, {
      required: CUSTOMER_MESSAGES.fullNameEnglishRequired,
      tooLong: CUSTOMER_MESSAGES.tooLong,
    }).min(1, CUSTOMER_MESSAGES.fullNameEnglishRequired),
    ...customerFields,
    preferredLanguage: z.enum(PREFERRED_LANGUAGES).default(DEFAULT_PREFERRED_LANGUAGE),
    isVip: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .superRefine(checkLicenseDates);

export const customerUpdateSchema = z
  .object({
    fullNameEnglish: boundedText(TEXT_LIMITS.name, {
      required: CUSTOMER_MESSAGES.fullNameEnglishRequired,
      tooLong: CUSTOMER_MESSAGES.tooLong,
    })
      .min(1, CUSTOMER_MESSAGES.fullNameEnglishRequired)
      .optional(),
    ...customerFields,
    preferredLanguage: z.enum(PREFERRED_LANGUAGES).optional(),
    isVip: z.boolean().optional(),
    isActive: z.boolean().optional(),
    /** The version the editor read; a stale one answers 409. Omitted = the current version. */
    version: z.number().int().positive().optional(),
  })
  .superRefine(checkLicenseDates);

export type CustomerCreateInput = z.input<typeof customerCreateSchema>;
export type CustomerCreate = z.output<typeof customerCreateSchema>;
export type CustomerUpdate = z.output<typeof customerUpdateSchema>;

const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const customerListQuerySchema = z.object({
  /** Search text (the same `q` on every list). */
  q: shortText().optional(),
  isVip: boolQuery.optional(),
  tier: z.enum(LOYALTY_TIERS).optional(),
  /** 'active' (default), 'inactive' or 'all'. */
  status: z.enum(['active', 'inactive', 'all']).default('active'),
  sort: z.enum(CUSTOMER_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursor().optional(),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export { idParamsSchema, pageQuerySchema } from './page';

export const vipBodySchema = z.object({ isVip: z.boolean(), version: z.number().int().positive().optional() });
export const activeBodySchema = z.object({ isActive: z.boolean(), version: z.number().int().positive().optional() });

export const noteCreateSchema = z.object({
  content: boundedText(2000, { required: CUSTOMER_MESSAGES.noteRequired, tooLong: CUSTOMER_MESSAGES.noteTooLong }).min(
    1,
    CUSTOMER_MESSAGES.noteRequired,
  ),
  visibility: z.enum(NOTE_VISIBILITIES).default('staff_only'),
});
export type NoteCreateInput = z.input<typeof noteCreateSchema>;

// ---------------------------------------------------------------------------------------------
// Documents (DESIGN.md §5: PDF/JPG/PNG ≤ 10 MB through presigned URLs)
// ---------------------------------------------------------------------------------------------

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
const fileFields = {
  fileName: boundedText(TEXT_LIMITS.name, {
    required: CUSTOMER_MESSAGES.fileNameRequired,
    tooLong: CUSTOMER_MESSAGES.tooLong,
  }).min(1, CUSTOMER_MESSAGES.fileNameRequired),
  fileType: z.enum(DOCUMENT_CONTENT_TYPES, { error: CUSTOMER_MESSAGES.fileTypeNotAllowed }),
  fileSize: z
    .number({ error: CUSTOMER_MESSAGES.fileTooLarge })
    .int()
    .min(1)
    .max(DOCUMENT_MAX_BYTES, CUSTOMER_MESSAGES.fileTooLarge),
};

/** The ID-scan upload request (customer documents are recorded by the documents module, scope customer). */
export const documentUploadUrlSchema = z.object({
  fileName: fileFields.fileName,
  contentType: fileFields.fileType,
  size: fileFields.fileSize,
});

// ---------------------------------------------------------------------------------------------
// ID scan
// ---------------------------------------------------------------------------------------------

export const ID_SCAN_CONTENT_TYPES = DOCUMENT_CONTENT_TYPES;
export const ID_SCAN_MESSAGES = {
  failed: 'Failed to scan ID document',
  noText: 'No machine-readable text found in this image; upload a PDF scan or enter details manually',
  noMrz: 'No machine-readable zone or labelled fields found in this document; enter details manually',
  unsupportedType: 'Only PDF, JPG or PNG files are allowed',
  empty: 'The file is empty',
  tooLarge: 'File must be at most 10 MB',
} as const;

/**
 * Large scans go through S3: POST …/id-scan/upload-url, PUT the file, then POST …/id-scan with
 * JSON `{ key }`. (Lambda's 6 MB request payload limit caps direct uploads at about 4 MB once
 * base64-encoded; the web switches to this path above ID_SCAN_DIRECT_MAX_BYTES.)
 */
export const ID_SCAN_DIRECT_MAX_BYTES = 4 * 1024 * 1024;
export const idScanUploadUrlSchema = documentUploadUrlSchema;
export const idScanFromKeySchema = z.object({ key: boundedText(500, { trim: false }).min(1) });

/** Fields the scan can pre-fill, all optional (staff confirm before saving). */
export const idScanFieldsSchema = z.object({
  fullNameEnglish: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  nationalIdOrPassport: z.string().optional(),
  dateOfBirth: z.string().optional(),
  countryOfOrigin: z.string().optional(),
  gender: z.enum(GENDERS).optional(),
  licenseNumber: z.string().optional(),
  licenseExpiryDate: z.string().optional(),
});
export type IdScanFields = z.infer<typeof idScanFieldsSchema>;

/** What POST /customers/id-scan answers. */
export const idScanResultSchema = z.object({
  fields: idScanFieldsSchema,
  source: z.enum(['mrz', 'pdf-text']),
  /** 0..1: share of MRZ check digits that passed (1 for a clean MRZ); lower for labelled text. */
  confidence: z.number(),
  documentType: z.enum(['passport', 'id_card', 'driving_license', 'unknown']).optional(),
  documentExpiryDate: z.string().optional(),
  rawMrz: z.array(z.string()).optional(),
  /** Check digits that failed, by field, so staff know what to double-check. */
  invalidChecks: z.array(z.string()).optional(),
});
export type IdScanResult = z.infer<typeof idScanResultSchema>;
