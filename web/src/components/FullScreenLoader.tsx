import { useT } from '../i18n';
import { Spinner } from './Spinner';

/** Shown while the session is being established ("Loading authentication..."). */
export function FullScreenLoader({ labelKey = 'common.loadingAuth' }: { labelKey?: string }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen flex-col items-center justify-center gap-4">
      <Spinner className="h-10 w-10" />
      <p className="text-sm text-slate-600 dark:text-slate-300">{t(labelKey)}</p>
    </div>
  );
}

/** Suspense fallback for a page chunk inside the layout. */
export function PageLoader() {
  const t = useT();
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center">
      <Spinner />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
