import { ulid } from 'ulid';
import { budget, ms, type Check, type Section } from './checks';

/**
 * Revenue recognition (issue 26, DESIGN §14–15): the nightly recognise-revenue job reads the sparse
 * revenue-due index (rentals on hire only), never a company's history. Two companies with the same
 * ACTIVE rentals (booked and picked up through the API) but 100 vs 10,000 past rentals (settled
 * rental items and their GL party items, written in bulk): the job's run for the next day costs
 * the same DynamoDB calls and read units per active rental within 20 %.
 */
const ACTIVE = Number(process.env.BENCH_REVENUE_ACTIVE ?? 10);
const SMALL = 100;
const LARGE = Number(process.env.BENCH_REVENUE_HISTORY ?? 10_000);
const DAY = 86_400_000;

/** `count` settled past rentals (rental item + its GL party), the history a company carries. */
async function writeHistory(tenantId: string, count: number) {
  const { tenantPk, sortKey } = await import('../../functions/lib/data/keys');
  const { writeBatch } = await import('../../functions/lib/demo/world');
  const items: import('../../functions/lib/data/repo').Item[] = [];
  for (let i = 0; i < count; i++) {
    const id = ulid();
    const start = new Date(Date.UTC(2024, 0, 1) + (i % 700) * DAY).toISOString();
    items.push({
      pk: tenantPk(tenantId, 'RENTAL'),
      sk: id,
      entityType: 'RENTAL',
      tenantId,
      id,
      referenceNumber: `RENT-H${i}`,
      status: 'completed',
      startDate: start,
      expectedReturnDate: start,
      returnDate: start,
      chargesMinor: 30_000,
      paymentsMinor: 30_000,
      refundsMinor: 0,
      balanceMinor: 0,
      rentChargedMinor: 30_000,
      version: 5,
      createdAt: start,
    });
    items.push({
      pk: tenantPk(tenantId, 'GL_PARTY'),
      sk: sortKey('RENTAL', id),
      entityType: 'GL_PARTY',
      partyType: 'rental',
      partyId: id,
      complete: true,
    });
  }
  const streams = 4;
  await Promise.all(
    Array.from({ length: streams }, (_, k) => writeBatch(items.filter((_, i) => Math.floor(i / 25) % streams === k))),
  );
}

async function activeRentals(token: string, n: number) {
  const api = await import('../integration/client');
  const { createCustomer, createVehicle } = await import('../integration/entity-factories');
  for (let i = 0; i < n; i++) {
    const [vehicle, customer] = await Promise.all([
      createVehicle(token, {
        make: 'Bench',
        model: `Earned ${i}`,
        year: 2024,
        odometerKm: 1000,
        dailyRate: 100,
        category: 'sedan',
      }),
      createCustomer(token, { fullNameEnglish: `Earner ${i}`, dateOfBirth: '1980-01-01' }),
    ]);
    const start = Date.now() - 3_600_000;
    const booked = await api.post(
      '/api/v1/rentals',
      {
        vehicleId: vehicle.id,
        customerId: customer.id,
        dailyRate: 100,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 5 * DAY).toISOString(),
      },
      token,
    );
    if (booked.status !== 201)
      throw new Error(`booking ${i}: HTTP ${booked.status} ${JSON.stringify(booked.body).slice(0, 200)}`);
    const picked = await api.post(
      `/api/v1/rentals/${booked.body.id}/pickup`,
      { odometerStart: 1000, fuelLevelStart: 'full' },
      token,
    );
    if (picked.status !== 200)
      throw new Error(`pickup ${i}: HTTP ${picked.status} ${JSON.stringify(picked.body).slice(0, 200)}`);
  }
}

export const revenueSection: Section = {
  name: 'revenue',
  needsStack: true,
  async run() {
    const { registerTenant } = await import('../integration/fixtures');
    const { runRevenueRecognition } = await import('../../functions/accounting/recognition');
    const { withMeter } = await import('../../functions/lib/data/meter');
    const [small, large] = await Promise.all([registerTenant(), registerTenant()]);
    const t0 = performance.now();
    await Promise.all([writeHistory(small.tenantId, SMALL), writeHistory(large.tenantId, LARGE)]);
    await activeRentals(small.token, ACTIVE);
    await activeRentals(large.token, ACTIVE);
    const setup = performance.now() - t0;
    const tomorrow = new Date(Date.now() + DAY);
    const measure = async (tenantId: string) => {
      const started = performance.now();
      const { meter, result } = withMeter(() => runRevenueRecognition(tomorrow, { tenantId }));
      const r = await result;
      if (r.recognised !== ACTIVE || r.errors || r.raced) throw new Error(`recognition: ${JSON.stringify(r)}`);
      return { r, meter: { ...meter }, ms: performance.now() - started };
    };
    const a = await measure(small.tenantId);
    const b = await measure(large.tenantId);
    const again = await measure(large.tenantId).catch(() => null);
    const per = (x: typeof a) => ({ calls: x.meter.calls / ACTIVE, rcu: x.meter.readUnits / ACTIVE });
    const pa = per(a);
    const pb = per(b);
    const n = LARGE.toLocaleString('en-US');
    return [
      {
        check: `revenue: ${SMALL} + ${n} past rentals written, ${ACTIVE} + ${ACTIVE} rentals on hire booked and picked up through the API`,
        measured: ms(setup),
        note: 'set-up, figure only',
      },
      {
        check: `recognise-revenue job: DynamoDB calls per active rental (${SMALL} past rentals)`,
        measured: `${pa.calls.toFixed(1)} calls, ${pa.rcu.toFixed(1)} RCU, ${ms(a.ms)}`,
        note: "index query, the rental's index item + GL party, entry number, one transaction (entry, day marker, index advance)",
      },
      {
        check: `recognise-revenue job: DynamoDB calls per active rental (${n} past rentals)`,
        measured: `${pb.calls.toFixed(1)} calls, ${pb.rcu.toFixed(1)} RCU, ${ms(b.ms)}`,
        budget: budget(
          'calls and RCU equal within 20 % (cost flat with history)',
          Math.abs(pa.calls - pb.calls) <= 0.2 * Math.max(pa.calls, pb.calls) &&
            Math.abs(pa.rcu - pb.rcu) <= 0.2 * Math.max(pa.rcu, pb.rcu),
        ),
      },
      {
        check: 'recognise-revenue job: the same night again',
        measured: again ? `${again.r.amountMinor} posted, ${again.meter.calls} calls` : 'nothing to do',
        budget: budget('posts nothing', !again || again.r.amountMinor === 0),
      },
    ] satisfies Check[];
  },
};
