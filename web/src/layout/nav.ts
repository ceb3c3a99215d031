/**
 * Sidebar sections and items (spec §2 authenticated layout). To add an item: add one entry to
 * a section; who sees it follows the page's ability in app/pages.ts, so menu and route agree.
 */
import { hasAbility, type Ability, type Role } from '../../../shared/permissions';
import { abilityFor } from '../app/pages';
import type { IconName } from '../components/Icon';

export interface NavItem {
  /** Catalog key under shell.nav. */
  key: string;
  /** Where the link goes (may carry a query). */
  to: string;
  icon: IconName;
  /** Defaults to the ability of the page at `to`. */
  ability?: Ability;
}

export interface NavSection {
  /** Catalog key under shell.sections. */
  key: string;
  items: NavItem[];
}

export const NAV: NavSection[] = [
  {
    key: 'core',
    items: [
      { key: 'dashboard', to: '/dashboard', icon: 'dashboard' },
      { key: 'vehicles', to: '/vehicles', icon: 'car' },
      { key: 'customers', to: '/customers', icon: 'users' },
      { key: 'rentals', to: '/rentals', icon: 'key' },
    ],
  },
  {
    key: 'operations',
    items: [
      { key: 'maintenance', to: '/maintenance', icon: 'wrench' },
      { key: 'finance', to: '/dashboard/finance', icon: 'wallet' },
      { key: 'accounting', to: '/dashboard/accounting', icon: 'chart' },
      { key: 'einvoicing', to: '/einvoicing', icon: 'file' },
      { key: 'documents', to: '/documents', icon: 'file' },
      { key: 'alerts', to: '/alerts', icon: 'bell' },
      { key: 'trafficTickets', to: '/traffic-tickets', icon: 'ticket' },
      { key: 'salikCharges', to: '/salik-charges', icon: 'ticket' },
    ],
  },
  {
    key: 'tracking',
    items: [{ key: 'gpsTracking', to: '/gps-tracking', icon: 'pin' }],
  },
  {
    key: 'insights',
    items: [
      { key: 'fleetHealth', to: '/fleet-analytics', icon: 'heart' },
      { key: 'aiInsights', to: '/ai-insights', icon: 'sparkles' },
      { key: 'reports', to: '/reports', icon: 'chart' },
    ],
  },
  {
    key: 'admin',
    items: [
      { key: 'staff', to: '/staff', icon: 'badge' },
      // Not in the spec's list, but its screen is: OWNER/ADMIN reach the audit log and sign-in risk here.
      { key: 'security', to: '/dashboard/security', icon: 'shield' },
      { key: 'adminTools', to: '/admin-tools', icon: 'shield' },
    ],
  },
  {
    key: 'system',
    items: [
      { key: 'companySettings', to: '/company-settings', icon: 'building' },
      // Young-driver fee, per-km charge and category rates: only for those who may change them.
      { key: 'pricingSettings', to: '/pricing-settings', icon: 'tag', ability: 'settingsEdit' },
      { key: 'settings', to: '/company-settings?tab=preferences', icon: 'cog' },
    ],
  },
];

export function itemAbility(item: NavItem): Ability {
  return item.ability ?? abilityFor(item.to) ?? 'signedIn';
}

/** The sections a role sees, without empty sections. */
export function navFor(role: Role | null | undefined): NavSection[] {
  return NAV.map((s) => ({ ...s, items: s.items.filter((i) => hasAbility(role, itemAbility(i))) })).filter(
    (s) => s.items.length > 0,
  );
}
