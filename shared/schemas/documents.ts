import * as z from 'zod';
import { calendarDate, cursor, entityId, text } from './fields';
import { pageOf } from './page';

/**
 * Documents (business-data-and-rules §3 vehicle_documents, §4 statuses, §5, §8; issue 11).
 *
 * Decisions where the spec is silent:
 * - One module for vehicle, customer and company documents; `scope` decides which id is required.
 * - A replaced document keeps its record (older versions stay downloadable); the new version
 *   carries parentDocumentId = the replaced version's id and version = n+1. Lists show the latest.
 * - Workflow: draft → under_review (submit) → approved | rejected (reason required). A rejected
 *   document goes back to review when resubmitted; approved documents past their expiry read as
 *   'expired' (computed, the stored status stays approved so the history is honest).
 * - Validity is computed from expiryDate, reminderThreshold (default 30 days) and the company's
 *   calendar day: expired (before today), expiring_soon (within the threshold), valid, no_expiry.
 */
// Scopes, validity and the reminder threshold live in shared/documents/validity.ts (no zod: the rentals Lambda reads
// documents through them).
export {
  DOCUMENT_SCOPES,
  DOCUMENT_VALIDITY,
  DEFAULT_REMINDER_THRESHOLD_DAYS,
  documentValidity,
  type DocumentScope,
  type DocumentValidity,
} from '../documents/validity';
import { DOCUMENT_SCOPES, DOCUMENT_VALIDITY } from '../documents/validity';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  DOCUMENT_STATUSES,
  type DocumentStatus,
  ANALYSIS_STATUSES,
  type AnalysisStatus,
  DOCUMENT_FILE_TYPES,
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_PAGE_SIZES,
  DOCUMENT_MESSAGES,
  type DocumentMessageKey,
  DOCUMENT_MESSAGE_KEYS,
  DOCUMENT_TRANSITIONS,
} from './documents-constants';
export * from './documents-constants';

const title = text(200, { required: DOCUMENT_MESSAGES.titleRequired, tooLong: DOCUMENT_MESSAGES.tooLong }).min(
  1,
  DOCUMENT_MESSAGES.titleRequired,
);
const optionalText = (max: number) => text(max, { tooLong: DOCUMENT_MESSAGES.tooLong }).nullish();
const tags = z.array(text(40, { tooLong: DOCUMENT_MESSAGES.tooLong }).min(1)).max(20);
const threshold = z
  .number({ error: DOCUMENT_MESSAGES.thresholdRange })
  .int(DOCUMENT_MESSAGES.thresholdRange)
  .min(1, DOCUMENT_MESSAGES.thresholdRange)
  .max(365, DOCUMENT_MESSAGES.thresholdRange);
const key = text(500, { trim: false }).min(1);

export const documentUploadUrlSchema = z.object({
  scope: z.enum(DOCUMENT_SCOPES),
  fileName: text(200).optional(),
  contentType: z.enum(DOCUMENT_FILE_TYPES, { error: DOCUMENT_MESSAGES.fileTypeNotAllowed }),
  size: z
    .number({ error: DOCUMENT_MESSAGES.fileTooLarge })
    .int()
    .min(1)
    .max(DOCUMENT_FILE_MAX_BYTES, DOCUMENT_MESSAGES.fileTooLarge),
});
export type DocumentUploadUrlInput = z.input<typeof documentUploadUrlSchema>;

export const documentCreateSchema = z
  .object({
    scope: z.enum(DOCUMENT_SCOPES),
    vehicleId: entityId().nullish(),
    customerId: entityId().nullish(),
    rentalId: entityId().nullish(),
    title,
    description: optionalText(2000),
    documentType: z.enum(DOCUMENT_TYPES),
    key,
    fileName: text(200).optional(),
    expiryDate: calendarDate().nullish(),
    reminderThreshold: threshold.optional(),
    tags: tags.optional(),
    assignee: optionalText(100),
    isTemplate: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'vehicle' && !v.vehicleId)
      ctx.addIssue({ code: 'custom', path: ['vehicleId'], message: DOCUMENT_MESSAGES.vehicleIdRequired });
    if (v.scope === 'customer' && !v.customerId)
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: DOCUMENT_MESSAGES.customerIdRequired });
  });
export type DocumentCreateInput = z.input<typeof documentCreateSchema>;

export const documentUpdateSchema = z.object({
  title: title.optional(),
  description: optionalText(2000),
  documentType: z.enum(DOCUMENT_TYPES).optional(),
  expiryDate: calendarDate().nullish(),
  reminderThreshold: threshold.optional(),
  tags: tags.optional(),
  assignee: optionalText(100),
  version: z.number().int().positive(),
});
export type DocumentUpdateInput = z.input<typeof documentUpdateSchema>;

/**
 * "Use template": a new draft document of this scope from a company template's file (title defaults to the template's).
 */
export const documentUseTemplateSchema = z
  .object({
    scope: z.enum(DOCUMENT_SCOPES),
    vehicleId: entityId().nullish(),
    customerId: entityId().nullish(),
    title: title.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'vehicle' && !v.vehicleId)
      ctx.addIssue({ code: 'custom', path: ['vehicleId'], message: DOCUMENT_MESSAGES.vehicleIdRequired });
    if (v.scope === 'customer' && !v.customerId)
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: DOCUMENT_MESSAGES.customerIdRequired });
  });
export type DocumentUseTemplateInput = z.input<typeof documentUseTemplateSchema>;

export const documentVersionSchema = z.object({
  key,
  fileName: text(200).optional(),
  expiryDate: calendarDate().nullish(),
});
export const documentRejectSchema = z.object({
  rejectionReason: text(1000, {
    required: DOCUMENT_MESSAGES.rejectionReasonRequired,
    tooLong: DOCUMENT_MESSAGES.tooLong,
  }).min(1, DOCUMENT_MESSAGES.rejectionReasonRequired),
});
export const documentIdParamsSchema = z.object({ id: text(40) });

export const documentListQuerySchema = z.object({
  scope: z.enum(DOCUMENT_SCOPES).default('vehicle'),
  q: text(100).optional(),
  documentType: z.enum(DOCUMENT_TYPES).optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  validity: z.enum(DOCUMENT_VALIDITY).optional(),
  vehicleId: entityId().optional(),
  customerId: entityId().optional(),
  awaitingMyReview: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursor().optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

/** "Schedule maintenance" of the same page is maintenance's route (scheduleFromDocumentsSchema in ./maintenance.ts). */
export const BULK_ACTIONS = ['analyze', 'download', 'delete', 'approve'] as const;
export const documentBulkSchema = z
  .object({
    action: z.enum(BULK_ACTIONS),
    ids: z.array(text(40)).min(1).max(100),
    confirm: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'delete' && v.confirm !== true)
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: DOCUMENT_MESSAGES.confirmRequired });
  });

const proposal = z.object({ field: z.string(), value: z.string(), confidence: z.number(), evidence: z.string() });
export type AnalysisProposal = z.infer<typeof proposal>;

export const documentSchema = z.object({
  id: z.string(),
  scope: z.enum(DOCUMENT_SCOPES),
  vehicleId: z.string().nullable(),
  customerId: z.string().nullable(),
  rentalId: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  documentType: z.enum(DOCUMENT_TYPES),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  version: z.number(),
  parentDocumentId: z.string().nullable(),
  rootDocumentId: z.string(),
  isLatest: z.boolean(),
  expiryDate: z.string().nullable(),
  reminderThreshold: z.number(),
  status: z.enum(DOCUMENT_STATUSES),
  validity: z.enum(DOCUMENT_VALIDITY),
  daysLeft: z.number().nullable(),
  assignee: z.string().nullable(),
  approver: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  tags: z.array(z.string()),
  isTemplate: z.boolean(),
  analysisStatus: z.enum(ANALYSIS_STATUSES).nullable(),
  analysisError: z.string().nullable(),
  analysisMethod: z.string().nullable(),
  analysisProposals: z.array(proposal),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  itemVersion: z.number(),
});
export type DocumentApi = z.infer<typeof documentSchema>;
export const documentPageSchema = pageOf(documentSchema);

/** One reminder email (issue 27: "Run now" answers the run with its emails; a document shows its history). */
const reminderEmailFields = {
  documentId: z.string(),
  stage: z.string(),
  expiryDate: z.string(),
  recipients: z.array(z.string()),
  subject: z.string(),
  language: z.enum(['en', 'ar']),
};
export const documentReminderRunSchema = z.object({
  trigger: z.enum(['schedule', 'manual']),
  tenantId: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
  candidates: z.number().int(),
  sent: z.number().int(),
  retried: z.number().int(),
  notYet: z.number().int(),
  disabled: z.number().int(),
  noRecipient: z.number().int(),
  claimedByOther: z.number().int(),
  errors: z.number().int(),
  emails: z.array(z.object({ ...reminderEmailFields, title: z.string(), sentAt: z.string() })),
});
export type DocumentReminderRun = z.infer<typeof documentReminderRunSchema>;
export const documentReminderHistorySchema = z.object({
  items: z.array(
    z.object({
      ...reminderEmailFields,
      status: z.enum(['sent', 'pending']),
      claimedAt: z.string(),
      sentAt: z.string().nullable(),
      trigger: z.enum(['schedule', 'manual']),
    }),
  ),
});
export type DocumentReminderHistory = z.infer<typeof documentReminderHistorySchema>;

/** One document with its versions, newest first (GET /documents/{id}). */
export const documentVersionEntrySchema = z.object({
  id: z.string(),
  version: z.number(),
  fileName: z.string(),
  fileSize: z.number(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  isLatest: z.boolean(),
});
export const documentDetailSchema = documentSchema.extend({ versions: z.array(documentVersionEntrySchema) });

/** Counts of one scope (GET /documents/overview). */
export const documentsOverviewSchema = z.object({
  scope: z.enum(DOCUMENT_SCOPES),
  total: z.number(),
  byValidity: z.record(z.string(), z.number()),
  byType: z.record(z.string(), z.number()),
  expiringWithin: z.object({ 30: z.number(), 60: z.number(), 90: z.number() }),
  awaitingReview: z.number(),
});

/** Bulk actions: one ZIP to download, or one outcome per document. */
export const documentBulkResultSchema = z.union([
  z.object({ action: z.literal('download'), downloadUrl: z.string(), count: z.number(), bytes: z.number() }),
  z.object({
    action: z.enum(BULK_ACTIONS),
    results: z.array(
      z.object({
        id: z.string(),
        ok: z.boolean(),
        error: z.string().optional(),
        detail: z.string().optional(),
        status: z.number().optional(),
        maintenanceId: z.string().optional(),
      }),
    ),
    succeeded: z.number(),
    failed: z.number(),
  }),
]);

/** A short-lived link to this version's file. */
export const documentDownloadSchema = z.object({
  downloadUrl: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
});
