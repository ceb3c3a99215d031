import { beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { recordCompanyJobRun } from '../security/api';
import { runInvoicing } from './invoicing';

/**
 * Issue 28 "the job-log partition clash": the invoicing runs' details share the company job-log
 * partition under another key order (`invoice-long-rentals#…`, no `job`). The scheduler job log
 * (GET /api/v1/jobs/runs) used to list them first, as job "undefined". Now it lists one shape, newest
 * first, with the invoicing job's own line; the invoice automation page still reads its details.
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
  });
});
