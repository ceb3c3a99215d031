/** Company settings → Working hours: open and close times per weekday, or closed. */
import { WEEKDAYS } from '../../../../../shared/schemas/settings';
import { FormField } from '../../../components/FormField';
import { Toggle } from '../../../components/Toggle';
import { Section, type TabBind } from '../fields';

export function HoursTab({ draft, errors, set, t }: TabBind) {
  return (
    <Section title={t('settings.tabs.hours')}>
      <div className="divide-y divide-slate-200 dark:divide-slate-700">
        {WEEKDAYS.map((day) => {
          const d = (draft.workingHours as Record<string, { open: string; close: string; closed: boolean }>)[day];
          const base = `workingHours.${day}`;
          return (
            <div key={day} className="grid items-start gap-3 py-3 sm:grid-cols-[10rem_1fr_1fr_auto]" data-day={day}>
              <span className="pt-2 font-medium">{t(`settings.weekday.${day}`)}</span>
              <FormField name={`${base}.open`} label={t('settings.open')} error={errors[`${base}.open`]}>
                <input
                  className="field-input"
                  type="time"
                  dir="ltr"
                  disabled={d.closed}
                  value={d.open}
                  onChange={(e) => set(`${base}.open`, e.target.value)}
                />
              </FormField>
              <FormField name={`${base}.close`} label={t('settings.close')} error={errors[`${base}.close`]}>
                <input
                  className="field-input"
                  type="time"
                  dir="ltr"
                  disabled={d.closed}
                  value={d.close}
                  onChange={(e) => set(`${base}.close`, e.target.value)}
                />
              </FormField>
              <div className="pt-5">
                <Toggle
                  name={`${base}.closed`}
                  label={t('settings.closed')}
                  checked={d.closed}
                  onChange={(v) => set(`${base}.closed`, v)}
                />
              </div>
            </div>
          );
        })}
      </div>
    </Section>
  );
}
