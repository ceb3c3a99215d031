import { createHash } from 'node:crypto';
import type { JobName } from '../../../events/schedules';
import { keys } from '../data/keys';
import { deleteItem, getItem, putItem, transact, tx, updateRaw } from '../data/repo';
import { sqsClient } from '../clients/sqs';
import { rootLogger } from '../logger';
import { type JobContext, type JobEvent, jobContext } from './define-job';
import { JOB_RUN_TTL_DAYS, jobRunItem, MAX_ERROR_SAMPLES } from './run-record';
import { MAX_RECEIVES, queueEnvName } from './queue-names';

/**
 * The queue mode of a job that fans out (issue 30; lib/jobs/fan-out.ts holds the definition). AWS's own
 * engine does the distribution: SQS with the job Lambda as the consumer of its queue (a Lambda event
 * source mapping with partial batch failures), and a dead-letter queue (redrive after MAX_RECEIVES
 * receives) that parks what keeps failing. The same code runs locally against the local-aws-sqs emulator
 * and a local event source mapping (infra/local/queue-workers.ts).
 *
 *  - DISPATCH (the scheduled event, the job's queue configured): the units are found (the due index,
 *    keys only), the platform run record is written FIRST with their number (status running), then
 *    the units are sent, 10 per SendMessageBatch, each message { job, runStartedAt, time, onlyTenants, unit }.
 *  - WORK (an SQS event, `Records`): each record's unit through `doUnit`; the answer lists the failed
 *    records (`batchItemFailures`), so only they come back after the visibility timeout.
 *  - The run record SUMS its units: each finished unit ADDs its figures and done/parked counts to the
 *    run item in one UpdateItem; the run is finished when done + parked reach the number of units.
 *    A failed unit is counted only when it is parked (its last receive): before that SQS retries it.
 *  - A failed unit's reason is kept (one item per job and unit: last error, receive count, TTL), so the
 *    dead-letter view (/admin-tools) says why; a unit done after a retry removes it.
 */
export { MAX_RECEIVES, queueEnvName };
export const SEND_BATCH = 10;
const FAILURE_TTL_DAYS = 14;

const envPart = (job: string) => job.toUpperCase().replace(/-/g, '_');
export const queueUrlOf = (job: string): string | undefined => process.env[queueEnvName(job)] || undefined;

export interface JobQueues {
  queueUrl: string;
  dlqUrl: string;
}
/** The operator's Lambda: every fan-out job's queue and dead-letter queue (`FANOUT_QUEUES`, JSON by job). */
export function fanOutQueues(): Record<string, JobQueues> {
  try {
    return JSON.parse(process.env.FANOUT_QUEUES || '{}') as Record<string, JobQueues>;
  } catch {
    return {};
  }
}

export interface UnitMessage<U> {
  job: JobName;
  runStartedAt: string;
  time: string;
  onlyTenants?: string[];
  unit: U;
  /** Sent back from the dead-letter queue by the operator: the run counted it parked; done, it is counted done. */
  retried?: boolean;
}

export interface SqsRecord {
  messageId: string;
  receiptHandle?: string;
  body: string;
  attributes?: { ApproximateReceiveCount?: string; SentTimestamp?: string };
}
export interface SqsEvent {
  Records: SqsRecord[];
}
export const isSqsEvent = (event: unknown): event is SqsEvent =>
  Array.isArray((event as { Records?: unknown } | undefined)?.Records);

/** A unit's stable id (its JSON, hashed): the key of its failure item, whichever run sent it. */
export const unitId = (unit: object) => createHash('sha256').update(JSON.stringify(unit)).digest('hex').slice(0, 24);
export const unitFailureKey = (job: string, id: string) => ({ pk: `G#JOBFAIL#${envPart(job)}`, sk: id });

/**
 * Test-only fault hook (local stack only, never in AWS: SAYYARA_LOCAL is unset there): a unit of a company
 * listed in FANOUT_FAIL_TENANTS always fails; with FANOUT_FAIL_FIRST_EVERY=n, every n-th unit (by its id)
 * fails its first receive. The integration test and the bench use it.
 */
function injectedFault(unit: { tenantId: string }, receiveCount: number): string | undefined {
  if (process.env.SAYYARA_LOCAL !== '1') return undefined;
  const failing = (process.env.FANOUT_FAIL_TENANTS ?? '').split(',').filter(Boolean);
  if (failing.includes(unit.tenantId)) return 'Injected failure: this company always fails';
  const every = Number(process.env.FANOUT_FAIL_FIRST_EVERY ?? 0);
  if (every > 0 && receiveCount === 1 && Number.parseInt(unitId(unit).slice(0, 8), 16) % every === 0)
    return 'Injected failure: first attempt';
  return undefined;
}

const runKey = (job: string, startedAt: string) => keys.global.jobRun(job, startedAt);

/** The scheduled event in queue mode: the run record first (with the number of units), then the units sent. */
export async function dispatch<U extends { tenantId: string }>(
  job: JobName,
  ctx: JobContext,
  units: AsyncIterable<U> | Iterable<U>,
  queueUrl: string,
): Promise<{ units: number; errors: number; totals: Record<string, number>; queued: true; runStartedAt: string }> {
  const found: U[] = [];
  for await (const unit of units) if (ctx.includes(unit.tenantId)) found.push(unit);
  const startedAt = new Date().toISOString();
  const base = jobRunItem(job, { startedAt, counts: {}, status: 'running' });
  await putItem({
    ...runKey(job, startedAt),
    ...base,
    finishedAt: found.length ? null : startedAt,
    status: found.length ? 'running' : 'ok',
    tenantId: null,
    unitsTotal: found.length,
    unitsDone: 0,
    unitsParked: 0,
    detail: { mode: 'queue' },
  });
  const { sqs, sdk } = await sqsClient();
  const time = ctx.now.toISOString();
  const onlyTenants = ctx.onlyTenants && [...ctx.onlyTenants];
  for (let i = 0; i < found.length; i += SEND_BATCH) {
    const entries = found.slice(i, i + SEND_BATCH).map((unit, n) => ({
      Id: String(n),
      MessageBody: JSON.stringify({ job, runStartedAt: startedAt, time, onlyTenants, unit } satisfies UnitMessage<U>),
    }));
    let pending = entries;
    for (let attempt = 0; pending.length && attempt < 5; attempt++) {
      const res = await sqs.send(new sdk.SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: pending }));
      const failed = new Set((res.Failed ?? []).map((f) => f.Id));
      pending = pending.filter((e) => failed.has(e.Id));
      if (pending.length) await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    }
    if (pending.length) throw new Error(`${job}: ${pending.length} units could not be sent to the queue`);
  }
  rootLogger.info(`${job} dispatched`, { units: found.length, runStartedAt: startedAt });
  return { units: found.length, errors: 0, totals: {}, queued: true, runStartedAt: startedAt };
}

/** The marker that a run has counted one of its units (and how: done or parked). */
const unitCountedKey = (job: string, runStartedAt: string, id: string) => ({
  pk: `G#JOBUNIT#${envPart(job)}`,
  sk: `${runStartedAt}#${id}`,
});

/**
 * Adds a finished unit to its run: its figures and done (or parked) count, in one transaction with a
 * marker of the unit, so a unit delivered twice (SQS is at least once: a redelivery after its visibility
 * ended, a duplicate) is counted once. A unit parked and then done (the operator's retry, or a late
 * duplicate) moves from parked to done. The unit that completes the count closes the run (status ok,
 * or partial with parked units).
 */
async function addToRun(
  job: string,
  runStartedAt: string,
  id: string,
  figures: Record<string, number>,
  outcome: 'done' | 'parked',
  sample?: string,
): Promise<void> {
  const markerKey = unitCountedKey(job, runStartedAt, id);
  const marker = await getItem(markerKey, true);
  if (marker && (outcome === 'parked' || marker.outcome === 'done')) return; // counted already
  const fromParked = marker?.outcome === 'parked';
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':one': 1 };
  const adds: string[] = [];
  Object.entries(figures).forEach(([k, v], i) => {
    names['#c'] = 'counts';
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    adds.push(`#c.#f${i} :f${i}`);
  });
  if (outcome === 'parked') adds.push('unitsParked :one', 'errors :one');
  else if (!fromParked) adds.push('unitsDone :one');
  else {
    values[':minus'] = -1;
    adds.push('unitsDone :one', 'unitsParked :minus', 'errors :minus');
  }
  try {
    await transact([
      tx.raw('Put', {
        Item: {
          ...markerKey,
          entityType: 'JOB_UNIT_COUNTED',
          outcome,
          ttl: Math.floor(Date.now() / 1000) + JOB_RUN_TTL_DAYS * 86_400,
        },
        ConditionExpression: fromParked ? 'outcome = :parked' : 'attribute_not_exists(pk)',
        ...(fromParked ? { ExpressionAttributeValues: { ':parked': 'parked' } } : {}),
      }),
      tx.raw('Update', {
        Key: runKey(job, runStartedAt),
        UpdateExpression: `ADD ${adds.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
      }),
    ]);
  } catch (err) {
    // Counted meanwhile by another delivery, or the run record expired (TTL) before a late retry: the unit's own
    // company line still says what it did.
    if ((err as Error).name === 'TransactionCanceledException') return;
    throw err;
  }
  const after = await getItem(runKey(job, runStartedAt), true);
  if (!after) return;
  const total = Number(after.unitsTotal ?? 0);
  const finished = Number(after.unitsDone ?? 0) + Number(after.unitsParked ?? 0);
  const samples = (after.errorSamples as string[] | undefined) ?? [];
  const set: string[] = [];
  const setValues: Record<string, unknown> = {};
  if (sample && samples.length < MAX_ERROR_SAMPLES) {
    set.push('errorSamples = list_append(errorSamples, :s)');
    setValues[':s'] = [sample];
  }
  if (finished >= total) {
    // The run's end is its last unit's (a parked unit retried later moves it).
    set.push('#st = :st, finishedAt = :now');
    setValues[':st'] = Number(after.unitsParked ?? 0) > 0 ? 'partial' : 'ok';
    setValues[':now'] = new Date().toISOString();
  }
  if (!set.length) return;
  await updateRaw({
    Key: runKey(job, runStartedAt),
    UpdateExpression: `SET ${set.join(', ')}`,
    ...(setValues[':st'] ? { ExpressionAttributeNames: { '#st': 'status' } } : {}),
    ExpressionAttributeValues: setValues,
  });
}

const reasonOf = (err: unknown) => {
  const e = err as Error;
  return `${e.name ?? 'Error'}: ${e.message ?? ''}`.slice(0, 500);
};

/** An SQS batch: each record's unit done on its own; the failed ones answered as batchItemFailures. */
export async function work<U extends { tenantId: string }>(
  job: JobName,
  event: SqsEvent,
  doUnit: (ctx: JobContext, unit: U) => Promise<Record<string, number>>,
): Promise<{
  units: number;
  errors: number;
  totals: Record<string, number>;
  batchItemFailures: { itemIdentifier: string }[];
}> {
  const totals: Record<string, number> = {};
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let msg: UnitMessage<U>;
    try {
      msg = JSON.parse(record.body) as UnitMessage<U>;
      if (!msg?.unit?.tenantId || msg.job !== job) throw new Error('not a unit of this job');
    } catch (err) {
      // A message this job cannot read never succeeds: dropped (answered done) and logged, not retried.
      rootLogger.error(`${job}: unreadable unit message dropped`, { messageId: record.messageId, error: String(err) });
      continue;
    }
    const receiveCount = Number(record.attributes?.ApproximateReceiveCount ?? 1);
    const ctx = jobContext(job, { time: msg.time, onlyTenants: msg.onlyTenants } satisfies JobEvent);
    const id = unitId(msg.unit);
    try {
      const fault = injectedFault(msg.unit, receiveCount);
      if (fault) {
        const e = new Error(fault);
        e.name = 'InjectedFailure';
        throw e;
      }
      const figures = await doUnit(ctx, msg.unit);
      for (const [k, v] of Object.entries(figures)) totals[k] = (totals[k] ?? 0) + v;
      await addToRun(job, msg.runStartedAt, id, figures, 'done');
      if (receiveCount > 1 || msg.retried) await deleteItem(unitFailureKey(job, id));
    } catch (err) {
      batchItemFailures.push({ itemIdentifier: record.messageId });
      const reason = reasonOf(err);
      const parked = receiveCount >= MAX_RECEIVES;
      rootLogger.warn(`${job}: a unit failed (${parked ? 'parked in the dead-letter queue' : 'SQS retries it'})`, {
        tenantId: msg.unit.tenantId,
        receiveCount,
        error: reason,
      });
      await putItem({
        ...unitFailureKey(job, id),
        entityType: 'JOB_UNIT_FAILURE',
        job,
        tenantId: msg.unit.tenantId,
        unit: msg.unit,
        error: reason,
        receiveCount,
        at: new Date().toISOString(),
        runStartedAt: msg.runStartedAt,
        ttl: Math.floor(Date.now() / 1000) + FAILURE_TTL_DAYS * 86_400,
      }).catch((e) => rootLogger.error(`${job}: a unit's failure reason was not stored`, { error: String(e) }));
      // Counted in the run on its last receive (once: a retried unit parked again was counted already).
      if (parked)
        await addToRun(job, msg.runStartedAt, id, {}, 'parked', `${msg.unit.tenantId}: ${reason}`).catch((e) =>
          rootLogger.error(`${job}: the run record did not count a parked unit`, { error: String(e) }),
        );
    }
  }
  return { units: event.Records.length, errors: batchItemFailures.length, totals, batchItemFailures };
}

export interface DeadLetter {
  messageId: string;
  tenantId: string;
  unit: Record<string, unknown>;
  reason: string | null;
  receiveCount: number;
  failedAt: string | null;
  runStartedAt: string;
}

/**
 * The units parked in a job's dead-letter queue, with the stored reason of each. Read with a zero
 * visibility timeout, so looking does not hide them from a retry; at most `max` (the page says so).
 */
export async function listDeadLetters(job: string, max = 100): Promise<DeadLetter[]> {
  const q = fanOutQueues()[job];
  if (!q) return [];
  const { sqs, sdk } = await sqsClient();
  const seen = new Map<string, string>();
  for (let round = 0; round < 20 && seen.size < max; round++) {
    const res = await sqs.send(
      new sdk.ReceiveMessageCommand({
        QueueUrl: q.dlqUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 0,
        WaitTimeSeconds: 0,
      }),
    );
    const fresh = (res.Messages ?? []).filter((m) => m.MessageId && !seen.has(m.MessageId));
    if (!fresh.length) break;
    for (const m of fresh) seen.set(m.MessageId!, m.Body ?? '{}');
  }
  const letters = [...seen.entries()].map(([messageId, body]) => ({
    messageId,
    msg: JSON.parse(body) as UnitMessage<{ tenantId: string }>,
  }));
  const failures = await Promise.all(letters.map(({ msg }) => getItem(unitFailureKey(job, unitId(msg.unit)), false)));
  return letters.map(({ messageId, msg }, i) => ({
    messageId,
    tenantId: msg.unit.tenantId,
    unit: msg.unit as unknown as Record<string, unknown>,
    reason: (failures[i]?.error as string | undefined) ?? null,
    receiveCount: Number(failures[i]?.receiveCount ?? MAX_RECEIVES),
    failedAt: (failures[i]?.at as string | undefined) ?? null,
    runStartedAt: msg.runStartedAt,
  }));
}

/**
 * Retry: the parked message goes back to the job's queue (marked `retried`, so the run counts it done
 * and no longer parked) and leaves the dead-letter queue. Sent before it is deleted: a crash between the
 * two leaves it in both, and the unit, idempotent, does nothing twice. False when it is not there.
 */
export async function retryDeadLetter(job: string, messageId: string): Promise<boolean> {
  const q = fanOutQueues()[job];
  if (!q) return false;
  const { sqs, sdk } = await sqsClient();
  for (let round = 0; round < 20; round++) {
    const res = await sqs.send(
      // Hidden a few seconds while looked through, so the next receive shows the others.
      new sdk.ReceiveMessageCommand({ QueueUrl: q.dlqUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 5 }),
    );
    const messages = res.Messages ?? [];
    if (!messages.length) return false;
    const m = messages.find((x) => x.MessageId === messageId);
    if (!m) continue;
    const msg = JSON.parse(m.Body ?? '{}') as UnitMessage<unknown>;
    await sqs.send(
      new sdk.SendMessageCommand({ QueueUrl: q.queueUrl, MessageBody: JSON.stringify({ ...msg, retried: true }) }),
    );
    await sqs.send(new sdk.DeleteMessageCommand({ QueueUrl: q.dlqUrl, ReceiptHandle: m.ReceiptHandle }));
    return true;
  }
  return false;
}
