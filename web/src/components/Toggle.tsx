/**
 * An on/off switch with its visible label and hint (DESIGN.md §13 web kit). Built on
 * headlessui's Field/Label/Description so the switch is named by its label and described by its
 * hint (a bare Switch drops a passed aria-labelledby, which left switches nameless: axe critical).
 */
import { Description, Field, Label, Switch } from '@headlessui/react';

export interface ToggleProps {
  /** Rendered as `data-field` (tests find fields by it). */
  name: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
}

export function Toggle({ name, label, checked, onChange, hint, disabled }: ToggleProps) {
  return (
    <Field className="flex items-start justify-between gap-4 py-2" data-field={name} disabled={disabled}>
      <div>
        <Label className="text-sm font-medium">{label}</Label>
        {hint && <Description className="mt-0.5 text-xs text-slate-600 dark:text-slate-300">{hint}</Description>}
      </div>
      <Switch
        checked={checked}
        onChange={onChange}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition data-[checked]:bg-primary-strong data-[disabled]:opacity-60 dark:bg-slate-600"
      >
        <span className="inline-block size-4 translate-x-1 rounded-full bg-white shadow transition group-data-[checked]:translate-x-6 rtl:-translate-x-1 rtl:group-data-[checked]:-translate-x-6" />
      </Switch>
    </Field>
  );
}
