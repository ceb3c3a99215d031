/**
 * EventBridge Scheduler definitions, defined once. The CDK jobs stack creates one schedule per
 * entry targeting the job's Lambda; the local scheduler (infra/local/scheduler.ts) runs the same
 * entries with croner. `npm run job -- <name>` runs one now.
 *
 * `cron` is the ONE schedule of a job: the EventBridge form cron(min hour day-of-month month
 * day-of-week year), in UTC. The CDK stack uses it as it is; the local scheduler runs `localCron(def)`,
 * derived from it (`?` becomes `*`, the year goes). Days of the week are named (MON), never numbered:
 * EventBridge counts them 1–7 from Sunday, standard cron 0–6, and a number would mean two different days.
 * A job's code declares itself with defineJob (functions/lib/jobs/define-job.ts), which reads its entry here.
 *
 * A job without `cron` is a one-off maintenance job (a migration): it gets its Lambda but no
 * schedule; the operator runs it once (`aws lambda invoke`, or `npm run job -- <name>` locally).
 * Only such jobs may Scan (DESIGN.md §4: no Scan outside one-off maintenance).
 */
export interface ScheduleDef {
  name: JobName;
  description: string;
  cron?: string;
  /** The job Lambda's timeout in minutes (default 5; at most 15, Lambda's limit). */
  timeoutMinutes?: number;
  /**
   * The job fans out (functions/lib/jobs/fan-out.ts, issue 30): it gets an SQS queue and a dead-letter queue
   * (CDK jobs stack; the local stack's emulator), the scheduled run sends its units there and the same Lambda,
   * fed by the queue, does them.
   */
  fanOut?: boolean;
}

/** The jobs that fan out (their queues: CDK jobs stack, infra/local/bootstrap.ts). */
export const fanOutJobs = (): JobName[] => SCHEDULES.filter((s) => s.fanOut).map((s) => s.name);

/** The standard 5-field cron (croner, UTC) of an EventBridge `cron(...)` expression: the same moments. */
export function localCron(def: Pick<ScheduleDef, 'name' | 'cron'>): string | undefined {
  if (!def.cron) return undefined;
  const m = /^cron\((\S+) (\S+) (\S+) (\S+) (\S+) (\S+)\)$/.exec(def.cron);
  if (!m) throw new Error(`${def.name}: not an EventBridge cron(...) expression: ${def.cron}`);
  const [min, hour, dom, month, dow, year] = m.slice(1);
  if (year !== '*') throw new Error(`${def.name}: a schedule runs every year (year field '*')`);
  // EventBridge and cron number the days apart: a name means one day in both.
  if (/\d/.test(dow)) throw new Error(`${def.name}: name the day of the week (MON), do not number it`);
  return [min, hour, dom, month, dow].map((f) => (f === '?' ? '*' : f)).join(' ');
}

export function scheduleOf(name: JobName): ScheduleDef {
  const def = SCHEDULES.find((s) => s.name === name);
  if (!def) throw new Error(`No schedule entry for job ${name} (events/schedules.ts)`);
  return def;
}

export const JOB_NAMES = [
  'demo-reset',
  'overdue-rentals',
  'company-timezones',
  'document-reminders',
  'maintenance-predictions',
  'alerts',
  'invoice-long-rentals',
  'fleet-health',
  'security-report',
  'analytics-backfill',
  'insights',
  'money-indexes',
  'documents-move',
  'localise-books',
  'recognise-revenue',
  'einvoicing-submit',
  'due-shards',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const SCHEDULES: ScheduleDef[] = [
  {
    name: 'demo-reset',
    description: 'Restores the shared demo company and its Saudi sister company to their seeded state every night',
    cron: 'cron(0 3 * * ? *)',
    // Two companies, each about 2 minutes locally and up to 3.5 when the previous data is deleted first.
    timeoutMinutes: 15,
  },
  {
    name: 'overdue-rentals',
    description: 'Marks active rentals past expected return plus the grace period as overdue',
    cron: 'cron(0/15 * * * ? *)',
    fanOut: true,
  },
  {
    name: 'invoice-long-rentals',
    description:
      'Issues the invoice of each ended billing period of active long rentals with autoGenerateInvoice (once per rental and period)',
    // minute 20, away from the alerts job at minute 5 (both hourly)
    cron: 'cron(20 * * * ? *)',
    fanOut: true,
  },
  {
    name: 'einvoicing-submit',
    description:
      'Submits issued e-invoice documents that are due (ZATCA reporting and clearance, UAE service provider, ' +
      'JoFotara), each once; a failed attempt is retried with backoff',
    cron: 'cron(0/5 * * * ? *)',
    fanOut: true,
  },
  {
    name: 'recognise-revenue',
    description:
      'Recognises the rent of each elapsed rental day of rentals on hire (2170 unearned to 4110 rental income), once per rental and day',
    // Hourly at minute 35 so that every company's night (its own time zone) is met within the hour;
    // a company with nothing elapsed since the last run costs nothing (sparse revenue-due index).
    cron: 'cron(35 * * * ? *)',
    fanOut: true,
  },
  {
    name: 'document-reminders',
    description:
      'Emails document expiry reminders: once per document and stage (due soon, expired, weekly while expired)',
    cron: 'cron(0 4 * * ? *)',
    fanOut: true,
  },
  {
    name: 'maintenance-predictions',
    description:
      'Recomputes service predictions of every vehicle with a service program (sparse index, once per vehicle and day)',
    cron: 'cron(30 2 * * ? *)',
    fanOut: true,
  },
  {
    name: 'alerts',
    description: 'Raises alerts (once per condition) for companies with rentals due or fines and tolls to look at',
    cron: 'cron(5 * * * ? *)',
    fanOut: true,
  },
  {
    name: 'fleet-health',
    description:
      'Recomputes the health score of every vehicle of the companies on the fleet-health index (once per company and day)',
    cron: 'cron(45 2 * * ? *)',
    fanOut: true,
  },
  {
    name: 'security-report',
    description:
      'Weekly security report of last week (counts and notable events) for every active company, emailed to its OWNERs (once per company and week)',
    cron: 'cron(0 5 ? * MON *)',
    fanOut: true,
  },
  {
    name: 'insights',
    description:
      'Runs the insights engine once a day for companies with rentals or invoices to look at (one ai_job each)',
    cron: 'cron(45 3 * * ? *)',
    fanOut: true,
  },
  {
    name: 'company-timezones',
    description:
      "One-off migration: companies whose time zone contradicts their region get the region's zone (idempotent; run once, never scheduled)",
  },
  {
    name: 'localise-books',
    description:
      "One-off migration: companies whose chart of accounts, tax codes or VAT return layout disagree with their region get their region's (idempotent; run once, never scheduled)",
  },
  {
    name: 'money-indexes',
    description:
      'One-off migration: gives rentals written before issue 10 their deposit and open-balance index items (idempotent; run once, never scheduled)',
  },
  {
    name: 'documents-move',
    description:
      'One-off migration: moves the documents vehicles and customers kept on their own into the documents module (same files; idempotent; run once, never scheduled)',
  },
  {
    name: 'due-shards',
    description:
      'One-off migration: moves the due-index items still under the unsharded key of before to their shard (Query of each old key; idempotent; run once, never scheduled)',
    timeoutMinutes: 15,
  },
  {
    name: 'analytics-backfill',
    description:
      "One-off migration: recomputes every company's dashboard and report aggregates from its rentals, ledgers and maintenance records (idempotent; run once, never scheduled)",
  },
];
