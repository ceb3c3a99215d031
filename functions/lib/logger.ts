/**
 * Structured JSON logs. Every line carries the request id, tenant id and user id of the request
 * it belongs to. Values under sensitive keys are replaced, so tokens, passwords and uploaded
 * bodies never reach the logs even when a caller passes a whole object.
 */
const SENSITIVE = /pass(word)?|token|authorization|secret|cookie|body|content|file|image|signature/i;

export interface LogContext {
  requestId?: string;
  tenantId?: string;
  userId?: string;
  domain?: string;
  route?: string;
}

export type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4) return '[depth]';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = SENSITIVE.test(k) ? '[redacted]' : redact(v, depth + 1);
    }
    return out;
  }
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  return value;
}

export class Logger {
  constructor(
    readonly context: LogContext = {},
    private readonly sink: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
    private readonly minLevel: Level = (process.env.LOG_LEVEL as Level) || 'info',
  ) {}

  child(extra: LogContext): Logger {
    return new Logger({ ...this.context, ...extra }, this.sink, this.minLevel);
  }

  /** Mutates the context in place so middlewares can add tenant/user once known. */
  set(extra: LogContext): void {
    Object.assign(this.context, extra);
  }

  log(level: Level, message: string, data?: Record<string, unknown>): void {
    if (ORDER[level] < ORDER[this.minLevel]) return;
    const line = {
      level,
      time: new Date().toISOString(),
      message,
      requestId: this.context.requestId ?? null,
      tenantId: this.context.tenantId ?? null,
      userId: this.context.userId ?? null,
      ...(this.context.domain ? { domain: this.context.domain } : {}),
      ...(this.context.route ? { route: this.context.route } : {}),
      ...(data ? (redact(data) as Record<string, unknown>) : {}),
    };
    this.sink(JSON.stringify(line));
  }
  debug(m: string, d?: Record<string, unknown>) {
    this.log('debug', m, d);
  }
  info(m: string, d?: Record<string, unknown>) {
    this.log('info', m, d);
  }
  warn(m: string, d?: Record<string, unknown>) {
    this.log('warn', m, d);
  }
  error(m: string, d?: Record<string, unknown>) {
    this.log('error', m, d);
  }
}

export const rootLogger = new Logger();
