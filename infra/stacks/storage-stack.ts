import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { BUCKET_RETENTION, DOCUMENT_UPLOAD_METHODS } from '../table-definition';

/** Every tenant object lives under this prefix (DESIGN.md §5); IAM grants are scoped to it. */
export const TENANT_PREFIX = 'tenants/';

export interface StorageStackProps extends StackProps {
  /**
   * Origins allowed to PUT/GET presigned URLs from the browser. The CloudFront domain is only
   * known after the web stack deploys (and the web stack depends on this one), so it comes from
   * context `webOrigins` rather than a reference.
   */
  webOrigins: string[];
}

export class StorageStack extends Stack {
  readonly documentsBucket: Bucket;
  readonly accessLogsBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageStackProps) {
    super(scope, id, props);

    this.accessLogsBucket = new Bucket(this, 'AccessLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: logLifecycle(),
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.documentsBucket = new Bucket(this, 'Documents', {
      versioned: true,
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'documents/',
      cors: [
        {
          // The same methods the local s3rver bucket allows (infra/table-definition.ts).
          allowedMethods: DOCUMENT_UPLOAD_METHODS.map((m) => HttpMethods[m]),
          allowedOrigins: props.webOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        // Versioning protects against overwrites; old versions need not be kept forever.
        {
          id: 'noncurrent-versions',
          noncurrentVersionExpiration: Duration.days(BUCKET_RETENTION.noncurrentVersionDays),
          abortIncompleteMultipartUploadAfter: Duration.days(BUCKET_RETENTION.incompleteUploadDays),
        },
        // Large exports are downloads, not records: gone after a week (BUCKET_RETENTION).
        {
          id: 'exports-by-tag',
          tagFilters: { [BUCKET_RETENTION.exportTag.key]: BUCKET_RETENTION.exportTag.value },
          expiration: Duration.days(BUCKET_RETENTION.exportDays),
        },
        {
          id: 'exports-prefix',
          prefix: BUCKET_RETENTION.exportPrefix,
          expiration: Duration.days(BUCKET_RETENTION.exportDays),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    new CfnOutput(this, 'DocumentsBucketName', { value: this.documentsBucket.bucketName });
  }
}

/**
 * A log bucket's lifecycle: logs expire after a year, their noncurrent versions (versioning on
 * every bucket) after BUCKET_RETENTION.logNoncurrentVersionDays, incomplete uploads are aborted.
 */
export function logLifecycle() {
  return [
    {
      id: 'logs',
      expiration: Duration.days(365),
      noncurrentVersionExpiration: Duration.days(BUCKET_RETENTION.logNoncurrentVersionDays),
      abortIncompleteMultipartUploadAfter: Duration.days(BUCKET_RETENTION.incompleteUploadDays),
    },
  ];
}
