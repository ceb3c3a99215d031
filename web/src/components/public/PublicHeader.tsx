import { useState } from 'react';
import { Link } from 'react-router';
import { addArea } from '../../../../shared/i18n';
import { landing } from '../../../../shared/i18n/landing';
import { useT } from '../../i18n';
import { Icon } from '../Icon';
import { Logo } from '../Logo';
import { RegionMenu } from '../RegionMenu';

// Public pages' texts ship with the public pages, not with the sign-in route.
addArea('landing', landing);

/** Sticky top bar of public pages: logo, region-and-language menu, Sign In and Get Started. */
export function PublicHeader() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" aria-label={t('landing.nav.home')}>
          <Logo />
        </Link>
        <div className="flex items-center gap-2">
          <RegionMenu />
          <div className="hidden items-center gap-2 sm:flex">
            <Link to="/auth" className="btn-secondary">
              {t('landing.nav.signIn')}
            </Link>
            <Link to="/auth?tab=signup" className="btn-primary">
              {t('landing.nav.getStarted')}
            </Link>
          </div>
          <button
            type="button"
            className="btn-ghost sm:hidden"
            aria-expanded={open}
            aria-controls="public-mobile-menu"
            aria-label={t('landing.nav.toggleMenu')}
            onClick={() => setOpen((o) => !o)}
          >
            <Icon name={open ? 'close' : 'menu'} />
          </button>
        </div>
      </div>
      {open && (
        <div id="public-mobile-menu" className="border-t border-slate-200 px-4 py-3 sm:hidden dark:border-slate-800">
          <div className="flex flex-col gap-2">
            <Link to="/auth" className="btn-secondary w-full">
              {t('landing.nav.signIn')}
            </Link>
            <Link to="/auth?tab=signup" className="btn-primary w-full">
              {t('landing.nav.getStarted')}
            </Link>
          </div>
        </div>
      )}
    </header>
  );
}
