/**
 * /dashboard, first version: who is signed in and for which company, and an honest
 * "coming soon" for each KPI area until the dashboard API exists (no invented numbers).
 */
import { useAuth } from '../../auth/context';
import { displayName } from '../../auth/session';
import { Icon, type IconName } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { useT } from '../../i18n';
import { brandingFrom, useCompanySettings } from '../../lib/branding';

const AREAS: [string, IconName][] = [
  ['kpis', 'dashboard'],
  ['cash', 'wallet'],
  ['trends', 'chart'],
  ['fleet', 'car'],
  ['ai', 'sparkles'],
];

export default function DashboardPage() {
  const t = useT();
  const { user, status } = useAuth();
  const { data } = useCompanySettings(status === 'authenticated');
  const company = (data ? brandingFrom(data).companyName : undefined) ?? user?.tenantName;

  return (
    <>
      <PageHeader
        title={t('shell.dashboard.welcome', { name: displayName(user) })}
        subtitle={company ? t('shell.dashboard.company', { company }) : undefined}
      />
      <p className="mb-6 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{t('shell.dashboard.intro')}</p>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {AREAS.map(([key, icon]) => (
          <section key={key} aria-labelledby={`dash-${key}`} className="card border-dashed">
            <div className="flex items-center gap-3">
              <span className="flex h-9 w-9 items-center justify-center rounded-ui bg-primary-soft text-primary-text">
                <Icon name={icon} />
              </span>
              <h2 id={`dash-${key}`} className="font-semibold">
                {t(`shell.dashboard.${key}`)}
              </h2>
              <span className="ms-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                {t('common.comingSoonTitle')}
              </span>
            </div>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t(`shell.dashboard.${key}Body`)}</p>
          </section>
        ))}
      </div>
    </>
  );
}
