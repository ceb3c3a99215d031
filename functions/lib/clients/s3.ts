import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';
import { clientConfig, configured } from './client-config';

/**
 * S3 clients. Locally s3rver insists on the access key S3RVER, path-style addressing, and no
 * flexible checksums (it stores a streamed body corrupted when the SDK adds them).
 */
let client: S3Client | undefined;
let presigner: S3Client | undefined;

function make(endpoint: string | undefined): S3Client {
  const s3 = new S3Client({
    ...clientConfig(endpoint, 'S3RVER'),
    forcePathStyle: !!endpoint,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return configured(s3, 's3');
}

/** For server-side calls (put, get, head, delete). */
export function s3Client(): S3Client {
  client ??= make(config().endpoints.s3);
  return client;
}

/**
 * For presigned URLs handed to a browser: signed for the endpoint the browser calls. In AWS that
 * is the regular S3 endpoint; locally S3_PUBLIC_ENDPOINT (localhost) rather than the address the
 * Lambda code uses.
 */
export function s3PresignClient(): S3Client {
  const publicEndpoint = process.env.S3_PUBLIC_ENDPOINT;
  if (!publicEndpoint) return s3Client();
  presigner ??= make(publicEndpoint);
  return presigner;
}
