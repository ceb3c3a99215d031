/**
 * Shared layout of the public information pages. The legal catalog area is registered here, so
 * its text ships with these pages' chunk, not with the sign-in bundle.
 */
import { Link } from 'react-router';
import { addArea } from '../../../../shared/i18n';
import { legal } from '../../../../shared/i18n/legal';
import { useDocumentTitle } from '../../components/PageHeader';
import { PublicFooter } from '../../components/public/PublicFooter';
import { PublicHeader } from '../../components/public/PublicHeader';
import { tableAt, useLanguage, useT } from '../../i18n';
import { useFormat } from '../../lib/format';

addArea('legal', legal);

/** The date the texts were last reviewed; shown on each page. */
const UPDATED = '2025-01-15';

export function InfoPage({
  page,
  showUpdated = false,
}: {
  page: 'privacy' | 'terms' | 'gdpr' | 'careers' | 'referral' | 'contact';
  showUpdated?: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  const fmt = useFormat();
  const sections = tableAt(`legal.${page}.sections`, language) ?? {};
  useDocumentTitle(t(`legal.${page}.title`));
  return (
    <div className="min-h-screen bg-white dark:bg-slate-950">
      <PublicHeader />
      <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <Link to="/" className="link text-sm">
          {t('legal.backHome')}
        </Link>
        <h1 className="mt-4 text-3xl font-semibold tracking-tight">{t(`legal.${page}.title`)}</h1>
        {showUpdated && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t('legal.updated', { date: fmt.date(UPDATED) })}
          </p>
        )}
        <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">{t(`legal.${page}.intro`)}</p>
        {Object.keys(sections).map((key) => (
          <section key={key} className="mt-8">
            <h2 className="text-xl font-semibold">{t(`legal.${page}.sections.${key}.h`)}</h2>
            <p className="mt-2 leading-7 text-slate-700 dark:text-slate-300">{t(`legal.${page}.sections.${key}.p`)}</p>
          </section>
        ))}
      </main>
      <PublicFooter />
    </div>
  );
}
