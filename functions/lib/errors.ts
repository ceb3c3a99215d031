import { ERROR_CODES, type ErrorCode } from '../../shared/errors';

/**
 * Typed HTTP errors, serialised in one place (http.ts `errorBody`) as
 * `{ "error": { "code", "message", "fields"?, ...details } }` (DESIGN.md §5). Never a stack trace.
 * Codes come from shared/errors.ts (the web translates by them).
 */
export type FieldErrors = Record<string, string>;

/**
 * Structured data an error carries next to its message, merged into the `error` object:
 * `conflicts` lists the bookings/blocks a 409 BOOKING_CONFLICT collided with, or the blacklist
 * entries a 409 BLACKLIST_WARNING matched (the web reads `error.conflicts`).
 */
export interface ErrorDetails {
  conflicts?: readonly unknown[];
  /**
   * A message with placeholders (a shared constant such as 'Locked through {{date}}') and the
   * values it was filled with: the message and field texts are the filled English; a client
   * shows `template` in its reader's language with `params` (web kit: translateApiError).
   */
  template?: string;
  params?: Record<string, string>;
}

/** `template` with its {{name}} placeholders filled from `params` (server messages; no other syntax). */
export function fillTemplate(template: string, params: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (all, name: string) => params[name] ?? all);
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const C = ERROR_CODES;

export const badRequest = (message: string, fields?: FieldErrors) => new HttpError(400, C.BAD_REQUEST, message, fields);
export const validationFailed = (fields: FieldErrors, message = 'Please correct the highlighted validation errors') =>
  new HttpError(400, C.VALIDATION_FAILED, message, fields);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, C.UNAUTHORIZED, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, C.FORBIDDEN, message);
export const notFound = (message = 'Not found') => new HttpError(404, C.NOT_FOUND, message);
export const conflict = (message: string, fields?: FieldErrors, code: ErrorCode = C.CONFLICT, details?: ErrorDetails) =>
  new HttpError(409, code, message, fields, undefined, details);
export const unsupportedMediaType = (message: string, fields?: FieldErrors) =>
  new HttpError(415, C.UNSUPPORTED_MEDIA_TYPE, message, fields);
export const tooLarge = (message: string) => new HttpError(413, C.TOO_LARGE, message);
export const tooManyAttempts = (message = 'Too many attempts', retryAfterSeconds?: number) =>
  new HttpError(
    429,
    C.TOO_MANY_ATTEMPTS,
    message,
    undefined,
    retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined,
  );
/**
 * Seconds a client waits before retrying after a 503: the SDK already retried with backoff, so the fault has
 * lasted a while; a couple of seconds lets a throttled table or a busy service recover.
 */
export const RETRY_AFTER_SECONDS = 2;

/** 503: a dependency failed after the SDK's retries; nothing was changed and the same request may be sent again. */
export const unavailable = (message = 'A service is temporarily unavailable, nothing was changed. Please try again.') =>
  new HttpError(503, C.SERVICE_UNAVAILABLE, message, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
export const internalError = () =>
  new HttpError(500, C.INTERNAL_ERROR, 'An unexpected error occurred. Nothing was changed.');

/** AWS error names that mean "busy or briefly broken, try again" (DynamoDB, S3, SES, Cognito). */
const TRANSIENT = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'Throttling',
  'RequestLimitExceeded',
  'SlowDown',
  'InternalServerError',
  'InternalFailure',
  'InternalError',
  'InternalErrorException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TooManyRequestsException',
  'LimitExceededException',
  'TransactionConflictException',
  'TransactionInProgressException',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Maps AWS SDK failures to HTTP errors. A failed condition means nothing was written (DynamoDB is all-or-nothing)
 * and the data moved under the request: 409. Throttling, timeouts, service faults and a transaction cancelled only
 * by a concurrent transaction (TransactionConflict, no failed condition) are what the SDK's retries did not outlast:
 * nothing was written either, and the same request succeeds later, so 503 SERVICE_UNAVAILABLE with Retry-After
 * (the web shows the code's message in the reader's language). Never a 500 with a stack.
 */
export function mapAwsError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  const name = (err as { name?: string })?.name ?? '';
  if (name === 'ConditionalCheckFailedException') {
    return conflict('This record was changed by someone else. Reload and try again.', undefined, C.VERSION_CONFLICT);
  }
  if (name === 'TransactionCanceledException') {
    if (!isConditionFailure(err)) return unavailable();
    return conflict(
      'This change conflicts with another change made at the same time. Please try again.',
      undefined,
      C.TRANSACTION_CONFLICT,
    );
  }
  if (TRANSIENT.has(name)) return unavailable();
  if ((err as { $fault?: string })?.$fault === 'server') return unavailable();
  if (NETWORK_CODES.has((err as { code?: string })?.code ?? '')) return unavailable();
  return undefined;
}

/** True when a TransactWriteItems failed because one of its conditions did not hold. */
export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
  }
  return false;
}

/** Index of each cancelled item's reason code, for callers that need to know which condition failed. */
export function cancellationCodes(err: unknown): (string | undefined)[] {
  return ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
}
