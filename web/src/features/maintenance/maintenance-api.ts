/**
 * Maintenance feature: paths, calls, answer types (shared) and the catalog area (registered here,
 * so it ships with the maintenance page, not the sign-in bundle).
 */
import { addArea } from '../../../../shared/i18n';
import { maintenance as maintenanceCatalog } from '../../../../shared/i18n/maintenance';
import { accounting as accountingCatalog } from '../../../../shared/i18n/accounting';
import { JOURNAL_MESSAGES } from '../../../../shared/accounting/journal';
import { MAINTENANCE_MESSAGES } from '../../../../shared/schemas/maintenance';
import type {
  GenerateResult,
  MaintenancePrediction,
  MaintenanceRecord,
  ServiceProgram,
} from '../../../../shared/schemas/maintenance-responses';
import { apiPath, apiStem, callApi, type BodyOf } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';
import { uploadFileTo, type UploadTarget } from '../../lib/upload';

addArea('maintenance', maintenanceCatalog);
registerMessages('maintenance.messages', MAINTENANCE_MESSAGES);
// Completing a record posts a journal entry: the engine's refusals (inactive account, a VAT code
// of another region, a filed VAT period) are shown in the dialog in the reader's language.
addArea('accounting', accountingCatalog);
registerMessages('accounting.messages', JOURNAL_MESSAGES);

export type { GenerateResult, MaintenancePrediction, MaintenanceRecord, ServiceProgram };

export const MAINTENANCE_PATH = apiStem('listMaintenance');
export const PREDICTIONS_PATH = apiPath('listPredictions');
export const programPath = (vehicleId: string) => apiPath('getServiceProgram', { id: vehicleId });

export const maintenanceApi = {
  create: (body: BodyOf<'createMaintenance'>) =>
    callApi<'createMaintenance', MaintenanceRecord>('createMaintenance', { body }),
  update: (id: string, body: BodyOf<'updateMaintenance'>) =>
    callApi<'updateMaintenance', MaintenanceRecord>('updateMaintenance', { params: { id }, body }),
  start: (r: MaintenanceRecord) =>
    callApi<'startMaintenance', MaintenanceRecord>('startMaintenance', {
      params: { id: r.id },
      body: { version: r.version },
    }),
  complete: (r: MaintenanceRecord, body: Omit<BodyOf<'completeMaintenance'>, 'version'>) =>
    callApi<'completeMaintenance', MaintenanceRecord>('completeMaintenance', {
      params: { id: r.id },
      body: { ...body, version: r.version } as BodyOf<'completeMaintenance'>,
    }),
  cancel: (r: MaintenanceRecord) =>
    callApi<'cancelMaintenance', MaintenanceRecord>('cancelMaintenance', {
      params: { id: r.id },
      body: { version: r.version },
    }),
  get: (id: string) => callApi<'getMaintenance', MaintenanceRecord>('getMaintenance', { params: { id } }),
  generate: (vehicleIds?: string[]) =>
    callApi<'generatePredictions', GenerateResult>('generatePredictions', { body: vehicleIds ? { vehicleIds } : {} }),
  putProgram: (vehicleId: string, body: BodyOf<'putServiceProgram'>) =>
    callApi<'putServiceProgram', ServiceProgram>('putServiceProgram', { params: { id: vehicleId }, body }),
  /** Invoice or receipt through a presigned PUT; the returned key goes in `invoiceFile`. */
  uploadInvoice: (file: File, onProgress: (percent: number) => void): Promise<UploadTarget> =>
    uploadFileTo(apiPath('createMaintenanceUploadUrl'), file, onProgress),
};
