/**
 * The geofence list: each zone's type, shape, speed limit and hours; for an editor (gpsEdit),
 * buttons to draw a new circle or polygon, edit a zone, or delete it after confirmation.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/Dialogs';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { FENCE_COLORS, gpsApi, type GeofenceApi } from './gps-api';

export function GeofenceList({
  fences,
  canEdit,
  onDraw,
  onEdit,
  onDelete,
}: {
  fences: GeofenceApi[] | undefined;
  canEdit: boolean;
  onDraw: (shape: 'circle' | 'polygon') => void;
  onEdit: (fence: GeofenceApi) => void;
  onDelete: (fence: GeofenceApi) => void;
}) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="gps-fences-title" data-testid="gps-geofences">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id="gps-fences-title" className="font-semibold">
          {t('gps.geofences')}
        </h2>
        {canEdit && (
          <span className="ms-auto flex gap-2">
            <button type="button" className="btn-secondary" onClick={() => onDraw('circle')}>
              {t('gps.addCircle')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => onDraw('polygon')}>
              {t('gps.addPolygon')}
            </button>
          </span>
        )}
      </div>
      {(fences?.length ?? 0) === 0 && <p className="text-sm">{t('gps.noGeofences')}</p>}
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {fences?.map((g) => (
          <li key={g.id} className="flex flex-wrap items-center gap-2 py-2" data-fence-id={g.id}>
            <span className="h-3 w-3 rounded-sm" style={{ background: FENCE_COLORS[g.type] }} aria-hidden="true" />
            <span className="font-medium">{g.name}</span>
            <span className="text-xs text-slate-600 dark:text-slate-300">
              {t(`gps.type.${g.type}`)} · {t(`gps.shape.${g.shape}`)}
              {g.speedLimitKmh ? ` · ${t('gps.speed', { speed: g.speedLimitKmh })}` : ''}
              {g.timeWindow ? ` · ${g.timeWindow.start}–${g.timeWindow.end}` : ''}
            </span>
            {canEdit && (
              <span className="ms-auto flex gap-1">
                <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => onEdit(g)}>
                  {t('gps.editGeofence')}
                </button>
                <button
                  type="button"
                  className="btn-secondary px-2 py-1 text-xs text-red-700"
                  onClick={() => onDelete(g)}
                >
                  {t('gps.deleteGeofence')}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Delete this geofence?" for the fence given (closed when none). The dialog stays open, its
 * buttons disabled, until the server answers; a failure keeps it open with a toast.
 */
export function DeleteGeofenceDialog({
  fence,
  onClose,
  onDeleted,
}: {
  fence: GeofenceApi | null;
  onClose: () => void;
  onDeleted: () => Promise<unknown>;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!fence) return;
    setBusy(true);
    try {
      await gpsApi.deleteGeofence(fence.id);
      toast({ variant: 'success', title: t('gps.deleted') });
      onClose();
      await onDeleted();
    } catch (error) {
      toastApiError(t('gps.deleteFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={!!fence}
      title={t('gps.deleteTitle')}
      body={t('gps.deleteBody', { name: fence?.name ?? '' })}
      confirmLabel={t('gps.deleteGeofence')}
      pending={busy}
      onConfirm={() => void remove()}
      onClose={onClose}
    />
  );
}
