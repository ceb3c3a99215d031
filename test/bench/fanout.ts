import { ms, type Check, type Section } from './checks';

/**
 * A job that fans out (issue 30), run through the local SQS emulator (local-aws-sqs) and the local event
 * source mapping (infra/local/queue-workers.ts) in this process: the invoicing job over COMPANIES companies
 * with PER_COMPANY open-ended monthly rentals each (default 200 × 25 = 5,000 due rentals; a unit is a page
 * of ≤ 25 of one company's due rentals), once with 1 worker and once with 4 (each run on its own clock,
 * a month apart, so each finds every rental due once). About one unit in ten fails its first receive
 * (the test-only hook FANOUT_FAIL_FIRST_EVERY) and is redelivered by SQS after its visibility timeout.
 * Printed: wall time from dispatch to the run record's close, DynamoDB calls per unit and per rental,
 * the failed receives, and "done twice" — every company's invoices counted per rental and period.
 * DESIGN.md §10 states no budget for jobs: figure lines only. Seeding goes through the API (booking and
 * pick-up are what make a rental due), 8 at a time.
 */
const COMPANIES = Number(process.env.BENCH_FANOUT_COMPANIES ?? 200);
const PER_COMPANY = Number(process.env.BENCH_FANOUT_RENTALS ?? 25);
const FAIL_EVERY = 10;
const JOB = 'invoice-long-rentals';
const START = '2036-01-01T09:00:00.000Z';
const CLOCKS = ['2036-02-02T12:00:00.000Z', '2036-03-02T12:00:00.000Z'];

async function pool(count: number, parallel: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await fn(next++);
    }),
  );
}

export const fanoutSection: Section = {
  name: 'fanout',
  needsStack: true,
  async run() {
    const api = await import('../integration/client');
    const { registerTenant } = await import('../integration/fixtures');
    const { createCustomer, createVehicle } = await import('../integration/entity-factories');
    const { startQueueWorkers } = await import('../../infra/local/queue-workers');
    const { fanOutQueues, queueEnvName } = await import('../../functions/lib/jobs/queue');
    const { getItem } = await import('../../functions/lib/data/repo');
    const { keys } = await import('../../functions/lib/data/keys');
    const { withMeter } = await import('../../functions/lib/data/meter');
    const { handler } = await import('../../functions/jobs/invoice-long-rentals');

    const t0 = performance.now();
    const owners: { token: string; tenantId: string }[] = [];
    await pool(COMPANIES, 4, async () => {
      const o = await registerTenant();
      owners.push({ token: o.token, tenantId: o.user.tenantId });
    });
    await pool(COMPANIES * PER_COMPANY, 8, async (i) => {
      const owner = owners[i % owners.length]!.token;
      const [vehicle, customer] = await Promise.all([createVehicle(owner), createCustomer(owner)]);
      const booked = await api.post(
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
      if (booked.status !== 201) throw new Error(`booking ${i}: HTTP ${booked.status}`);
      const picked = await api.post(
        `/api/v1/rentals/${booked.body.id}/pickup`,
        { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: START },
        owner,
      );
      if (picked.status !== 200) throw new Error(`pickup ${i}: HTTP ${picked.status}`);
    });
    const setup = performance.now() - t0;
    const rentals = COMPANIES * PER_COMPANY;
    const tenants = owners.map((o) => o.tenantId);

    const queues = fanOutQueues();
    const q = queues[JOB];
    if (!q) throw new Error(`${JOB} has no local queue (SQS_ENDPOINT / FANOUT_QUEUES not set by the stack)`);
    process.env[queueEnvName(JOB)] = q.queueUrl;
    process.env.SAYYARA_LOCAL = '1';
    process.env.FANOUT_FAIL_FIRST_EVERY = String(FAIL_EVERY);

    const checks: Check[] = [
      {
        check: `fanout: ${COMPANIES} companies × ${PER_COMPANY} open-ended monthly rentals booked and picked up`,
        measured: ms(setup),
        note: 'set-up through the API, figure only',
      },
    ];
    try {
      for (const [n, workersCount] of [1, 4].entries()) {
        const clock = CLOCKS[n]!;
        const started = performance.now();
        const { meter, result } = withMeter(async () => {
          const workers = startQueueWorkers({
            endpoint: process.env.SQS_ENDPOINT!,
            queues: { [JOB]: q },
            workers: workersCount,
            visibilitySeconds: 5,
            waitSeconds: 1,
          });
          try {
            const sent = await handler({ time: clock, onlyTenants: tenants });
            const runKey = keys.global.jobRun(JOB, sent.runStartedAt!);
            for (;;) {
              const run = await getItem(runKey);
              if (run && run.status !== 'running') return { sent, run, stats: { ...workers.stats } };
              await new Promise((r) => setTimeout(r, 500));
            }
          } finally {
            await workers.stop();
          }
        });
        const { sent, run, stats } = await result;
        const wall = performance.now() - started;
        const units = sent.units;
        // Done twice: every company's invoices, per rental and period.
        let invoices = 0;
        let twice = 0;
        for (const o of owners) {
          const seen = new Set<string>();
          let cursor: string | null = null;
          do {
            const page: { body: { items: unknown[]; nextCursor: string | null } } = await api.get(
              `/api/v1/invoices?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
              o.token,
            );
            for (const inv of page.body.items as { rentalId: string; periodStart: string | null; status: string }[]) {
              if (inv.status === 'draft' || inv.status === 'void' || !inv.periodStart) continue;
              const key = `${inv.rentalId} ${inv.periodStart}`;
              if (seen.has(key)) twice++;
              seen.add(key);
              invoices++;
            }
            cursor = page.body.nextCursor;
          } while (cursor);
        }
        const label = `fanout, ${workersCount} worker${workersCount > 1 ? 's' : ''}`;
        checks.push(
          {
            check: `${label}: ${rentals.toLocaleString('en-US')} due rentals in ${units} units, wall time`,
            measured: `${(wall / 1000).toFixed(1)} s (${ms(wall / rentals)} per rental)`,
            note: `run ${run.status}; units done ${run.unitsDone}, parked ${run.unitsParked}`,
          },
          {
            check: `${label}: DynamoDB calls per unit (per rental)`,
            measured: `${(meter.calls / Math.max(units, 1)).toFixed(0)} (${(meter.calls / rentals).toFixed(1)})`,
            note: 'dispatch, every receive of every unit, the run record additions',
          },
          {
            check: `${label}: receives failed by injection and retried by SQS`,
            measured: String(stats.failed),
            note: `every ${FAIL_EVERY}th unit fails its first receive; batches ${stats.batches}`,
          },
          {
            check: `${label}: invoices issued in all (periods so far), done twice`,
            measured: `${invoices.toLocaleString('en-US')} of ${(rentals * (n + 1)).toLocaleString('en-US')}, twice ${twice}`,
          },
        );
        if (twice) throw new Error(`${twice} periods invoiced twice`);
      }
    } finally {
      delete process.env[queueEnvName(JOB)];
      delete process.env.FANOUT_FAIL_FIRST_EVERY;
    }
    return checks;
  },
};
