/**
 * One way to show an API failure (DESIGN.md §13 web kit): `translateApiError(error, t)` gives the
 * toast text and the per-field errors of a failed call in the reader's language.
 *
 * - The toast text is chosen by the error CODE (`shared/errors.ts` ERROR_CODES →
 *   `errors.codes.<CODE>` in shared/i18n/errors.ts), unless the server's message is one a domain
 *   registered (more precise than the code, e.g. "refund cannot exceed the amount paid").
 * - Field messages are the shared schemas' message constants. Each feature registers its
 *   constants once with `registerMessages('<area>.messages', CUSTOMER_MESSAGES)`; the lookup is
 *   by the exact constant (never a regex, never an English sentence typed in the web code).
 *   A field message nobody registered is shown as sent, so no reason is lost.
 */
import { addArea } from '../../../shared/i18n';
import { errors as errorsCatalog } from '../../../shared/i18n/errors';
import { isErrorCode, type ErrorCode } from '../../../shared/errors';
import { MONEY_MESSAGES } from '../../../shared/money';
import { toast } from '../components/toast/toast-store';
import { t as translate, type TFunction, type TParams } from '../i18n';
import { ApiError } from './api';

addArea('errors', errorsCatalog);

export type FieldErrors = Record<string, string>;

/** English message (schema constant or server constant) → full catalog key. */
const messageKeys = new Map<string, string>();
/** Placeholder values fixed at registration (messages generated from shared rules, e.g. per region). */
const messageParams = new Map<string, TParams>();

/**
 * Makes a domain's message constants translatable: `registerMessages('vehicles.messages',
 * VEHICLE_MESSAGES)` maps each English value to `vehicles.messages.<key>`. The first
 * registration of a message wins (the same words mean the same thing in every area).
 * `params` fill the translation's placeholders for these messages (a message produced by a
 * shared rule for one region registers that region's values).
 */
export function registerMessages(prefix: string, messages: Readonly<Record<string, string>>, params?: TParams): void {
  for (const [key, message] of Object.entries(messages)) {
    if (messageKeys.has(message)) continue;
    messageKeys.set(message, `${prefix}.${key}`);
    if (params) messageParams.set(message, params);
  }
}

// Amount messages are the same in every form.
registerMessages('errors.money', MONEY_MESSAGES);

/** The catalog key a message was registered under, if any. */
export function messageKey(message: string): string | undefined {
  return messageKeys.get(message);
}

/** A registered message in the reader's language; anything else as sent. */
export function translateMessage(t: TFunction, message: string, params?: TParams): string {
  const key = messageKeys.get(message);
  if (!key) return message;
  const fixed = messageParams.get(message);
  return t(key, fixed ? { ...fixed, ...params } : params);
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'TOO_MANY_ATTEMPTS',
  // A function that died (502) or ran out of time (504): the gateway's plain answer. Retrying is safe: money
  // routes carry an Idempotency-Key and every flow's steps are idempotent (issue 30).
  502: 'SERVICE_UNAVAILABLE',
  503: 'SERVICE_UNAVAILABLE',
  504: 'SERVICE_UNAVAILABLE',
};

/** The error code of a failure: the server's, else the one its HTTP status implies. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (isErrorCode(error.code)) return error.code;
  return STATUS_CODES[error.status] ?? (error.status >= 500 ? 'INTERNAL_ERROR' : undefined);
}

export interface ApiErrorText {
  /** The code (server's or implied by the status); undefined for network and non-API errors. */
  code?: ErrorCode;
  /** One sentence for a toast or an alert. */
  message: string;
  /** Field name → message, for the form that sent the request. */
  fields: FieldErrors;
}

/**
 * A failed call in the reader's language. `params` fill placeholders of registered messages
 * (e.g. `{ minAge, region }` for the minimum-age message).
 */
export function translateApiError(error: unknown, t: TFunction, params?: TParams): ApiErrorText {
  if (!(error instanceof ApiError)) {
    // fetch rejects with a TypeError when the network is down or the request was blocked.
    return { message: t(error instanceof TypeError ? 'errors.network' : 'errors.unknown'), fields: {} };
  }
  // A message the server filled from a registered template (details.template + details.params,
  // e.g. the lock date in the company's format): shown from the template in the reader's language.
  const template = errorDetail<string>(error, 'template');
  const filled =
    template && messageKeys.has(template) ? { ...errorDetail<TParams>(error, 'params'), ...params } : undefined;
  const fields: FieldErrors = {};
  for (const [name, message] of Object.entries(error.fields ?? {})) {
    fields[name] =
      filled && message === error.serverMessage
        ? translateMessage(t, template!, filled)
        : translateMessage(t, message, params);
  }
  const code = errorCode(error);
  const firstRegisteredField = Object.values(error.fields ?? {}).find((m) => messageKeys.has(m));
  let message: string;
  if (filled) message = translateMessage(t, template!, filled);
  else if (error.serverMessage && messageKeys.has(error.serverMessage))
    message = translateMessage(t, error.serverMessage, params);
  else if ((code === 'VALIDATION_FAILED' || code === 'BAD_REQUEST') && firstRegisteredField)
    message = translateMessage(t, firstRegisteredField, params);
  else if (code) message = t(`errors.codes.${code}`);
  else message = t('errors.unknown');
  return { code, message, fields };
}

/**
 * zod issues → field errors in the reader's language (first message per field). Fields are keyed
 * by the first path segment, or by the whole dotted path with `{ dotted: true }` (nested forms).
 */
export function issuesToErrors(
  t: TFunction,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  options: { dotted?: boolean; params?: TParams } = {},
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = options.dotted ? issue.path.map(String).join('.') : String(issue.path[0] ?? '');
    if (field && !(field in out)) out[field] = translateMessage(t, issue.message, options.params);
  }
  return out;
}

/**
 * Structured details a failure carries next to code and message (booking conflicts, blacklist
 * matches): read from `error.details.<name>` or, as older handlers send it, `error.<name>`.
 */
export function errorDetail<T>(error: unknown, name: string): T | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const body = (JSON.parse(error.body) as { error?: Record<string, unknown> }).error;
    const details = body?.details as Record<string, unknown> | undefined;
    return (details?.[name] ?? body?.[name]) as T | undefined;
  } catch {
    return undefined;
  }
}

/** True for a failed optimistic-lock write (someone else saved first). */
export function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'VERSION_CONFLICT' || (error.status === 409 && !error.code));
}

/**
 * The failure toast every write shows: `title` says what failed, the description why (in the
 * reader's language). Returns the translated error so forms can show `.fields`.
 */
export function toastApiError(title: string, error: unknown, params?: TParams): ApiErrorText {
  const text = translateApiError(error, translate, params);
  toast({ variant: 'destructive', title, description: text.message });
  return text;
}
