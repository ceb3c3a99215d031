/**
 * The inspection kit (issue 12, 27): the car diagram, the damage editor and the new-inspection
 * form, used by /vehicle-inspections and by the rental's pickup and return flows
 * (features/rentals/PickupFlow.tsx). Types of the API's inspection answer.
 */
import { useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import useSWR from 'swr';
import { addArea } from '../../../../shared/i18n';
import { inspections as catalog } from '../../../../shared/i18n/inspections';
import { FUEL_LEVELS } from '../../../../shared/constants';
import {
  CAR_VIEWS,
  CHECKLIST_ITEMS,
  DAMAGE_SEVERITIES,
  DAMAGE_TYPES,
  INSPECTION_MESSAGES,
  PHOTO_SIDES,
  createInspectionSchema,
  type CarView,
  type DamageMark,
  type InspectionKind,
  type InspectionPhoto,
} from '../../../../shared/schemas/inspections';
import { DialogActions } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { registerMessages, toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { uploadFileTo } from '../../lib/upload';
import { useFormSubmit } from '../../lib/use-form-submit';
import { apiPath, apiStem, apiUrl, callApi, type BodyOf } from '../../lib/api-client';

addArea('inspections', catalog);
registerMessages('inspections.messages', INSPECTION_MESSAGES);

export const INSPECTIONS_PATH = apiStem('listInspections');
export type Photo = InspectionPhoto & { url?: string };
export interface Inspection {
  id: string;
  rentalId: string;
  rentalReference: string;
  vehicleLabel: string;
  customerName: string;
  kind: 'check_out' | 'check_in';
  odometer: number;
  fuelLevel: string;
  checklist: Record<string, string>;
  photos: Photo[];
  damages: DamageMark[];
  notes: string | null;
  status: 'draft' | 'signed';
  signedAt: string | null;
  pdfUrl: string | null;
  createdAt: string;
  version: number;
  diff: null | { kmDriven: number; fuelOut: string; fuelIn: string; newDamages: DamageMark[]; proposed: Proposed[] };
}
/** A proposed charge (shared/maintenance/inspection.ts): a message key and parameters; postedBy once on the ledger. */
export interface Proposed {
  key: string;
  category: string;
  labelKey: string;
  labelParams: Record<string, string | number>;
  amount: number;
  markId?: string;
  postedBy: 'confirmation' | 'return' | null;
}

/** Rentals to inspect: from the fleet calendar (every role that inspects may read it). */
function useRentalOptions(enabled = true) {
  const fmt = useFormat();
  const today = new Date();
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const start = iso(new Date(today.getTime() - 30 * 86_400_000));
  const end = iso(new Date(today.getTime() + 30 * 86_400_000));
  const cal = useSWR<{
    vehicles: {
      make: string;
      model: string;
      licensePlate: string;
      blocks: { kind: string; refId: string; status: string; label?: string; start: string }[];
    }[];
  }>(enabled ? apiUrl('fleetCalendar', { query: { start, end } }) : null);
  return (cal.data?.vehicles ?? []).flatMap((v) =>
    v.blocks
      .filter((b) => b.kind === 'rental' && ['pending', 'active', 'overdue', 'completed'].includes(b.status))
      .map((b) => ({
        id: b.refId,
        label: `${b.label ?? b.refId} · ${v.make} ${v.model} (${v.licensePlate}) · ${fmt.date(b.start)}`,
      })),
  );
}

/**
 * A new inspection. From the inspections page: every field. From a rental's pickup or return flow
 * (`kind` fixed): the rental and kind are not asked, and `readings` (taken once, earlier in the
 * flow) are shown, not asked again; `reference` (the check-out's marks, at a check-in) shows on
 * the diagram in another colour.
 */
export function InspectionForm({
  rentalId,
  onDone,
  kind,
  readings,
  reference,
  saveLabel,
}: {
  rentalId?: string;
  onDone: (id?: string) => void;
  kind?: InspectionKind;
  readings?: { odometer: number; fuelLevel: string };
  reference?: DamageMark[];
  saveLabel?: string;
}) {
  const t = useT();
  const fmt = useFormat();
  const fixed = !!kind && !!rentalId;
  const rentals = useRentalOptions(!fixed);
  const [v, setV] = useState({
    rentalId: rentalId ?? '',
    kind: kind ?? 'check_out',
    odometer: readings ? String(readings.odometer) : '',
    fuelLevel: readings?.fuelLevel ?? '',
    notes: '',
  });
  const [checklist, setChecklist] = useState<Record<string, string>>(
    Object.fromEntries(CHECKLIST_ITEMS.map((c) => [c, 'ok'])),
  );
  const [photos, setPhotos] = useState<(Photo & { preview: string })[]>([]);
  const [side, setSide] = useState<string>('front');
  const [progress, setProgress] = useState<number | null>(null);
  const [damages, setDamages] = useState<DamageMark[]>([]);
  const send = async (body: Record<string, unknown>) => {
    try {
      // useFormSubmit below checked the body with createInspectionSchema before calling this.
      const made = await callApi<'createInspection', Inspection>('createInspection', {
        body: body as BodyOf<'createInspection'>,
      });
      toast({ variant: 'success', title: t('inspections.saved') });
      onDone(made.id);
      return {};
    } catch (error) {
      return toastApiError(t('inspections.loadFailed'), error).fields;
    }
  };
  const form = useFormSubmit<Record<string, unknown>>(createInspectionSchema, send);
  const set = (k: keyof typeof v) => (value: string) => {
    setV((x) => ({ ...x, [k]: value }));
    form.clearError(k);
  };
  const addPhoto = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const target = await uploadFileTo(apiPath('createInspectionUploadUrl'), file, setProgress);
      const takenAt = new Date(file.lastModified || Date.now()).toISOString();
      setPhotos((p) => [
        ...p,
        {
          key: target.key,
          side: side as Photo['side'],
          fileName: file.name,
          contentType: file.type as Photo['contentType'],
          takenAt,
          preview: URL.createObjectURL(file),
        },
      ]);
    } catch (error) {
      toastApiError(t('inspections.messages.photoType'), error);
    } finally {
      setProgress(null);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit({
      rentalId: v.rentalId || undefined,
      kind: v.kind,
      odometer: v.odometer === '' ? undefined : Number(v.odometer),
      fuelLevel: v.fuelLevel || undefined,
      notes: v.notes || null,
      checklist,
      photos: photos.map(({ preview: _p, ...p }) => p),
      damages,
    });
  };
  const e = form.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {fixed && readings && (
        <p className="rounded-md bg-slate-50 p-2 text-sm dark:bg-slate-800" data-testid="inspection-readings">
          {t('inspections.fields.odometer')}: <strong>{fmt.quantity(readings.odometer, 'kilometer')}</strong> ·{' '}
          {t('inspections.fields.fuelLevel')}: <strong>{t(`inspections.fuel.${readings.fuelLevel}`)}</strong>
        </p>
      )}
      {!(fixed && readings) && (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {!fixed && (
            <FormField
              id="insp-rental"
              label={`${t('inspections.fields.rental')} *`}
              error={e.rentalId}
              className="lg:col-span-2"
            >
              <select className="field-input" value={v.rentalId} onChange={(x) => set('rentalId')(x.target.value)}>
                <option value="">—</option>
                {rentalId && !rentals.some((r) => r.id === rentalId) && <option value={rentalId}>{rentalId}</option>}
                {rentals.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.label}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          {!fixed && (
            <FormField id="insp-kind" label={t('inspections.fields.kind')} error={e.kind}>
              <select className="field-input" value={v.kind} onChange={(x) => set('kind')(x.target.value)}>
                {(['check_out', 'check_in'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`inspections.kind.${k}`)}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <FormField id="insp-odometer" label={`${t('inspections.fields.odometer')} *`} error={e.odometer}>
            <input
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              dir="ltr"
              className="field-input"
              value={v.odometer}
              onChange={(x) => set('odometer')(x.target.value)}
            />
          </FormField>
          <FormField id="insp-fuel" label={`${t('inspections.fields.fuelLevel')} *`} error={e.fuelLevel}>
            <select className="field-input" value={v.fuelLevel} onChange={(x) => set('fuelLevel')(x.target.value)}>
              <option value="">—</option>
              {FUEL_LEVELS.map((f) => (
                <option key={f} value={f}>
                  {t(`inspections.fuel.${f}`)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      )}
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('inspections.fields.checklist')}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {CHECKLIST_ITEMS.map((c) => (
            <FormField key={c} id={`insp-check-${c}`} label={t(`inspections.checklist.${c}`)}>
              <select
                className="field-input"
                value={checklist[c]}
                onChange={(x) => setChecklist((s) => ({ ...s, [c]: x.target.value }))}
              >
                {(['ok', 'issue'] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`inspections.check.${r}`)}
                  </option>
                ))}
              </select>
            </FormField>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{t('inspections.fields.photos')}</legend>
        <div className="flex flex-wrap items-end gap-3">
          <FormField id="insp-photo-side" label={t('inspections.fields.side')}>
            <select className="field-input" value={side} onChange={(x) => setSide(x.target.value)}>
              {PHOTO_SIDES.map((s) => (
                <option key={s} value={s}>
                  {t(`inspections.side.${s}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="insp-photo" label={t('inspections.photo.add')}>
            <input
              type="file"
              accept="image/jpeg,image/png"
              capture="environment"
              className="field-input"
              disabled={progress !== null}
              onChange={(x) => void addPhoto(x.target.files?.[0])}
            />
          </FormField>
          {progress !== null && (
            <progress
              max={100}
              value={progress}
              className="h-2 w-40"
              aria-label={t('inspections.photo.uploading', { percent: progress })}
            />
          )}
        </div>
        <ul className="mt-2 flex flex-wrap gap-3" data-testid="photo-thumbs">
          {photos.map((p) => (
            <li key={p.key} className="text-xs">
              <img src={p.preview} alt={t(`inspections.side.${p.side}`)} className="h-20 w-28 rounded object-cover" />
              <div>{t(`inspections.side.${p.side}`)}</div>
              <div>{t('inspections.photo.taken', { when: fmt.dateTime(p.takenAt) })}</div>
            </li>
          ))}
        </ul>
      </fieldset>
      <DamageEditor damages={damages} onChange={setDamages} photos={photos} reference={reference} />
      <FormField id="insp-notes" label={t('inspections.fields.notes')}>
        <textarea className="field-input" rows={2} value={v.notes} onChange={(x) => set('notes')(x.target.value)} />
      </FormField>
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={() => onDone()} disabled={form.saving}>
          {t('inspections.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={form.saving || progress !== null}>
          {saveLabel ?? t('inspections.save')}
        </button>
      </DialogActions>
    </form>
  );
}

/** The car diagram: five views; a mark by click, or by keyboard (arrows move a cross, Enter places). */
/**
 * `reference`: marks of an earlier inspection (the check-out's, at a check-in) drawn as blue
 * rings with their number, under this inspection's red marks; a legend says which is which.
 */
export function CarDiagram({
  damages,
  onPlace,
  readOnly = false,
  highlight,
  reference,
}: {
  damages: DamageMark[];
  onPlace?: (view: CarView, x: number, y: number) => void;
  readOnly?: boolean;
  highlight?: Set<string>;
  reference?: DamageMark[];
}) {
  const t = useT();
  const [cursor, setCursor] = useState<Record<string, { x: number; y: number }>>({});
  const [focused, setFocused] = useState<string | null>(null);
  const click = (view: CarView) => (e: MouseEvent<SVGSVGElement>) => {
    if (readOnly || !onPlace) return;
    const box = e.currentTarget.getBoundingClientRect();
    onPlace(
      view,
      Math.round(((e.clientX - box.left) / box.width) * 100),
      Math.round(((e.clientY - box.top) / box.height) * 100),
    );
  };
  const key = (view: CarView) => (e: KeyboardEvent<SVGSVGElement>) => {
    if (readOnly || !onPlace) return;
    const c = cursor[view] ?? { x: 50, y: 50 };
    const step = e.shiftKey ? 10 : 4;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (moves[e.key]) {
      e.preventDefault();
      setCursor((s) => ({
        ...s,
        [view]: {
          x: Math.min(100, Math.max(0, c.x + moves[e.key][0])),
          y: Math.min(100, Math.max(0, c.y + moves[e.key][1])),
        },
      }));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPlace(view, c.x, c.y);
    }
  };
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-5" dir="ltr">
      {CAR_VIEWS.map((view) => {
        const c = cursor[view] ?? { x: 50, y: 50 };
        const side = view === 'left' || view === 'right';
        return (
          <figure key={view} className="text-center text-xs">
            <svg
              viewBox="0 0 100 70"
              role={readOnly ? 'img' : 'button'}
              tabIndex={readOnly ? undefined : 0}
              data-view={view}
              aria-label={`${t(`inspections.side.${view}`)}: ${damages.filter((d) => d.view === view).length}`}
              className={`w-full rounded border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900 ${readOnly ? '' : 'cursor-crosshair focus:outline focus:outline-2 focus:outline-blue-600'}`}
              onClick={click(view)}
              onKeyDown={key(view)}
              onFocus={() => setFocused(view)}
              onBlur={() => setFocused(null)}
            >
              <rect x="12" y="21" width="76" height="28" rx="6" fill="none" stroke="currentColor" strokeWidth="1.5" />
              {side ? (
                <>
                  <circle cx="30" cy="49" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  <circle cx="70" cy="49" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </>
              ) : (
                <rect x="28" y="26" width="44" height="9" fill="none" stroke="currentColor" strokeWidth="1" />
              )}
              {reference?.map(
                (d, i) =>
                  d.view === view && (
                    <g key={`ref-${d.id}`} data-reference-mark={d.id}>
                      <circle cx={d.x} cy={(d.y / 100) * 70} r="5" fill="#dbeafe" stroke="#1d4ed8" strokeWidth="1.2" />
                      <text x={d.x} y={(d.y / 100) * 70 + 2.2} textAnchor="middle" fontSize="5.5" fill="#1e3a8a">
                        {i + 1}
                      </text>
                    </g>
                  ),
              )}
              {damages.map(
                (d, i) =>
                  d.view === view && (
                    <g key={d.id} data-mark={d.id}>
                      <circle
                        cx={d.x}
                        cy={(d.y / 100) * 70}
                        r="5"
                        fill={highlight?.has(d.id) ? '#b45309' : '#dc2626'}
                      />
                      <text x={d.x} y={(d.y / 100) * 70 + 2.5} textAnchor="middle" fontSize="6" fill="#fff">
                        {i + 1}
                      </text>
                    </g>
                  ),
              )}
              {focused === view && !readOnly && (
                <g stroke="#2563eb" strokeWidth="0.8">
                  <line x1={c.x - 4} x2={c.x + 4} y1={(c.y / 100) * 70} y2={(c.y / 100) * 70} />
                  <line x1={c.x} x2={c.x} y1={(c.y / 100) * 70 - 4} y2={(c.y / 100) * 70 + 4} />
                </g>
              )}
            </svg>
            <figcaption>{t(`inspections.side.${view}`)}</figcaption>
          </figure>
        );
      })}
      {reference && (
        <p className="col-span-full flex flex-wrap gap-4 text-xs" data-testid="diagram-legend">
          <span className="inline-flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-full border border-blue-700 bg-blue-100" />
            {t('inspections.flow.legendCheckOut', { count: reference.length })}
          </span>
          <span className="inline-flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-full bg-red-600" />
            {t('inspections.flow.legendNow')}
          </span>
        </p>
      )}
    </div>
  );
}

function DamageEditor({
  damages,
  onChange,
  photos,
  reference,
}: {
  damages: DamageMark[];
  onChange: (d: DamageMark[]) => void;
  photos: Photo[];
  reference?: DamageMark[];
}) {
  const t = useT();
  const [type, setType] = useState<DamageMark['type']>('scratch');
  const [severity, setSeverity] = useState<DamageMark['severity']>('minor');
  const place = (view: CarView, x: number, y: number) =>
    onChange([...damages, { id: `m${Date.now().toString(36)}${damages.length}`, view, x, y, type, severity }]);
  const update = (id: string, patch: Partial<DamageMark>) =>
    onChange(damages.map((d) => (d.id === id ? { ...d, ...patch } : d)));
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">{t('inspections.damage.title')}</legend>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-300" id="damage-help">
        {t('inspections.damage.help')}
      </p>
      <div className="mb-2 flex flex-wrap gap-3">
        <FormField id="damage-type" label={t('inspections.damage.type')}>
          <select className="field-input" value={type} onChange={(e) => setType(e.target.value as DamageMark['type'])}>
            {DAMAGE_TYPES.map((d) => (
              <option key={d} value={d}>
                {t(`inspections.damage.types.${d}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="damage-severity" label={t('inspections.damage.severity')}>
          <select
            className="field-input"
            value={severity}
            onChange={(e) => setSeverity(e.target.value as DamageMark['severity'])}
          >
            {DAMAGE_SEVERITIES.map((d) => (
              <option key={d} value={d}>
                {t(`inspections.damage.severities.${d}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <CarDiagram damages={damages} onPlace={place} reference={reference} />
      {damages.length === 0 ? (
        <p className="mt-2 text-xs">{t('inspections.damage.none')}</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm" data-testid="damage-list">
          {damages.map((d, i) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{t('inspections.damage.mark', { n: i + 1 })}</span>
              <span>
                {t(`inspections.side.${d.view}`)} · {t(`inspections.damage.types.${d.type}`)} ·{' '}
                {t(`inspections.damage.severities.${d.severity}`)}
              </span>
              {photos.length > 0 && (
                <select
                  aria-label={`${t('inspections.damage.photo')} ${i + 1}`}
                  className="field-input w-auto py-0.5 text-xs"
                  value={d.photoKey ?? ''}
                  onChange={(e) => update(d.id, { photoKey: e.target.value || null })}
                >
                  <option value="">—</option>
                  {photos.map((p) => (
                    <option key={p.key} value={p.key}>
                      {t(`inspections.side.${p.side}`)} · {p.fileName}
                    </option>
                  ))}
                </select>
              )}
              <button
                type="button"
                className="link text-xs text-red-700 dark:text-red-300"
                onClick={() => onChange(damages.filter((x) => x.id !== d.id))}
              >
                {t('inspections.damage.remove')}
              </button>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}

/** A rental's inspections (check-out and check-in), newest first; null key while not wanted. */
export function useRentalInspections(rentalId: string | null) {
  return useSWR<{ items: Inspection[] } | null>(
    rentalId ? apiUrl('listInspections', { query: { rentalId, limit: 10 } }) : null,
  );
}
