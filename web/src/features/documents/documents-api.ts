/**
 * Documents API (issue 11): one module for the page's reads and writes; the catalog and the
 * schema messages are registered once here (the page's lazy chunk carries them).
 */
import { addArea } from '../../../../shared/i18n';
import { documents as catalog } from '../../../../shared/i18n/documents';
import { maintenance as maintenanceCatalog } from '../../../../shared/i18n/maintenance';
import { MAINTENANCE_MESSAGES } from '../../../../shared/schemas/maintenance';
import {
  DOCUMENT_MESSAGES,
  type DocumentApi,
  type DocumentReminderHistory,
  type DocumentReminderRun,
  type DocumentScope,
} from '../../../../shared/schemas/documents';
import { apiPath, apiStem, callApi, type BodyOf } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';
import { putWithProgress } from '../../lib/upload';

addArea('documents', catalog);
registerMessages('documents.messages', DOCUMENT_MESSAGES);
// "Schedule maintenance" answers maintenance's refusals (archived vehicle…) per document.
addArea('maintenance', maintenanceCatalog);
registerMessages('maintenance.messages', MAINTENANCE_MESSAGES);

/** What a bulk action on the selected documents answers (per id; download: one ZIP link). */
type BulkAnswer = {
  downloadUrl?: string;
  count?: number;
  succeeded?: number;
  failed?: number;
  results?: { id: string; ok: boolean; error?: string; detail?: string; maintenanceId?: string }[];
};
export const DOCUMENTS_PATH = apiStem('listDocuments');
const DOCUMENT_ACTIONS = { submit: 'submitDocument', approve: 'approveDocument', analyze: 'analyzeDocument' } as const;
export type DocumentVersion = {
  id: string;
  version: number;
  fileName: string;
  fileSize: number;
  uploadedBy: string | null;
  createdAt: string;
  isLatest: boolean;
};
export type DocumentDetail = DocumentApi & { versions: DocumentVersion[] };
export interface Overview {
  total: number;
  byValidity: Record<string, number>;
  byType: Record<string, number>;
  expiringWithin: Record<'30' | '60' | '90', number>;
  awaitingReview: number;
}

type UploadType = BodyOf<'documentUploadUrl'>['contentType'];

/** Uploads a file for a scope with progress; answers the storage key to record. */
export async function uploadDocumentFile(
  scope: DocumentScope,
  file: File,
  onProgress: (pct: number) => void,
): Promise<string> {
  const target = await callApi<
    'documentUploadUrl',
    { uploadUrl: string; key: string; headers: Record<string, string> }
  >(
    'documentUploadUrl', // The server refuses other types (400 with the field error), as before.
    { body: { scope, fileName: file.name, contentType: file.type as UploadType, size: file.size } },
  );
  await putWithProgress(target.uploadUrl, file, target.headers, onProgress);
  onProgress(100);
  return target.key;
}

export type ReminderHistoryEntry = DocumentReminderHistory['items'][number];
export const remindersPath = (id: string) => apiPath('documentReminders', { id });

export const documentsApi = {
  runReminders: () => callApi<'runDocumentReminders', DocumentReminderRun>('runDocumentReminders', { body: {} }),
  get: (id: string) => callApi<'getDocument', DocumentDetail>('getDocument', { params: { id } }),
  create: (body: BodyOf<'createDocument'>) => callApi<'createDocument', DocumentApi>('createDocument', { body }),
  update: (id: string, body: BodyOf<'updateDocument'>) =>
    callApi<'updateDocument', DocumentApi>('updateDocument', { params: { id }, body }),
  addVersion: (id: string, body: BodyOf<'addDocumentVersion'>) =>
    callApi<'addDocumentVersion', DocumentApi>('addDocumentVersion', { params: { id }, body }),
  action: (id: string, action: keyof typeof DOCUMENT_ACTIONS) =>
    callApi<(typeof DOCUMENT_ACTIONS)[typeof action], DocumentApi>(DOCUMENT_ACTIONS[action], {
      params: { id },
      body: {},
    }),
  reject: (id: string, rejectionReason: string) =>
    callApi<'rejectDocument', DocumentApi>('rejectDocument', { params: { id }, body: { rejectionReason } }),
  createFromTemplate: (id: string, body: BodyOf<'useDocumentTemplate'>) =>
    callApi<'useDocumentTemplate', DocumentApi>('useDocumentTemplate', { params: { id }, body }),
  download: (id: string) =>
    callApi<'downloadDocument', { downloadUrl: string }>('downloadDocument', { params: { id } }),
  bulk: (body: BodyOf<'bulkDocuments'>) => callApi<'bulkDocuments', BulkAnswer>('bulkDocuments', { body }),
  /** "Schedule maintenance" on the selected documents: maintenance's route (it reads the documents). */
  scheduleMaintenance: (body: BodyOf<'scheduleMaintenanceFromDocuments'>) =>
    callApi<'scheduleMaintenanceFromDocuments', BulkAnswer>('scheduleMaintenanceFromDocuments', { body }),
};
