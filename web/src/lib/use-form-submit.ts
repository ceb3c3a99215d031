/**
 * The submit plumbing every form repeats (DESIGN.md §7: validate with the shared zod schema
 * before sending, then show the server's field errors): `submit(body)` parses `body` with
 * `schema`; on failure it shows the translated field messages and sends nothing; otherwise it
 * calls `send(parsedOrRaw)`, which resolves to the server's field errors ({} when it worked).
 *
 *   const form = useFormSubmit(blacklistCreateSchema, onSubmit);
 *   <form onSubmit={(e) => { e.preventDefault(); void form.submit(values); }}>
 *   <FormField error={form.errors.fullName}>…  <button disabled={form.saving}>
 */
import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import type { ZodType } from 'zod';
import { useT } from '../i18n';
import { issuesToErrors, type FieldErrors } from './api-errors';

export interface FormSubmit<B> {
  errors: FieldErrors;
  saving: boolean;
  /** Validates and sends; resolves true when the server accepted it. */
  submit: (body: B) => Promise<boolean>;
  /** Clears one field's error (call as the user edits it). */
  clearError: (field: string) => void;
  /** For checks made as the user types (e.g. a live VIN check). */
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
}

export function useFormSubmit<B>(
  schema: ZodType | null,
  send: (body: B) => Promise<FieldErrors>,
  options: {
    dotted?: boolean;
    sendParsed?: boolean;
    /** Called with the field messages when the schema refuses the body (nothing is sent). */
    onInvalid?: (errors: FieldErrors) => void;
  } = {},
): FormSubmit<B> {
  const t = useT();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const { dotted, sendParsed, onInvalid } = options;
  const submit = useCallback(
    async (body: B) => {
      let toSend = body;
      if (schema) {
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          const fieldErrors = issuesToErrors(t, parsed.error.issues, { dotted });
          setErrors(fieldErrors);
          onInvalid?.(fieldErrors);
          return false;
        }
        if (sendParsed) toSend = parsed.data as B;
      }
      setErrors({});
      setSaving(true);
      try {
        const serverErrors = await send(toSend);
        setErrors(serverErrors);
        return Object.keys(serverErrors).length === 0;
      } finally {
        setSaving(false);
      }
    },
    [schema, send, t, dotted, sendParsed, onInvalid],
  );
  const clearError = useCallback((field: string) => setErrors((e) => (e[field] ? { ...e, [field]: '' } : e)), []);
  return { errors, saving, submit, clearError, setErrors };
}
