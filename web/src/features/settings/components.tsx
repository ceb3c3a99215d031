/**
 * Form pieces of the settings pages: labelled fields with their error, toggles, sections, a
 * confirmation dialog (headlessui: focus trap, Escape closes).
 */
import { Switch } from '@headlessui/react';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { useT } from '../../i18n';
export { ConfirmDialog, ErrorPanel } from '../../components/Dialogs';

export function Field({ name, label, error, hint, children }: { name: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const input = isValidElement(children)
    ? cloneElement(children as ReactElement<Record<string, unknown>>, { id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div data-field={name}>
      <label htmlFor={id} className="field-label">{label}</label>
      {input}
      {hint && !error ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="field-error" role="alert">{error}</p> : null}
    </div>
  );
}

export function Toggle({ name, label, checked, onChange, hint, disabled }: { name: string; label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string; disabled?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4 py-2" data-field={name}>
      <div>
        <span className="text-sm font-medium" id={`${name}-label`}>{label}</span>
        {hint && <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">{hint}</p>}
      </div>
      <Switch
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-labelledby={`${name}-label`}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition data-[checked]:bg-primary-strong data-[disabled]:opacity-60 dark:bg-slate-600"
      >
        <span className="inline-block size-4 translate-x-1 rounded-full bg-white shadow transition group-data-[checked]:translate-x-6 rtl:-translate-x-1 rtl:group-data-[checked]:-translate-x-6" />
      </Switch>
    </div>
  );
}

export function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-base font-semibold">{title}</h2>
      <div className={className || 'space-y-4'}>{children}</div>
    </section>
  );
}


