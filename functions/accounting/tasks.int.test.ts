import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { get, post, setupBooks, waitForTask } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { bookRental, rentalCustomer, rentalVehicle } from '../../test/integration/rental-kit';
import { parseCsv } from '../../shared/csv';
import { writeBatch } from '../lib/data/batch';
import { getItem } from '../lib/data/repo';
import { entityKey } from '../lib/data/keys';
import { headObject } from '../lib/storage';
import { runTask, setLocalTaskInvoker, startTask, type TaskRunner } from '../lib/tasks';
import { glLinePk } from './model';
import { accountingTaskRunners, EXPORT_TASKS } from './tasks';

/**
 * Background tasks of accounting (issue 30): the books' setup answers 202 with a task that runs in pages;
 * large CSV exports are written to S3 in parts by a task and downloaded through a short-lived signed link.
 * A few thousand general-ledger lines are written straight to the table (what the export reads), so the
 * export spans several parts (EXPORT_PART_BYTES is 64 KiB locally).
 */
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let other: Awaited<ReturnType<typeof registerTenant>>;
let cashId: string;
const LINES = 3000;
const FROM = '2031-01-01';
const TO = '2031-12-31';

/** LINES lines on the cash account through the year: 10.00 debit each, every fifth a 5.00 credit instead. */
async function seedLedger(tenantId: string, accountId: string) {
  const items = Array.from({ length: LINES }, (_, i) => {
    const date = new Date(Date.UTC(2031, 0, 1) + Math.floor((i * 364) / LINES) * 86_400_000).toISOString().slice(0, 10);
    const credit = i % 5 === 4;
    return {
      pk: glLinePk(tenantId, accountId),
      sk: `${date}#${String(i).padStart(6, '0')}#1`,
      entryId: ulid(),
      entryNumber: `JE-${100000 + i}`,
      date,
      description: i === 7 ? '=SUM(A1:A2), "quoted"' : `Line ${i}`,
      source: 'manual',
      sourceId: null,
      debitMinor: credit ? 0 : 1000,
      creditMinor: credit ? 500 : 0,
      vatCode: null,
    };
  });
  await writeBatch(items, 4);
}

beforeAll(async () => {
  [t, other] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  const accounts = (await get('/api/v1/accounting/accounts', t.owner.token)).body.items as {
    id: string;
    code: string;
  }[];
  cashId = accounts.find((a) => a.code === '1110')!.id;
  await seedLedger(t.owner.tenantId, cashId);
}, 300_000);

describe('the books setup as a background task', { timeout: 180_000 }, () => {
  it('answers 202 with a queued task, then shows it running to done with its counts; a re-run posts nothing', async () => {
    const v = await rentalVehicle(t.owner.token);
    const c = await rentalCustomer(t.owner.token);
    await bookRental(t.owner.token, c, v.id);
    const started = await post('/api/v1/accounting/setup', {}, t.owner.token);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: 'accounting-setup', status: 'queued', progress: { done: 0 } });
    const done = await waitForTask(started.body.id, t.owner.token);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    expect(done.body.startedAt).toBeTruthy();
    expect(done.body.finishedAt >= done.body.startedAt).toBe(true);
    const { posted, skipped } = done.body.result as { posted: number; skipped: number };
    expect(posted + skipped).toBe(1);
    expect(done.body.progress).toEqual({ done: 1, total: 1 });
    // Idempotent: the second run finds the rental in the books.
    const again = await setupBooks(t.owner.token);
    expect(again.body.result).toEqual({ posted: 0, skipped: 1 });
  });

  it("another company's task is 404, a role without accounting 403, a malformed id 404", async () => {
    const started = await post('/api/v1/accounting/setup', {}, t.owner.token);
    expect((await get(`/api/v1/accounting/tasks/${started.body.id}`, other.token)).status).toBe(404);
    expect((await get(`/api/v1/accounting/tasks/${started.body.id}`, t.tokens.STAFF)).status).toBe(403);
    expect((await post('/api/v1/accounting/setup', {}, t.tokens.MECHANIC)).status).toBe(403);
    expect((await get('/api/v1/accounting/tasks/not-a-task', t.owner.token)).status).toBe(404);
    await waitForTask(started.body.id, t.owner.token);
  });
});

describe('large exports: written to S3 in parts by a task, downloaded through a signed link', {
  timeout: 180_000,
}, () => {
  it('exports a few thousand general-ledger lines in several parts; the link downloads the whole CSV', async () => {
    const body = { report: 'general-ledger', accountId: cashId, from: FROM, to: TO };
    const started = await post('/api/v1/accounting/exports', body, t.owner.token);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.downloadUrl).toBeNull();
    const done = await waitForTask(started.body.id, t.owner.token);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    expect(done.body.result.rows).toBe(LINES);
    expect(done.body.result.parts).toBeGreaterThanOrEqual(2); // 64 KiB parts locally: about 2,000 lines each
    expect(done.body.result.key).toBeUndefined(); // the link, never the object key
    expect(done.body.progress).toEqual({ done: LINES, total: LINES });
    expect(Date.parse(done.body.downloadExpiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
    const file = await fetch(done.body.downloadUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.length).toBe(done.body.result.bytes);
    expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf'); // one byte-order mark, at the start only
    const text = bytes.toString('utf8');
    expect(text.indexOf('\uFEFF', 1)).toBe(-1);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['date', 'entry', 'description', 'source', 'debit', 'credit', 'balance']);
    expect(rows.length).toBe(LINES + 1);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(LINES); // every line once, none twice
    expect(rows[8][2]).toBe('\'=SUM(A1:A2), "quoted"'); // formula guard and quoting survive the parts
    const credits = Math.floor(LINES / 5);
    expect(rows[LINES][6]).toBe(((LINES - credits) * 10 - credits * 5).toFixed(2));
  });

  it('checks the request (400 with fields, nothing started), the account (404) and the role (403)', async () => {
    const noAccount = await post(
      '/api/v1/accounting/exports',
      { report: 'general-ledger', from: FROM, to: TO },
      t.owner.token,
    );
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.error.fields.accountId).toBe('Choose an account');
    const backwards = await post(
      '/api/v1/accounting/exports',
      { report: 'journal', from: TO, to: FROM },
      t.owner.token,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields.to).toBe('"To" must be on or after "from"');
    const foreign = { report: 'general-ledger', accountId: cashId, from: FROM, to: TO };
    expect((await post('/api/v1/accounting/exports', foreign, other.token)).status).toBe(404);
    expect((await post('/api/v1/accounting/exports', foreign, t.tokens.STAFF)).status).toBe(403);
    const started = await post('/api/v1/accounting/exports', foreign, t.tokens.ADMIN);
    expect(started.status).toBe(202);
    expect((await get(`/api/v1/accounting/tasks/${started.body.id}`, other.token)).status).toBe(404);
    expect((await get(`/api/v1/accounting/tasks/${started.body.id}`, t.tokens.MECHANIC)).status).toBe(403);
    expect((await waitForTask(started.body.id, t.owner.token)).body.status).toBe('done');
  });

  it('exports every journal line of a period', async () => {
    const entry = {
      date: '2031-03-01',
      description: 'Export probe',
      lines: [
        { accountId: cashId, type: 'debit', amount: 12.5 },
        { accountId: cashId, type: 'credit', amount: 12.5 },
      ],
    };
    expect((await post('/api/v1/accounting/journal-entries', entry, t.owner.token)).status).toBe(201);
    const started = await post(
      '/api/v1/accounting/exports',
      { report: 'journal', from: '2000-01-01', to: '2099-12-31' },
      t.owner.token,
    );
    const done = await waitForTask(started.body.id, t.owner.token);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    const rows = parseCsv(await (await fetch(done.body.downloadUrl)).text());
    expect(rows[0][0]).toBe('date');
    expect(rows.length - 1).toBe(done.body.result.rows);
    const probe = rows.filter((r) => r[2] === 'Export probe');
    expect(probe.map((r) => [r[0], r[5], r[7], r[8]])).toEqual([
      ['2031-03-01', '1110', '12.50', '0.00'],
      ['2031-03-01', '1110', '0.00', '12.50'],
    ]);
  });

  it('a task that crashes mid-way resumes from its last saved page and writes no row twice', async () => {
    // In this process: no invoker (the task is driven by hand), the same code as the Lambda runs.
    setLocalTaskInvoker(() => undefined);
    const tenantId = t.owner.tenantId;
    const kind = EXPORT_TASKS['general-ledger'];
    const task = await startTask({
      tenantId,
      domain: 'accounting',
      kind,
      input: { accountId: cashId, from: FROM, to: TO },
      createdBy: null,
    });
    const event = { sayyaraTask: { tenantId, id: task.id } };
    let pages = 0;
    const crashing: TaskRunner = async (item) => {
      if (++pages === 3) throw new Error('crash after two pages');
      return accountingTaskRunners[kind](item);
    };
    await expect(runTask(event, { [kind]: crashing })).rejects.toThrow('crash after two pages');
    const mid = (await getItem(entityKey(tenantId, 'TASK', task.id))) as unknown as Record<string, never>;
    expect(mid).toMatchObject({ status: 'running', failures: 1 });
    const doneView = await runTask(event, accountingTaskRunners);
    expect(doneView?.status).toBe('done');
    expect(doneView?.result?.rows).toBe(LINES + 2); // and the two lines of the journal entry posted above
    // A late re-delivery of the same event finds the task done and changes nothing.
    const before = (await getItem(entityKey(tenantId, 'TASK', task.id)))!.version;
    await runTask(event, accountingTaskRunners);
    expect((await getItem(entityKey(tenantId, 'TASK', task.id)))!.version).toBe(before);
    const key = String(doneView!.result!.key);
    expect(key.startsWith(`tenants/${tenantId}/exports/${task.id}/`)).toBe(true);
    expect((await headObject(key))?.size).toBe(doneView!.result!.bytes);
    setLocalTaskInvoker(undefined);
  });

  it('three failures in a row fail the task with its error; GET shows it', async () => {
    setLocalTaskInvoker(() => undefined);
    const tenantId = t.owner.tenantId;
    const task = await startTask({
      tenantId,
      domain: 'accounting',
      kind: 'accounting-setup',
      input: {},
      createdBy: null,
    });
    const event = { sayyaraTask: { tenantId, id: task.id } };
    const broken: TaskRunner = async () => {
      throw new Error('the table is unavailable');
    };
    await expect(runTask(event, { 'accounting-setup': broken })).rejects.toThrow();
    await expect(runTask(event, { 'accounting-setup': broken })).rejects.toThrow();
    await runTask(event, { 'accounting-setup': broken }); // the last attempt records the failure, throws no more
    const shown = await get(`/api/v1/accounting/tasks/${task.id}`, t.owner.token);
    expect(shown.body).toMatchObject({ status: 'failed', error: 'the table is unavailable' });
    expect(shown.body.finishedAt).toBeTruthy();
    setLocalTaskInvoker(undefined);
  });
});
