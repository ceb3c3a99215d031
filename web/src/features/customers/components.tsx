/**
 * Small UI pieces of the customers and blacklist pages: the domain's status pills (kit
 * StatusPill with this domain's tones) and the shared dialogs.
 */
import type { LoyaltyTier } from '../../../../shared/customers/loyalty';
import type { LicenseStatus } from '../../../../shared/customers/age';
import type { BlacklistStatus } from '../../../../shared/customers/blacklist-match';
import { StatusPill, type Tone } from '../../components/StatusPill';
import { useT } from '../../i18n';
export { Modal, ConfirmDialog, ErrorPanel } from '../../components/Dialogs';

const TIER_TONES: Record<LoyaltyTier, Tone> = { bronze: 'orange', silver: 'slate', gold: 'yellow', platinum: 'indigo' };

export function TierBadge({ tier }: { tier: LoyaltyTier }) {
  return <StatusPill status={tier} labelKey="customers.tier" tones={TIER_TONES} dataName="tier" />;
}

export function VipBadge() {
  const t = useT();
  return (
    <StatusPill status="vip" label={`★ ${t('customers.vipBadge')}`} tone="amber" dataName="vip" testId="vip-badge" />
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  const t = useT();
  return (
    <StatusPill
      status={active ? 'active' : 'inactive'}
      label={active ? t('customers.active') : t('customers.inactive')}
      tone={active ? 'green' : 'slate'}
      dataName="active"
    />
  );
}

const LICENCE_TONES: Record<LicenseStatus, Tone> = {
  valid: 'green',
  expiring_soon: 'amber',
  expired: 'red',
  none: 'muted',
};

export function LicenceBadge({ status }: { status: LicenseStatus }) {
  return <StatusPill status={status} labelKey="customers.licenceStatus" tones={LICENCE_TONES} dataName="licence" />;
}

const BLACKLIST_TONES: Record<BlacklistStatus, Tone> = { active: 'red', reviewed: 'amber', removed: 'slate' };

export function BlacklistStatusBadge({ status }: { status: BlacklistStatus }) {
  return <StatusPill status={status} labelKey="blacklist.status" tones={BLACKLIST_TONES} />;
}
