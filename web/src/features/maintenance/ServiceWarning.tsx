/**
 * "Beyond the usual" (issue 12): when a booking's window reaches a vehicle's predicted service
 * date (or its km allowance would pass the due km), the booking wizard and the rental page warn.
 * Reads the vehicle's stored predictions (GET /api/v1/maintenance/predictions?vehicleId=…) and
 * decides with the same rule the maintenance page's "bookings at risk" uses (shared bookingAtRisk).
 */
import { Link } from 'react-router';
import useSWR from 'swr';
import { bookingAtRisk } from '../../../../shared/maintenance/predict';
import { useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { PREDICTIONS_PATH, type MaintenancePrediction } from './maintenance-api';

export function ServiceWarning({
  vehicleId,
  start,
  end,
  kmAllowance,
}: {
  vehicleId?: string | null;
  start?: string | null;
  end?: string | null;
  kmAllowance?: number | null;
}) {
  const t = useT();
  const fmt = useFormat();
  const canRead = useCan('maintenanceRead');
  const res = useSWR<{ items: MaintenancePrediction[] }>(
    canRead && vehicleId ? `${PREDICTIONS_PATH}?vehicleId=${encodeURIComponent(vehicleId)}` : null,
  );
  if (!start || !end) return null;
  const hits = (res.data?.items ?? []).filter((p) => !p.recordId && bookingAtRisk(p, start, end, kmAllowance));
  if (!hits.length) return null;
  return (
    <div
      role="status"
      data-testid="service-warning"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <ul className="space-y-1">
        {hits.map((p) => (
          <li key={p.id}>
            {t('maintenance.warning.bookingSpansService', {
              type: t(`maintenance.type.${p.type}`),
              date: p.dueDate ? fmt.date(p.dueDate) : t('maintenance.urgency.past_due'),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The rental page's way to its check-out / check-in inspections (roles that run inspections). */
export function InspectionsLink({ rentalId }: { rentalId: string }) {
  const t = useT();
  if (!useCan('vehicleInspections')) return null;
  return (
    <p className="mb-3 text-sm">
      <Link className="link" to={`/vehicle-inspections?rentalId=${encodeURIComponent(rentalId)}`}>
        {t('maintenance.inspectionsLink')}
      </Link>
    </p>
  );
}
