import type { ZodType } from 'zod';
import { validationFailed, type FieldErrors } from './errors';

/** Parses with a shared zod schema; failures become 400 VALIDATION_FAILED with one message per field. */
export function parseWith<T>(schema: ZodType<T> | undefined, input: unknown, where: 'body' | 'query' | 'params'): T {
  if (!schema) return input as T;
  const res = schema.safeParse(input ?? (where === 'body' ? undefined : {}));
  if (res.success) return res.data;
  throw validationFailed(zodFieldErrors(res.error.issues, where));
}

export function zodFieldErrors(issues: { path: PropertyKey[]; message: string }[], where = 'body'): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const name = issue.path.length ? issue.path.map(String).join('.') : where;
    fields[name] ??= issue.message;
  }
  return fields;
}
