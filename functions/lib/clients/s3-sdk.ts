/**
 * Everything S3 that the domains use, as ONE module to import lazily through `loadS3()`
 * (./s3-lazy): the S3 client with its middleware and the presigner weigh about 120 KB minified,
 * and most requests of a domain never touch S3, so they stay out of the handler's cold start.
 */
export { s3Client, s3PresignClient, scopedS3 } from './s3';
export {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
export { getSignedUrl } from '@aws-sdk/s3-request-presigner';
