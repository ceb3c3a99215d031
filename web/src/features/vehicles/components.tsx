import type { ExpiryBadge as Badge, HealthGrade } from '../../../../shared/vehicles/vehicle-rules';
import type { VehicleStatus } from '../../../../shared/schemas/vehicles';
import { useT } from '../../i18n';
export { Modal, ConfirmDialog, ErrorPanel } from '../../components/Dialogs';

const STATUS_STYLE: Record<VehicleStatus, string> = {
  available: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  rented: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
  in_maintenance: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  out_of_service: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};

const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap';

export function StatusBadge({ status }: { status: VehicleStatus }) {
  const t = useT();
  return <span className={`${pill} ${STATUS_STYLE[status]}`} data-status={status}>{t(`vehicles.status.${status}`)}</span>;
}

export function ArchivedBadge() {
  const t = useT();
  return <span className={`${pill} bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100`}>{t('vehicles.archivedBadge')}</span>;
}

const EXPIRY_STYLE: Record<Badge, string> = {
  valid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  expiring_soon: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  expired: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  no_expiry: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

export function ExpiryBadgeView({ badge }: { badge: Badge }) {
  const t = useT();
  return <span className={`${pill} ${EXPIRY_STYLE[badge]}`} data-expiry={badge}>{t(`vehicles.expiry.${badge}`)}</span>;
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
  if (score === null || grade === null) return <span className="text-sm text-slate-600 dark:text-slate-300">{t('vehicles.healthNone')}</span>;
  return (
    <span className="inline-flex items-baseline gap-2">
      <span className="text-2xl font-semibold tabular-nums">{score}</span>
      <span className="text-sm text-slate-600 dark:text-slate-300">/ 100</span>
      <span className={`text-sm font-medium ${GRADE_STYLE[grade]}`}>{t(`vehicles.grade.${grade}`)}</span>
    </span>
  );
}



