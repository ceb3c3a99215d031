/**
 * Maintenance feature: paths, calls, answer types (shared) and the catalog area (registered here,
 * so it ships with the maintenance page, not the sign-in bundle).
 */
import { addArea } from '../../../../shared/i18n';
import { maintenance as maintenanceCatalog } from '../../../../shared/i18n/maintenance';
import { accounting as accountingCatalog } from '../../../../shared/i18n/accounting';
import { JOURNAL_MESSAGES } from '../../../../shared/accounting/journal';
import { MAINTENANCE_MESSAGES } from '../../../../shared/schemas/maintenance';
import type { GenerateResult, MaintenancePrediction, MaintenanceRecord, ServiceProgram } from '../../../../shared/schemas/maintenance-responses';
import { api } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';
import { uploadFileTo, type UploadTarget } from '../../lib/upload';

addArea('maintenance', maintenanceCatalog);
registerMessages('maintenance.messages', MAINTENANCE_MESSAGES);
// Completing a record posts a journal entry: the engine's refusals (inactive account, a VAT code
// of another region, a filed VAT period) are shown in the dialog in the reader's language.
addArea('accounting', accountingCatalog);
registerMessages('accounting.messages', JOURNAL_MESSAGES);

export type { GenerateResult, MaintenancePrediction, MaintenanceRecord, ServiceProgram };

export const MAINTENANCE_PATH = '/api/v1/maintenance';
export const PREDICTIONS_PATH = `${MAINTENANCE_PATH}/predictions`;
const recordPath = (id: string) => `${MAINTENANCE_PATH}/${encodeURIComponent(id)}`;
export const programPath = (vehicleId: string) => `/api/v1/vehicles/${encodeURIComponent(vehicleId)}/service-program`;

export const maintenanceApi = {
  create: (body: unknown) => api.post<MaintenanceRecord>(MAINTENANCE_PATH, body),
  update: (id: string, body: unknown) => api.patch<MaintenanceRecord>(recordPath(id), body),
  start: (r: MaintenanceRecord) => api.post<MaintenanceRecord>(`${recordPath(r.id)}/start`, { version: r.version }),
  complete: (r: MaintenanceRecord, body: Record<string, unknown>) => api.post<MaintenanceRecord>(`${recordPath(r.id)}/complete`, { ...body, version: r.version }),
  cancel: (r: MaintenanceRecord) => api.post<MaintenanceRecord>(`${recordPath(r.id)}/cancel`, { version: r.version }),
  get: (id: string) => api.get<MaintenanceRecord>(recordPath(id)),
  generate: (vehicleIds?: string[]) => api.post<GenerateResult>(`${PREDICTIONS_PATH}/generate`, vehicleIds ? { vehicleIds } : {}),
  putProgram: (vehicleId: string, body: unknown) => api.put<ServiceProgram>(programPath(vehicleId), body),
  /** Invoice or receipt through a presigned PUT; the returned key goes in `invoiceFile`. */
  uploadInvoice: (file: File, onProgress: (percent: number) => void): Promise<UploadTarget> => uploadFileTo(`${MAINTENANCE_PATH}/upload-url`, file, onProgress),
};
