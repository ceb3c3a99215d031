import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { AccountRootPrincipal, PolicyStatement, Role, type IGrantable, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { DYNAMODB_READ_ACTIONS, DYNAMODB_WRITE_ACTIONS } from './access';
import { GSI_NAMES } from './data-stack';
import { TENANT_PREFIX } from './storage-stack';

/** The session tag naming the company (functions/lib/clients/tenant-credentials.ts TENANT_TAG). */
export const TENANT_TAG = 'tenantId';
const TAG = `\${aws:PrincipalTag/${TENANT_TAG}}`;

/** The partition keys the role may touch: one company's (`T#{tenantId}#…`, DESIGN.md §4: ULIDs never prefix). */
export const TENANT_LEADING_KEYS = `T#${TAG}#*`;
/** A tenant id is a ULID: 26 characters; the trust policy refuses a session tagged with anything else. */
const ULID_SHAPE = '?'.repeat(26);

/**
 * The second wall between companies (issue 31, DESIGN.md §6): ONE role for every company, whose policy reads the
 * company from the session tag, so each request's and each job unit's DynamoDB and S3 access is limited to that
 * company's items and files whatever the code does:
 *
 *  - DynamoDB item actions (no Scan, no DescribeTable) on the table and its named indexes, only when EVERY
 *    partition key of the request (`dynamodb:LeadingKeys`, ForAllValues:StringLike — a transaction or batch is
 *    checked item by item) starts with `T#{tenantId}#`. Every action granted addresses keys, so the set is never
 *    empty (ForAllValues over an empty set would be true: hence no Scan here).
 *  - S3 objects under `tenants/{tenantId}/` only, and listing only that prefix.
 *
 * Who may assume it: principals of this account whose own policy allows sts:AssumeRole and sts:TagSession on it —
 * only the app's Lambda roles get that (`grantAssumeTenantRole`) — with exactly one session tag, `tenantId`, of a
 * ULID's length. Sessions last an hour (the Lambdas refresh them 20 minutes before the end).
 *
 * What stays on the Lambda's own role (cross-company by nature, functions/lib/clients/tenant-scope.test.ts lists
 * the call sites): the G#… platform items (usernames, e-mails and slugs unique across companies, the Cognito sub
 * pointer read before the company is known, sign-in throttling, sessions found by token, the tenant directory,
 * job run records, the due-index shards the job finders read across companies), the one-off migrations' Scans,
 * the SUPERADMIN console, and presigned URLs (a URL signed with a session dies with it).
 */
export class TenantScopedRole extends Construct {
  readonly role: Role;

  constructor(scope: Construct, id: string, props: { table: ITable; bucket: IBucket }) {
    super(scope, id);
    this.role = new Role(this, 'Role', {
      description: "One company's data: DynamoDB keys T#{tenantId}#*, S3 tenants/{tenantId}/ (session tag tenantId)",
      maxSessionDuration: Duration.hours(1),
      assumedBy: new AccountRootPrincipal()
        .withConditions({
          StringLike: { [`aws:RequestTag/${TENANT_TAG}`]: ULID_SHAPE },
          'ForAllValues:StringEquals': { 'aws:TagKeys': [TENANT_TAG] },
        })
        .withSessionTags(),
    });
    const { table, bucket } = props;
    this.role.addToPolicy(
      new PolicyStatement({
        sid: 'CompanyItemsOnly',
        actions: [...DYNAMODB_READ_ACTIONS.filter((a) => a !== 'dynamodb:DescribeTable'), ...DYNAMODB_WRITE_ACTIONS],
        resources: [table.tableArn, ...GSI_NAMES.map((name) => `${table.tableArn}/index/${name}`)],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [TENANT_LEADING_KEYS] } },
      }),
    );
    this.role.addToPolicy(
      new PolicyStatement({
        sid: 'CompanyFilesOnly',
        actions: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject', 's3:AbortMultipartUpload'],
        resources: [bucket.arnForObjects(`${TENANT_PREFIX}${TAG}/*`)],
      }),
    );
    this.role.addToPolicy(
      new PolicyStatement({
        sid: 'CompanyListingOnly',
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${TENANT_PREFIX}${TAG}/*`] } },
      }),
    );
  }
}

/** Lets a Lambda assume the tenant-scoped role with the tenant session tag (nothing else may be tagged). */
export function grantAssumeTenantRole(grantee: IGrantable, role: IRole): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({ actions: ['sts:AssumeRole', 'sts:TagSession'], resources: [role.roleArn] }),
  );
}
