import { createHash } from 'node:crypto';
import { encodeTime, ulid } from 'ulid';
import { duePeriods, type BillingTiming } from '../../shared/invoicing/periods';
import { readCompanySettings } from '../lib/company-settings';
import type { HttpError } from '../lib/errors';
import { dueIndexPages } from '../lib/data/due-index';
import { sortKey, tenantPk } from '../lib/data/keys';
import { recordCompanyJobRun, recordJobRun } from '../lib/jobs/run-record';
import { batchGet, putItem, queryAll, queryPage, transact, tx, type TransactItem } from '../lib/data/repo';
import { isConditionFailure } from '../lib/errors';
import type { Actor } from '../lib/actor';
import {
  INVOICING_DUE_GSI_PK,
  invoicingIndexKey,
  invoicingNext,
  issueBillingPeriod,
  type InvoicingIndexItem,
} from './invoicing-deps';
import { fromMinor } from '../../shared/money';

/**
 * The scheduled invoicing of long rentals (issue 10; events/schedules.ts 'invoice-long-rentals',
 * hourly; "Run now" on /dashboard/invoice-automation for one company).
 *
 * Reads the sparse invoicing index (rentals/data.ts: one item per active open-ended rental with
 * autoGenerateInvoice; gsi2 `G#INVOICING_DUE` sorted by the instant its next period ends), never
 * the rentals: "next period ended before now" across tenants, in pages — the job's cost is bound
 * by the periods due. For each due period it drafts and issues the period's invoice (invoices/api
 * issueBillingPeriod: the rent through the period's end is posted to the rental ledger with its
 * journal; tolls and fines posted since the last period join it), and in THE SAME transaction:
 *  - the idempotency marker (rental, period start) — Put if absent;
 *  - the index advance to the next period, conditioned on the period it was read at;
 *  - the rental's lastChargedDate / lastInvoicedDate.
 * The invoice's id is fixed per (rental, period start), so a second run's draft of the same period
 * is refused and a draft left by a crashed run is issued by the next. Two runs at once, a re-run,
 * or a run killed half-way create nothing twice. Each run records a run item per company it
 * touched (what it did, failures with the rental) and one global item.
 *
 * Issue 26:
 * - The period's rent (quantity × rate, with its VAT) is charged by its invoice: an open-ended
 *   rental charged nothing at booking, so every period has something to invoice. A rental
 *   entered with a past start (a company moving its running contracts in) has its index at
 *   period 0, and the next run invoices each ended period (up to MAX_PERIODS_PER_RUN a run).
 * - Timing: the company's `billingTiming` (read once per company per run) — arrears invoices a
 *   period once it has ended, advance once it has started (shared/invoicing/periods.ts). An index
 *   item keyed under the other timing is re-keyed (a period running when the setting changed
 *   keeps the timing it had; from the next boundary the new one applies).
 * - Only a period with truly nothing left to invoice (its rent already charged by an earlier
 *   invoice, no other charge) is passed over as empty. Anything else that stops a period (a
 *   validation error, a missing customer field, a write failure) is a FAILURE of the run, with its
 *   reason and the rental; the index stays at that period, so the next run tries it again.
 */
export const MAX_PERIODS_PER_RUN = 24;
export const INVOICING_JOB = 'invoice-long-rentals';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const periodMarkerKey = (tenantId: string, rentalId: string, periodStart: string) => ({
  pk: tenantPk(tenantId, 'INVOICED_PERIOD', rentalId),
  sk: periodStart,
});

/** The invoice id of one (rental, period): a valid ULID (time = period start), the same in every run. */
export function periodInvoiceId(tenantId: string, rentalId: string, periodStart: string): string {
  const digest = createHash('sha256').update(`${tenantId}|${rentalId}|${periodStart}`).digest();
  let tail = '';
  for (let i = 0; i < 16; i++) tail += CROCKFORD[digest[i]! % 32];
  return encodeTime(Date.parse(`${periodStart}T00:00:00Z`), 10) + tail;
}

export interface InvoicingRunInvoice {
  id: string;
  number: string | null;
  rentalId: string;
  rentalReference: string;
  periodStart: string;
  periodEnd: string;
  totalMinor: number;
}
export interface InvoicingRunFailure {
  rentalId: string;
  rentalReference: string;
  periodStart: string;
  periodEnd?: string;
  error: string;
}
export interface TenantRun {
  tenantId: string;
  invoices: InvoicingRunInvoice[];
  failures: InvoicingRunFailure[];
  periodsSkipped: number;
  periodsTaken: number;
  rentalsChecked: number;
}
export interface InvoicingRunResult {
  runId: string;
  trigger: 'schedule' | 'manual';
  startedAt: string;
  finishedAt: string;
  asOf: string;
  rentalsChecked: number;
  invoicesCreated: number;
  periodsTaken: number;
  periodsEmpty: number;
  failures: number;
}

export interface RunOptions {
  /** Only this company ("Run now"): its own partition of the index. */
  tenantId?: string;
  trigger?: 'schedule' | 'manual';
  /** Demo history: the run is recorded as started at `now` (the clock it ran on). */
  recordAtClock?: boolean;
  /** Tests: a failure injected after this many rentals (a run killed half-way). */
  crashAfterRentals?: number;
  pageSize?: number;
  /**
   * Tests on a shared emulator: the scheduled run's own path (the cross-tenant due index) acting
   * only on these companies' items, so a run at a clock years ahead never invoices the demo
   * company or another test's company while their own tests read them.
   */
  onlyTenants?: readonly string[];
  /**
   * One unit of the fanned-out scheduled run (issue 30): only these rentals of `tenantId` (their index
   * items read by key), and no run records of its own — the fan-out engine writes the company's job log
   * line and sums the units into the platform's run record (lib/jobs/fan-out.ts).
   */
  rentalIds?: readonly string[];
}

function jobActor(tenantId: string, runId: string): Actor {
  return { tenantId, userId: 'system', username: 'system', requestId: runId, role: 'OWNER' };
}

async function* duePages(now: Date, opts: RunOptions): AsyncGenerator<InvoicingIndexItem[]> {
  if (opts.tenantId && opts.rentalIds) {
    // A unit: its rentals' index items by key (consistent), those still due (a run beside it may have advanced them).
    const found = await batchGet(opts.rentalIds.map((r) => invoicingIndexKey(opts.tenantId!, r)));
    yield (found.filter(Boolean) as unknown as InvoicingIndexItem[]).filter((i) => i.nextDueAt <= now.toISOString());
    return;
  }
  if (opts.tenantId) {
    // One company's partition (bounded by its open-ended rentals), due ones only.
    yield (
      await queryAll<InvoicingIndexItem>({
        tenantId: opts.tenantId,
        pk: invoicingIndexKey(opts.tenantId, 'x').pk,
        consistent: true,
        max: 5000,
      })
    ).filter((i) => i.nextDueAt <= now.toISOString());
    return;
  }
  for await (const page of dueIndexPages(INVOICING_DUE_GSI_PK, { before: now.toISOString() }, opts.pageSize ?? 100)) {
    const items = page as unknown as InvoicingIndexItem[];
    yield opts.onlyTenants ? items.filter((i) => opts.onlyTenants!.includes(i.tenantId)) : items;
  }
}

/**
 * A company's invoicing run details (the invoice automation page: the invoices issued, the periods
 * that failed): their own partition, time first. They used to share the company's job log partition
 * (T#{t}#JOBRUN) under `invoice-long-rentals#{startedAt}_{runId}`, another key order; the job log
 * line of the run is written beside them (lib/jobs/run-record.ts), in the job log's one shape.
 */
export const invoicingRunKey = (tenantId: string, startedAt: string, runId: string) => ({
  pk: tenantPk(tenantId, 'INVOICING_RUN'),
  sk: sortKey(startedAt, runId),
});

/** The index advance and marker for one period, for the invoice's transaction. */
function periodItems(
  idx: InvoicingIndexItem,
  index: number,
  periodStart: string,
  periodEnd: string,
  runId: string,
  at: string,
  timing: BillingTiming,
): TransactItem[] {
  const next = invoicingNext(idx.tenantId, idx.rentalId, idx.startISO, idx.startDay, idx.frequency, index + 1, timing);
  return [
    tx.putNew({
      ...periodMarkerKey(idx.tenantId, idx.rentalId, periodStart),
      entityType: 'INVOICED_PERIOD',
      periodEnd,
      runId,
      createdAt: at,
    }),
    tx.raw('Update', {
      Key: invoicingIndexKey(idx.tenantId, idx.rentalId),
      UpdateExpression:
        'SET nextIndex = :ni, nextPeriodStart = :ns, nextPeriodEnd = :ne, nextDueAt = :nd, gsi2sk = :sk, timing = :tm, lastInvoicedDate = :li, #v = #v + :one',
      // The frequency too: a settings change between the read and this write re-plans the index
      // (rentals/invoicing-settings.ts).
      ConditionExpression: 'nextIndex = :at AND frequency = :f',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: {
        ':ni': next.nextIndex,
        ':ns': next.nextPeriodStart,
        ':ne': next.nextPeriodEnd,
        ':nd': next.nextDueAt,
        ':sk': next.gsi2sk,
        ':tm': timing,
        ':li': periodEnd,
        ':at': index,
        ':f': idx.frequency,
        ':one': 1,
      },
    }),
  ];
}

/**
 * An index item keyed under the other timing with nothing due under the company's (it switched
 * from advance to arrears): keyed again at its period's due instant, so the job meets it then.
 */
async function rekey(idx: InvoicingIndexItem, timing: BillingTiming): Promise<void> {
  const next = invoicingNext(
    idx.tenantId,
    idx.rentalId,
    idx.startISO,
    idx.startDay,
    idx.frequency,
    idx.nextIndex,
    timing,
  );
  await transact([
    tx.raw('Update', {
      Key: invoicingIndexKey(idx.tenantId, idx.rentalId),
      UpdateExpression: 'SET nextDueAt = :nd, gsi2sk = :sk, timing = :tm, #v = #v + :one',
      ConditionExpression: 'nextIndex = :at AND frequency = :f',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: {
        ':nd': next.nextDueAt,
        ':sk': next.gsi2sk,
        ':tm': timing,
        ':at': idx.nextIndex,
        ':f': idx.frequency,
        ':one': 1,
      },
    }),
  ]).catch((err) => {
    if (!isConditionFailure(err)) throw err;
  });
}

/**
 * Why a period could not be invoiced, as the run shows it: the field messages of a validation error, else its message.
 */
function failureReason(err: unknown): string {
  const e = err as Partial<HttpError> & { message?: string; name?: string };
  const fields = e.fields ? [...new Set(Object.values(e.fields))].join('; ') : '';
  return (fields || e.message || e.name || 'Unknown error').slice(0, 300);
}

export async function runInvoicing(now = new Date(), opts: RunOptions = {}): Promise<InvoicingRunResult> {
  const runId = ulid();
  const realStart = Date.now();
  const startedAt = opts.recordAtClock ? now.toISOString() : new Date().toISOString();
  const result: InvoicingRunResult = {
    runId,
    trigger: opts.trigger ?? 'schedule',
    startedAt,
    finishedAt: '',
    asOf: now.toISOString(),
    rentalsChecked: 0,
    invoicesCreated: 0,
    periodsTaken: 0,
    periodsEmpty: 0,
    failures: 0,
  };
  const byTenant = new Map<string, TenantRun>();
  const tenantRun = (tenantId: string) => {
    if (!byTenant.has(tenantId))
      byTenant.set(tenantId, {
        tenantId,
        invoices: [],
        failures: [],
        periodsSkipped: 0,
        periodsTaken: 0,
        rentalsChecked: 0,
      });
    return byTenant.get(tenantId)!;
  };
  // The company's billing timing, read once per company per run.
  const timings = new Map<string, Promise<BillingTiming>>();
  const timingOf = (tenantId: string) => {
    if (!timings.has(tenantId))
      timings.set(
        tenantId,
        readCompanySettings(tenantId).then((s) =>
          s.billingTiming === 'advance' ? ('advance' as const) : ('arrears' as const),
        ),
      );
    return timings.get(tenantId)!;
  };
  if (opts.tenantId) tenantRun(opts.tenantId); // a company's "Run now" is recorded even when nothing was due
  try {
    for await (const page of duePages(now, opts)) {
      for (const idx of page) {
        if (opts.crashAfterRentals !== undefined && result.rentalsChecked >= opts.crashAfterRentals)
          throw new Error('Injected failure: the run was killed');
        result.rentalsChecked++;
        const run = tenantRun(idx.tenantId);
        run.rentalsChecked++;
        const actor = jobActor(idx.tenantId, runId);
        const timing = await timingOf(idx.tenantId);
        const due = duePeriods(
          idx.startISO,
          idx.startDay,
          idx.frequency,
          idx.nextIndex,
          now,
          MAX_PERIODS_PER_RUN,
          timing,
        );
        if (due.length === 0 && (idx.timing ?? 'arrears') !== timing) await rekey(idx, timing);
        for (const p of due) {
          const at = new Date().toISOString();
          const job = {
            items: periodItems(idx, p.index, p.periodStart, p.periodEnd, runId, at, timing),
            rentalChanges: { lastChargedDate: p.periodEnd, lastInvoicedDate: p.periodEnd },
          };
          try {
            const res = await issueBillingPeriod(actor, {
              rentalId: idx.rentalId,
              periodStart: p.periodStart,
              periodEnd: p.periodEnd,
              invoiceId: periodInvoiceId(idx.tenantId, idx.rentalId, p.periodStart),
              job,
            });
            if (res.outcome === 'issued') {
              result.invoicesCreated++;
              run.invoices.push({
                id: res.invoice.id,
                number: res.invoice.number,
                rentalId: idx.rentalId,
                rentalReference: idx.referenceNumber,
                periodStart: p.periodStart,
                periodEnd: p.periodEnd,
                totalMinor: res.invoice.totalMinor,
              });
            } else if (res.outcome === 'empty') {
              // Nothing to invoice for this period: advance past it (marker + index, one transaction).
              await transact(job.items).catch((err) => {
                if (!isConditionFailure(err)) throw err;
              });
              result.periodsEmpty++;
              run.periodsSkipped++;
            } else {
              result.periodsTaken++;
              run.periodsTaken++;
              break; // another run holds this rental: it carries on with the later periods
            }
          } catch (err) {
            result.failures++;
            run.failures.push({
              rentalId: idx.rentalId,
              rentalReference: idx.referenceNumber,
              periodStart: p.periodStart,
              periodEnd: p.periodEnd,
              error: failureReason(err),
            });
            break; // the next run retries from this period
          }
        }
      }
    }
  } finally {
    result.finishedAt = opts.recordAtClock
      ? new Date(now.getTime() + (Date.now() - realStart)).toISOString()
      : new Date().toISOString();
    const ttl = Math.floor(Date.now() / 1000) + 400 * 86_400;
    await Promise.all(
      [...byTenant.values()].map((r) =>
        putItem({
          ...invoicingRunKey(r.tenantId, startedAt, runId),
          entityType: 'INVOICING_RUN',
          runId,
          trigger: result.trigger,
          startedAt,
          finishedAt: result.finishedAt,
          asOf: result.asOf,
          rentalsChecked: r.rentalsChecked,
          invoicesCreated: r.invoices.length,
          periodsSkipped: r.periodsSkipped,
          periodsTaken: r.periodsTaken,
          invoices: r.invoices.slice(0, 200),
          failures: r.failures.slice(0, 50),
          ttl,
        }),
      ),
    );
    // The company's scheduler job log: the same one-shape line every job writes (the run detail
    // above is the invoice automation page's own, in its own partition). A unit's line and run record
    // are the fan-out engine's (lib/jobs/fan-out.ts).
    if (!opts.rentalIds)
      await Promise.all(
        [...byTenant.values()].map((r) =>
          recordCompanyJobRun(r.tenantId, INVOICING_JOB, {
            startedAt,
            counts: {
              rentalsChecked: r.rentalsChecked,
              invoicesCreated: r.invoices.length,
              periodsSkipped: r.periodsSkipped,
            },
            errors: r.failures.length,
            errorSamples: r.failures.map((f) => `${f.rentalReference}: ${f.error}`),
          }),
        ),
      );
    if (!opts.rentalIds)
      await recordJobRun(
        INVOICING_JOB,
        {
          startedAt,
          finishedAt: result.finishedAt,
          counts: { ...result, tenants: byTenant.size },
          errors: result.failures,
          detail: { runId, trigger: result.trigger, asOf: result.asOf },
        },
        opts.tenantId,
      );
  }
  return result;
}

/** The most rentals of one company in one unit of the fanned-out run (a unit is one SQS message). */
export const RENTALS_PER_UNIT = 25;
export interface InvoicingUnit {
  tenantId: string;
  rentalIds: string[];
}

/**
 * The units of the scheduled run (issue 30): the due index read in pages (keys only, nothing else), its
 * items grouped by company, a unit per page of at most RENTALS_PER_UNIT of one company's due rentals.
 * The index is sorted by due time across companies, so each company's rentals gather until its page is full.
 */
export async function* invoicingUnits(now: Date): AsyncGenerator<InvoicingUnit> {
  const open = new Map<string, string[]>();
  for await (const page of dueIndexPages(INVOICING_DUE_GSI_PK, { before: now.toISOString() }, 200)) {
    for (const item of page) {
      const tenantId = String(item.tenantId);
      const ids = open.get(tenantId) ?? [];
      ids.push(String(item.rentalId));
      open.set(tenantId, ids);
      if (ids.length >= RENTALS_PER_UNIT) {
        open.delete(tenantId);
        yield { tenantId, rentalIds: ids };
      }
    }
  }
  for (const [tenantId, rentalIds] of open) yield { tenantId, rentalIds };
}

/**
 * One unit: its rentals' due periods issued (the same per-rental code, its markers unchanged: a unit done
 * twice issues nothing twice). The company's invoicing run detail is written as for any run; a period that
 * failed fails the unit, with its reason, so SQS retries it and parks it when it keeps failing.
 */
export async function invoiceUnit(now: Date, unit: InvoicingUnit): Promise<Record<string, number>> {
  const run = await runInvoicing(now, { tenantId: unit.tenantId, rentalIds: unit.rentalIds });
  if (run.failures > 0) {
    const page = await listRuns(unit.tenantId, 5);
    const mine = page.items.find((r) => r.runId === run.runId);
    const reasons = ((mine?.failures as InvoicingRunFailure[] | undefined) ?? []).map(
      (f) => `${f.rentalReference}: ${f.error}`,
    );
    const err = new Error(reasons.join('; ') || `${run.failures} period(s) could not be invoiced`);
    err.name = 'InvoicingFailed';
    throw err;
  }
  return {
    rentalsChecked: run.rentalsChecked,
    invoicesCreated: run.invoicesCreated,
    periodsEmpty: run.periodsEmpty,
    periodsTaken: run.periodsTaken,
  };
}

/** A company's runs, newest first (one Query page). */
export async function listRuns(tenantId: string, limit = 20, cursor?: string | null) {
  const pk = invoicingRunKey(tenantId, 'x', 'x').pk;
  return queryPage<Record<string, unknown>>({ tenantId, pk, forward: false, limit, cursor });
}

const fromMinorInt = (m: number) => fromMinor(Math.round(m));

/** A run item as the API shows it (money in decimals). */
export function runToApi(item: Record<string, unknown>) {
  const invoices = (item.invoices as InvoicingRunInvoice[] | undefined) ?? [];
  return {
    runId: String(item.runId),
    trigger: item.trigger === 'manual' ? ('manual' as const) : ('schedule' as const),
    startedAt: String(item.startedAt),
    finishedAt: String(item.finishedAt),
    rentalsChecked: Number(item.rentalsChecked ?? 0),
    invoicesCreated: Number(item.invoicesCreated ?? 0),
    periodsSkipped: Number(item.periodsSkipped ?? 0),
    periodsTaken: Number(item.periodsTaken ?? 0),
    invoices: invoices.map(({ totalMinor, ...i }) => ({ ...i, total: fromMinorInt(totalMinor) })),
    failures: (item.failures as InvoicingRunFailure[] | undefined) ?? [],
  };
}

/** "Run now" for one company: the run of its own partition, as its run item shows it. */
export async function runInvoicingNow(tenantId: string) {
  const result = await runInvoicing(new Date(), { tenantId, trigger: 'manual' });
  const page = await listRuns(tenantId, 5);
  const mine = page.items.find((r) => r.runId === result.runId);
  return mine
    ? runToApi(mine)
    : runToApi({ ...result, invoices: [], failures: [], periodsSkipped: 0, invoicesCreated: 0, rentalsChecked: 0 });
}

/** The company's rentals invoiced automatically, next due first. */
export async function invoicingSchedule(tenantId: string) {
  const items = await queryAll<InvoicingIndexItem>({
    tenantId,
    pk: invoicingIndexKey(tenantId, 'x').pk,
    consistent: false,
    max: 2000,
  });
  return {
    items: items
      .sort((a, b) => a.nextDueAt.localeCompare(b.nextDueAt))
      .map((i) => ({
        rentalId: i.rentalId,
        referenceNumber: i.referenceNumber,
        customerName: i.customerName,
        billingFrequency: i.frequency,
        nextPeriodStart: i.nextPeriodStart,
        nextPeriodEnd: i.nextPeriodEnd,
        nextInvoiceAt: i.nextDueAt,
        lastInvoicedDate: i.lastInvoicedDate ?? null,
      })),
  };
}
