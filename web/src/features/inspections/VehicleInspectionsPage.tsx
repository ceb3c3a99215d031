/**
 * /vehicle-inspections (issue 12): the inspections list (or one rental's, ?rentalId=…), a new
 * check-out / check-in (odometer, fuel, checklist, photos from the device camera or files with
 * their capture time, damage marks on the car diagram — mouse or keyboard), and an inspection's
 * view: the checklist, each mark's type and severity, the notes; at a check-in the check-out's
 * marks in another colour and the differences with proposed charges (staff confirm each; it goes
 * through the rental ledger), the two signatures drawn on screen (or typed), and the PDF once
 * signed (locked). The form and the diagram live in inspection-kit.tsx (the rental's pickup and
 * return flows use them too).
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { CHECKLIST_ITEMS } from '../../../../shared/schemas/inspections';
import { DirectionArrow } from '../../components/DirectionArrow';
import { DialogActions, Modal } from '../../components/Dialogs';
import { ListState, ListTable, LoadMoreButton } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { SignaturePad } from '../../components/SignaturePad';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { CarDiagram, InspectionForm, useRentalInspections, type Inspection, type Proposed } from './inspection-kit';
import { apiPath, callApi } from '../../lib/api-client';

/** A proposal's label in the user's language: codes in its parameters (type, severity, view) translated too. */
function chargeLabel(t: ReturnType<typeof useT>, c: Proposed): string {
  const p = c.labelParams;
  const params: Record<string, string | number> = { ...p };
  if (typeof p.type === 'string') params.type = t(`inspections.damage.types.${p.type}`);
  if (typeof p.severity === 'string') params.severity = t(`inspections.damage.severities.${p.severity}`);
  if (typeof p.view === 'string') params.view = t(`inspections.side.${p.view}`);
  return `${t(`inspections.diff.labels.${c.category}`)} · ${t(c.labelKey, params)}`;
}

export default function VehicleInspectionsPage() {
  const t = useT();
  const fmt = useFormat();
  const [params] = useSearchParams();
  const rentalId = params.get('rentalId') ?? undefined;
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useCursorList<Inspection>('listInspections', { rentalId }, { limit: 25 });
  return (
    <>
      <PageHeader
        title={t('inspections.title')}
        subtitle={t('inspections.subtitle')}
        actions={
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
            {t('inspections.add')}
          </button>
        }
      />
      <ListState
        list={list}
        errorTitle={t('inspections.loadFailed')}
        empty={<p className="text-sm">{t('inspections.empty')}</p>}
      >
        <ListTable
          columns={[
            t('inspections.fields.date'),
            t('inspections.fields.rental'),
            t('inspections.fields.vehicle'),
            t('inspections.fields.kind'),
            t('inspections.fields.status'),
            '',
          ]}
        >
          {list.items.map((i) => (
            <tr key={i.id} data-inspection-id={i.id}>
              <td className="px-3 py-2 whitespace-nowrap">{fmt.dateTime(i.createdAt)}</td>
              <td className="px-3 py-2">
                {i.rentalReference} · {i.customerName}
              </td>
              <td className="px-3 py-2">{i.vehicleLabel}</td>
              <td className="px-3 py-2">{t(`inspections.kind.${i.kind}`)}</td>
              <td className="px-3 py-2">
                <StatusPill
                  status={i.status}
                  labelKey="inspections.status"
                  tones={{ draft: 'amber', signed: 'green' }}
                />
              </td>
              <td className="px-3 py-2">
                <button type="button" className="link" onClick={() => setOpenId(i.id)}>
                  {t('inspections.open')}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      </ListState>
      <LoadMoreButton list={list} label={t('inspections.loadMore')} />
      <Modal open={adding} onClose={() => setAdding(false)} title={t('inspections.add')} wide="extra">
        {adding && (
          <InspectionForm
            rentalId={rentalId}
            onDone={(id) => {
              setAdding(false);
              void list.revalidate();
              if (id) setOpenId(id);
            }}
          />
        )}
      </Modal>
      <Modal open={!!openId} onClose={() => setOpenId(null)} title={t('inspections.title')} wide="extra">
        {openId && (
          <InspectionView id={openId} onChanged={() => void list.revalidate()} onClose={() => setOpenId(null)} />
        )}
      </Modal>
    </>
  );
}

function InspectionView({ id, onChanged, onClose }: { id: string; onChanged: () => void; onClose: () => void }) {
  const t = useT();
  const fmt = useFormat();
  const canCharge = useCan('rentalsEdit');
  const invalidate = useInvalidate();
  const { data: i, mutate } = useSWR<Inspection>(apiPath('getInspection', { id }));
  // A check-in shows the check-out's marks in another colour on its diagram.
  const rentalInspections = useRentalInspections(i?.kind === 'check_in' ? i.rentalId : null);
  const [customer, setCustomer] = useState<string | null>(null);
  const [staff, setStaff] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  if (!i) return <p aria-busy="true">…</p>;
  const sign = async () => {
    setPending(true);
    try {
      const signed = await callApi<'signInspection', Inspection>('signInspection', {
        // Signing is offered only once both have signed (neither is null here).
        params: { id: i.id },
        body: { customerSignature: customer!, staffSignature: staff!, version: i.version },
      });
      await mutate(signed, { revalidate: true });
      toast({ variant: 'success', title: t('inspections.signedToast') });
      onChanged();
    } catch (error) {
      toastApiError(t('inspections.messages.signatureRequired'), error);
    } finally {
      setPending(false);
    }
  };
  const charge = async (c: Proposed) => {
    setPending(true);
    try {
      const amount = Number(amounts[c.key] ?? c.amount);
      // Posted once: the API refuses a second confirmation (409); the key replays a retried click.
      await callApi('confirmInspectionCharge', {
        params: { id: i.id },
        body: { key: c.key, amount },
        headers: { 'Idempotency-Key': `insp-${i.id}-${c.key}`.replace(/[^A-Za-z0-9_\-:.]/g, '-') },
      });
      toast({ variant: 'success', title: t('inspections.diff.confirmed'), description: chargeLabel(t, c) });
      await mutate();
      await invalidate(apiPath('getRental', { id: i.rentalId }));
    } catch (error) {
      toastApiError(t('inspections.loadFailed'), error);
      await mutate();
    } finally {
      setPending(false);
    }
  };
  const newIds = new Set(i.diff?.newDamages.map((d) => d.id) ?? []);
  const checkOut =
    i.kind === 'check_in' ? rentalInspections.data?.items.find((x) => x.kind === 'check_out') : undefined;
  return (
    <div className="space-y-4" data-testid="inspection-view" data-status={i.status}>
      <dl className="grid gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{t('inspections.fields.kind')}</dt>
          <dd>{t(`inspections.kind.${i.kind}`)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{t('inspections.fields.rental')}</dt>
          <dd>
            {i.rentalReference} · {i.customerName}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{t('inspections.fields.odometer')}</dt>
          <dd>{fmt.quantity(i.odometer, 'kilometer')}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{t('inspections.fields.fuelLevel')}</dt>
          <dd>{t(`inspections.fuel.${i.fuelLevel}`)}</dd>
        </div>
      </dl>
      <CarDiagram damages={i.damages} readOnly highlight={newIds} reference={checkOut?.damages} />
      <InspectionDetails inspection={i} />
      {i.photos.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {i.photos.map((p) => (
            <li key={p.key} className="text-xs">
              <a href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={t(`inspections.side.${p.side}`)} className="h-20 w-28 rounded object-cover" />
              </a>
              <div>
                {t(`inspections.side.${p.side}`)} · {fmt.dateTime(p.takenAt)}
              </div>
            </li>
          ))}
        </ul>
      )}
      {i.diff && (
        <section
          className="rounded border border-slate-200 p-3 dark:border-slate-800"
          aria-label={t('inspections.diff.title')}
          data-testid="inspection-diff"
        >
          <h3 className="mb-2 font-semibold">{t('inspections.diff.title')}</h3>
          <p className="text-sm">
            {t('inspections.diff.kmDriven')}: {fmt.quantity(i.diff.kmDriven, 'kilometer')} ·{' '}
            {t('inspections.diff.fuel')}: {t(`inspections.fuel.${i.diff.fuelOut}`)}{' '}
            <DirectionArrow direction="forward" /> {t(`inspections.fuel.${i.diff.fuelIn}`)} ·{' '}
            {t('inspections.diff.newDamage')}: {i.diff.newDamages.length}
          </p>
          <h4 className="mt-2 text-sm font-medium">{t('inspections.diff.proposed')}</h4>
          {i.diff.proposed.length === 0 ? (
            <p className="text-sm">{t('inspections.diff.nothing')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {i.diff.proposed.map((c) => (
                <li
                  key={c.key}
                  className="flex flex-wrap items-center gap-2"
                  data-charge={c.category}
                  data-posted={c.postedBy ?? undefined}
                >
                  <span>{chargeLabel(t, c)}</span>
                  {c.postedBy || !canCharge ? (
                    <strong>{fmt.money(c.amount)}</strong>
                  ) : (
                    <input
                      type="number"
                      min="0.01"
                      step="0.01"
                      inputMode="decimal"
                      dir="ltr"
                      className="field-input w-28"
                      aria-label={t('inspections.diff.amount', { charge: chargeLabel(t, c) })}
                      value={amounts[c.key] ?? String(c.amount)}
                      onChange={(e) => setAmounts((a) => ({ ...a, [c.key]: e.target.value }))}
                    />
                  )}
                  {c.postedBy ? (
                    <StatusPill
                      status={c.postedBy}
                      tone="green"
                      dataName="charge-posted"
                      label={t(c.postedBy === 'return' ? 'inspections.diff.postedByReturn' : 'inspections.diff.posted')}
                    />
                  ) : (
                    canCharge && (
                      <button
                        type="button"
                        className="btn-secondary text-xs"
                        disabled={pending || !(Number(amounts[c.key] ?? c.amount) > 0)}
                        onClick={() => void charge(c)}
                      >
                        {t('inspections.diff.confirm')}
                      </button>
                    )
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {i.status === 'signed' ? (
        <p className="text-sm">
          {t('inspections.sign.locked')} · {fmt.dateTime(i.signedAt)}{' '}
          {i.pdfUrl && (
            <a className="link ms-2" href={i.pdfUrl} target="_blank" rel="noreferrer">
              {t('inspections.sign.pdf')}
            </a>
          )}
        </p>
      ) : (
        <section aria-label={t('inspections.sign.title')}>
          <h3 className="mb-2 font-semibold">{t('inspections.sign.title')}</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <SignaturePad id="signature-customer" label={t('inspections.sign.customer')} onChange={setCustomer} />
            <SignaturePad id="signature-staff" label={t('inspections.sign.staff')} onChange={setStaff} />
          </div>
        </section>
      )}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('inspections.close')}
        </button>
        {i.status === 'draft' && (
          <button
            type="button"
            className="btn-primary"
            disabled={pending || !customer || !staff}
            onClick={() => void sign()}
          >
            {t('inspections.sign.sign')}
          </button>
        )}
      </DialogActions>
    </div>
  );
}

/** What was recorded: the checklist, each mark's type and severity (and note), the notes. */
function InspectionDetails({ inspection: i }: { inspection: Inspection }) {
  const t = useT();
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2">
      <section aria-label={t('inspections.fields.checklist')} data-testid="inspection-checklist">
        <h3 className="mb-1 font-semibold">{t('inspections.fields.checklist')}</h3>
        <ul className="grid grid-cols-2 gap-x-4 gap-y-1">
          {CHECKLIST_ITEMS.map((c) => (
            <li key={c} className="flex justify-between gap-2" data-check={c} data-result={i.checklist[c] ?? 'ok'}>
              <span>{t(`inspections.checklist.${c}`)}</span>
              <span
                className={
                  i.checklist[c] === 'issue'
                    ? 'font-semibold text-red-700 dark:text-red-300'
                    : 'text-green-700 dark:text-green-300'
                }
              >
                {t(`inspections.check.${i.checklist[c] ?? 'ok'}`)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={t('inspections.damage.title')} data-testid="inspection-marks">
        <h3 className="mb-1 font-semibold">{t('inspections.damage.title')}</h3>
        {i.damages.length === 0 ? (
          <p>{t('inspections.damage.none')}</p>
        ) : (
          <ol className="space-y-1">
            {i.damages.map((d, n) => (
              <li key={d.id} data-mark-type={d.type} data-mark-severity={d.severity}>
                <span className="font-medium">{t('inspections.damage.mark', { n: n + 1 })}</span>:{' '}
                {t(`inspections.side.${d.view}`)} · {t(`inspections.damage.types.${d.type}`)} ·{' '}
                {t(`inspections.damage.severities.${d.severity}`)}
                {d.note ? ` — ${d.note}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
      {i.notes && (
        <section className="sm:col-span-2" aria-label={t('inspections.fields.notes')} data-testid="inspection-notes">
          <h3 className="mb-1 font-semibold">{t('inspections.fields.notes')}</h3>
          <p className="whitespace-pre-wrap">{i.notes}</p>
        </section>
      )}
    </div>
  );
}
