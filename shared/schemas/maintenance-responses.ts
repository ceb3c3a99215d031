import * as z from 'zod';
import {
  MAINTENANCE_PAID_FROM,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_SOURCES,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TYPES,
} from './maintenance';
import { CHECK_RESULTS, INSPECTION_KINDS, damageMarkSchema, inspectionPhotoSchema } from './inspections';
import { FUEL_LEVELS } from '../constants';
import { URGENCY_LEVELS } from '../maintenance/predict';
import { pageOf } from './page';
import { uploadTargetSchema } from './upload';
import { ledgerEntrySchema, rentalSchema } from './rentals-responses';

/** Answers of the maintenance routes (functions/maintenance/model.ts builds them; the web reads these types). */
export const maintenanceRecordSchema = z.object({
  id: z.string(),
  vehicleId: z.string(),
  vehicleLabel: z.string(),
  type: z.enum(MAINTENANCE_TYPES),
  notes: z.string().nullable(),
  estimatedCost: z.number(),
  actualCost: z.number().nullable(),
  vatAmount: z.number().nullable(),
  date: z.string(),
  endDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  status: z.enum(MAINTENANCE_STATUSES),
  priority: z.enum(MAINTENANCE_PRIORITIES),
  isAiGenerated: z.boolean(),
  source: z.enum(MAINTENANCE_SOURCES),
  aiConfidence: z.number().nullable(),
  predictionId: z.string().nullable(),
  sourceDocumentId: z.string().nullable(),
  assignedTo: z.string().nullable(),
  assignedToName: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceFile: z
    .object({ key: z.string(), fileName: z.string(), contentType: z.string(), url: z.string().nullable() })
    .nullable(),
  addToFinancials: z.boolean(),
  paidFrom: z.enum(MAINTENANCE_PAID_FROM),
  serviceMileage: z.number().nullable(),
  servicedBy: z.string().nullable(),
  journalEntryId: z.string().nullable(),
  reversalEntryId: z.string().nullable(),
  cancelReason: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecordSchema>;
export const maintenancePageSchema = pageOf(maintenanceRecordSchema);

const odometerReadingSchema = z.object({
  at: z.string(),
  km: z.number(),
  source: z.enum(['pickup', 'return', 'service', 'gps', 'vehicle']),
  refId: z.string().nullable().optional(),
  reference: z.string().nullable().optional(),
});

/** shared/maintenance/predict.ts Prediction, as stored and answered. */
const predictionFields = {
  type: z.string(),
  everyKm: z.number().nullable(),
  everyMonths: z.number().nullable(),
  lastService: z.object({ date: z.string(), km: z.number().nullable(), recordId: z.string().nullable() }).nullable(),
  currentKm: z.number().nullable(),
  kmPerDay: z.number().nullable(),
  dueKm: z.number().nullable(),
  kmLeft: z.number().nullable(),
  dueDateByKm: z.string().nullable(),
  dueDateByTime: z.string().nullable(),
  dueDate: z.string().nullable(),
  daysLeft: z.number().nullable(),
  urgency: z.enum(URGENCY_LEVELS),
  confidence: z.number(),
  confidenceLevel: z.enum(['high', 'medium', 'low']),
  insufficientHistory: z.boolean(),
  reason: z.string(),
  evidence: z.array(odometerReadingSchema),
};

export const maintenancePredictionSchema = z.object({
  ...predictionFields,
  id: z.string(),
  vehicleId: z.string(),
  vehicleLabel: z.string(),
  generatedAt: z.string(),
  recordId: z.string().nullable(),
  bookingsAtRisk: z.array(
    z.object({ rentalId: z.string(), label: z.string().nullable(), start: z.string(), end: z.string().nullable() }),
  ),
});
export type MaintenancePrediction = z.infer<typeof maintenancePredictionSchema>;
export const maintenancePredictionPageSchema = pageOf(maintenancePredictionSchema);

export const generateResultSchema = z.object({
  succeeded: z.number(),
  failed: z.number(),
  partial: z.boolean(),
  message: z.string().nullable(),
  results: z.array(
    z.object({
      vehicleId: z.string(),
      ok: z.boolean(),
      predictions: z.number().optional(),
      error: z.string().optional(),
    }),
  ),
});
export type GenerateResult = z.infer<typeof generateResultSchema>;

export const serviceProgramResponseSchema = z.object({
  vehicleId: z.string(),
  vehicleLabel: z.string(),
  intervals: z.array(
    z.object({
      type: z.enum(MAINTENANCE_TYPES),
      everyKm: z.number().nullable().optional(),
      everyMonths: z.number().nullable().optional(),
      lastService: z.object({ date: z.string(), km: z.number().nullable(), recordId: z.string() }).nullable(),
    }),
  ),
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type ServiceProgram = z.infer<typeof serviceProgramResponseSchema>;

/** Presigned PUT of an invoice, receipt or inspection photo. */
export const maintenanceUploadTargetSchema = uploadTargetSchema;

// ---- inspections --------------------------------------------------------------------------

const proposedChargeSchema = z.object({
  key: z.string(),
  category: z.enum(['damage_fees', 'fuel_charges', 'extra_km']),
  labelKey: z.string(),
  labelParams: z.record(z.string(), z.union([z.string(), z.number()])),
  label: z.string(),
  amountMinor: z.number(),
  amount: z.number(),
  markId: z.string().optional(),
  postedBy: z.enum(['confirmation', 'return']).nullable(),
});

export const inspectionSchema = z.object({
  id: z.string(),
  rentalId: z.string(),
  rentalReference: z.string(),
  vehicleId: z.string(),
  vehicleLabel: z.string(),
  customerName: z.string(),
  kind: z.enum(INSPECTION_KINDS),
  odometer: z.number(),
  fuelLevel: z.enum(FUEL_LEVELS),
  checklist: z.record(z.string(), z.enum(CHECK_RESULTS)),
  photos: z.array(inspectionPhotoSchema.extend({ url: z.string() })),
  damages: z.array(damageMarkSchema),
  notes: z.string().nullable(),
  status: z.enum(['draft', 'signed']),
  signedAt: z.string().nullable(),
  signedBy: z.string().nullable(),
  customerSignedName: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  inspectorName: z.string(),
  createdAt: z.string(),
  version: z.number(),
  /** A check-in's differences from the check-out, with proposed charges (one inspection's read only). */
  diff: z
    .object({
      newDamages: z.array(damageMarkSchema),
      kmDriven: z.number(),
      fuelOut: z.enum(FUEL_LEVELS),
      fuelIn: z.enum(FUEL_LEVELS),
      fuelShortfallQuarters: z.number(),
      chargeableDays: z.number(),
      allowanceKm: z.number().nullable(),
      extraKm: z.number(),
      proposed: z.array(proposedChargeSchema),
      proposedTotalMinor: z.number(),
    })
    .nullable(),
});
export const inspectionPageSchema = pageOf(inspectionSchema);

/** A charge posted to the rental: the rental and the new ledger entries (rentals' external charges). */
export const inspectionChargeResponseSchema = z.object({ rental: rentalSchema, entries: z.array(ledgerEntrySchema) });

/**
 * "Schedule maintenance" on selected vehicle documents (POST /maintenance/from-documents): one outcome per document.
 */
export const scheduleFromDocumentsResultSchema = z.object({
  action: z.literal('schedule_maintenance'),
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
});
