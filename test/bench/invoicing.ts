import { ms, type Check, type Section } from './checks';

/**
 * The scheduled invoicing of long rentals (issue 10, DESIGN.md §15): N active open-ended monthly
 * rentals (default 2,000; BENCH_INVOICING_RENTALS) booked and picked up through the API, then the
 * job run in this process on a clock where each has one ended period: time and DynamoDB calls per
 * rental (the job reads the sparse invoicing index, never all rentals), then a re-run on the same
 * clock, which must create no invoice and write only its run record. DESIGN.md §10 states no
 * budget for jobs: the lines print their figures (the re-run's "nothing written" is checked and
 * reported as a figure, and a violation stops the section).
 */
const RENTALS = Number(process.env.BENCH_INVOICING_RENTALS ?? 2_000);
const PARALLEL = 8;
const START = '2035-03-01T09:00:00.000Z';
const AFTER_FIRST_PERIOD = new Date('2035-04-02T12:00:00.000Z');

async function pool<T>(count: number, parallel: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

export const invoicingSection: Section = {
  name: 'invoicing',
  needsStack: true,
  async run() {
    const api = await import('../integration/client');
    const { registerTenant } = await import('../integration/fixtures');
    const { createCustomer, createVehicle } = await import('../integration/entity-factories');
    const { runInvoicing } = await import('../../functions/finance/invoicing');
    const { withMeter } = await import('../../functions/lib/data/meter');
    const owner = await registerTenant();
    const t0 = performance.now();
    await pool(RENTALS, PARALLEL, async (i) => {
      const [vehicle, customer] = await Promise.all([
        createVehicle(owner.token, {
          make: 'Bench',
          model: `Monthly ${i}`,
          year: 2024,
          odometerKm: 1000,
          dailyRate: 100,
          category: 'sedan',
        }),
        createCustomer(owner.token, { fullNameEnglish: `Monthly Renter ${i}`, dateOfBirth: '1980-01-01' }),
      ]);
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
        owner.token,
      );
      if (booked.status !== 201)
        throw new Error(`booking ${i}: HTTP ${booked.status} ${JSON.stringify(booked.body).slice(0, 200)}`);
      const picked = await api.post(
        `/api/v1/rentals/${booked.body.id}/pickup`,
        { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: START },
        owner.token,
      );
      if (picked.status !== 200)
        throw new Error(`pickup ${i}: HTTP ${picked.status} ${JSON.stringify(picked.body).slice(0, 200)}`);
    });
    const setup = performance.now() - t0;

    const run = async () => {
      const started = performance.now();
      const { meter, result } = withMeter(() => runInvoicing(AFTER_FIRST_PERIOD));
      const r = await result;
      return { r, meter: { ...meter }, ms: performance.now() - started };
    };
    const first = await run();
    if (first.r.invoicesCreated !== RENTALS || first.r.failures)
      throw new Error(
        `first run: ${first.r.invoicesCreated} invoices for ${RENTALS} rentals, ${first.r.failures} failures`,
      );
    const second = await run();
    const n = RENTALS.toLocaleString('en-US');
    const checks: Check[] = [
      {
        check: `invoicing: ${n} active monthly rentals booked and picked up through the API`,
        measured: ms(setup),
        note: 'set-up, figure only',
      },
      {
        check: `invoicing job, ${n} rentals with one ended period each: run time`,
        measured: `${(first.ms / 1000).toFixed(1)} s (${ms(first.ms / RENTALS)} per rental)`,
        note: `local figure; ${first.r.invoicesCreated} invoices issued, ${first.r.failures} failures`,
      },
      {
        check: 'invoicing job: DynamoDB calls per rental (first run)',
        measured: [
          `${(first.meter.calls / RENTALS).toFixed(1)} calls`,
          `${(first.meter.readUnits / RENTALS).toFixed(1)} RCU`,
          `${(first.meter.writeUnits / RENTALS).toFixed(1)} WCU`,
        ].join(', '),
        note: 'draft + issue of the period invoice (rent posted, journal, marker, index advance)',
      },
      {
        check: 'invoicing job re-run on the same clock',
        measured: `${second.r.invoicesCreated} invoices, ${second.meter.calls} calls, ${second.meter.writeUnits} WCU, ${ms(second.ms)}`,
        note: `figure only (no §10 budget); nothing due on the index: only the run's own record is written; rentals checked ${second.r.rentalsChecked}`,
      },
    ];
    if (second.r.invoicesCreated !== 0) throw new Error(`the re-run created ${second.r.invoicesCreated} invoices`);
    return checks;
  },
};
