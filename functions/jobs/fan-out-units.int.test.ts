import { beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { DAY, HOUR, bookRental, iso, rentalCustomer, rentalVehicle } from '../../test/integration/rental-kit';
import { withMeter } from '../lib/data/meter';
import { jobContext, type JobEvent } from '../lib/jobs/define-job';
import { defineFanOutJob, type FanOutJob, type JobUnit } from '../lib/jobs/fan-out';
import { job as alerts } from './alerts';
import { job as overdue } from './overdue-rentals';
import { job as revenue } from './recognise-revenue';

/**
 * The converted jobs' units (issue 30) on the real stack: a unit done twice (an SQS redelivery) does nothing twice,
 * and a unit that fails does not stop the others — the run counts it in `errors`, the other units' work is done.
 * One family each: pages of one company's due keys (overdue rentals, revenue days) and a company (alerts).
 */
type Tenant = Awaited<ReturnType<typeof registerTenant>>;
let a: Tenant;
let b: Tenant;
const rentalOf = new Map<string, string>();
/** When the late rentals were expected back: two hours before the run. */
const expectedBack = Date.now() - 2 * HOUR;

/** A rental picked up three days ago and expected back two hours ago: late, on hire, an alert to raise. */
async function lateRental(t: Tenant) {
  const [vehicle, customer] = await Promise.all([rentalVehicle(t.token), rentalCustomer(t.token)]);
  const start = Date.now() - 3 * DAY;
  const rental = await bookRental(t.token, customer, vehicle.id, {
    startDate: iso(start),
    endDate: iso(expectedBack),
  });
  const pickup = await post(
    `/api/v1/rentals/${rental.id}/pickup`,
    { odometerStart: 1_000, fuelLevelStart: 'full' },
    t.token,
  );
  expect(pickup.status).toBe(200);
  rentalOf.set(t.tenantId, rental.id);
}

async function unitsOf<U extends JobUnit>(job: FanOutJob<U>, event: JobEvent): Promise<U[]> {
  const out: U[] = [];
  for await (const unit of job.definition.units(jobContext(job.name, event))) out.push(unit);
  return out;
}

/** A unit done with the DynamoDB meter on: its figures, and its calls printed (the report's calls per unit). */
async function metered<U extends JobUnit>(job: FanOutJob<U>, event: JobEvent, unit: U) {
  const { meter, result } = withMeter(() => job.doUnit(jobContext(job.name, event), unit));
  const figures = await result;
  console.log(`${job.name}: one unit, ${meter.calls} DynamoDB calls, ${meter.readUnits} RCU, ${meter.writeUnits} WCU`);
  return figures;
}

/** The same job with an injected failure for one company's units (the other companies' units are the real ones). */
function failingFor<U extends JobUnit>(job: FanOutJob<U>, tenantId: string) {
  return defineFanOutJob<U>({
    ...job.definition,
    unit: (ctx, unit) =>
      unit.tenantId === tenantId
        ? Promise.reject(Object.assign(new Error('injected'), { name: 'InjectedFault' }))
        : job.definition.unit(ctx, unit),
  });
}

const status = async (t: Tenant) => (await get(`/api/v1/rentals/${rentalOf.get(t.tenantId)}`, t.token)).body;

beforeAll(async () => {
  [a, b] = await Promise.all([registerTenant(), registerTenant()]);
  await Promise.all([lateRental(a), lateRental(b)]);
}, 120_000);

// First: the alerts job finds these companies through their rentals on the active-rental index, which the overdue
// job's marking takes them off.
describe('a company per unit: alerts', () => {
  it('a failing company does not stop the other; the same company twice raises nothing twice', async () => {
    // The run's clock is a minute after the expected return, so "returns today" holds in the company's zone at any
    // hour: on the wall clock, two hours ago is yesterday in New York between midnight and 2 a.m.
    const event = { onlyTenants: [a.tenantId, b.tenantId], time: iso(expectedBack + 60_000) };
    const alertsOf = async (t: Tenant) => (await get('/api/v1/alerts?limit=100', t.token)).body.items as unknown[];
    const units = await unitsOf(alerts, event);
    expect(units.map((u) => u.tenantId).sort()).toEqual([a.tenantId, b.tenantId].sort());

    const run = await failingFor(alerts, a.tenantId).handler(event);
    expect(run).toMatchObject({ units: 2, errors: 1 });
    expect(run.totals.created).toBeGreaterThanOrEqual(1);
    expect((await alertsOf(b)).length).toBe(run.totals.created);
    expect(await alertsOf(a)).toEqual([]);

    const ctx = jobContext(alerts.name, event);
    const first = await metered(alerts, event, { tenantId: a.tenantId });
    expect(first.created).toBeGreaterThanOrEqual(1);
    expect(await alerts.doUnit(ctx, { tenantId: a.tenantId })).toEqual({ created: 0 });
    expect((await alertsOf(a)).length).toBe(first.created);
  });
});

describe('units of one company’s due keys: overdue rentals', () => {
  it('one unit per company with its rental; a failing unit leaves the other done; twice marks once', async () => {
    const event = { onlyTenants: [a.tenantId, b.tenantId] };
    const units = await unitsOf(overdue, event);
    expect(units.map((u) => u.tenantId).sort()).toEqual([a.tenantId, b.tenantId].sort());
    for (const u of units) expect(u.rentals.map(([id]) => id)).toEqual([rentalOf.get(u.tenantId)]);

    const run = await failingFor(overdue, a.tenantId).handler(event);
    expect(run).toMatchObject({ units: 2, errors: 1, totals: { marked: 1 } });
    expect((await status(b)).status).toBe('overdue');
    expect((await status(a)).status).toBe('active');

    const ctx = jobContext(overdue.name, event);
    const unitA = units.find((u) => u.tenantId === a.tenantId)!;
    expect(await metered(overdue, event, unitA)).toMatchObject({ marked: 1 });
    expect(await overdue.doUnit(ctx, unitA)).toMatchObject({ marked: 0, stale: 1 }); // the redelivery
    const rental = await status(a);
    expect(rental.status).toBe('overdue');
    expect(rental.timeline.filter((e: { action: string }) => e.action === 'overdue')).toHaveLength(1);
    expect(await overdue.handler(event)).toMatchObject({ units: 0, errors: 0 }); // nothing left on the index
  });
});

describe('units of one company’s due keys: revenue days', () => {
  it('two days on, each company’s rental is recognised once, even with its unit done twice', async () => {
    const event = { time: new Date(Date.now() + 2 * DAY).toISOString(), onlyTenants: [a.tenantId, b.tenantId] };
    const units = await unitsOf(revenue, event);
    expect(units.map((u) => u.tenantId).sort()).toEqual([a.tenantId, b.tenantId].sort());
    for (const u of units) expect(u.rentals.map(([id]) => id)).toEqual([rentalOf.get(u.tenantId)]);

    const run = await failingFor(revenue, a.tenantId).handler(event);
    expect(run).toMatchObject({ units: 2, errors: 1, totals: { recognised: 1 } });
    expect(run.totals.days).toBeGreaterThanOrEqual(1);

    const ctx = jobContext(revenue.name, event);
    const unitA = units.find((u) => u.tenantId === a.tenantId)!;
    const first = await metered(revenue, event, unitA);
    expect(first).toMatchObject({ recognised: 1, days: run.totals.days, amountMinor: run.totals.amountMinor });
    expect(await revenue.doUnit(ctx, unitA)).toMatchObject({ recognised: 0, notYet: 1, days: 0, amountMinor: 0 });
    const entries = async (t: Tenant) =>
      (
        (await get('/api/v1/accounting/journal-entries?source=rental&limit=100', t.token)).body.items as {
          description: string;
        }[]
      ).filter((e) => e.description.startsWith('Rent earned'));
    expect((await entries(a)).length).toBe((await entries(b)).length);
    expect((await entries(a)).length).toBeGreaterThanOrEqual(1);
  });
});
