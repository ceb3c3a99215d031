import * as z from 'zod';
import { LOGO_MAX_BYTES } from '../../constants';
import { text as boundedText } from '../fields';
import { SETTINGS_MESSAGES, type SettingsMessageKey } from './messages';

/** Logo upload (part of shared/schemas/settings.ts). */
// ---------------------------------------------------------------------------------------------
// Logo upload
// ---------------------------------------------------------------------------------------------

export const LOGO_CONTENT_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type LogoContentType = keyof typeof LOGO_CONTENT_TYPES;
export { LOGO_MAX_BYTES };

/**
 * POST /api/v1/company/logo-upload body. Type and size are checked by the handler rather than
 * here so a wrong type answers 400 and a too-large file 413 (DESIGN.md §5), each with the spec's words.
 */
export const logoUploadRequestSchema = z.object({
  fileName: boundedText(255, {
    required: SETTINGS_MESSAGES.fileNameRequired,
    tooLong: SETTINGS_MESSAGES.textTooLong,
  }).min(1, SETTINGS_MESSAGES.fileNameRequired),
  contentType: boundedText(100, { required: SETTINGS_MESSAGES.logoType, tooLong: SETTINGS_MESSAGES.logoType }).min(
    1,
    SETTINGS_MESSAGES.logoType,
  ),
  size: z
    .number({ error: SETTINGS_MESSAGES.logoSize })
    .int(SETTINGS_MESSAGES.logoSize)
    .positive(SETTINGS_MESSAGES.logoSize),
});
export type LogoUploadRequest = z.infer<typeof logoUploadRequestSchema>;

export const logoUploadResponseSchema = z.object({
  uploadUrl: z.string(),
  fileUrl: z.string(),
  key: z.string(),
  /** Headers the PUT must send (the signature covers them). */
  headers: z.record(z.string(), z.string()),
  expiresIn: z.number(),
});
export type LogoUploadResponse = z.infer<typeof logoUploadResponseSchema>;

/** Client-side check before asking for a presigned URL (the server checks again). */
export function checkLogoFile(file: { type: string; size: number }): SettingsMessageKey | null {
  if (!(file.type in LOGO_CONTENT_TYPES)) return 'logoType';
  if (file.size > LOGO_MAX_BYTES) return 'logoSize';
  return null;
}
