import * as z from 'zod';
import { MAX_MONEY_AMOUNT, MONEY_MESSAGES, hasAtMostDecimals } from '../money';
import { DOCUMENT_MIME_TYPES } from '../constants';
import { calendarDate, cursor, entityId, text } from './fields';
import { DOCUMENT_MESSAGES } from './documents-constants';

/**
 * Maintenance records (business-data §3 maintenance_records, §5 validation, §8 messages; issue 12).
 * Money crosses the API as decimals (≤ 2 places), integer minor units inside.
 */
// The statuses live with their transitions (shared/maintenance/lifecycle.ts, which imports no schema).
export { MAINTENANCE_STATUSES, type MaintenanceStatus } from '../maintenance/lifecycle';
import { MAINTENANCE_STATUSES } from '../maintenance/lifecycle';
export const MAINTENANCE_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];
/** The spec names the field `type` without a list; these are what a rental workshop books. */
export const MAINTENANCE_TYPES = [
  'oil_change',
  'tyres',
  'brakes',
  'battery',
  'general_service',
  'inspection',
  'registration',
  'repair',
  'bodywork',
  'air_conditioning',
  'other',
] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];
/** What a completed record's cost is paid with (issue 12: "against cash, bank or payables as chosen"). */
export const MAINTENANCE_PAID_FROM = ['cash', 'bank', 'payables'] as const;
export type MaintenancePaidFrom = (typeof MAINTENANCE_PAID_FROM)[number];
export const MAINTENANCE_SOURCES = ['manual', 'ai_generated'] as const;

export const MAINTENANCE_MESSAGES = {
  // §5: vehicle, type, date and cost required; invoice file PDF, JPG or PNG.
  vehicleRequired: 'Vehicle is required',
  typeRequired: 'Type is required',
  dateRequired: 'Date is required',
  costRequired: 'Cost is required',
  invoiceType: 'Invoice file must be PDF, JPG or PNG',
  invoiceTooLarge: 'Invoice file can be at most 10 MB',
  invoiceInvalid: 'This invoice file does not belong to your company. Upload it again.',
  invoiceMissing: 'The invoice file was not found. Upload it again.',
  // §8
  createFailed: 'Failed to create maintenance record',
  generateFailed: 'Failed to generate predictions',
  batchFailed: 'batch prediction failed',
  partialSuccess: 'Predictions generated for some vehicles only (partial success)',
  // Ours
  endBeforeStart: 'End date must be on or after the service date',
  vehicleNotFound: 'Vehicle not found',
  vehicleArchived: 'This vehicle is archived',
  mechanicNotFound: 'Assigned staff member not found',
  vatTooLarge: 'VAT cannot exceed the cost',
  mileageWhole: 'Service mileage must be a whole number of km',
  invalidTransition: 'This maintenance record cannot move to that status',
  notEditable: 'A completed or cancelled maintenance record cannot be edited',
  intervalRequired: 'Give a distance, a time interval or both',
  predictionNotFound: 'Prediction not found',
} as const;

const money = (required?: string) =>
  z
    .number({ error: required ?? MONEY_MESSAGES.invalid })
    .min(0, { error: MONEY_MESSAGES.negative })
    .max(MAX_MONEY_AMOUNT, { error: MONEY_MESSAGES.tooLarge })
    .refine((v) => hasAtMostDecimals(v, 2), { error: MONEY_MESSAGES.decimals });
const requiredText = (max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const ulidLike = (message: string) => z.string({ error: message }).regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, message);
const mileage = z
  .number({ error: MAINTENANCE_MESSAGES.mileageWhole })
  .int(MAINTENANCE_MESSAGES.mileageWhole)
  .min(0, MAINTENANCE_MESSAGES.mileageWhole)
  .max(9_999_999, MAINTENANCE_MESSAGES.mileageWhole);

/** An uploaded invoice or receipt (key from POST /api/v1/maintenance/upload-url). */
export const maintenanceInvoiceFileSchema = z.object({
  key: z.string().min(1).max(2000),
  fileName: z.string().trim().min(1).max(200),
  contentType: z.enum(DOCUMENT_MIME_TYPES, { error: MAINTENANCE_MESSAGES.invoiceType }),
});

export const maintenanceUploadUrlSchema = z.object({
  fileName: requiredText(200, MAINTENANCE_MESSAGES.invoiceType),
  contentType: z.enum(DOCUMENT_MIME_TYPES, { error: MAINTENANCE_MESSAGES.invoiceType }),
  size: z.number({ error: MAINTENANCE_MESSAGES.invoiceTooLarge }).int().min(1, MAINTENANCE_MESSAGES.invoiceTooLarge),
});

const recordFields = {
  type: z.enum(MAINTENANCE_TYPES, { error: MAINTENANCE_MESSAGES.typeRequired }),
  notes: optionalText(5000),
  estimatedCost: money(MAINTENANCE_MESSAGES.costRequired),
  actualCost: money().optional().nullable(),
  /** VAT included in the invoice (≤ cost); posted as input VAT when the company is VAT-registered. */
  vatAmount: money().optional().nullable(),
  /** Service date: the first day of the maintenance window. */
  date: calendarDate(MAINTENANCE_MESSAGES.dateRequired),
  /**
   * Last day of the window (ours: the spec has one date; a body shop keeps a car for days).
   * Default: the service date (a one-day window).
   */
  endDate: calendarDate(MAINTENANCE_MESSAGES.endBeforeStart).optional().nullable(),
  priority: z.enum(MAINTENANCE_PRIORITIES).default('medium'),
  assignedTo: ulidLike(MAINTENANCE_MESSAGES.mechanicNotFound).optional().nullable(),
  invoiceId: optionalText(100),
  invoiceFile: maintenanceInvoiceFileSchema.optional().nullable(),
  addToFinancials: z.boolean().default(true),
  paidFrom: z.enum(MAINTENANCE_PAID_FROM).default('cash'),
  serviceMileage: mileage.optional().nullable(),
  servicedBy: optionalText(200),
  sourceDocumentId: optionalText(100),
};

const endNotBeforeStart = (b: { date?: string; endDate?: string | null }) =>
  !b.endDate || !b.date || b.endDate >= b.date;
const vatWithinCost = (b: { vatAmount?: number | null; actualCost?: number | null; estimatedCost?: number }) =>
  !b.vatAmount || b.vatAmount <= (b.actualCost ?? b.estimatedCost ?? Infinity);

export const createMaintenanceSchema = z
  .object({
    vehicleId: ulidLike(MAINTENANCE_MESSAGES.vehicleRequired),
    ...recordFields,
    /** pending (noted, no date booked with the workshop: does not block) or scheduled (blocks bookings). */
    status: z.enum(['pending', 'scheduled']).default('scheduled'),
    isAiGenerated: z.boolean().default(false),
    aiConfidence: z.number().min(0).max(1).optional().nullable(),
    /** The prediction this record was made from (one click from the predictions tab). */
    predictionId: z.string().max(200).optional().nullable(),
  })
  .refine(endNotBeforeStart, { path: ['endDate'], error: MAINTENANCE_MESSAGES.endBeforeStart })
  .refine(vatWithinCost, { path: ['vatAmount'], error: MAINTENANCE_MESSAGES.vatTooLarge });
export type CreateMaintenanceBody = z.output<typeof createMaintenanceSchema>;

export const updateMaintenanceSchema = z
  .object({
    type: recordFields.type.optional(),
    notes: recordFields.notes,
    estimatedCost: money(MAINTENANCE_MESSAGES.costRequired).optional(),
    actualCost: recordFields.actualCost,
    vatAmount: recordFields.vatAmount,
    date: calendarDate(MAINTENANCE_MESSAGES.dateRequired).optional(),
    endDate: recordFields.endDate,
    priority: z.enum(MAINTENANCE_PRIORITIES).optional(),
    assignedTo: recordFields.assignedTo,
    invoiceId: recordFields.invoiceId,
    invoiceFile: recordFields.invoiceFile,
    addToFinancials: z.boolean().optional(),
    paidFrom: z.enum(MAINTENANCE_PAID_FROM).optional(),
    serviceMileage: recordFields.serviceMileage,
    servicedBy: recordFields.servicedBy,
    /** pending ↔ scheduled through PATCH; other moves are actions. */
    status: z.enum(['pending', 'scheduled']).optional(),
    version: z.number().int().min(0).optional(),
  })
  .refine(endNotBeforeStart, { path: ['endDate'], error: MAINTENANCE_MESSAGES.endBeforeStart });
export type UpdateMaintenanceBody = z.output<typeof updateMaintenanceSchema>;

export const completeMaintenanceSchema = z
  .object({
    actualCost: money(MAINTENANCE_MESSAGES.costRequired).optional().nullable(),
    vatAmount: money().optional().nullable(),
    completedDate: calendarDate().optional(),
    serviceMileage: mileage.optional().nullable(),
    servicedBy: optionalText(200),
    invoiceId: optionalText(100),
    invoiceFile: maintenanceInvoiceFileSchema.optional().nullable(),
    addToFinancials: z.boolean().optional(),
    paidFrom: z.enum(MAINTENANCE_PAID_FROM).optional(),
    version: z.number().int().min(0).optional(),
  })
  .refine(vatWithinCost, { path: ['vatAmount'], error: MAINTENANCE_MESSAGES.vatTooLarge });
export type CompleteMaintenanceBody = z.output<typeof completeMaintenanceSchema>;

export const maintenanceActionSchema = z
  .object({
    reason: optionalText(500),
    version: z.number().int().min(0).optional(),
  })
  .optional();

export const maintenanceIdParams = z.object({ id: entityId() });

export const listMaintenanceQuery = z.object({
  status: z.enum(MAINTENANCE_STATUSES).optional(),
  priority: z.enum(MAINTENANCE_PRIORITIES).optional(),
  vehicleId: z.string().max(64).optional(),
  from: calendarDate().optional(),
  to: calendarDate().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursor().optional(),
});

// ---- service programs and predictions ----------------------------------------------------

export const serviceIntervalSchema = z
  .object({
    /** What is due (oil_change, tyres, registration…): the maintenance type the record will get. */
    type: z.enum(MAINTENANCE_TYPES, { error: MAINTENANCE_MESSAGES.typeRequired }),
    everyKm: z.number().int().min(100).max(1_000_000).optional().nullable(),
    everyMonths: z.number().int().min(1).max(120).optional().nullable(),
  })
  .refine((i) => !!i.everyKm || !!i.everyMonths, { path: ['everyKm'], error: MAINTENANCE_MESSAGES.intervalRequired });
export type ServiceInterval = z.output<typeof serviceIntervalSchema>;

export const serviceProgramSchema = z.object({
  intervals: z.array(serviceIntervalSchema).max(20),
});
export type ServiceProgramBody = z.output<typeof serviceProgramSchema>;

export const generatePredictionsSchema = z
  .object({
    vehicleIds: z.array(z.string().min(1).max(64)).max(500).optional(),
  })
  .optional();

export const listPredictionsQuery = z.object({
  vehicleId: z.string().max(64).optional(),
});

/**
 * POST /api/v1/maintenance/from-documents: the documents page's "Schedule maintenance" on the
 * selected vehicle documents; date is the records' service date (default: the company's today).
 */
export const scheduleFromDocumentsSchema = z.object({
  ids: z.array(text(40)).min(1).max(100),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DOCUMENT_MESSAGES.scheduleFailed)
    .optional(),
});
