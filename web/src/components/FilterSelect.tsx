/**
 * A labelled native select for filter bars (DESIGN.md §13 web kit). Native on purpose: keyboard,
 * screen readers and mobile pickers work without extra code, and it lays out like the inputs.
 *
 *   <FilterSelect id="vehicle-status" label={t('vehicles.filters.status')} value={status}
 *     onChange={(status) => update({ status })} allLabel={t('vehicles.filters.allStatuses')}
 *     options={VEHICLE_STATUSES.map((s) => ({ value: s, label: t(`vehicles.status.${s}`) }))} />
 */
export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Options as objects or [value, label] pairs. */
  options: readonly (FilterOption | readonly [string, string])[];
  /** When given, a first option with the value '' ("All …"). */
  allLabel?: string;
  className?: string;
  disabled?: boolean;
}

export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  allLabel,
  className,
  disabled,
}: FilterSelectProps) {
  const list = options.map((o) => ('value' in o ? o : { value: o[0], label: o[1] }));
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {allLabel !== undefined && <option value="">{allLabel}</option>}
        {list.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
