import type { MaintenancePaidFrom, MaintenancePriority, MaintenanceStatus, MaintenanceType, ServiceInterval } from './maintenance';
import type { Prediction } from '../maintenance/predict';

/** Answers of the maintenance routes (functions/maintenance/model.ts builds them; the web reads these types). */
export interface MaintenanceRecord {
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  type: MaintenanceType;
  notes: string | null;
  estimatedCost: number;
  actualCost: number | null;
  vatAmount: number | null;
  date: string;
  endDate: string | null;
  completedDate: string | null;
  status: MaintenanceStatus;
  priority: MaintenancePriority;
  isAiGenerated: boolean;
  source: 'manual' | 'ai_generated';
  aiConfidence: number | null;
  predictionId: string | null;
  sourceDocumentId: string | null;
  assignedTo: string | null;
  assignedToName: string | null;
  invoiceId: string | null;
  invoiceFile: { key: string; fileName: string; contentType: string; url: string | null } | null;
  addToFinancials: boolean;
  paidFrom: MaintenancePaidFrom;
  serviceMileage: number | null;
  servicedBy: string | null;
  journalEntryId: string | null;
  reversalEntryId: string | null;
  cancelReason: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface MaintenancePrediction extends Prediction {
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  generatedAt: string;
  recordId: string | null;
  bookingsAtRisk: { rentalId: string; label: string | null; start: string; end: string | null }[];
}

export interface GenerateResult {
  succeeded: number;
  failed: number;
  partial: boolean;
  message: string | null;
  results: { vehicleId: string; ok: boolean; predictions?: number; error?: string }[];
}

export interface ServiceProgram {
  vehicleId: string;
  vehicleLabel: string;
  intervals: (ServiceInterval & { lastService: { date: string; km: number | null; recordId: string } | null })[];
  version: number;
  updatedAt: string | null;
}
