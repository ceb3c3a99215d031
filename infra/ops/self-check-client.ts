/**
 * The books' self-check over HTTP, as an operator runs it (the restore drill, ./restore-drill.ts): the check reads
 * the company's whole history, so it is a background task (issue 30). POST /api/v1/accounting/self-check starts a
 * run (202 with the task), GET /api/v1/accounting/tasks/{id} is polled until it is done or failed, then GET
 * /api/v1/accounting/self-check answers the stored result. `ok` only when the run finished and every check passed.
 */
export interface SelfCheckOutcome {
  ok: boolean;
  /** What went wrong first: an HTTP status, the run's error, or the failed checks' names. */
  problem: string | null;
  checks: { name: string; passed: boolean; details: unknown[] }[];
  checkedAt: string | null;
  taskId: string | null;
}

export async function runSelfCheckOverHttp(
  url: string,
  token: string,
  opts: { timeoutMs?: number; pollMs?: number } = {},
): Promise<SelfCheckOutcome> {
  const base = url.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${token}` };
  const outcome = (problem: string | null, rest: Partial<SelfCheckOutcome> = {}): SelfCheckOutcome => ({
    ok: problem === null,
    problem,
    checks: [],
    checkedAt: null,
    taskId: null,
    ...rest,
  });
  const started = await fetch(`${base}/api/v1/accounting/self-check`, { method: 'POST', headers });
  if (started.status !== 202) return outcome(`POST /api/v1/accounting/self-check → HTTP ${started.status}`);
  const taskId = ((await started.json()) as { id: string }).id;
  const until = Date.now() + (opts.timeoutMs ?? 30 * 60_000);
  for (;;) {
    const res = await fetch(`${base}/api/v1/accounting/tasks/${taskId}`, { headers });
    if (!res.ok) return outcome(`GET /api/v1/accounting/tasks/${taskId} → HTTP ${res.status}`, { taskId });
    const task = (await res.json()) as { status: string; error: string | null };
    if (task.status === 'failed') return outcome(`the run failed: ${task.error}`, { taskId });
    if (task.status === 'done') break;
    if (Date.now() > until) return outcome(`the run did not finish in time (${task.status})`, { taskId });
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 1000));
  }
  const res = await fetch(`${base}/api/v1/accounting/self-check`, { headers });
  if (!res.ok) return outcome(`GET /api/v1/accounting/self-check → HTTP ${res.status}`, { taskId });
  const body = (await res.json()) as { checks: SelfCheckOutcome['checks']; checkedAt: string | null };
  const failed = body.checks.filter((c) => !c.passed).map((c) => c.name);
  const problem = body.checks.length === 0 ? 'no checks stored' : failed.length ? `failed: ${failed.join(', ')}` : null;
  return outcome(problem, { checks: body.checks, checkedAt: body.checkedAt, taskId });
}
