import type { ZodType } from 'zod';
import { FIELD_MESSAGES } from '../../shared/schemas/field-messages';
import { badRequest, validationFailed, type FieldErrors } from './errors';

/**
 * Parses with a shared zod schema; failures become 400 VALIDATION_FAILED with one message per field.
 * A body is parsed as sent: JSON `null` is not "no body" (a route whose body is optional refuses it),
 * and a route without a body schema accepts only no body or `{}`.
 */
export function parseWith<T>(schema: ZodType<T> | undefined, input: unknown, where: 'body' | 'query' | 'params'): T {
  if (!schema) {
    if (where === 'body' && !isEmptyBody(input))
      throw badRequest(FIELD_MESSAGES.noBody, { body: FIELD_MESSAGES.noBody });
    return input as T;
  }
  const res = schema.safeParse(where === 'body' ? input : (input ?? {}));
  if (res.success) return res.data;
  throw validationFailed(zodFieldErrors(res.error.issues, where));
}

function isEmptyBody(input: unknown): boolean {
  if (input === undefined) return true;
  return !!input && typeof input === 'object' && !Array.isArray(input) && Object.keys(input).length === 0;
}

export function zodFieldErrors(issues: { path: PropertyKey[]; message: string }[], where = 'body'): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const name = issue.path.length ? issue.path.map(String).join('.') : where;
    fields[name] ??= issue.message;
  }
  return fields;
}
