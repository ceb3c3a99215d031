/**
 * A status as a coloured pill with its translated label, defined once (DESIGN.md §13 web kit).
 * Each domain keeps a table status → tone next to its catalog and renders
 *   <StatusPill status={v.status} labelKey="vehicles.status" tones={VEHICLE_STATUS_TONES} />
 * which reads the label `vehicles.status.<status>` and sets `data-status` for tests.
 */
import type { ReactNode } from 'react';
import { useT } from '../i18n';

export const TONE_CLASSES = {
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  blue: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  yellow: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900/40 dark:text-yellow-100',
  orange: 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100',
  red: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  violet: 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100',
  indigo: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100',
  slate: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  muted: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
} as const;
export type Tone = keyof typeof TONE_CLASSES;

export const PILL_CLASS = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap';

export interface StatusPillProps<S extends string> {
  status: S;
  /** Catalog prefix: the label is `${labelKey}.${status}`. */
  labelKey?: string;
  /** A label that is not `${labelKey}.${status}` (already translated). */
  label?: ReactNode;
  /** Colour per status; unknown statuses are `muted`. */
  tones?: Partial<Record<S, Tone>>;
  /** A single tone for pills that do not vary (VIP, archived). */
  tone?: Tone;
  /** Name of the data attribute carrying the status (default `status` → data-status). */
  dataName?: string;
  testId?: string;
}

export function StatusPill<S extends string>({
  status,
  labelKey,
  label,
  tones,
  tone,
  dataName = 'status',
  testId,
}: StatusPillProps<S>) {
  const t = useT();
  const colour = TONE_CLASSES[tone ?? tones?.[status] ?? 'muted'];
  const text = label ?? (labelKey ? t(`${labelKey}.${status}`) : status);
  return (
    <span className={`${PILL_CLASS} ${colour}`} {...{ [`data-${dataName}`]: status }} data-testid={testId}>
      {text}
    </span>
  );
}
