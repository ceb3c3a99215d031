/**
 * Documents API (issue 11): one module for the page's reads and writes; the catalog and the
 * schema messages are registered once here (the page's lazy chunk carries them).
 */
import { addArea } from '../../../../shared/i18n';
import { documents as catalog } from '../../../../shared/i18n/documents';
import { maintenance as maintenanceCatalog } from '../../../../shared/i18n/maintenance';
import { MAINTENANCE_MESSAGES } from '../../../../shared/schemas/maintenance';
import { DOCUMENT_MESSAGES, type DocumentApi, type DocumentReminderHistory, type DocumentReminderRun, type DocumentScope } from '../../../../shared/schemas/documents';
import { api } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';
import { putWithProgress } from '../../lib/upload';

addArea('documents', catalog);
registerMessages('documents.messages', DOCUMENT_MESSAGES);
// "Schedule maintenance" answers maintenance's refusals (archived vehicle…) per document.
addArea('maintenance', maintenanceCatalog);
registerMessages('maintenance.messages', MAINTENANCE_MESSAGES);

/** What a bulk action on the selected documents answers (per id; download: one ZIP link). */
type BulkAnswer = {
  downloadUrl?: string; count?: number; succeeded?: number; failed?: number;
  results?: { id: string; ok: boolean; error?: string; detail?: string; maintenanceId?: string }[];
};
export const DOCUMENTS_PATH = '/api/v1/documents';
export type DocumentVersion = { id: string; version: number; fileName: string; fileSize: number; uploadedBy: string | null; createdAt: string; isLatest: boolean };
export type DocumentDetail = DocumentApi & { versions: DocumentVersion[] };
export interface Overview {
  total: number;
  byValidity: Record<string, number>;
  byType: Record<string, number>;
  expiringWithin: Record<'30' | '60' | '90', number>;
  awaitingReview: number;
}

/** Uploads a file for a scope with progress; answers the storage key to record. */
export async function uploadDocumentFile(scope: DocumentScope, file: File, onProgress: (pct: number) => void): Promise<string> {
  const target = await api.post<{ uploadUrl: string; key: string; headers: Record<string, string> }>(`${DOCUMENTS_PATH}/upload-url`, { scope, fileName: file.name, contentType: file.type, size: file.size });
  await putWithProgress(target.uploadUrl, file, target.headers, onProgress);
  onProgress(100);
  return target.key;
}

export type ReminderHistoryEntry = DocumentReminderHistory['items'][number];
export const remindersPath = (id: string) => `${DOCUMENTS_PATH}/${id}/reminders`;

export const documentsApi = {
  runReminders: () => api.post<DocumentReminderRun>(`${DOCUMENTS_PATH}/reminders/run`, {}),
  get: (id: string) => api.get<DocumentDetail>(`${DOCUMENTS_PATH}/${id}`),
  create: (body: Record<string, unknown>) => api.post<DocumentApi>(DOCUMENTS_PATH, body),
  update: (id: string, body: Record<string, unknown>) => api.patch<DocumentApi>(`${DOCUMENTS_PATH}/${id}`, body),
  addVersion: (id: string, body: { key: string; fileName?: string }) => api.post<DocumentApi>(`${DOCUMENTS_PATH}/${id}/versions`, body),
  action: (id: string, action: 'submit' | 'approve' | 'analyze') => api.post<DocumentApi>(`${DOCUMENTS_PATH}/${id}/${action}`, {}),
  reject: (id: string, rejectionReason: string) => api.post<DocumentApi>(`${DOCUMENTS_PATH}/${id}/reject`, { rejectionReason }),
  useTemplate: (id: string, body: Record<string, unknown>) => api.post<DocumentApi>(`${DOCUMENTS_PATH}/${id}/use-template`, body),
  download: (id: string) => api.get<{ downloadUrl: string }>(`${DOCUMENTS_PATH}/${id}/download`),
  bulk: (body: { action: string; ids: string[]; confirm?: boolean }) =>
    api.post<BulkAnswer>(`${DOCUMENTS_PATH}/bulk`, body),
  /** "Schedule maintenance" on the selected documents: maintenance's route (it reads the documents). */
  scheduleMaintenance: (body: { ids: string[] }) => api.post<BulkAnswer>('/api/v1/maintenance/from-documents', body),
};
