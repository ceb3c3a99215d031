import { Link } from 'react-router';
import { useT } from '../../i18n';
import { Logo } from '../Logo';

export function PublicFooter() {
  const t = useT();
  const groups: { title: string; links: [string, string][] }[] = [
    {
      title: t('landing.footer.product'),
      links: [
        ['/auth?demo=true', t('landing.footer.demo')],
        ['/auth?tab=signup', t('landing.footer.startTrial')],
      ],
    },
    {
      title: t('landing.footer.company'),
      links: [
        ['/careers', t('landing.footer.careers')],
        ['/contact', t('landing.footer.contact')],
        ['/referral', t('landing.footer.referral')],
      ],
    },
    {
      title: t('landing.footer.legal'),
      links: [
        ['/privacy', t('landing.footer.privacy')],
        ['/terms', t('landing.footer.terms')],
        ['/gdpr', t('landing.footer.gdpr')],
      ],
    },
  ];
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t('common.tagline')}</p>
        </div>
        {groups.map((g) => (
          <nav key={g.title} aria-label={g.title}>
            <h2 className="text-sm font-semibold">{g.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {g.links.map(([to, label]) => (
                <li key={label}>
                  <Link
                    to={to}
                    className="text-slate-700 hover:text-slate-950 hover:underline dark:text-slate-300 dark:hover:text-white"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        {t('landing.footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
