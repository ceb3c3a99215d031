import { beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { queryAll, putItem } from '../lib/data/repo';
import { companyJobLogPk, jobRunOf, recordCompanyJobRun } from '../lib/jobs/run-record';
import { invoicingRunKey, runInvoicing } from './invoicing';

/**
 * Issue 28 "the job-log partition clash": the invoicing runs' details shared the company job-log
 * partition under another key order (`invoice-long-rentals#…`, no `job`), and read as job log lines
 * they are job "undefined" (proved below on such an item). Now the details have their own partition
 * (T#{t}#INVOICING_RUN), the job log partition holds `{startedAt}#{job}` lines only, and the log lists
 * one shape, newest first, with the invoicing job's own line; the invoice automation page still reads
 * its details. An item of the old order left in a company's partition stays out of the log.
 */
let owner: string;
let tenantId: string;

beforeAll(async () => {
  const t = await registerTenant();
  owner = t.token;
  tenantId = t.user.tenantId;
});

describe('scheduler job logs and the invoicing runs', () => {
  it('lists the invoicing job by name, in exact newest-first order, beside the other jobs', async () => {
    const before = new Date(Date.now() - 60_000).toISOString();
    await recordCompanyJobRun(tenantId, 'alerts', { startedAt: before, counts: { created: 1 } });
    const run = await runInvoicing(new Date(), { tenantId, trigger: 'manual' });
    const later = new Date(Date.now() + 60_000).toISOString();
    await recordCompanyJobRun(tenantId, 'document-reminders', { startedAt: later, counts: { sent: 0 } });

    const log = await get('/api/v1/jobs/runs?limit=10', owner);
    expect(log.status).toBe(200);
    const rows = log.body.items as { job: string; startedAt: string; counts: Record<string, number> }[];
    expect(rows.map((r) => r.job)).toEqual(['document-reminders', 'invoice-long-rentals', 'alerts']);
    expect(rows.map((r) => r.startedAt)).toEqual([later, run.startedAt, before]);
    expect(rows[1].counts).toEqual({ rentalsChecked: 0, invoicesCreated: 0, periodsSkipped: 0 });

    const runs = await get('/api/v1/invoicing/runs', owner);
    expect(runs.status).toBe(200);
    expect(runs.body.items.map((r: { runId: string }) => r.runId)).toEqual([run.runId]);

    // The job log partition, read raw: only `{startedAt}#{job}` lines of the one shape, in exactly this order.
    const raw = await queryAll<Record<string, unknown>>({ tenantId, pk: companyJobLogPk(tenantId), consistent: true });
    expect(raw.map((i) => i.sk)).toEqual([
      `${before}#alerts`,
      `${run.startedAt}#invoice-long-rentals`,
      `${later}#document-reminders`,
    ]);
    expect(new Set(raw.map((i) => i.entityType))).toEqual(new Set(['JOB_RUN']));
    // The run details sit in their own partition, time first.
    const details = await queryAll<Record<string, unknown>>({
      tenantId,
      pk: invoicingRunKey(tenantId, 'x', 'x').pk,
      consistent: true,
    });
    expect(details.map((i) => i.sk)).toEqual([invoicingRunKey(tenantId, run.startedAt, run.runId).sk]);
  });

  it('an invoicing run item of the old key order reads as job "undefined", and the log leaves it out', async () => {
    const t = await registerTenant();
    const startedAt = new Date().toISOString();
    await recordCompanyJobRun(t.user.tenantId, 'alerts', { startedAt, counts: { created: 0 } });
    const legacy = {
      pk: companyJobLogPk(t.user.tenantId),
      sk: `invoice-long-rentals#${startedAt}_01JBQ5ZQ4Y3M2X8V7W6T5S4R3Q`,
      entityType: 'INVOICING_RUN',
      runId: '01JBQ5ZQ4Y3M2X8V7W6T5S4R3Q',
      trigger: 'schedule',
      startedAt,
      finishedAt: startedAt,
      rentalsChecked: 1,
      invoices: [],
      failures: [],
    };
    await putItem(legacy);
    expect(jobRunOf(legacy).job).toBe('undefined'); // the clash the issue read in the code
    const log = await get('/api/v1/jobs/runs?limit=10', t.token);
    expect(log.body.items.map((r: { job: string }) => r.job)).toEqual(['alerts']);
  });
});
