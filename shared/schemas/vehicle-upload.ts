import * as z from 'zod';
import { DOCUMENT_MIME_TYPES } from '../constants';
import { TEXT_LIMITS, text } from './fields';
import { VEHICLE_MESSAGES } from './vehicles-constants';

/**
 * A presigned upload for a vehicle's file (documents, traffic fine notices). Its own module: the
 * tickets Lambda validates its notice uploads with it and should not build the vehicles' schemas.
 */
const fileTypeSchema = z.enum(DOCUMENT_MIME_TYPES, { error: VEHICLE_MESSAGES.fileTypeInvalid });
const fileNameSchema = text(TEXT_LIMITS.name, { required: VEHICLE_MESSAGES.fileNameRequired }).min(
  1,
  VEHICLE_MESSAGES.fileNameRequired,
);
/** Size is checked by the handler so that too large answers 413 (DESIGN.md §5), not 400. */
const fileSizeSchema = z.number({ error: VEHICLE_MESSAGES.fileTooLarge }).int().positive();

export const vehicleUploadUrlSchema = z.object({
  fileName: fileNameSchema,
  contentType: fileTypeSchema,
  size: fileSizeSchema,
});
