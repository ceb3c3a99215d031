import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { DYNAMODB_READ_ACTIONS, DYNAMODB_WRITE_ACTIONS, S3_READ_ACTIONS, S3_WRITE_ACTIONS } from './access';
import { GSI_NAMES } from './data-stack';
import { TENANT_PREFIX } from './storage-stack';

/**
 * Table grants name the table and each index explicitly (not `index/*`), so a future index
 * holding something sensitive is not readable by every function by accident.
 */
export function grantTable(
  grantee: IGrantable,
  table: ITable,
  mode: 'read' | 'readwrite',
  extraActions: readonly string[] = [],
): void {
  const actions = [...DYNAMODB_READ_ACTIONS, ...(mode === 'readwrite' ? DYNAMODB_WRITE_ACTIONS : []), ...extraActions];
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions,
      resources: [table.tableArn, ...GSI_NAMES.map((name) => `${table.tableArn}/index/${name}`)],
    }),
  );
}

export function grantTenantObjects(grantee: IGrantable, bucket: IBucket, mode: 'read' | 'readwrite'): void {
  const actions = [...S3_READ_ACTIONS, ...(mode === 'readwrite' ? S3_WRITE_ACTIONS : [])];
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions, resources: [bucket.arnForObjects(`${TENANT_PREFIX}*`)] }),
  );
}

/** Listing is limited to the tenants/ prefix so keys outside it (none today) stay invisible. */
export function grantTenantListing(grantee: IGrantable, bucket: IBucket): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': [`${TENANT_PREFIX}*`] } },
    }),
  );
}
