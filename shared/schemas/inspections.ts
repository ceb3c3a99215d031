import * as z from 'zod';
import { FUEL_LEVELS } from '../constants';
import { positiveMoneyAmount } from '../money';
import { calendarDate, cursor, entityId } from './fields';
import { signatureDataUrl } from './signature';

/**
 * Vehicle inspections (issue 12; business-data §3 rental_photos and rental_inspection_logs: field
 * lists not shown — ours): a check-out at pickup and a check-in at return, each with odometer,
 * fuel, checklist, photos per side, damage marks on a car diagram, notes and two signatures.
 * Signed inspections are locked (409) and produce a bilingual PDF stored with the rental.
 */
export const INSPECTION_KINDS = ['check_out', 'check_in'] as const;
export type InspectionKind = (typeof INSPECTION_KINDS)[number];
export const CHECKLIST_ITEMS = ['exterior', 'interior', 'tyres', 'lights', 'spare', 'documents'] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];
export const CHECK_RESULTS = ['ok', 'issue'] as const;
export const PHOTO_SIDES = [...CAR_VIEWS, 'interior', 'odometer'] as const;
// The damage words, a mark's fields and the price list live in shared/maintenance/damage-prices.ts
// (no zod: the settings read them in every Lambda, and the check-in comparison beside them).
export {
  CAR_VIEWS,
  DAMAGE_TYPES,
  DAMAGE_SEVERITIES,
  DEFAULT_DAMAGE_PRICES_MINOR,
  defaultDamagePriceList,
  type CarView,
  type DamageMark,
  type DamageSeverity,
  type DamageType,
  type DamagePriceList,
} from '../maintenance/damage-prices';
import { CAR_VIEWS, DAMAGE_SEVERITIES, DAMAGE_TYPES, type DamageMark } from '../maintenance/damage-prices';
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const INSPECTION_PHOTOS_MAX = 24;

export const INSPECTION_MESSAGES = {
  rentalRequired: 'Choose the rental',
  kindRequired: 'Choose check-out or check-in',
  odometerRequired: 'Odometer is required (whole km)',
  fuelRequired: 'Fuel level is required',
  photoType: 'Photos must be JPG or PNG',
  photoTooLarge: 'A photo can be at most 10 MB',
  photoInvalid: 'This photo does not belong to your company. Upload it again.',
  signatureRequired: 'Both signatures are required',
  signed: 'This inspection is signed and locked',
  checkOutFirst: 'Record the check-out inspection before the check-in',
  alreadyExists: 'This rental already has this inspection',
  odometerBelowCheckOut: 'Odometer cannot be below the check-out reading',
  chargePosted: 'This charge is already posted to the rental',
  chargeUnknown: 'This inspection does not propose this charge. Reload it and try again.',
} as const;

export const damageMarkSchema = z.object({
  id: z.string().min(1).max(40),
  view: z.enum(CAR_VIEWS),
  /** Position on the view, in percent of its width and height. */
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  type: z.enum(DAMAGE_TYPES),
  severity: z.enum(DAMAGE_SEVERITIES),
  note: z.string().trim().max(500).optional().nullable(),
  /** Key of the photo showing it (one of the inspection's photos). */
  photoKey: z.string().max(2000).optional().nullable(),
}) satisfies z.ZodType<DamageMark>;

export const inspectionPhotoSchema = z.object({
  key: z.string().min(1).max(2000),
  side: z.enum(PHOTO_SIDES),
  fileName: z.string().trim().min(1).max(200),
  contentType: z.enum(IMAGE_MIME_TYPES, { error: INSPECTION_MESSAGES.photoType }),
  /** When the photo was taken (the device's capture time, else the upload time). */
  takenAt: z.string().max(40),
});
export type InspectionPhoto = z.output<typeof inspectionPhotoSchema>;

const checklist = z.object(
  Object.fromEntries(CHECKLIST_ITEMS.map((c) => [c, z.enum(CHECK_RESULTS).default('ok')])) as Record<
    ChecklistItem,
    z.ZodDefault<z.ZodEnum<{ ok: 'ok'; issue: 'issue' }>>
  >,
);

const inspectionFields = {
  odometer: z
    .number({ error: INSPECTION_MESSAGES.odometerRequired })
    .int(INSPECTION_MESSAGES.odometerRequired)
    .min(0, INSPECTION_MESSAGES.odometerRequired)
    .max(9_999_999),
  fuelLevel: z.enum(FUEL_LEVELS, { error: INSPECTION_MESSAGES.fuelRequired }),
  checklist: checklist.default({
    exterior: 'ok',
    interior: 'ok',
    tyres: 'ok',
    lights: 'ok',
    spare: 'ok',
    documents: 'ok',
  }),
  photos: z.array(inspectionPhotoSchema).max(INSPECTION_PHOTOS_MAX).default([]),
  damages: z.array(damageMarkSchema).max(100).default([]),
  notes: z.string().trim().max(5000).optional().nullable(),
};

export const createInspectionSchema = z.object({
  rentalId: entityId(INSPECTION_MESSAGES.rentalRequired),
  kind: z.enum(INSPECTION_KINDS, { error: INSPECTION_MESSAGES.kindRequired }),
  ...inspectionFields,
});
export type CreateInspectionBody = z.output<typeof createInspectionSchema>;

export const updateInspectionSchema = z
  .object({
    odometer: inspectionFields.odometer.optional(),
    fuelLevel: inspectionFields.fuelLevel.optional(),
    checklist: checklist.optional(),
    photos: z.array(inspectionPhotoSchema).max(INSPECTION_PHOTOS_MAX).optional(),
    damages: z.array(damageMarkSchema).max(100).optional(),
    notes: inspectionFields.notes,
    version: z.number().int().min(0).optional(),
  })
  .optional();

/** Signatures drawn on a canvas: PNG data URLs (a few KB each). */
const signature = signatureDataUrl(INSPECTION_MESSAGES.signatureRequired);
export const signInspectionSchema = z.object({
  customerSignature: signature,
  staffSignature: signature,
  customerName: z.string().trim().max(200).optional(),
  version: z.number().int().min(0).optional(),
});

export const inspectionUploadUrlSchema = z.object({
  fileName: z.string({ error: INSPECTION_MESSAGES.photoType }).trim().min(1, INSPECTION_MESSAGES.photoType).max(200),
  contentType: z.enum(IMAGE_MIME_TYPES, { error: INSPECTION_MESSAGES.photoType }),
  size: z.number({ error: INSPECTION_MESSAGES.photoTooLarge }).int().min(1, INSPECTION_MESSAGES.photoTooLarge),
});

export const inspectionIdParams = z.object({ id: entityId() });
/** POST /api/v1/inspections/{id}/charges: one proposed charge (by its key), at the amount the staff confirm. */
export const confirmInspectionChargeSchema = z.object({
  key: z
    .string({ error: INSPECTION_MESSAGES.chargeUnknown })
    .trim()
    .min(1, INSPECTION_MESSAGES.chargeUnknown)
    .max(80, INSPECTION_MESSAGES.chargeUnknown),
  amount: positiveMoneyAmount,
});
export const listInspectionsQuery = z.object({
  rentalId: z.string().max(64).optional(),
  from: calendarDate().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: cursor().optional(),
});
