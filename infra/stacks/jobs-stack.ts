import { Annotations, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Schedule, ScheduleExpression, ScheduleGroup, TimeWindow } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { SCHEDULES, type JobName, type ScheduleDef } from '../../events/schedules';
import { fanOutQueueNames, MAX_RECEIVES, queueEnvName } from '../../functions/lib/jobs/queue-names';
import { grantTable, grantTenantListing, grantTenantObjects } from './grants';
import { grantAssumeTenantRole } from './tenant-role';
import {
  entryExists,
  jobHandlerEntry,
  pascal,
  sayyaraFunction,
  withEInvoicing,
  type EInvoicingEnvironment,
  type RuntimeEnvironment,
} from './lambda';

/**
 * What each job may touch. Keyed by JobName so that adding a job to events/schedules.ts without
 * deciding its rights is a type error.
 */
export interface JobAccess {
  /** Only for a job that truly has to sweep the whole table; today's jobs Query known keys and indexes. */
  scan?: boolean;
  s3?: 'read' | 'readwrite';
  /** Cognito Admin API actions on the user pool. */
  cognito?: readonly string[];
  /** Sends email from the SES identity. */
  ses?: boolean;
}

export const JOB_ACCESS: Record<JobName, JobAccess> = {
  // Re-creates the demo tenant's items (Queries on its partitions, BatchWrite) and makes sure the
  // shared demo Cognito user exists with the demo password.
  'demo-reset': {
    cognito: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword'],
    // The documents seed writes the demo's PDF files (fixed keys, overwritten each night).
    s3: 'readwrite',
  },
  // Queries the active-rental index (gsi2) and updates the rentals it marks overdue.
  'overdue-rentals': {},
  // Queries the service-program index (gsi2) and writes each vehicle's predictions with a day marker.
  'maintenance-predictions': {},
  // Reads every company's settings (filtered Scan) and fixes contradicting time zones.
  'company-timezones': { scan: true },
  // Queries the invoicing index (gsi2), issues invoices (counters, ledger, journal) and writes its S3-free run items.
  'invoice-long-rentals': {},
  // Queries the revenue-due index (gsi2), reads each rental's GL party, posts the day's rent with a marker per day.
  'recognise-revenue': {},
  // Queries the e-invoice due index (gsi2), reads each document, its XML and the company's sealed credentials,
  // calls ZATCA / the UAE service provider / JoFotara over HTTPS, records the answer (one transaction).
  'einvoicing-submit': {},
  // One-off: recomputes every company's aggregates (Scan of the companies).
  'analytics-backfill': { scan: true },
  // One-off: the books of companies whose chart or tax codes disagree with their region (Scan of the companies, Query
  // of each one's accounts).
  'localise-books': { scan: true },
  // One-off: the money indexes of older rentals (Scan of the companies, Query of each one's rentals).
  'money-indexes': { scan: true },
  // One-off: the older vehicle and customer documents into DOC items (Scan of the companies, Query of each one's
  // vehicles and customers; files stay where they are).
  'documents-move': { scan: true },
  // One-off: the due-index items under the unsharded keys move to their shard (Query of each old key on gsi2, no Scan).
  'due-shards': {},
  // Queries the sparse reminder index (gsi2), writes markers, reads the file-less items, sends SES email.
  'document-reminders': { ses: true },
  // Queries the active-rental index and the tickets work index (gsi2), reads each company's queues, writes alerts.
  alerts: {},
  // Queries the sparse fleet-health index (gsi2), reads each company's fleet facts, writes snapshots, vehicles'
  // healthScore and alerts.
  'fleet-health': {},
  // Queries the tenant directory (G#TENANTS) and each company's week of audit and risk items, writes the report, sends
  // SES email.
  'security-report': { ses: true },
  // Queries the active-rental and invoices work indexes (gsi2), reads each company's aggregates, writes insights and
  // its ai_job.
  insights: {},
};

export interface JobsStackProps extends StackProps {
  table: ITable;
  documentsBucket: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  emailIdentity: IEmailIdentity;
  sesFromAddress: string;
  /** The e-invoicing secrets key (DataStack) and ZATCA's URL, handed to EINVOICING_KEY_USERS only. */
  einvoicing?: EInvoicingEnvironment;
  /** The app's public URL, set as APP_URL on every job Lambda (links in reminder emails and PDFs). */
  appUrl: string;
  schedules?: ScheduleDef[];
  /** Where a job's handler lives; tests point it at a fixture. */
  jobEntry?: (name: JobName) => string;
  /** The tenant-scoped role (the Api stack's): each fan-out unit runs with it, assumed for the unit's company. */
  tenantRole: IRole;
  /** The fan-out queues' name prefix (the app's stack prefix): the Api stack's operator Lambda finds them by name. */
  queuePrefix?: string;
}

/** How many units of one job run at once (the event source mapping's maxConcurrency): bounds the table's load. */
export const FAN_OUT_MAX_CONCURRENCY = 10;

/** A fan-out job's queue, its dead-letter queue and the alarm on what is parked there. */
export interface FanOutQueues {
  queue: Queue;
  deadLetters: Queue;
  alarm: Alarm;
}

export class JobsStack extends Stack {
  readonly functions = new Map<JobName, LambdaFunction>();
  readonly schedules = new Map<JobName, Schedule>();
  readonly missingJobs: JobName[] = [];
  readonly scheduleGroup: ScheduleGroup;
  readonly queues = new Map<JobName, FanOutQueues>();

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);

    // Our own group keeps Sayyara's schedules apart from anything else in the account's default
    // group (and gives the stack a resource even before the first job handler exists).
    this.scheduleGroup = new ScheduleGroup(this, 'Group', {});

    const environment: RuntimeEnvironment = {
      TABLE_NAME: props.table.tableName,
      DOCUMENTS_BUCKET: props.documentsBucket.bucketName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      SES_FROM_ADDRESS: props.sesFromAddress,
      APP_URL: props.appUrl,
      TENANT_ROLE_ARN: props.tenantRole.roleArn,
    };

    for (const def of props.schedules ?? SCHEDULES) {
      const entry = (props.jobEntry ?? jobHandlerEntry)(def.name);
      if (!entryExists(entry)) {
        this.missingJobs.push(def.name);
        Annotations.of(this).addWarningV2(
          `sayyara:missing-job:${def.name}`,
          `functions/jobs/${def.name}.ts does not exist yet: its schedule is left out`,
        );
        continue;
      }
      const id = pascal(def.name);
      const fn = sayyaraFunction(this, `${id}Function`, {
        entry,
        environment: withEInvoicing(def.name, environment, props.einvoicing),
        description: `Sayyara job ${def.name}: ${def.description}`.slice(0, 256),
        timeout: Duration.minutes(def.timeoutMinutes ?? 5),
        memorySize: 1024,
      });
      this.functions.set(def.name, fn);

      const access = JOB_ACCESS[def.name];
      grantTable(fn, props.table, 'readwrite', access.scan ? ['dynamodb:Scan'] : []);
      grantAssumeTenantRole(fn, props.tenantRole);
      if (access.s3) {
        grantTenantObjects(fn, props.documentsBucket, access.s3);
        grantTenantListing(fn, props.documentsBucket);
      }
      if (access.cognito?.length) props.userPool.grant(fn, ...access.cognito);
      if (access.ses) props.emailIdentity.grantSendEmail(fn);
      if (def.fanOut) this.fanOut(def, fn, props.queuePrefix ?? 'Sayyara');

      if (!def.cron) continue; // one-off maintenance job: a Lambda to invoke once, no schedule
      // The L2 target creates one role per target function, trusted by scheduler.amazonaws.com
      // for this account only and allowed lambda:InvokeFunction on this function alone.
      const schedule = new Schedule(this, `${id}Schedule`, {
        description: def.description,
        scheduleGroup: this.scheduleGroup,
        schedule: ScheduleExpression.expression(def.cron),
        timeWindow: TimeWindow.off(),
        target: new LambdaInvoke(fn, {
          // Jobs are idempotent, so a retry after a throttle or timeout is safe.
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
        }),
      });
      this.schedules.set(def.name, schedule);
    }
  }

  /**
   * A job that fans out (issue 30, functions/lib/jobs/queue.ts): its queue (visibility 6× the Lambda's timeout,
   * as AWS advises for an event source), its dead-letter queue (after MAX_RECEIVES receives; kept 14 days), the
   * job Lambda fed by the queue with partial batch failures, its send rights (the scheduled run dispatches) and
   * an alarm as soon as anything is parked.
   */
  private fanOut(def: ScheduleDef, fn: LambdaFunction, prefix: string): void {
    const id = pascal(def.name);
    const names = fanOutQueueNames(prefix, def.name);
    const deadLetters = new Queue(this, `${id}DeadLetters`, {
      queueName: names.dlq,
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const queue = new Queue(this, `${id}Queue`, {
      queueName: names.queue,
      visibilityTimeout: Duration.minutes(6 * (def.timeoutMinutes ?? 5)),
      retentionPeriod: Duration.days(4),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: MAX_RECEIVES },
    });
    queue.grantSendMessages(fn);
    fn.addEnvironment(queueEnvName(def.name), queue.queueUrl);
    fn.addEventSource(
      new SqsEventSource(queue, {
        batchSize: 10,
        reportBatchItemFailures: true,
        maxConcurrency: FAN_OUT_MAX_CONCURRENCY,
      }),
    );
    const alarm = new Alarm(this, `${id}DeadLettersAlarm`, {
      alarmDescription: `Units of the ${def.name} job are parked in its dead-letter queue: see /admin-tools to retry`,
      metric: deadLetters.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.queues.set(def.name, { queue, deadLetters, alarm });
  }
}
