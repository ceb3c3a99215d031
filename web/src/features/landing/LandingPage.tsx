/**
 * The public landing page (spec §2): hero, features grid with the AI section, testimonials and
 * the static marketing figures of spec §9 (promotional text, not product data), footer.
 */
import { Link } from 'react-router';
import { MARKETING_FIGURES, MARKETING_TESTIMONIAL_RATING } from '../../../../shared/constants';
import { Icon, type IconName } from '../../components/Icon';
import { useDocumentTitle } from '../../components/PageHeader';
import { PublicFooter } from '../../components/public/PublicFooter';
import { PublicHeader } from '../../components/public/PublicHeader';
import { useT } from '../../i18n';

const FEATURES: [string, IconName][] = [
  ['vehicles', 'car'],
  ['bookings', 'key'],
  ['customers', 'users'],
  ['finance', 'wallet'],
  ['tickets', 'ticket'],
  ['gps', 'pin'],
  ['accounting', 'chart'],
  ['regions', 'globe'],
];
const AI_FEATURES: [string, IconName][] = [
  ['maintenance', 'wrench'],
  ['documents', 'file'],
  ['insights', 'sparkles'],
  ['alerts', 'bell'],
];
const AI_FIGURES = new Set(['aiAccuracy', 'breakdownPrevention', 'fasterDocuments', 'fewerFalseAlerts']);

/**
 * Sections below the first screen are laid out and painted only when scrolled near: on a slow
 * phone that is most of the landing page's first-load style and layout work.
 */
const BELOW_FOLD = '[content-visibility:auto] [contain-intrinsic-size:auto_700px]';

export default function LandingPage() {
  const t = useT();
  useDocumentTitle('');

  return (
    <div className="min-h-screen bg-white dark:bg-slate-950">
      <PublicHeader />
      <main>
        {/* Hero */}
        <section className="relative overflow-hidden">
          <div
            className="absolute inset-0 -z-0 bg-gradient-to-b from-primary-soft to-white dark:from-slate-900 dark:to-slate-950"
            aria-hidden="true"
          />
          <div className="relative mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28">
            <p className="mx-auto inline-block rounded-full border border-slate-300 bg-white px-4 py-1 text-xs font-medium text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
              {t('landing.hero.badge')}
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
              {t('landing.hero.title')}
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
              {t('landing.hero.subtitle')}
            </p>
            <div className="mt-10 flex flex-wrap justify-center gap-3">
              <Link to="/auth?tab=signup" className="btn-primary px-6 py-3 text-base">
                {t('landing.hero.startTrial')}
              </Link>
              <Link to="/auth?demo=true" className="btn-secondary px-6 py-3 text-base">
                <Icon name="sparkles" className="h-5 w-5" />
                {t('landing.hero.watchDemo')}
              </Link>
            </div>
          </div>
        </section>

        {/* Features */}
        <section aria-labelledby="features-title" className={`${BELOW_FOLD} mx-auto max-w-7xl px-4 py-20 sm:px-6`}>
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-title" className="text-3xl font-semibold tracking-tight">
              {t('landing.features.title')}
            </h2>
            <p className="mt-3 text-slate-600 dark:text-slate-300">{t('landing.features.subtitle')}</p>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map(([key, icon]) => (
              <li key={key} className="card">
                <span className="flex h-10 w-10 items-center justify-center rounded-ui bg-primary-soft text-primary-text">
                  <Icon name={icon} />
                </span>
                <h3 className="mt-4 font-semibold">{t(`landing.features.${key}`)}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`landing.features.${key}Body`)}</p>
              </li>
            ))}
          </ul>
        </section>

        {/* AI */}
        <section aria-labelledby="ai-title" className={`${BELOW_FOLD} bg-slate-900 text-white`}>
          <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1 text-xs font-semibold">
                <Icon name="sparkles" className="h-4 w-4" />
                {t('landing.ai.badge')}
              </p>
              <h2 id="ai-title" className="mt-4 text-3xl font-semibold tracking-tight">
                {t('landing.ai.title')}
              </h2>
              <p className="mt-3 text-slate-300">{t('landing.ai.subtitle')}</p>
            </div>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {AI_FEATURES.map(([key, icon]) => (
                <li key={key} className="rounded-ui-lg border border-white/10 bg-white/5 p-5">
                  <Icon name={icon} className="h-6 w-6 text-sky-300" />
                  <h3 className="mt-3 font-semibold">{t(`landing.ai.${key}`)}</h3>
                  <p className="mt-2 text-sm text-slate-300">{t(`landing.ai.${key}Body`)}</p>
                </li>
              ))}
            </ul>
            <dl className="mt-12 grid grid-cols-2 gap-6 text-center md:grid-cols-4">
              {MARKETING_FIGURES.filter((f) => AI_FIGURES.has(f.key)).map((f) => (
                <div key={f.key}>
                  <dd className="text-3xl font-bold text-sky-300">
                    <bdi>{f.value}</bdi>
                  </dd>
                  <dt className="mt-1 text-sm text-slate-300">{t(`landing.figures.${f.key}`)}</dt>
                </div>
              ))}
            </dl>
          </div>
        </section>

        {/* Testimonials and statistics */}
        <section aria-labelledby="testimonials-title" className={`${BELOW_FOLD} mx-auto max-w-7xl px-4 py-20 sm:px-6`}>
          <h2 id="testimonials-title" className="text-center text-3xl font-semibold tracking-tight">
            {t('landing.testimonials.title')}
          </h2>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {['t1', 't2', 't3'].map((key) => (
              <li key={key} className="card flex flex-col">
                <div
                  className="flex gap-0.5 text-amber-500"
                  role="img"
                  aria-label={t('landing.testimonials.rating', { rating: MARKETING_TESTIMONIAL_RATING })}
                >
                  {Array.from({ length: MARKETING_TESTIMONIAL_RATING }, (_, i) => (
                    <Icon key={i} name="star" filled className="h-4 w-4" />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-slate-800 dark:text-slate-200">
                  “{t(`landing.testimonials.${key}`)}”
                </blockquote>
                <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t(`landing.testimonials.${key}By`)}</p>
              </li>
            ))}
          </ul>

          <div className="mt-16 rounded-ui-lg bg-slate-100 p-8 dark:bg-slate-900">
            <h2 className="text-center text-2xl font-semibold">{t('landing.figures.title')}</h2>
            <dl className="mt-8 grid grid-cols-2 gap-6 text-center md:grid-cols-3">
              {MARKETING_FIGURES.filter((f) => !AI_FIGURES.has(f.key)).map((f) => (
                <div key={f.key}>
                  <dd className="text-3xl font-bold text-primary-text">
                    <bdi>{f.value}</bdi>
                  </dd>
                  <dt className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(`landing.figures.${f.key}`)}</dt>
                </div>
              ))}
            </dl>
            <p className="mt-6 text-center text-xs text-slate-600 dark:text-slate-400">
              {t('landing.figures.disclaimer')}
            </p>
          </div>
        </section>

        {/* Call to action */}
        <section className={`${BELOW_FOLD} bg-gradient-to-r from-primary-strong to-secondary-strong text-white`}>
          <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6">
            <h2 className="text-3xl font-semibold">{t('landing.cta.title')}</h2>
            <p className="mt-3 text-white/90">{t('landing.cta.body')}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link
                to="/auth?tab=signup"
                className="inline-flex items-center rounded-ui bg-white px-6 py-3 font-medium text-slate-900 hover:bg-slate-100"
              >
                {t('landing.hero.startTrial')}
              </Link>
              <Link
                to="/auth?demo=true"
                className="inline-flex items-center rounded-ui border border-white/70 px-6 py-3 font-medium text-white hover:bg-white/10"
              >
                {t('landing.hero.watchDemo')}
              </Link>
            </div>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
