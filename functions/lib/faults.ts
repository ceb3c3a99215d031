/**
 * Fault injection for tests (issue 30, "faults that lose nothing"). Two kinds:
 *
 * - SDK faults: a middleware on each AWS client (lib/clients/client-config.ts) that fails a command of a service
 *   (throttling, a transaction cancelled by a conflict, a timeout, a 5xx) N times or always. It sits inside the
 *   SDK's retry loop, so a fault armed fewer times than the client's attempts is absorbed by the standard retry
 *   mode and one armed `always` reaches the code (and the user) as it would in AWS.
 * - Crash points: `crashPoint('booking:after-counter', tenantId)` between two steps of a multi-step flow throws a
 *   simulated process death when armed. The handler stack does not catch it (a dead Lambda answers nothing), so
 *   the local gateway answers as API Gateway does when a function fails.
 *
 * Both are active only when FAULTS_ENV is '1': the local stack (infra/local/env.ts) and the test harness set it,
 * the CDK stacks never do (test/infra/app.test.ts checks). Without it the middleware is never added and a crash
 * point is one property read. Rules live on globalThis so the gateway's control endpoint (`/_faults`) and the
 * in-process Lambdas share them, and a test process running a job's handler arms them directly.
 */
export const FAULTS_ENV = 'SAYYARA_FAULTS';

export type FaultService = 'dynamodb' | 's3' | 'ses' | 'cognito';
export type FaultKind = 'throttle' | 'conflict' | 'timeout' | '5xx';
export const FAULT_KINDS: readonly FaultKind[] = ['throttle', 'conflict', 'timeout', '5xx'];

export interface FaultRule {
  service: FaultService;
  /** The SDK command name without "Command" (TransactWriteItems, PutObject, SendEmail...); any when absent. */
  command?: string;
  kind: FaultKind;
  /** How many calls fail; every call while armed when absent. */
  times?: number;
  /** Only calls whose input (JSON) contains this text: a tenant id, a key prefix, an email address. */
  match?: string;
}

export interface CrashRule {
  /** The crash point's name, e.g. 'booking:after-counter'. */
  crash: string;
  times?: number;
  /** Only when the flow runs for this tenant. */
  tenantId?: string;
}

type Armed<R> = R & { id: number; hits: number };
interface FaultState {
  next: number;
  faults: Armed<FaultRule>[];
  crashes: Armed<CrashRule>[];
}

const KEY = Symbol.for('sayyara.faults');
const holder = globalThis as unknown as { [KEY]?: FaultState };
const state = (): FaultState => (holder[KEY] ??= { next: 1, faults: [], crashes: [] });

export const faultsEnabled = (env: NodeJS.ProcessEnv = process.env) => env[FAULTS_ENV] === '1';

export function armFault(rule: FaultRule | CrashRule): number {
  if (!faultsEnabled()) throw new Error(`${FAULTS_ENV} is not set: fault injection is off`);
  const services: readonly string[] = ['dynamodb', 's3', 'ses', 'cognito'];
  if (
    'crash' in rule
      ? typeof rule.crash !== 'string'
      : !services.includes(rule.service) || !FAULT_KINDS.includes(rule.kind)
  )
    throw new Error('A fault needs {service: dynamodb|s3|ses|cognito, kind: throttle|conflict|timeout|5xx} or {crash}');
  const s = state();
  const id = s.next++;
  if ('crash' in rule) s.crashes.push({ ...rule, id, hits: 0 });
  else s.faults.push({ ...rule, id, hits: 0 });
  return id;
}

/** Clears every rule, or only those armed for one tenant (`match` / `tenantId`), so test files can run side by side. */
export function clearFaults(scope?: string): void {
  const s = state();
  s.faults = scope ? s.faults.filter((r) => r.match !== scope) : [];
  s.crashes = scope ? s.crashes.filter((r) => r.tenantId !== scope) : [];
}

export function listFaults() {
  const { faults, crashes } = state();
  return { faults, crashes };
}

/** The rule that fires for this call (and counts it), if any. */
function take<R extends { times?: number }>(rules: Armed<R>[], fits: (r: R) => boolean): Armed<R> | undefined {
  const rule = rules.find((r) => fits(r) && (r.times === undefined || r.hits < r.times));
  if (rule) rule.hits++;
  return rule;
}

/** A simulated death of the process between two steps: nothing after the point runs. */
export class SimulatedCrash extends Error {
  constructor(readonly point: string) {
    super(`Simulated crash at ${point}`);
    this.name = 'SimulatedCrash';
  }
}
export const isSimulatedCrash = (err: unknown): err is SimulatedCrash =>
  (err as { name?: string })?.name === 'SimulatedCrash';

/** A named point between two steps of a flow where a real Lambda could die. No-op unless armed in a test. */
export function crashPoint(point: string, tenantId?: string): void {
  const s = holder[KEY];
  if (!s?.crashes.length) return;
  if (take(s.crashes, (r) => r.crash === point && (!r.tenantId || r.tenantId === tenantId))) {
    throw new SimulatedCrash(point);
  }
}

/** The error the service would answer, shaped as the SDK builds it (name, $fault, $metadata). */
export function faultError(service: FaultService, kind: FaultKind, commandInput?: unknown): Error {
  const make = (name: string, status: number, message: string, extra: Record<string, unknown> = {}) =>
    Object.assign(new Error(`${message} (injected)`), {
      name,
      $fault: status >= 500 ? 'server' : 'client',
      $metadata: { httpStatusCode: status, attempts: 1, totalRetryDelay: 0 },
      ...extra,
    });
  if (kind === 'timeout') {
    // What the Node HTTP handler throws when the socket times out (no answer, no $metadata).
    return Object.assign(new Error('Connection timed out after 3000 ms (injected)'), {
      name: 'TimeoutError',
      code: 'ETIMEDOUT',
    });
  }
  if (kind === '5xx') return make(service === 'dynamodb' ? 'InternalServerError' : 'InternalFailure', 500, '5xx');
  if (kind === 'conflict') {
    const items = (commandInput as { TransactItems?: unknown[] })?.TransactItems ?? [undefined];
    return make('TransactionCanceledException', 400, 'Transaction cancelled, please refer cancellation reasons', {
      CancellationReasons: items.map((_, i) =>
        i === 0 ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' },
      ),
    });
  }
  const throttle: Record<FaultService, string> = {
    dynamodb: 'ProvisionedThroughputExceededException',
    s3: 'SlowDown',
    ses: 'TooManyRequestsException',
    cognito: 'TooManyRequestsException',
  };
  return make(throttle[service], service === 'dynamodb' ? 400 : service === 's3' ? 503 : 429, 'Rate exceeded');
}

interface Stack {
  add(
    mw: (next: (args: { input: unknown }) => Promise<unknown>, ctx: { commandName?: string }) => unknown,
    opts: { step: 'deserialize'; name: string; priority: 'high' },
  ): void;
}

/**
 * Adds the fault middleware to a client when fault injection is on (a test-only switch). In the deserialize
 * step, i.e. once per attempt inside the retry middleware.
 */
export function withFaults<C extends { middlewareStack: unknown }>(client: C, service: FaultService): C {
  if (!faultsEnabled()) return client;
  (client.middlewareStack as Stack).add(
    (next, ctx) => async (args: { input: unknown }) => {
      const s = holder[KEY];
      if (s?.faults.length) {
        const command = (ctx.commandName ?? '').replace(/Command$/, '');
        const rule = take(
          s.faults,
          (r) =>
            r.service === service &&
            (!r.command || r.command === command) &&
            (!r.match || JSON.stringify(args.input ?? {}).includes(r.match)),
        );
        if (rule) {
          if (rule.kind === 'timeout') await new Promise((r) => setTimeout(r, 20));
          throw faultError(service, rule.kind, args.input);
        }
      }
      return next(args);
    },
    { step: 'deserialize', name: 'sayyaraFaults', priority: 'high' },
  );
  return client;
}
