import * as z from 'zod';
import { daysBetween } from '../calendar';
import { TEXT_LIMITS, calendarDate, cursor, dateTime, entityId, isCalendarDate, shortText, text } from './fields';
import { DEFAULT_DAILY_KM_LIMIT, DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '../constants';
import { moneyAmount, positiveMoneyAmount } from '../money';
import { odometerKmSchema, vinSchema, type HealthGrade } from '../vehicles/vehicle-rules';
import { pageOf } from './page';
import { VEHICLE_CATEGORIES, type VehicleCategory } from '../vehicles/categories';
import {
  VEHICLE_STATUSES,
  type VehicleStatus,
  MANUAL_VEHICLE_STATUSES,
  FUEL_TYPES,
  TRANSMISSIONS,
  VEHICLE_SORTS,
  FLEET_CALENDAR_MAX_DAYS,
  VEHICLE_MESSAGES,
  type VehicleMessageKey,
  VEHICLE_MESSAGE_KEYS,
  normalizePlate,
} from './vehicles-constants';
export * from './vehicles-constants';

/**
 * Vehicles (business-data-and-rules.md §3 vehicles, §4, §5, §8), shared by the web forms and the
 * vehicles Lambda so both reject the same input with the same words.
 *
 * Decisions (the spec leaves these open):
 * - Status strings are snake_case like every other enum of the spec (in_progress, staff_only):
 *   'available' | 'rented' | 'in_maintenance' | 'out_of_service'.
 * - `mileage` and `odometerKm` are the same reading: the API always answers both with the same
 *   value; a create or update may send either (odometerKm wins when both are sent).
 * - VIN is required: every registration card carries one, and rentals print it on the contract.
 * - `plateCategory` is the spec's "category plate number" (the plate code, e.g. "A" of Dubai
 *   "A 12345", or "Private"); `issuedPlace` is free text (an emirate in the UAE, a state in the USA).
 * - GPS fields (latitude, longitude, speed, heading, lastGpsUpdate) and healthScore are read-only
 *   here: the GPS and maintenance domains write them.
 */

export { VEHICLE_CATEGORIES, type VehicleCategory };

export type VehicleSort = (typeof VEHICLE_SORTS)[number];

const currentYear = () => new Date().getUTCFullYear();

const requiredText = (message: string) =>
  text(100, { required: message, tooLong: VEHICLE_MESSAGES.textTooLong }).min(1, message);
/** Optional free text: an empty form field means "not given" (stored as absent). */
const optionalText = (max = 100) =>
  text(max, { tooLong: VEHICLE_MESSAGES.textTooLong })
    .nullish()
    .transform((v) => (v ? v : null));
/** Optional calendar date; '' means "not given". */
const optionalDate = z
  .union([z.literal(''), calendarDate(VEHICLE_MESSAGES.dateInvalid)], { error: VEHICLE_MESSAGES.dateInvalid })
  .nullish()
  .transform((v) => (v ? v : null));

const plateSchema = requiredText(VEHICLE_MESSAGES.plateRequired)
  .transform((v) => v.replace(/\s+/g, ' ').toUpperCase())
  .refine((v) => normalizePlate(v).length > 0, VEHICLE_MESSAGES.plateRequired);

const yearSchema = z
  .number({ error: VEHICLE_MESSAGES.yearInvalid })
  .int(VEHICLE_MESSAGES.yearInvalid)
  .min(1950, VEHICLE_MESSAGES.yearInvalid)
  .refine((y) => y <= currentYear() + 1, VEHICLE_MESSAGES.yearInvalid);

const kmLimitSchema = z
  .number({ error: VEHICLE_MESSAGES.kmLimitPositive })
  .int(VEHICLE_MESSAGES.kmLimitPositive)
  .positive(VEHICLE_MESSAGES.kmLimitPositive)
  .max(100_000, VEHICLE_MESSAGES.kmLimitPositive);

/** Fields a manager edits. Shared by create (all required ones present) and update (all optional). */
const vehicleFields = {
  make: requiredText(VEHICLE_MESSAGES.makeRequired),
  model: requiredText(VEHICLE_MESSAGES.modelRequired),
  year: yearSchema,
  licensePlate: plateSchema,
  vin: vinSchema,
  color: optionalText(),
  odometerKm: odometerKmSchema,
  fuelType: z
    .enum(FUEL_TYPES)
    .nullish()
    .transform((v) => v ?? null),
  transmission: z
    .enum(TRANSMISSIONS)
    .nullish()
    .transform((v) => v ?? null),
  category: z
    .enum(VEHICLE_CATEGORIES)
    .nullish()
    .transform((v) => v ?? null),
  location: optionalText(),
  dailyRate: z.number({ error: VEHICLE_MESSAGES.dailyRateRequired }).pipe(positiveMoneyAmount),
  monthlyRate: moneyAmount.nullish().transform((v) => v ?? null),
  dailyKmLimit: kmLimitSchema,
  insuranceExpiryDate: optionalDate,
  registrationExpiryDate: optionalDate,
  startRegistrationDate: optionalDate,
  issuedPlace: optionalText(),
  trafficCode: optionalText(),
  plateCategory: optionalText(),
};

/** POST /api/v1/vehicles. `mileage` is accepted as the older name of odometerKm. */
export const createVehicleSchema = z.preprocess(
  aliasMileage,
  z.object({
    ...vehicleFields,
    dailyKmLimit: kmLimitSchema.default(DEFAULT_DAILY_KM_LIMIT),
    status: z.enum(MANUAL_VEHICLE_STATUSES, { error: VEHICLE_MESSAGES.statusInvalid }).default('available'),
  }),
);
export type CreateVehicleInput = z.input<typeof createVehicleSchema>;
export type CreateVehicleBody = z.output<typeof createVehicleSchema>;

/**
 * PATCH /api/v1/vehicles/{id}: any subset of the fields. `version` (optional) is the version the
 * editor loaded; when given, an edit made meanwhile by someone else is refused with 409.
 */
export const updateVehicleSchema = z.preprocess(
  aliasMileage,
  z.object({
    make: vehicleFields.make.optional(),
    model: vehicleFields.model.optional(),
    year: vehicleFields.year.optional(),
    licensePlate: vehicleFields.licensePlate.optional(),
    vin: vehicleFields.vin.optional(),
    color: vehicleFields.color.optional(),
    odometerKm: vehicleFields.odometerKm.optional(),
    fuelType: vehicleFields.fuelType.optional(),
    transmission: vehicleFields.transmission.optional(),
    category: vehicleFields.category.optional(),
    location: vehicleFields.location.optional(),
    dailyRate: vehicleFields.dailyRate.optional(),
    monthlyRate: vehicleFields.monthlyRate.optional(),
    dailyKmLimit: vehicleFields.dailyKmLimit.optional(),
    insuranceExpiryDate: vehicleFields.insuranceExpiryDate.optional(),
    registrationExpiryDate: vehicleFields.registrationExpiryDate.optional(),
    startRegistrationDate: vehicleFields.startRegistrationDate.optional(),
    issuedPlace: vehicleFields.issuedPlace.optional(),
    trafficCode: vehicleFields.trafficCode.optional(),
    plateCategory: vehicleFields.plateCategory.optional(),
    status: z.enum(VEHICLE_STATUSES, { error: VEHICLE_MESSAGES.statusInvalid }).optional(),
    version: z.number().int().positive().optional(),
  }),
);
export type UpdateVehicleInput = z.input<typeof updateVehicleSchema>;
export type UpdateVehicleBody = z.output<typeof updateVehicleSchema>;

function aliasMileage(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { mileage, ...rest } = input as Record<string, unknown>;
  if (rest.odometerKm === undefined && mileage !== undefined) return { ...rest, odometerKm: mileage };
  return rest;
}

/** POST /api/v1/vehicles/{id}/status (STAFF and MECHANIC may do this and nothing else). */
export const changeVehicleStatusSchema = z.object({
  status: z.enum(VEHICLE_STATUSES, { error: VEHICLE_MESSAGES.statusInvalid }),
  version: z.number().int().positive().optional(),
});

/** Archive and unarchive take an optional expected version. */
export const archiveVehicleSchema = z
  .object({ version: z.number().int().positive().optional() })
  .optional()
  .transform((v) => v ?? {});

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const listVehiclesQuerySchema = z.object({
  /** Search text (the same `q` on every list). */
  q: shortText()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  make: shortText()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined)),
  status: z.enum(VEHICLE_STATUSES, { error: VEHICLE_MESSAGES.statusInvalid }).optional(),
  category: z.enum(VEHICLE_CATEGORIES).optional(),
  showArchived: booleanQuery,
  sort: z.enum(VEHICLE_SORTS).default('newest'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursor().optional(),
});
export type ListVehiclesQuery = z.output<typeof listVehiclesQuerySchema>;

export const vehicleIdParamsSchema = z.object({ id: entityId() });

/** GET /api/v1/calendar/fleet?start=YYYY-MM-DD&end=YYYY-MM-DD (both days included). */
export const fleetCalendarQuerySchema = z
  .object({
    start: calendarDate(VEHICLE_MESSAGES.calendarStartInvalid),
    end: calendarDate(VEHICLE_MESSAGES.calendarEndInvalid),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDate(q.start) || !isCalendarDate(q.end)) return;
    const days = daysBetween(q.start, q.end);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['end'], message: VEHICLE_MESSAGES.calendarOrder });
    else if (days + 1 > FLEET_CALENDAR_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['end'], message: VEHICLE_MESSAGES.calendarTooLong });
  });

export const vehicleScheduleQuerySchema = z.object({
  /** ISO instant; blocks ending after it are returned (default: now, i.e. current and upcoming). */
  from: dateTime().optional(),
});

export { vehicleUploadUrlSchema } from './vehicle-upload';

export { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES };

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const HEALTH_GRADES = ['excellent', 'good', 'fair', 'poor', 'critical'] as const satisfies readonly HealthGrade[];

/** A vehicle as the API answers it (money in decimal major units; functions/vehicles/data.ts toVehicleApi). */
export const vehicleApiSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number(),
  licensePlate: z.string(),
  vin: z.string(),
  color: z.string().nullable(),
  mileage: z.number(),
  odometerKm: z.number(),
  fuelType: z.enum(FUEL_TYPES).nullable(),
  transmission: z.enum(TRANSMISSIONS).nullable(),
  category: z.enum(VEHICLE_CATEGORIES).nullable(),
  location: z.string().nullable(),
  dailyRate: z.number(),
  monthlyRate: z.number().nullable(),
  dailyKmLimit: z.number(),
  insuranceExpiryDate: z.string().nullable(),
  registrationExpiryDate: z.string().nullable(),
  startRegistrationDate: z.string().nullable(),
  issuedPlace: z.string().nullable(),
  trafficCode: z.string().nullable(),
  plateCategory: z.string().nullable(),
  status: z.enum(VEHICLE_STATUSES),
  isArchived: z.boolean(),
  archivedAt: z.string().nullable(),
  healthScore: z.number().nullable(),
  healthGrade: z.enum(HEALTH_GRADES).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  speed: z.number().nullable(),
  heading: z.number().nullable(),
  lastGpsUpdate: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VehicleApi = z.infer<typeof vehicleApiSchema>;
export const vehiclePageSchema = pageOf(vehicleApiSchema);

/** GET /vehicle-makes: the makes used in the fleet, sorted. */
export const vehicleMakesSchema = z.object({ items: z.array(z.string()) });

export const scheduleBlockApiSchema = z.object({
  vehicleId: z.string(),
  kind: z.enum(['rental', 'maintenance']),
  refId: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  status: z.string(),
  label: z.string().optional(),
});
export type ScheduleBlockApi = z.infer<typeof scheduleBlockApiSchema>;

/** GET /vehicles/{id}/schedule: the vehicle's current and upcoming blocks, by start. */
export const vehicleScheduleSchema = z.object({ items: z.array(scheduleBlockApiSchema) });

export const fleetCalendarApiSchema = z.object({
  start: z.string(),
  end: z.string(),
  vehicles: z.array(
    z.object({
      id: z.string(),
      make: z.string(),
      model: z.string(),
      year: z.number(),
      licensePlate: z.string(),
      category: z.enum(VEHICLE_CATEGORIES).nullable(),
      status: z.enum(VEHICLE_STATUSES),
      blocks: z.array(scheduleBlockApiSchema),
    }),
  ),
});
export type FleetCalendarApi = z.infer<typeof fleetCalendarApiSchema>;
