/**
 * A labelled form control with its hint and error, defined once (DESIGN.md §13 web kit).
 * The control gets `id`, `aria-invalid` and `aria-describedby` (hint and error ids), either by
 * cloning a single child element or through a render function for composite controls:
 *
 *   <FormField label={t('x.plate')} error={errors.licensePlate} required>
 *     <input className="field-input" value={plate} onChange={...} />
 *   </FormField>
 *   <FormField label="…">{(control) => <select {...control} className="field-input">…</select>}</FormField>
 */
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

export interface FormControlProps {
  id: string;
  name?: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Translated error for this field; marks the control invalid. */
  error?: string;
  /** Translated help text, shown (and announced) under the control. */
  hint?: ReactNode;
  /** Sent to the control as `name` and rendered as `data-field` (tests find fields by it). */
  name?: string;
  /** Sets `required` on the control (the label text carries any visible marker). */
  required?: boolean;
  /** An id for the control when a page needs a stable one (e.g. a label elsewhere). */
  id?: string;
  className?: string;
  children: ReactElement | ((control: FormControlProps) => ReactNode);
}

export function FormField({ label, error, hint, name, required, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control: FormControlProps = {
    id: controlId,
    ...(name ? { name } : {}),
    ...(required ? { required: true } : {}),
    ...(error ? { 'aria-invalid': true } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  const rendered =
    typeof children === 'function'
      ? children(control)
      : isValidElement(children)
        ? cloneElement(children as ReactElement<Record<string, unknown>>, control as unknown as Record<string, unknown>)
        : children;
  return (
    <div className={className} data-field={name}>
      <label htmlFor={controlId} className="field-label">
        {label}
      </label>
      {rendered}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
