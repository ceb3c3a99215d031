import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { login, registerTenant } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { startQueueWorkers, type QueueWorkers } from '../../infra/local/queue-workers';
import { fanOutQueues, queueEnvName, unitId } from '../lib/jobs/queue';
import { getItem, putItem } from '../lib/data/repo';
import { keys } from '../lib/data/keys';
import { promoteToSuperadmin } from '../auth/api';
import { handler } from './invoice-long-rentals';

/**
 * The queue mode of a job that fans out (issue 30), through the local SQS emulator (local-aws-sqs, started by
 * the test stack) and the local event source mapping (infra/local/queue-workers.ts) run in this process with a
 * one-second visibility timeout: the invoicing job's unit of a company that always fails (the test-only fault
 * hook FANOUT_FAIL_TENANTS) is received 3 times, parked in the dead-letter queue by SQS's own redrive, listed
 * by the operator's route with its reason, retried through the route once the cause is gone, and done once:
 * the rental's two due months invoiced once each, a later run creating nothing.
 */
const JOB = 'invoice-long-rentals';
const START = '2034-09-01T09:00:00.000Z';
const DAY75 = new Date(Date.parse(START) + 75 * 86_400_000);
let owner: string;
let tenantId: string;
let operator: string;
let workers: QueueWorkers;

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function longRental() {
  const [vehicle, customer] = await Promise.all([createVehicle(owner), createCustomer(owner)]);
  const booked = await post(
    '/api/v1/rentals',
    {
      vehicleId: vehicle.id,
      customerId: customer.id,
      startDate: START,
      openEnded: true,
      expectedDuration: 30,
      rentalType: 'monthly',
      monthlyRate: 3000,
      dailyRate: 120,
      taxRate: 5,
    },
    owner,
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = (booked.body as { id: string }).id;
  const picked = await post(
    `/api/v1/rentals/${id}/pickup`,
    { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: START },
    owner,
  );
  expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  return id;
}

const invoicesOf = async (rentalId: string) =>
  (await get(`/api/v1/invoices?rentalId=${rentalId}&limit=100`, owner)).body.items as { periodStart: string }[];

const myLetters = async () => {
  const res = await get('/api/v1/admin/jobs/dead-letters', operator);
  expect(res.status).toBe(200);
  const job = res.body.jobs.find((j: { job: string }) => j.job === JOB);
  return (job?.items ?? []).filter((l: { tenantId: string }) => l.tenantId === tenantId) as {
    messageId: string;
    reason: string | null;
    receiveCount: number;
    companyName: string | null;
    unit: { rentalIds: string[] };
    failedAt: string | null;
  }[];
};

beforeAll(async () => {
  const [co, op] = await Promise.all([registerTenant(), registerTenant()]);
  owner = co.token;
  tenantId = co.user.tenantId;
  await promoteToSuperadmin(op.username);
  operator = (await login(op.username, op.password)).token;
  const queues = fanOutQueues();
  expect(Object.keys(queues)).toContain(JOB);
  process.env[queueEnvName(JOB)] = queues[JOB]!.queueUrl;
  workers = startQueueWorkers({
    endpoint: process.env.SQS_ENDPOINT!,
    queues: { [JOB]: queues[JOB]! },
    visibilitySeconds: 1,
    waitSeconds: 1,
    log: (l) => console.log(l),
  });
});

afterAll(async () => {
  delete process.env[queueEnvName(JOB)];
  delete process.env.FANOUT_FAIL_TENANTS;
  await workers?.stop();
});

describe('a fan-out job through the queue', () => {
  it('parks a unit that always fails after 3 receives, lists it with its reason, and retries it once', async () => {
    const rentalId = await longRental();
    process.env.FANOUT_FAIL_TENANTS = tenantId;

    const sent = await handler({ time: DAY75.toISOString(), onlyTenants: [tenantId] });
    expect(sent).toMatchObject({ queued: true, units: 1 });
    const run = keys.global.jobRun(JOB, sent.runStartedAt!);
    expect(await getItem(run)).toMatchObject({ status: 'running', unitsTotal: 1, unitsDone: 0 });

    // Three receives, then SQS's redrive parks it; the operator sees it with the stored reason.
    const letters = await until('the parked unit', async () => {
      const l = await myLetters();
      return l.length ? l : undefined;
    });
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ receiveCount: 3, unit: { rentalIds: [rentalId] } });
    expect(letters[0]!.reason).toMatch(/Injected failure/);
    expect(letters[0]!.failedAt).toBeTruthy();
    expect(await invoicesOf(rentalId)).toHaveLength(0);
    // The run is finished, partly: its one unit parked.
    const parked = await until('the run to finish', async () => {
      const i = await getItem(run);
      return i?.status === 'running' ? undefined : i;
    });
    expect(parked).toMatchObject({ status: 'partial', unitsParked: 1, errors: 1 });
    expect(parked!.finishedAt).toEqual(expect.any(String));

    // A company owner may neither list nor retry.
    expect((await get('/api/v1/admin/jobs/dead-letters', owner)).status).toBe(403);
    const retryPath = `/api/v1/admin/jobs/${JOB}/dead-letters/${letters[0]!.messageId}/retry`;
    expect((await post(retryPath, {}, owner)).status).toBe(403);

    // The cause removed, the operator retries: the unit runs again and is done once.
    delete process.env.FANOUT_FAIL_TENANTS;
    const retried = await post(retryPath, {}, operator);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((await post(retryPath, {}, operator)).status).toBe(404);
    const invoices = await until('the invoices', async () => {
      const i = await invoicesOf(rentalId);
      return i.length >= 2 ? i : undefined;
    });
    expect(invoices.map((i) => i.periodStart).sort()).toEqual(['2034-09-01', '2034-10-01']);
    expect(await myLetters()).toHaveLength(0);
    const done = await until('the run to count the retry', async () => {
      const i = await getItem(run);
      return i?.unitsDone === 1 && i.status !== 'partial' ? i : undefined;
    });
    expect(done, JSON.stringify(done)).toMatchObject({
      status: 'ok',
      unitsParked: 0,
      errors: 0,
      counts: { invoicesCreated: 2 },
    });

    // Done exactly once: another run through the queue finds nothing due, and no invoice is added.
    const again = await handler({ time: DAY75.toISOString(), onlyTenants: [tenantId] });
    expect(again.units).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await invoicesOf(rentalId)).toHaveLength(2);
  }, 180_000);

  it('a unit delivered twice (a duplicate, a redelivery after its visibility ended) counts once in its run', async () => {
    const rentalId = await longRental();
    const runStartedAt = new Date().toISOString();
    const run = keys.global.jobRun(JOB, runStartedAt);
    // The run as dispatch writes it, with this one unit.
    await putItem({
      ...run,
      entityType: 'JOB_RUN',
      job: JOB,
      status: 'running',
      counts: {},
      unitsTotal: 1,
      unitsDone: 0,
    });
    const unit = { tenantId, rentalIds: [rentalId] };
    const body = JSON.stringify({ job: JOB, runStartedAt, time: DAY75.toISOString(), onlyTenants: [tenantId], unit });
    const delivery = (receiveCount: number) => ({
      Records: [
        {
          messageId: `m-${unitId(unit)}`,
          receiptHandle: `r-${receiveCount}`,
          body,
          attributes: { ApproximateReceiveCount: String(receiveCount), SentTimestamp: String(Date.now()) },
        },
      ],
    });
    const first = await handler(delivery(1) as never);
    const second = await handler(delivery(2) as never);
    expect([first.errors, second.errors]).toEqual([0, 0]);
    expect((await invoicesOf(rentalId)).map((i) => i.periodStart).sort()).toEqual(['2034-09-01', '2034-10-01']);
    const counted = await getItem(run, true);
    expect(counted, JSON.stringify(counted)).toMatchObject({
      status: 'ok',
      unitsDone: 1,
      counts: { invoicesCreated: 2 },
    });
  }, 120_000);
});
