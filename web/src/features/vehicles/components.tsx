import type { ExpiryBadge as Badge, HealthGrade } from '../../../../shared/vehicles/vehicle-rules';
import type { VehicleStatus } from '../../../../shared/schemas/vehicles';
import { StatusPill, type Tone } from '../../components/StatusPill';
import { useT } from '../../i18n';
export { Modal, ConfirmDialog, ErrorPanel } from '../../components/Dialogs';

export const VEHICLE_STATUS_TONES: Record<VehicleStatus, Tone> = {
  available: 'green',
  rented: 'blue',
  in_maintenance: 'amber',
  out_of_service: 'red',
};

export function StatusBadge({ status }: { status: VehicleStatus }) {
  return <StatusPill status={status} labelKey="vehicles.status" tones={VEHICLE_STATUS_TONES} />;
}

export function ArchivedBadge() {
  const t = useT();
  return <StatusPill status="archived" label={t('vehicles.archivedBadge')} tone="slate" dataName="archived" />;
}

const EXPIRY_TONES: Record<Badge, Tone> = {
  valid: 'green',
  expiring_soon: 'amber',
  expired: 'red',
  no_expiry: 'muted',
};

export function ExpiryBadgeView({ badge }: { badge: Badge }) {
  return <StatusPill status={badge} labelKey="vehicles.expiry" tones={EXPIRY_TONES} dataName="expiry" />;
}

const GRADE_STYLE: Record<HealthGrade, string> = {
  excellent: 'text-emerald-700 dark:text-emerald-300',
  good: 'text-lime-700 dark:text-lime-300',
  fair: 'text-amber-700 dark:text-amber-300',
  poor: 'text-orange-700 dark:text-orange-300',
  critical: 'text-red-700 dark:text-red-300',
};

export function HealthView({ score, grade }: { score: number | null; grade: HealthGrade | null }) {
  const t = useT();
  if (score === null || grade === null)
    return <span className="text-sm text-slate-600 dark:text-slate-300">{t('vehicles.healthNone')}</span>;
  return (
    <span className="inline-flex items-baseline gap-2">
      <span className="text-2xl font-semibold tabular-nums">{score}</span>
      <span className="text-sm text-slate-600 dark:text-slate-300">/ 100</span>
      <span className={`text-sm font-medium ${GRADE_STYLE[grade]}`}>{t(`vehicles.grade.${grade}`)}</span>
    </span>
  );
}
