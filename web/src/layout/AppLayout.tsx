import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { preloadForRole } from '../app/prefetch';
import { useAuth } from '../auth/context';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoader } from '../components/FullScreenLoader';
import { Icon } from '../components/Icon';
import { InstallPrompt } from '../components/InstallPrompt';
import { Logo } from '../components/Logo';
import { RegionMenu } from '../components/RegionMenu';
import { useT } from '../i18n';
import { useBranding } from '../lib/branding';
import { GlobalSearch } from './GlobalSearch';
import { Sidebar, SidebarNav } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { UserMenu } from './UserMenu';
import { AlertsBell } from '../features/alerts/AlertsBell';

/** The authenticated shell: sidebar, top bar, and the current page in <main>. */
export function AppLayout() {
  const t = useT();
  const { user, status } = useAuth();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const branding = useBranding(status === 'authenticated');
  const role = user?.role;

  useEffect(() => (role ? preloadForRole(role) : undefined), [role]);

  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-[100] focus:rounded-ui focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900 focus:shadow"
      >
        {t('shell.skipToContent')}
      </a>
      <Sidebar role={role} logoUrl={branding.logoUrl} />

      <Dialog open={mobileOpen} onClose={() => setMobileOpen(false)} className="relative z-[85] lg:hidden">
        <div className="fixed inset-0 bg-slate-950/50" aria-hidden="true" />
        <DialogPanel className="fixed inset-y-0 start-0 flex w-72 max-w-[85vw] flex-col bg-white dark:bg-slate-900">
          {/* A dialog needs a name (axe aria-dialog-name); the logo alone does not give one. */}
          <DialogTitle className="sr-only">{t('shell.mainNav')}</DialogTitle>
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
            <Logo logoUrl={branding.logoUrl} />
            <button
              type="button"
              className="btn-ghost"
              onClick={() => setMobileOpen(false)}
              aria-label={t('shell.closeMenu')}
            >
              <Icon name="close" />
            </button>
          </div>
          <SidebarNav role={role} onNavigate={() => setMobileOpen(false)} />
        </DialogPanel>
      </Dialog>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:gap-3 sm:px-6 dark:border-slate-800 dark:bg-slate-900/95">
          <button
            type="button"
            className="btn-ghost lg:hidden"
            onClick={() => setMobileOpen(true)}
            aria-label={t('shell.openMenu')}
            aria-expanded={mobileOpen}
          >
            <Icon name="menu" />
          </button>
          <GlobalSearch />
          <div className="ms-auto flex items-center gap-1">
            <InstallPrompt className="hidden md:inline-flex" />
            <RegionMenu />
            <AlertsBell />
            <ThemeToggle />
            <UserMenu />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6 lg:p-8">
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}

export default AppLayout;
