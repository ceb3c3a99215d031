import { Link, useLocation } from 'react-router';
import type { Role } from '../../../shared/permissions';
import { hoverPreload } from '../app/prefetch';
import { Icon } from '../components/Icon';
import { Logo } from '../components/Logo';
import { useT } from '../i18n';
import { setAppState, useAppState } from '../lib/persisted-state';
import { navFor, type NavItem } from './nav';

function isActive(item: NavItem, pathname: string, search: string): boolean {
  const [path, query] = item.to.split('?');
  if (query) return pathname === path && search.includes(query);
  if (path === '/company-settings') return pathname === path && !search.includes('tab=preferences');
  if (path === '/dashboard') return pathname === path;
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The navigation list; `collapsed` shows icons only (labels stay available to screen readers). */
export function SidebarNav({
  role,
  collapsed = false,
  onNavigate,
}: {
  role: Role | null | undefined;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={t('shell.mainNav')} className="flex-1 overflow-y-auto px-2 py-4">
      {navFor(role).map((section) => (
        <div key={section.key} className="mb-5">
          <h2
            className={`mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400 ${
              collapsed ? 'sr-only' : ''
            }`}
          >
            {t(`shell.sections.${section.key}`)}
          </h2>
          <ul className="space-y-0.5">
            {section.items.map((item) => {
              const active = isActive(item, pathname, search);
              const label = t(`shell.nav.${item.key}`);
              return (
                <li key={item.key}>
                  <Link
                    to={item.to}
                    onClick={onNavigate}
                    aria-current={active ? 'page' : undefined}
                    title={collapsed ? label : undefined}
                    {...hoverPreload(item.to)}
                    className={`flex items-center gap-3 rounded-ui px-3 py-2 text-sm font-medium transition ${
                      collapsed ? 'justify-center' : ''
                    } ${
                      active
                        ? 'bg-primary-soft text-primary-text'
                        : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                    }`}
                  >
                    <Icon name={item.icon} />
                    <span className={collapsed ? 'sr-only' : ''}>{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function Sidebar({ role, logoUrl }: { role: Role | null | undefined; logoUrl: string | null }) {
  const t = useT();
  const collapsed = useAppState((s) => s.sidebarCollapsed);
  return (
    <aside
      className={`sticky top-0 hidden h-screen shrink-0 flex-col border-e border-slate-200 bg-white transition-[width] lg:flex dark:border-slate-800 dark:bg-slate-900 ${
        collapsed ? 'w-[4.5rem]' : 'w-64'
      }`}
    >
      <div
        className={`flex h-16 items-center border-b border-slate-200 px-4 dark:border-slate-800 ${collapsed ? 'justify-center' : ''}`}
      >
        <Link to="/dashboard" aria-label={t('common.goDashboard')}>
          <Logo showName={!collapsed} logoUrl={logoUrl} />
        </Link>
      </div>
      <SidebarNav role={role} collapsed={collapsed} />
      <div className="border-t border-slate-200 p-2 dark:border-slate-800">
        <button
          type="button"
          onClick={() => setAppState({ sidebarCollapsed: !collapsed })}
          aria-expanded={!collapsed}
          className={`btn-ghost w-full ${collapsed ? '' : 'justify-start'}`}
        >
          <Icon
            name="chevron"
            className={`h-5 w-5 transition rtl:rotate-180 ${collapsed ? 'rotate-180 rtl:rotate-0' : ''}`}
          />
          <span className={collapsed ? 'sr-only' : ''}>
            {collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar')}
          </span>
        </button>
      </div>
    </aside>
  );
}
