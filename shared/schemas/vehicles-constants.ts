import { messageKeysOf } from './message-keys';
/**
 * The zod-free half of vehicles.ts: messages, enumerations and the plate rule a Lambda imports
 * without building the vehicles' zod schemas (cold-start time, `npm run bench` import lines).
 * vehicles.ts re-exports everything here.
 */

export const VEHICLE_STATUSES = ['available', 'rented', 'in_maintenance', 'out_of_service'] as const;

export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/** Statuses a person may set by hand; 'rented' is set by starting a rental and cleared by its return. */
export const MANUAL_VEHICLE_STATUSES = ['available', 'in_maintenance', 'out_of_service'] as const;

export const FUEL_TYPES = ['petrol', 'diesel', 'hybrid', 'electric'] as const;

export const TRANSMISSIONS = ['automatic', 'manual'] as const;

export const VEHICLE_SORTS = ['newest', 'oldest', 'make_asc', 'make_desc', 'rate_asc', 'rate_desc'] as const;

/** The calendar answers at most this many days at once (a quarter, 31 + 31 + 31). */
export const FLEET_CALENDAR_MAX_DAYS = 93;

export const VEHICLE_MESSAGES = {
  added: 'Vehicle added successfully',
  updated: 'Vehicle updated successfully',
  archived: 'Vehicle archived successfully',
  unarchived: 'Vehicle unarchived successfully',
  statusChanged: 'Vehicle status updated successfully',
  createFailed: 'Failed to create vehicle',
  updateFailed: 'Failed to update vehicle',
  archiveFailed: 'Failed to archive vehicle',
  unarchiveFailed: 'Failed to unarchive vehicle',
  statusFailed: 'Failed to update vehicle status',
  makeRequired: 'Make is required',
  modelRequired: 'Model is required',
  yearInvalid: 'Year must be a valid model year',
  plateRequired: 'License plate is required',
  plateTaken: 'A vehicle with this license plate already exists',
  dailyRateRequired: 'Daily rate is required',
  kmLimitPositive: 'Daily km limit must be a positive whole number',
  dateInvalid: 'Date must be a valid date (YYYY-MM-DD)',
  textTooLong: 'Must be at most 100 characters',
  statusInvalid: 'Choose a valid status',
  rentedIsAutomatic: 'The rented status is set by starting a rental and cleared by returning it',
  onActiveRental: 'This vehicle is on an active rental. Return the rental before changing its status.',
  archivedNoStatus: 'Unarchive the vehicle before changing its status',
  archiveHasRentals: 'This vehicle has current or upcoming rentals. Complete or cancel them before archiving.',
  archiveRented: 'This vehicle is rented. Return the rental before archiving.',
  alreadyArchived: 'This vehicle is already archived',
  notArchived: 'This vehicle is not archived',
  calendarStartInvalid: 'Start date must be a valid date (YYYY-MM-DD)',
  calendarEndInvalid: 'End date must be a valid date (YYYY-MM-DD)',
  calendarOrder: 'End date must be on or after the start date',
  calendarTooLong: `The calendar window cannot exceed ${FLEET_CALENDAR_MAX_DAYS} days`,
  fileTypeInvalid: 'File must be a PDF, JPG or PNG',
  fileTooLarge: 'File must be at most 10 MB',
  fileNameRequired: 'File name is required',
  fileMissing: 'The uploaded file was not found. Upload it again.',
  fileKeyInvalid: 'The file does not belong to this vehicle',
  titleRequired: 'Title is required',
  documentTypeInvalid: 'Choose a valid document type',
  uploadFailed: 'Failed to upload document',
} as const;

export type VehicleMessageKey = keyof typeof VEHICLE_MESSAGES;

/** Reverse lookup: English message → key, for translating schema or server field errors in the web. */
export const VEHICLE_MESSAGE_KEYS: Record<string, VehicleMessageKey> = /* @__PURE__ */ messageKeysOf(VEHICLE_MESSAGES);

/** A plate for display and its uniqueness key: letters and digits only, upper case, any script. */
export function normalizePlate(plate: string): string {
  return plate
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}
