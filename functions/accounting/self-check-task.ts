import { getItem, updateRaw } from '../lib/data/repo';
import {
  findTask,
  startTask,
  toTaskView,
  type TaskItem,
  type TaskPage,
  type TaskRunner,
  type TaskView,
} from '../lib/tasks';
import { selfCheckKey } from './model';
import { selfCheckPage, type Check, type SelfCheckState } from './self-check';

/**
 * The self-check as a background task (issue 30: it reads the company's whole history — 12 → 17 calls and
 * 52 → 416 RCU from 100 to 1,000 rentals when GET ran it). POST /accounting/self-check starts a run (202 with
 * the task; functions/lib/tasks.ts pages it: ./self-check.ts), GET /accounting/tasks/{id} shows its progress,
 * and the finished run's checks are stored beside the settings (model.ts selfCheckKey): GET
 * /accounting/self-check answers them with the latest run's status in two GetItems, however large the company.
 */
export const SELF_CHECK_TASK = 'accounting-self-check';

/**
 * A run not moved for this long is taken as lost and a new POST starts another: a page takes seconds, and a
 * failing page is retried by Lambda within about three minutes (then the task is marked failed).
 */
const STALE_MS = 5 * 60_000;

interface StoredSelfCheck {
  checks?: Check[];
  checkedAt?: string;
  resultTaskId?: string;
  resultCreatedAt?: string;
  latestTaskId?: string;
  latestCreatedAt?: string;
}

const tenantOf = (task: TaskItem) => task.pk.split('#')[1];
const isConditionFailure = (err: unknown) => (err as Error).name === 'ConditionalCheckFailedException';

/** One page of the check; the last stores the result (a later run's result is never replaced by an older). */
export const selfCheckRunner: TaskRunner = async (task): Promise<TaskPage> => {
  const tenantId = tenantOf(task);
  const page = await selfCheckPage(tenantId, task.state as SelfCheckState);
  const done = page.state.counted ?? 0;
  if (!page.checks) return { state: page.state, progress: { done, total: null } };
  const checkedAt = new Date().toISOString();
  await storeSelfCheck(tenantId, page.checks, checkedAt, { id: task.id, createdAt: task.createdAt });
  return { state: { counted: done }, progress: { done, total: done }, result: { checks: page.checks, checkedAt } };
};

/**
 * Stores a finished run's checks as the company's latest result, unless a run started later already stored its
 * own (a lost run finishing late never replaces a newer answer). The demo reset stores its own run (no task).
 */
export async function storeSelfCheck(
  tenantId: string,
  checks: Check[],
  checkedAt: string,
  run: { id: string | null; createdAt: string },
): Promise<void> {
  await updateRaw({
    Key: selfCheckKey(tenantId),
    UpdateExpression:
      'SET entityType = :type, checks = :checks, checkedAt = :at, resultTaskId = :id, resultCreatedAt = :created',
    ConditionExpression: 'attribute_not_exists(resultCreatedAt) OR resultCreatedAt <= :created',
    ExpressionAttributeValues: {
      ':type': 'ACCOUNTING_SELF_CHECK',
      ':checks': checks,
      ':at': checkedAt,
      ':id': run.id,
      ':created': run.createdAt,
    },
  }).catch((err) => {
    if (!isConditionFailure(err)) throw err;
  });
}

const running = (t: TaskItem | undefined): t is TaskItem =>
  !!t && (t.status === 'queued' || t.status === 'running') && Date.now() - Date.parse(t.updatedAt) < STALE_MS;

/**
 * POST /accounting/self-check: starts a run, or answers the run already in progress (one at a time per company:
 * a second click while it runs shows the same progress instead of reading the whole history twice).
 */
export async function startSelfCheck(tenantId: string, userId: string | null): Promise<TaskView> {
  const stored = (await getItem(selfCheckKey(tenantId), true)) as StoredSelfCheck | undefined;
  const current = stored?.latestTaskId ? await findTask(tenantId, stored.latestTaskId) : undefined;
  if (running(current)) return toTaskView(current);
  const task = await startTask({ tenantId, domain: 'accounting', kind: SELF_CHECK_TASK, input: {}, createdBy: userId });
  await updateRaw({
    Key: selfCheckKey(tenantId),
    UpdateExpression: 'SET entityType = :type, latestTaskId = :id, latestCreatedAt = :created',
    ConditionExpression: 'attribute_not_exists(latestCreatedAt) OR latestCreatedAt <= :created',
    ExpressionAttributeValues: { ':type': 'ACCOUNTING_SELF_CHECK', ':id': task.id, ':created': task.createdAt },
  }).catch((err) => {
    if (!isConditionFailure(err)) throw err;
  });
  return task;
}

/**
 * GET /accounting/self-check: the latest finished run's checks (none before the first run) and the latest run
 * started — queued or running with its progress, done, or failed with its error (its result is the checks).
 */
export async function latestSelfCheck(tenantId: string) {
  const stored = (await getItem(selfCheckKey(tenantId), true)) as StoredSelfCheck | undefined;
  const latest = stored?.latestTaskId ? await findTask(tenantId, stored.latestTaskId) : undefined;
  const { result: _result, ...latestRun } = latest ? toTaskView(latest) : { result: null };
  return {
    checks: stored?.checks ?? [],
    checkedAt: stored?.checkedAt ?? null,
    latestRun: latest ? latestRun : null,
  };
}
