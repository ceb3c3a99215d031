import { messageKeysOf } from './message-keys';
/**
 * The zod-free half of documents.ts: types, statuses, messages and the workflow a Lambda imports
 * without building the documents' zod schemas (cold-start time, `npm run bench` import lines).
 * documents.ts re-exports everything here.
 */

export const DOCUMENT_TYPES = [
  'registration',
  'insurance',
  'inspection',
  'maintenance',
  'rental_agreement',
  'license',
  'permit',
  'certificate',
  'other',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_STATUSES = ['draft', 'under_review', 'approved', 'expired', 'rejected'] as const;

export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const ANALYSIS_STATUSES = ['queued', 'processing', 'failed', 'analyzed'] as const;

export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

export const DOCUMENT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

export const DOCUMENT_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const DOCUMENT_PAGE_SIZES = [10, 25, 50, 100] as const;

export const DOCUMENT_MESSAGES = {
  // §5
  vehicleIdRequired: 'vehicleId is required when scope is vehicle',
  customerIdRequired: 'customerId is required when scope is customer',
  // §8
  uploadFailed: 'Failed to upload document',
  analyzeFailed: 'Failed to analyze document',
  deleteFailed: 'Failed to delete document',
  replaceFailed: 'Failed to replace document',
  scheduleFailed: 'Failed to schedule maintenance',
  scheduleNeedsVehicle: 'Only vehicle documents can schedule maintenance',
  // ours
  titleRequired: 'Title is required',
  tooLong: 'Too long',
  fileTypeNotAllowed: 'Only PDF, JPG or PNG files are allowed',
  fileTooLarge: 'File must be at most 10 MB',
  fileContentMismatch: 'The file is not a real PDF, JPG or PNG',
  notUploaded: 'The file was not uploaded yet. Upload it, then try again.',
  badKey: 'This file does not belong to this company',
  notFound: 'Document not found',
  vehicleNotFound: 'Vehicle not found',
  customerNotFound: 'Customer not found',
  rejectionReasonRequired: 'A reason is required to reject a document',
  transitionRefused: 'This document cannot change from {{from}} to {{to}}',
  versionMismatch: 'This document was changed by someone else. Reload and try again.',
  notLatest: 'Only the latest version can be changed',
  confirmRequired: 'Confirm the deletion',
  thresholdRange: 'Reminder threshold must be between 1 and 365 days',
  notTemplate: 'Only a template can create a document',
} as const;

export type DocumentMessageKey = keyof typeof DOCUMENT_MESSAGES;

export const DOCUMENT_MESSAGE_KEYS: Record<string, DocumentMessageKey> =
  /* @__PURE__ */ messageKeysOf(DOCUMENT_MESSAGES);

/** Workflow transitions (§4): anything else is a 409. */
export const DOCUMENT_TRANSITIONS: Record<
  'submit' | 'approve' | 'reject',
  { from: readonly DocumentStatus[]; to: DocumentStatus }
> = {
  submit: { from: ['draft', 'rejected'], to: 'under_review' },
  approve: { from: ['under_review'], to: 'approved' },
  reject: { from: ['under_review'], to: 'rejected' },
};
