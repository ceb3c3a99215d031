/**
 * A vehicle's tracker (issue 14): its device identifier and the OsmAnd server URL to enter in
 * Traccar Client; create the tracker or rotate its secret (gpsEdit). The secret is in the answer
 * of that POST only, so it is shown here once and never again.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { DialogActions, Modal } from '../../components/Dialogs';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useCan } from '../../lib/use-can';
import { useDateTime } from '../../lib/company-clock';
import { gpsApi, type LiveVehicleApi, type TrackerApi } from './gps-api';
import { apiPath } from '../../lib/api-client';

export function TrackerDialog({ vehicle, onClose }: { vehicle: LiveVehicleApi; onClose: () => void }) {
  const t = useT();
  const when = useDateTime();
  const canEdit = useCan('gpsEdit');
  const path = apiPath('getTracker', { id: vehicle.vehicleId });
  const current = useSWR<{ tracker: TrackerApi | null }>(path, { dedupingInterval: 0 });
  const [fresh, setFresh] = useState<TrackerApi | null>(null);
  const [busy, setBusy] = useState(false);
  const tracker = fresh ?? current.data?.tracker ?? null;
  const server = tracker
    ? `${window.location.origin}${tracker.osmandPath}${fresh?.secret ? `?secret=${encodeURIComponent(fresh.secret)}` : ''}`
    : '';
  const issue = async () => {
    setBusy(true);
    try {
      const r = await gpsApi.tracker(vehicle.vehicleId);
      setFresh(r.tracker);
      await current.mutate({ tracker: { ...r.tracker, secret: undefined } }, { revalidate: false });
    } catch (error) {
      toastApiError(t('gps.tracker.failed'), error);
    } finally {
      setBusy(false);
    }
  };
  const row = (label: string, value: string, testId: string) => (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="break-all font-mono text-sm" dir="ltr" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <Modal
      open
      onClose={busy ? () => {} : onClose}
      title={t('gps.tracker.title', { vehicle: `${vehicle.label} · ${vehicle.licensePlate}` })}
    >
      {current.data && !tracker && <p className="text-sm">{t('gps.tracker.none')}</p>}
      {tracker && (
        <dl className="space-y-2">
          {row(t('gps.tracker.deviceId'), tracker.deviceId, 'tracker-device-id')}
          {row(t('gps.tracker.serverUrl'), server, 'tracker-server-url')}
          {fresh?.secret && row(t('gps.tracker.secret'), fresh.secret, 'tracker-secret')}
          {tracker.lastPositionAt &&
            row(
              t('gps.tracker.lastPosition'),
              when(tracker.lastPositionAt) +
                (tracker.batteryPercent !== null
                  ? ` · ${t('gps.battery', { pct: Math.round(tracker.batteryPercent) })}`
                  : ''),
              'tracker-last',
            )}
        </dl>
      )}
      {fresh?.secret && (
        <p
          role="status"
          className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('gps.tracker.secretOnce')}
        </p>
      )}
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">{t('gps.tracker.help')}</p>
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
          {t('common.close')}
        </button>
        {canEdit && current.data && (
          <button type="button" className="btn-primary" onClick={() => void issue()} disabled={busy}>
            {tracker ? t('gps.tracker.rotate') : t('gps.tracker.create')}
          </button>
        )}
      </DialogActions>
    </Modal>
  );
}
