/**
 * Settings form fields bound to the draft by dotted path (value, change, translated label and
 * error), on the kit's FormField and Toggle.
 */
import { useId, type ReactNode } from 'react';
import { FormField } from '../../components/FormField';
import { Toggle } from '../../components/Toggle';
import type { FieldErrors } from '../../lib/api-errors';
import type { TFunction } from '../../i18n';
import { getPath, type Draft } from './settings-draft';

export interface Bound {
  draft: Draft;
  errors: FieldErrors;
  set: (path: string, value: unknown) => void;
  t: TFunction;
  path: string;
  label?: string;
  hint?: string;
}

export const labelOf = (t: TFunction, path: string, label?: string) =>
  label ?? t(`settings.field.${path.split('.').pop()}`);

export function TextField({
  draft,
  errors,
  set,
  t,
  path,
  label,
  hint,
  type = 'text',
  autoComplete,
}: Bound & { type?: string; autoComplete?: string }) {
  return (
    <FormField name={path} label={labelOf(t, path, label)} error={errors[path]} hint={hint}>
      <input
        className="field-input"
        type={type}
        autoComplete={autoComplete}
        value={String(getPath(draft, path) ?? '')}
        onChange={(e) => set(path, e.target.value)}
      />
    </FormField>
  );
}

export function TextArea({
  draft,
  errors,
  set,
  t,
  path,
  label,
  hint,
  rows,
  dir,
  lang,
}: Bound & { rows: number; dir?: string; lang?: string }) {
  return (
    <FormField name={path} label={labelOf(t, path, label)} error={errors[path]} hint={hint}>
      <textarea
        className="field-input"
        rows={rows}
        dir={dir}
        lang={lang}
        value={String(getPath(draft, path) ?? '')}
        onChange={(e) => set(path, e.target.value)}
      />
    </FormField>
  );
}

export function NumberField({
  draft,
  errors,
  set,
  t,
  path,
  label,
  hint,
  min,
  max,
  step,
}: Bound & { min: number; max: number; step: number }) {
  const v = getPath(draft, path);
  return (
    <FormField name={path} label={labelOf(t, path, label)} error={errors[path]} hint={hint}>
      <input
        className="field-input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={typeof v === 'number' && Number.isFinite(v) ? String(v) : ''}
        onChange={(e) => set(path, e.target.value === '' ? '' : Number(e.target.value))}
      />
    </FormField>
  );
}

export function SelectField({
  draft,
  errors,
  set,
  t,
  path,
  label,
  hint,
  options,
  labelPrefix,
}: Bound & { options: readonly string[]; labelPrefix: string }) {
  return (
    <FormField name={path} label={labelOf(t, path, label)} error={errors[path]} hint={hint}>
      <select
        className="field-input"
        value={String(getPath(draft, path) ?? '')}
        onChange={(e) => set(path, e.target.value)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${labelPrefix}.${o}`)}
          </option>
        ))}
      </select>
    </FormField>
  );
}

export function ToggleField({ draft, set, t, path, label, hint }: Bound) {
  return (
    <Toggle
      name={path}
      label={labelOf(t, path, label)}
      hint={hint}
      checked={getPath(draft, path) === true}
      onChange={(v) => set(path, v)}
    />
  );
}

export function ColorField({ draft, errors, set, t, path }: Bound) {
  const value = String(getPath(draft, path) ?? '');
  const valid = /^#[0-9A-Fa-f]{6}$/.test(value);
  return (
    <FormField name={path} label={labelOf(t, path)} error={errors[path]}>
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={`${labelOf(t, path)} (picker)`}
            data-testid={`${path}-picker`}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-ui border border-slate-300 bg-white p-1 dark:border-slate-600 dark:bg-slate-900"
            value={valid ? value.toLowerCase() : '#000000'}
            onChange={(e) => set(path, e.target.value.toUpperCase())}
          />
          <input
            {...control}
            className="field-input font-mono uppercase"
            dir="ltr"
            maxLength={7}
            value={value}
            onChange={(e) => set(path, e.target.value)}
            spellCheck={false}
          />
        </div>
      )}
    </FormField>
  );
}

/** The fields of a tab, bound to the draft (every field component takes these plus `path`). */
export type TabBind = Omit<Bound, 'path'>;

export function Section({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-base font-semibold">
        {title}
      </h2>
      <div className={className || 'space-y-4'}>{children}</div>
    </section>
  );
}
