/**
 * EventBridge Scheduler definitions, defined once. The CDK jobs stack creates one schedule per
 * entry targeting the job's Lambda; the local scheduler (infra/local/scheduler.ts) runs the same
 * entries with croner. `npm run job -- <name>` runs one now.
 *
 * `cron` is the EventBridge form cron(min hour day-of-month month day-of-week year), in UTC;
 * `localCron` is the same moment in standard 5-field cron for croner.
 *
 * A job without `cron` is a one-off maintenance job (a migration): it gets its Lambda but no
 * schedule; the operator runs it once (`aws lambda invoke`, or `npm run job -- <name>` locally).
 * Only such jobs may Scan (DESIGN.md §4: no Scan outside one-off maintenance).
 */
export interface ScheduleDef {
  name: JobName;
  description: string;
  cron?: string;
  localCron?: string;
}

export const JOB_NAMES = ['demo-reset', 'overdue-rentals', 'company-timezones', 'document-reminders', 'maintenance-predictions', 'alerts', 'invoice-long-rentals', 'fleet-health', 'security-report', 'analytics-backfill', 'insights', 'money-indexes', 'documents-move', 'localise-books', 'recognise-revenue'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const SCHEDULES: ScheduleDef[] = [
  {
    name: 'demo-reset',
    description: 'Restores the shared demo company to its seeded state every night',
    cron: 'cron(0 3 * * ? *)',
    localCron: '0 3 * * *',
  },
  {
    name: 'overdue-rentals',
    description: 'Marks active rentals past expected return plus the grace period as overdue',
    cron: 'cron(0/15 * * * ? *)',
    localCron: '*/15 * * * *',
  },
  {
    name: 'invoice-long-rentals',
    description: 'Issues the invoice of each ended billing period of active long rentals with autoGenerateInvoice (once per rental and period)',
    // minute 20, away from the alerts job at minute 5 (both hourly)
    cron: 'cron(20 * * * ? *)',
    localCron: '20 * * * *',
  },
  {
    name: 'recognise-revenue',
    description: 'Recognises the rent of each elapsed rental day of rentals on hire (2170 unearned to 4110 rental income), once per rental and day',
    // Hourly at minute 35 so that every company's night (its own time zone) is met within the hour;
    // a company with nothing elapsed since the last run costs nothing (sparse revenue-due index).
    cron: 'cron(35 * * * ? *)',
    localCron: '35 * * * *',
  },
  {
    name: 'document-reminders',
    description: 'Emails document expiry reminders: once per document and stage (due soon, expired, weekly while expired)',
    cron: 'cron(0 4 * * ? *)',
    localCron: '0 4 * * *',
  },
  {
    name: 'maintenance-predictions',
    description: 'Recomputes service predictions of every vehicle with a service program (sparse index, once per vehicle and day)',
    cron: 'cron(30 2 * * ? *)',
    localCron: '30 2 * * *',
  },
  {
    name: 'alerts',
    description: 'Raises alerts (once per condition) for companies with rentals due or fines and tolls to look at',
    cron: 'cron(5 * * * ? *)',
    localCron: '5 * * * *',
  },
  {
    name: 'fleet-health',
    description: 'Recomputes the health score of every vehicle of the companies on the fleet-health index (once per company and day)',
    cron: 'cron(45 2 * * ? *)',
    localCron: '45 2 * * *',
  },
  {
    name: 'security-report',
    description: "Weekly security report of last week (counts and notable events) for every active company, emailed to its OWNERs (once per company and week)",
    cron: 'cron(0 5 ? * MON *)',
    localCron: '0 5 * * 1',
  },
  {
    name: 'insights',
    description: 'Runs the insights engine once a day for companies with rentals or invoices to look at (one ai_job each)',
    cron: 'cron(45 3 * * ? *)',
    localCron: '45 3 * * *',
  },
  {
    name: 'company-timezones',
    description: 'One-off migration: companies whose time zone contradicts their region get the region\'s zone (idempotent; run once, never scheduled)',
  },
  {
    name: 'localise-books',
    description: 'One-off migration: companies whose chart of accounts, tax codes or VAT return layout disagree with their region get their region\'s (idempotent; run once, never scheduled)',
  },
  {
    name: 'money-indexes',
    description: 'One-off migration: gives rentals written before issue 10 their deposit and open-balance index items (idempotent; run once, never scheduled)',
  },
  {
    name: 'documents-move',
    description: 'One-off migration: moves the documents vehicles and customers kept on their own into the documents module (same files; idempotent; run once, never scheduled)',
  },
  {
    name: 'analytics-backfill',
    description: 'One-off migration: recomputes every company\'s dashboard and report aggregates from its rentals, ledgers and maintenance records (idempotent; run once, never scheduled)',
  },
];
