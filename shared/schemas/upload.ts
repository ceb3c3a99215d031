import * as z from 'zod';

/**
 * Presigned PUT for an upload: send the file with exactly these headers, then record `key`. Its own
 * module: the upload routes of tickets, maintenance and documents declare it as their answer, and
 * their Lambdas should not load the customers' schemas for it.
 */
export const uploadTargetSchema = z.object({
  uploadUrl: z.string(),
  key: z.string(),
  headers: z.record(z.string(), z.string()),
  expiresIn: z.number().optional(),
});
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

/**
 * A journal attachment's presigned PUT (accounting and finance routes). Here rather than in
 * accounting.ts: the finance Lambda declares it and should not build the accounting schemas.
 */
export const journalAttachmentUploadResponse = z.object({
  uploadUrl: z.string(),
  key: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
});
