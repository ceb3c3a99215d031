import { ulid } from 'ulid';
import { entityKey } from './data/keys';
import { getItem, putNew, updateVersioned, type Item } from './data/repo';
import { notFound } from './errors';
import { rootLogger } from './logger';

/**
 * Background tasks of one company (issue 30: no request's cost grows with a company's history). A request
 * validates, records a task item and answers 202 with it; the work runs in pages in the background and the
 * task item shows its progress (GET of the task).
 *
 * Engine: an asynchronous invocation of the domain's OWN Lambda with a task event (InvocationType 'Event'):
 * Lambda queues the event, retries it twice on error (and can send what still fails to an on-failure
 * destination). AWS's own engine, no queue of ours to run; the invoke right is granted in the API stack.
 * Locally the gateway registers an in-process invoker with the same semantics (fire-and-forget, the event
 * handed to the same handler, retried twice on error) — infra/local/gateway.ts.
 *
 * Pages: a task's runner does one page at a time and returns its new state (a cursor, counts); the state is
 * saved after every page with a condition on the task's version. A re-delivered or re-run event continues
 * from the last saved page, and each page is idempotent itself (its writes are conditioned or replace), so
 * nothing is done twice. When the invocation runs short of time it hands the rest to a fresh invocation.
 */
export type TaskStatus = 'queued' | 'running' | 'done' | 'failed';

export interface TaskItem extends Item {
  entityType: 'TASK';
  id: string;
  domain: string;
  kind: string;
  status: TaskStatus;
  input: Record<string, unknown>;
  /** The runner's own state between pages (cursor, counts, upload parts). */
  state: Record<string, unknown>;
  progress: { done: number; total: number | null };
  result: Record<string, unknown> | null;
  error: string | null;
  /** Failures in a row (reset by a page done): the third marks the task failed. */
  failures: number;
  createdBy: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  version: number;
  ttl: number;
}

export interface TaskPage {
  state: Record<string, unknown>;
  progress: { done: number; total: number | null };
  /** Present when the task is finished: what GET shows. */
  result?: Record<string, unknown>;
}

/** One page of a task's work: idempotent (re-doing a page after a crash writes nothing twice). */
export type TaskRunner = (task: TaskItem) => Promise<TaskPage>;

export interface TaskEvent {
  sayyaraTask: { tenantId: string; id: string };
}

/** Tasks are kept 30 days (the DynamoDB TTL attribute), enough to look back at a run. */
const TASK_TTL_SECONDS = 30 * 24 * 3600;
/** Three failures in a row (Lambda's first attempt and its two retries) fail the task. */
export const TASK_MAX_FAILURES = 3;
/**
 * Below this much time left, the invocation hands the rest to a fresh one. A domain Lambda has 25 s (API
 * Gateway's limit, infra/stacks/api-stack.ts) and a page takes a few seconds: one invocation does a few pages.
 */
const HANDOVER_MS = 12_000;

const taskKey = (tenantId: string, id: string) => entityKey(tenantId, 'TASK', id);

export type LocalInvoker = (domain: string, event: TaskEvent) => void;
const LOCAL = Symbol.for('sayyara.localTaskInvoker');
type WithInvoker = { [LOCAL]?: LocalInvoker };

/** The local gateway's in-process stand-in for Lambda's asynchronous invocation. */
export function setLocalTaskInvoker(invoker: LocalInvoker | undefined): void {
  (globalThis as WithInvoker)[LOCAL] = invoker;
}

/** Hands a task event to the domain's Lambda (itself) asynchronously; locally to the gateway's runner. */
export async function dispatchTask(domain: string, event: TaskEvent): Promise<void> {
  const local = (globalThis as WithInvoker)[LOCAL];
  if (local) return local(domain, event);
  // The function's own name (set by Lambda): a domain's tasks run on the domain's Lambda.
  const self = process.env.AWS_LAMBDA_FUNCTION_NAME;
  if (!self) throw new Error('No task engine: neither a Lambda function nor the local gateway');
  await (await import('./clients/lambda')).invokeAsync(self, event);
}

/** Records a queued task and starts it; answers the task as GET shows it. */
export async function startTask(input: {
  tenantId: string;
  domain: string;
  kind: string;
  input: Record<string, unknown>;
  createdBy: string | null;
  total?: number | null;
}): Promise<TaskView> {
  const now = new Date().toISOString();
  const id = ulid();
  const task: TaskItem = {
    ...taskKey(input.tenantId, id),
    entityType: 'TASK',
    id,
    domain: input.domain,
    kind: input.kind,
    status: 'queued',
    input: input.input,
    state: {},
    progress: { done: 0, total: input.total ?? null },
    result: null,
    error: null,
    failures: 0,
    createdBy: input.createdBy,
    createdAt: now,
    startedAt: null,
    finishedAt: null,
    updatedAt: now,
    version: 1,
    ttl: Math.floor(Date.now() / 1000) + TASK_TTL_SECONDS,
  };
  await putNew(task);
  await dispatchTask(input.domain, { sayyaraTask: { tenantId: input.tenantId, id } });
  return toTaskView(task);
}

/** A task of the company (another company's id, or another domain's kind: 404). */
export async function readTask(tenantId: string, id: string, kinds: readonly string[]): Promise<TaskItem> {
  const task = await findTask(tenantId, id);
  if (!task || !kinds.includes(task.kind)) throw notFound('Task not found');
  return task;
}

/** A task of the company, or undefined (gone after its 30 days). */
export async function findTask(tenantId: string, id: string): Promise<TaskItem | undefined> {
  return (await getItem(taskKey(tenantId, id), true)) as TaskItem | undefined;
}

export interface TaskView {
  id: string;
  kind: string;
  status: TaskStatus;
  progress: { done: number; total: number | null };
  result: Record<string, unknown> | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export function toTaskView(t: TaskItem): TaskView {
  return {
    id: t.id,
    kind: t.kind,
    status: t.status,
    progress: t.progress,
    result: t.result,
    error: t.error,
    createdAt: t.createdAt,
    startedAt: t.startedAt,
    finishedAt: t.finishedAt,
  };
}

export const isTaskEvent = (event: unknown): event is TaskEvent =>
  !!event && typeof event === 'object' && 'sayyaraTask' in event;

interface LambdaContext {
  getRemainingTimeInMillis?: () => number;
}

/**
 * Runs a task event: pages until done, or until the invocation is short of time (then a fresh invocation
 * continues). A task already finished, or a page saved by a concurrent delivery (version condition), stops
 * here quietly. An error is counted on the task and thrown, so Lambda retries the event; the third in a row
 * fails the task (its error shown) and is not thrown again.
 */
export async function runTask(
  event: TaskEvent,
  runners: Record<string, TaskRunner>,
  context?: LambdaContext,
): Promise<TaskView | undefined> {
  const { tenantId, id } = event.sayyaraTask;
  let task = (await getItem(taskKey(tenantId, id), true)) as TaskItem | undefined;
  if (!task || task.status === 'done' || task.status === 'failed') return task && toTaskView(task);
  const runner = runners[task.kind];
  if (!runner) throw new Error(`No runner for task kind ${task.kind}`);
  const log = rootLogger.child({ tenantId, domain: task.domain, route: `task ${task.kind} ${id}` });
  if (task.status === 'queued') {
    const now = new Date().toISOString();
    task = await save(task, { status: 'running', startedAt: now });
  }
  for (;;) {
    let page: TaskPage;
    try {
      page = await runner(task);
    } catch (err) {
      const failures = (task.failures ?? 0) + 1;
      const message = (err as Error).message || (err as Error).name;
      log.warn('task page failed', { failures, error: (err as Error).name, message });
      const last = failures >= TASK_MAX_FAILURES;
      await save(task, {
        failures,
        error: message.slice(0, 300),
        ...(last ? { status: 'failed', finishedAt: new Date().toISOString() } : {}),
      }).catch(() => undefined);
      if (last) return undefined;
      throw err;
    }
    const finished = page.result !== undefined;
    try {
      task = await save(task, {
        state: page.state,
        progress: page.progress,
        failures: 0,
        error: null,
        ...(finished ? { status: 'done', result: page.result, finishedAt: new Date().toISOString() } : {}),
      });
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') {
        log.info('task page saved by another delivery; this one stops');
        return undefined;
      }
      throw err;
    }
    if (finished) return toTaskView(task);
    const left = context?.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY;
    if (left < HANDOVER_MS) {
      await dispatchTask(task.domain, event);
      return toTaskView(task);
    }
  }
}

async function save(task: TaskItem, changes: Partial<TaskItem>): Promise<TaskItem> {
  return (await updateVersioned(taskKey(tenantOf(task), task.id), task.version, changes)) as TaskItem;
}

const tenantOf = (task: TaskItem) => task.pk.split('#')[1];

/**
 * The domain handler with its tasks: a task event runs the task, anything else is an API request. Lambda
 * invokes one function for both (the task's own Lambda: its code, its rights).
 */
export function withTasks<H extends (event: never, context: never) => Promise<unknown>>(
  http: H,
  runners: () => Promise<Record<string, TaskRunner>>,
): H {
  return (async (event: unknown, context: unknown) => {
    if (isTaskEvent(event)) return runTask(event, await runners(), context as LambdaContext);
    return http(event as never, context as never);
  }) as unknown as H;
}
