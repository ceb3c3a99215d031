/**
 * Small UI pieces of the customers and blacklist pages: dialogs (headlessui), badges, error panel.
 */
import type { LoyaltyTier } from '../../../../shared/customers/loyalty';
import type { LicenseStatus } from '../../../../shared/customers/age';
import type { BlacklistStatus } from '../../../../shared/customers/blacklist-match';
import { useT } from '../../i18n';
export { Modal, ConfirmDialog, ErrorPanel } from '../../components/Dialogs';

export const pill = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap';

const TIER_STYLE: Record<LoyaltyTier, string> = {
  bronze: 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100',
  silver: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  gold: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900/40 dark:text-yellow-100',
  platinum: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100',
};

export function TierBadge({ tier }: { tier: LoyaltyTier }) {
  const t = useT();
  return <span className={`${pill} ${TIER_STYLE[tier]}`} data-tier={tier}>{t(`customers.tier.${tier}`)}</span>;
}

export function VipBadge() {
  const t = useT();
  return <span className={`${pill} bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100`} data-testid="vip-badge">★ {t('customers.vipBadge')}</span>;
}

export function ActiveBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <span className={`${pill} ${active ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100' : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'}`}>
      {active ? t('customers.active') : t('customers.inactive')}
    </span>
  );
}

const LICENCE_STYLE: Record<LicenseStatus, string> = {
  valid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  expiring_soon: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  expired: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  none: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

export function LicenceBadge({ status }: { status: LicenseStatus }) {
  const t = useT();
  return <span className={`${pill} ${LICENCE_STYLE[status]}`} data-licence={status}>{t(`customers.licenceStatus.${status}`)}</span>;
}

const BL_STYLE: Record<BlacklistStatus, string> = {
  active: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  reviewed: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  removed: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

export function BlacklistStatusBadge({ status }: { status: BlacklistStatus }) {
  const t = useT();
  return <span className={`${pill} ${BL_STYLE[status]}`} data-status={status}>{t(`blacklist.status.${status}`)}</span>;
}




export function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (v: string) => void; options: [string, string][] }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">{label}</label>
      <select id={id} className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </div>
  );
}
