import type { Domain } from '../../shared/routes';

/**
 * What each domain Lambda may touch, in one table so a reviewer can read the whole blast radius
 * at a glance and a domain that grows a new need changes one line.
 *
 * Local emulators do not enforce IAM, so a missing grant shows up only in the cloud: keep this
 * in step with what each domain's handler calls.
 */
export interface DomainAccess {
  /** read: Get/BatchGet/Query/ConditionCheck. readwrite adds Put/Update/Delete/BatchWrite. Never Scan. */
  dynamodb: 'read' | 'readwrite';
  /** Object access under tenants/* of the documents bucket (presigned URLs carry the Lambda's rights). */
  s3?: 'read' | 'readwrite';
  /** Cognito Admin API actions on the user pool. */
  cognito?: readonly string[];
  /** The platform health check pings each dependency with the cheapest call that proves it answers. */
  healthCheck?: boolean;
  /** Sends email through the SES identity (ses:SendEmail on it only). */
  ses?: boolean;
  /** The operator's dead-letter view (issue 30): reads the fan-out jobs' dead-letter queues and moves units back. */
  deadLetters?: boolean;
  /**
   * Runs background tasks (functions/lib/tasks.ts, issue 30) by invoking ITSELF asynchronously: the function
   * gets a fixed name and lambda:InvokeFunction on its own ARN, built from that name (a reference to the
   * function from its own role's policy would be a dependency cycle).
   */
  tasks?: boolean;
}

const SIGN_UP_AND_IN = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminRespondToAuthChallenge',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
  // Rolls back a Cognito user when the registration transaction in DynamoDB fails.
  'cognito-idp:AdminDeleteUser',
] as const;

const MANAGE_STAFF = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

export const DOMAIN_ACCESS: Record<Domain, DomainAccess> = {
  platform: { dynamodb: 'read', healthCheck: true },
  auth: { dynamodb: 'readwrite', cognito: SIGN_UP_AND_IN, deadLetters: true }, // it serves /admin/*
  settings: { dynamodb: 'readwrite', s3: 'readwrite' }, // company logo
  staff: { dynamodb: 'readwrite', cognito: MANAGE_STAFF },
  vehicles: { dynamodb: 'readwrite', s3: 'readwrite' }, // photos, inspection images
  customers: { dynamodb: 'readwrite', s3: 'readwrite' }, // ID and licence scans
  rentals: { dynamodb: 'readwrite', s3: 'readwrite' }, // contracts
  finance: { dynamodb: 'readwrite', s3: 'readwrite' }, // invoices, receipts
  accounting: { dynamodb: 'readwrite', s3: 'readwrite', tasks: true }, // attachments; setup and exports as tasks
  invoices: { dynamodb: 'readwrite', s3: 'readwrite', ses: true }, // invoice PDFs, emailed with the PDF attached
  payments: { dynamodb: 'readwrite', s3: 'readwrite' }, // receipt PDFs; calls the payment gateway over HTTPS
  maintenance: { dynamodb: 'readwrite', s3: 'readwrite' }, // workshop receipts
  documents: { dynamodb: 'readwrite', s3: 'readwrite', ses: true }, // expiry reminders: "Run now" (issue 27)
  tickets: { dynamodb: 'readwrite', s3: 'readwrite' }, // fine notices
  alerts: { dynamodb: 'readwrite' },
  // "Run now" of the alert rules: reads six areas through their api.ts, writes alerts.
  'alert-rules': { dynamodb: 'readwrite' },
  gps: { dynamodb: 'readwrite' },
  // Reads the fleet's facts through other areas' api.ts; writes snapshots, the vehicles' healthScore and alerts.
  'fleet-health': { dynamodb: 'readwrite' },
  reports: { dynamodb: 'read' },
  analytics: { dynamodb: 'read' },
  insights: { dynamodb: 'readwrite' },
  security: { dynamodb: 'readwrite' },
  // ZATCA onboarding: the device key and CSID secrets (encrypted) in DynamoDB; calls ZATCA over HTTPS.
  einvoicing: { dynamodb: 'readwrite' },
  collections: { dynamodb: 'readwrite', s3: 'readwrite', ses: true }, // deposit refund receipts; reminders with the invoice PDFs
};

export const DYNAMODB_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
] as const;

/** TransactWriteItems is authorised per item by these same actions. */
export const DYNAMODB_WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
] as const;

export const S3_READ_ACTIONS = ['s3:GetObject'] as const;
// PutObjectTagging: an export is written with its retention tag (functions/lib/storage.ts startMultipart).
export const S3_WRITE_ACTIONS = ['s3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject'] as const;

/**
 * The Lambdas that sign or submit e-invoices and so get EINVOICING_SECRETS_KEY and ZATCA_BASE_URL (issue 29): the
 * e-invoicing API (onboarding, retries), invoices (invoices, credit and debit notes are signed in their issue
 * transactions), rentals (an early return's credit note), finance (invoicing a billing period now), the
 * invoicing and submission jobs, and the demo reset (the Saudi demo company's sandbox device). No other function
 * sees the key (others reach the e-invoicing code only through imports they never run to issue a document).
 */
export const EINVOICING_KEY_USERS: ReadonlySet<string> = new Set([
  'einvoicing',
  'invoices',
  'rentals',
  'finance',
  'invoice-long-rentals',
  'einvoicing-submit',
  'demo-reset',
]);
