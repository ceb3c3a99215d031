import { useT } from '../i18n';

/** An honest "not built yet" state: no fake rows or numbers. */
export function ComingSoon({ title, body }: { title?: string; body?: string }) {
  const t = useT();
  return (
    <section className="rounded-ui-lg border border-dashed border-slate-300 bg-white p-8 text-center dark:border-slate-700 dark:bg-slate-900">
      <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-primary-soft text-primary-text">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M11.4 4.2a1 1 0 0 1 1.2 0l7.2 5.4a1 1 0 0 1 .4.8V19a1 1 0 0 1-1 1h-4.6v-5.2h-4.8V20H5.2a1 1 0 0 1-1-1v-8.6a1 1 0 0 1 .4-.8l6.8-5.4Z"
          />
        </svg>
      </div>
      <h2 className="text-lg font-semibold">{title ?? t('common.comingSoonTitle')}</h2>
      <p className="mx-auto mt-2 max-w-prose text-sm text-slate-600 dark:text-slate-300">
        {body ?? t('common.comingSoonBody')}
      </p>
    </section>
  );
}
