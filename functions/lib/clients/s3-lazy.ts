/**
 * The S3 client, commands and presigner, loaded on first use (see ./s3-sdk for why). Usage:
 *
 *   const { s3Client, GetObjectCommand } = await loadS3();
 *   await s3Client().send(new GetObjectCommand({ ... }));
 *
 * Do not import ./s3 or '@aws-sdk/client-s3' at the top of a module a handler loads: that puts
 * the S3 SDK back into every cold start (npm run bench shows the bundle sizes).
 */
export const loadS3 = () => import('./s3-sdk');
