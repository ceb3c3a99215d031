/** The calendar, predictions and alerts tabs of /maintenance. */
import { useMemo } from 'react';
import useSWR from 'swr';
import { addDays } from '../../../../shared/calendar';
import { DirectionArrow } from '../../components/DirectionArrow';
import { ListState, ListTable, itemsState } from '../../components/ListKit';
import { StatusPill } from '../../components/StatusPill';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import {
  MAINTENANCE_PATH,
  PREDICTIONS_PATH,
  type MaintenancePrediction,
  type MaintenanceRecord,
} from './maintenance-api';
import { STATUS_TONES, URGENCY_TONES, useToday } from './maintenance-shared';

export function CalendarTab() {
  const t = useT();
  const fmt = useFormat();
  const today = useToday();
  const to = addDays(today, 56);
  const res = useSWR<{ items: MaintenanceRecord[] }>(
    `${MAINTENANCE_PATH}?from=${addDays(today, -14)}&to=${to}&limit=100`,
  );
  const open = (res.data?.items ?? []).filter((r) => r.status === 'scheduled' || r.status === 'in_progress');
  const days = useMemo(() => {
    const by = new Map<string, MaintenanceRecord[]>();
    for (const r of [...open].sort((a, b) => a.date.localeCompare(b.date)))
      by.set(r.date, [...(by.get(r.date) ?? []), r]);
    return [...by.entries()];
  }, [open]);
  return (
    <ListState
      list={{ ...itemsState(res), items: open }}
      errorTitle={t('maintenance.calendar.empty')}
      empty={<p className="text-sm">{t('maintenance.calendar.empty')}</p>}
    >
      <ol className="space-y-3" aria-label={t('maintenance.tabs.calendar')}>
        {days.map(([day, rs]) => (
          <li key={day} className="rounded-ui border border-slate-200 p-3 dark:border-slate-800">
            <h3 className="mb-2 text-sm font-semibold">{fmt.date(day)}</h3>
            <ul className="space-y-1">
              {rs.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <StatusPill status={r.status} labelKey="maintenance.status" tones={STATUS_TONES} />
                  <span className="font-medium">{t(`maintenance.type.${r.type}`)}</span>
                  <span>{r.vehicleLabel}</span>
                  {r.endDate && r.endDate !== r.date && (
                    <span className="text-slate-600 dark:text-slate-300">
                      <DirectionArrow direction="forward" /> {fmt.date(r.endDate)}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </ListState>
  );
}

export function PredictionsTab({ onSchedule }: { onSchedule: (initial: Record<string, unknown>) => void }) {
  const t = useT();
  const fmt = useFormat();
  const editor = useCan('maintenanceEdit');
  const today = useToday();
  const res = useSWR<{ items: MaintenancePrediction[] }>(PREDICTIONS_PATH);
  const items = res.data?.items ?? [];
  return (
    <ListState
      list={itemsState(res)}
      errorTitle={t('maintenance.messages.generateFailed')}
      empty={<p className="text-sm">{t('maintenance.empty.predictions')}</p>}
    >
      <ListTable
        columns={[
          t('maintenance.fields.vehicle'),
          t('maintenance.fields.type'),
          t('maintenance.prediction.dueDate'),
          t('maintenance.prediction.kmLeft'),
          t('maintenance.fields.status'),
          t('maintenance.fields.aiConfidence'),
          t('maintenance.prediction.evidence'),
          ...(editor ? [''] : []),
        ]}
      >
        {items.map((p) => (
          <tr key={p.id} data-prediction-id={p.id} data-urgency={p.urgency}>
            <td className="px-3 py-2">{p.vehicleLabel}</td>
            <td className="px-3 py-2">
              {t(`maintenance.type.${p.type}`)}
              <div className="text-xs text-slate-600 dark:text-slate-300">
                {t('maintenance.prediction.every')}{' '}
                {[
                  p.everyKm ? fmt.quantity(p.everyKm, 'kilometer') : null,
                  p.everyMonths ? `${p.everyMonths} ${t('maintenance.prediction.months')}` : null,
                ]
                  .filter(Boolean)
                  .join(' / ')}
              </div>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              {p.dueDate ? fmt.date(p.dueDate) : t('maintenance.prediction.noDate')}
              {p.bookingsAtRisk.length > 0 && (
                <div className="text-xs text-red-700 dark:text-red-300">
                  {t('maintenance.prediction.bookingsAtRisk')}:{' '}
                  {p.bookingsAtRisk.map((b) => b.label ?? b.rentalId).join(', ')}
                </div>
              )}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              {p.kmLeft === null
                ? '—'
                : p.kmLeft < 0
                  ? t('maintenance.prediction.kmOver', { km: fmt.quantity(-p.kmLeft, 'kilometer') })
                  : fmt.quantity(p.kmLeft, 'kilometer')}
              {p.kmPerDay !== null && (
                <div className="text-xs text-slate-600 dark:text-slate-300">
                  {fmt.quantity(p.kmPerDay, 'kilometer')} {t('maintenance.prediction.kmPerDay')}
                </div>
              )}
            </td>
            <td className="px-3 py-2">
              <StatusPill status={p.urgency} labelKey="maintenance.urgency" tones={URGENCY_TONES} dataName="urgency" />
            </td>
            <td className="px-3 py-2">
              {p.insufficientHistory ? (
                <span className="text-amber-800 dark:text-amber-300">{t('maintenance.prediction.tooLittle')}</span>
              ) : (
                `${Math.round(p.confidence * 100)}% · ${t(`maintenance.confidence.${p.confidenceLevel}`)}`
              )}
            </td>
            <td className="px-3 py-2 text-xs">
              <details>
                <summary className="cursor-pointer">{p.evidence.length}</summary>
                <ul className="mt-1 space-y-0.5">
                  {p.evidence.map((e, i) => (
                    <li key={i}>
                      {fmt.date(e.at.slice(0, 10))} · {t(`maintenance.prediction.reading.${e.source}`)} ·{' '}
                      {fmt.quantity(e.km, 'kilometer')}
                      {e.reference ? ` · ${e.reference}` : ''}
                    </li>
                  ))}
                </ul>
              </details>
            </td>
            {editor && (
              <td className="px-3 py-2">
                {p.recordId ? (
                  <span className="text-xs">{t('maintenance.prediction.scheduled')}</span>
                ) : (
                  <button
                    type="button"
                    className="btn-secondary text-xs"
                    onClick={() =>
                      onSchedule({
                        vehicleId: p.vehicleId,
                        type: p.type,
                        date: p.dueDate && p.dueDate > today ? p.dueDate : today,
                        estimatedCost: '',
                        predictionId: p.id,
                        priority:
                          p.urgency === 'past_due' || p.urgency === 'very_urgent'
                            ? 'urgent'
                            : p.urgency === 'urgent'
                              ? 'high'
                              : 'medium',
                      })
                    }
                  >
                    {t('maintenance.actions.schedule')}
                  </button>
                )}
              </td>
            )}
          </tr>
        ))}
      </ListTable>
    </ListState>
  );
}

/** Past due, due within 7 days (from predictions), urgent records open. */
export function AlertsTab() {
  const t = useT();
  const fmt = useFormat();
  const today = useToday();
  const preds = useSWR<{ items: MaintenancePrediction[] }>(PREDICTIONS_PATH);
  const urgent = useSWR<{ items: MaintenanceRecord[] }>(`${MAINTENANCE_PATH}?priority=urgent&limit=100`);
  const soon = addDays(today, 7);
  const p = preds.data?.items ?? [];
  const groups: [string, { id: string; text: string; date: string | null }[]][] = [
    [
      'pastDue',
      p
        .filter((x) => x.urgency === 'past_due')
        .map((x) => ({ id: x.id, text: `${x.vehicleLabel} · ${t(`maintenance.type.${x.type}`)}`, date: x.dueDate })),
    ],
    [
      'dueSoon',
      p
        .filter((x) => x.urgency !== 'past_due' && x.dueDate && x.dueDate <= soon)
        .map((x) => ({ id: x.id, text: `${x.vehicleLabel} · ${t(`maintenance.type.${x.type}`)}`, date: x.dueDate })),
    ],
    [
      'urgentOpen',
      (urgent.data?.items ?? [])
        .filter((r) => r.status !== 'completed' && r.status !== 'cancelled')
        .map((r) => ({ id: r.id, text: `${r.vehicleLabel} · ${t(`maintenance.type.${r.type}`)}`, date: r.date })),
    ],
  ];
  const any = groups.some(([, xs]) => xs.length);
  if (!preds.data || !urgent.data) return <p aria-busy="true">…</p>;
  if (!any) return <p className="text-sm">{t('maintenance.empty.alerts')}</p>;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {groups.map(([k, xs]) => (
        <section
          key={k}
          aria-label={t(`maintenance.alerts.${k}`)}
          data-alert-group={k}
          className="rounded-ui border border-slate-200 p-3 dark:border-slate-800"
        >
          <h3 className="mb-2 font-semibold">
            {t(`maintenance.alerts.${k}`)} <span className="text-slate-600 dark:text-slate-300">({xs.length})</span>
          </h3>
          <ul className="space-y-1 text-sm">
            {xs.map((x) => (
              <li key={x.id}>
                {x.text}
                {x.date ? ` · ${fmt.date(x.date)}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
