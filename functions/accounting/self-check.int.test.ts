import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { checkBooks, get, post, waitForTask } from '../../test/integration/client';
import { registerTenant, tenantWithAllRoles } from '../../test/integration/fixtures';
import { bookRental, rentalCustomer, rentalVehicle } from '../../test/integration/rental-kit';
import { writeBatch } from '../lib/data/batch';
import { entityKey } from '../lib/data/keys';
import { getItem, updateRaw } from '../lib/data/repo';
import { runTask, setLocalTaskInvoker, startTask, type TaskRunner } from '../lib/tasks';
import { CHECK_NAMES, selfCheck, selfCheckPage, type SelfCheckState } from './self-check';
import { SELF_CHECK_TASK, startSelfCheck } from './self-check-task';
import { accountingTaskRunners } from './tasks';

/**
 * The self-check as a background task (issue 30): POST starts a run (202), the run pages through the rentals and
 * customers (200 and 50 a page), its result is stored, and GET answers the stored result and the latest run in
 * the same few reads whatever the company's size. The large company: one rental booked through the API and its
 * rental item cloned CLONES times (as test/bench/scale.ts does) — every clone the same customer's, so that
 * customer's stored counters (one rental) drift from the recomputed ones, and one clone on the second rentals
 * page is given a deposit the books never saw.
 */
const CLONES = 230;
type Roles = Awaited<ReturnType<typeof tenantWithAllRoles>>;
let t: Roles;
let small: Awaited<ReturnType<typeof registerTenant>>;
let broken: { id: string; referenceNumber: string };
let customerId: string;

async function cloneRentals(tenantId: string, rentalId: string, count: number) {
  const template = (await getItem(entityKey(tenantId, 'RENTAL', rentalId)))!;
  const items = Array.from({ length: count }, (_, i) => {
    const id = ulid();
    const clone: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(template))
      clone[k] = typeof v === 'string' && v.includes(rentalId) ? v.split(rentalId).join(id) : v;
    clone.referenceNumber = `RENT-C${i}`;
    return clone as typeof template;
  });
  // The newest clone sorts last (ULIDs): on the second page of 200.
  items.at(-1)!.depositReceivedMinor = 50_000;
  await writeBatch(items, 4);
  return items.at(-1)! as unknown as { id: string; referenceNumber: string };
}

beforeAll(async () => {
  [t, small] = await Promise.all([tenantWithAllRoles(), registerTenant()]);
  const [v, c] = await Promise.all([rentalVehicle(t.owner.token), rentalCustomer(t.owner.token)]);
  customerId = c;
  const rental = await bookRental(t.owner.token, c, v.id);
  broken = await cloneRentals(t.owner.tenantId, rental.id as string, CLONES);
}, 300_000);

describe('the self-check as a background task', { timeout: 180_000 }, () => {
  it('before any run GET answers no checks and no run; a run is 202, then GET answers its stored result', async () => {
    const before = await get('/api/v1/accounting/self-check', small.token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ checks: [], checkedAt: null, latestRun: null });
    const started = await post('/api/v1/accounting/self-check', {}, small.token);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: SELF_CHECK_TASK, status: 'queued', progress: { done: 0 } });
    const done = await waitForTask(started.body.id, small.token);
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    const after = await get('/api/v1/accounting/self-check', small.token);
    expect(after.body.checks.map((c: { name: string }) => c.name)).toEqual([...CHECK_NAMES]);
    for (const c of after.body.checks) expect(c.passed, c.name).toBe(true);
    expect(after.body.checkedAt).toBe(done.body.result.checkedAt);
    expect(after.body.checkedAt >= done.body.startedAt).toBe(true);
    expect(after.body.latestRun).toMatchObject({ id: started.body.id, status: 'done' });
    expect(after.body.latestRun.result).toBeUndefined(); // the checks once, not twice
    expect(done.body.result.checks).toEqual(after.body.checks);
  });

  it('pages through 231 rentals and their customer: finds the rental on page two and the drifted counters', async () => {
    const res = await checkBooks(t.owner.token);
    expect(res.status).toBe(200);
    const by = Object.fromEntries(res.body.checks.map((c: { name: string }) => [c.name, c]));
    expect(by.trialBalanceZero.passed).toBe(true);
    expect(by.rentalSubLedgers.passed).toBe(false);
    expect(by.rentalSubLedgers.details).toEqual([
      expect.objectContaining({ rentalId: broken.id, referenceNumber: broken.referenceNumber, ledgerDeposit: 500 }),
    ]);
    expect(by.customerCounters.passed).toBe(false);
    expect(by.customerCounters.details).toEqual([
      expect.objectContaining({
        customerId,
        stored: expect.objectContaining({ rentalsCount: 1 }),
        recomputed: expect.objectContaining({ rentalsCount: CLONES + 1 }),
      }),
    ]);
    // Progress counted every rental and every customer.
    expect(res.body.latestRun.progress).toEqual({ done: CLONES + 1 + 1, total: CLONES + 1 + 1 });
    // The same answer as the whole check run at once in this process.
    expect((await selfCheck(t.owner.tenantId)).checks).toEqual(res.body.checks);
  });

  it('reads the rentals in pages of 200 and the customers in pages of 50, each page its own step', async () => {
    const phases: (string | undefined)[] = [];
    let state: SelfCheckState = {};
    for (let i = 0; i < 20; i++) {
      const page = await selfCheckPage(t.owner.tenantId, state);
      phases.push(page.state.phase);
      if (page.checks) break;
      state = page.state;
    }
    // bounded checks → rentals page 1 (200) → rentals page 2 (31, then customers) → customers + lock (done).
    expect(phases).toEqual(['rentals', 'rentals', 'customers', 'lock']);
  });

  it('GET reads the same few items for 1 and for 231 rentals (bounded, not the history)', async () => {
    const cost = async (token: string) => {
      const res = await fetch(`${process.env.SAYYARA_URL ?? 'http://127.0.0.1:3000'}/api/v1/accounting/self-check`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return { calls: Number(res.headers.get('x-ddb-calls')), rcu: Number(res.headers.get('x-ddb-rcu')) };
    };
    const a = await cost(small.token);
    const b = await cost(t.owner.token);
    expect(a.calls).toBeLessThanOrEqual(4); // the stored result and the latest run (+ the caller's session reads)
    expect(b.calls).toBe(a.calls);
    expect(b.rcu).toBeLessThanOrEqual(a.rcu + 2); // the larger company's offending rows: a few KB more
  });

  it('one run at a time: a second start while it runs answers the same run; a stale run is replaced', async () => {
    // In this process with no invoker: the runs stay queued until driven by hand (the Lambda's same code).
    setLocalTaskInvoker(() => undefined);
    try {
      const tenantId = small.tenantId;
      const first = await startSelfCheck(tenantId, null);
      expect((await startSelfCheck(tenantId, null)).id).toBe(first.id);
      const shown = await get('/api/v1/accounting/self-check', small.token);
      expect(shown.body.latestRun).toMatchObject({ id: first.id, status: 'queued' });
      expect(shown.body.checks.length).toBe(CHECK_NAMES.length); // the last finished run's, meanwhile
      // Not moved for ten minutes: taken as lost, a new run starts.
      await updateRaw({
        Key: entityKey(tenantId, 'TASK', first.id),
        UpdateExpression: 'SET updatedAt = :old',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 600_000).toISOString() },
      });
      const second = await startSelfCheck(tenantId, null);
      expect(second.id).not.toBe(first.id);
      const done = await runTask({ sayyaraTask: { tenantId, id: second.id } }, accountingTaskRunners);
      expect(done?.status).toBe('done');
      // The lost run finishing late does not replace the newer result.
      await runTask({ sayyaraTask: { tenantId, id: first.id } }, accountingTaskRunners);
      const after = await get('/api/v1/accounting/self-check', small.token);
      expect(after.body.latestRun.id).toBe(second.id);
      expect(after.body.checkedAt).toBe(done?.result?.checkedAt);
    } finally {
      setLocalTaskInvoker(undefined);
    }
  });

  it('a run that crashes mid-way resumes from its last saved page with the same result', async () => {
    setLocalTaskInvoker(() => undefined);
    try {
      const tenantId = t.owner.tenantId;
      const task = await startTask({
        tenantId,
        domain: 'accounting',
        kind: SELF_CHECK_TASK,
        input: {},
        createdBy: null,
      });
      const event = { sayyaraTask: { tenantId, id: task.id } };
      let pages = 0;
      const crashing: TaskRunner = async (item) => {
        if (++pages === 3) throw new Error('crash on the second rentals page');
        return accountingTaskRunners[SELF_CHECK_TASK](item);
      };
      await expect(runTask(event, { [SELF_CHECK_TASK]: crashing })).rejects.toThrow('crash on the second');
      const mid = (await getItem(entityKey(tenantId, 'TASK', task.id))) as unknown as Record<string, never>;
      expect(mid).toMatchObject({ status: 'running', failures: 1, progress: { done: 200, total: null } });
      const done = await runTask(event, accountingTaskRunners);
      expect(done?.status).toBe('done');
      expect(done?.progress).toEqual({ done: CLONES + 2, total: CLONES + 2 });
      expect(done?.result?.checks).toEqual((await selfCheck(tenantId)).checks);
    } finally {
      setLocalTaskInvoker(undefined);
    }
  });

  it("another company's run is 404; a role without accounting 403 on both routes", async () => {
    const started = await post('/api/v1/accounting/self-check', {}, t.owner.token);
    expect(started.status).toBe(202);
    expect((await get(`/api/v1/accounting/tasks/${started.body.id}`, small.token)).status).toBe(404);
    expect((await post('/api/v1/accounting/self-check', {}, t.tokens.STAFF)).status).toBe(403);
    expect((await get('/api/v1/accounting/self-check', t.tokens.MECHANIC)).status).toBe(403);
    expect((await checkBooks(t.tokens.ADMIN)).status).toBe(200);
    // The other company's stored result is its own (all green), not this one's.
    const other = await get('/api/v1/accounting/self-check', small.token);
    for (const c of other.body.checks) expect(c.passed, c.name).toBe(true);
    await waitForTask(started.body.id, t.owner.token);
  });
});
