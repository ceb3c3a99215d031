import { Link } from 'react-router';
import { useT } from '../i18n';
import { useDocumentTitle } from './PageHeader';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('common.notFoundTitle'));
  return (
    <main className="flex min-h-screen flex-col items-center justify-center p-6 text-center">
      <h1 className="text-3xl font-semibold">{t('common.notFoundTitle')}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{t('common.notFoundBody')}</p>
      <Link to="/" className="btn-primary mt-6">
        {t('common.goHome')}
      </Link>
    </main>
  );
}

export function AccessRestricted() {
  const t = useT();
  useDocumentTitle(t('common.accessRestrictedTitle'));
  return (
    <section
      role="alert"
      className="mx-auto max-w-lg rounded-ui-lg border border-amber-300 bg-amber-50 p-6 text-center dark:border-amber-700 dark:bg-amber-950"
    >
      <h1 className="text-xl font-semibold text-amber-900 dark:text-amber-100">{t('common.accessRestrictedTitle')}</h1>
      <p className="mt-2 text-sm text-amber-900 dark:text-amber-100">{t('common.accessRestrictedBody')}</p>
      <Link to="/dashboard" className="btn-primary mt-5">
        {t('common.goDashboard')}
      </Link>
    </section>
  );
}
