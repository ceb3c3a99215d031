import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n';

interface Props {
  children: ReactNode;
  /** Reset the boundary when this changes (e.g. the route). */
  resetKey?: unknown;
}
interface State {
  error: Error | null;
}

/** Rendering failures show the generic error screen and are logged (spec §2, §8). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[render error]', error, info.componentStack);
  }

  componentDidUpdate(prev: Props): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <ErrorScreen onReset={() => this.setState({ error: null })} />;
  }
}

export function ErrorScreen({ onReset }: { onReset: () => void }) {
  return (
    <div role="alert" className="flex min-h-[60vh] flex-col items-center justify-center p-6 text-center">
      <div className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-7 w-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
          />
        </svg>
      </div>
      <h1 className="text-xl font-semibold">{t('common.errorTitle')}</h1>
      <p className="mt-2 max-w-md text-sm text-slate-600 dark:text-slate-300">{t('common.errorBody')}</p>
      <div className="mt-6 flex gap-3">
        <button type="button" onClick={onReset} className="btn-primary">
          {t('common.tryAgain')}
        </button>
        <button type="button" onClick={() => window.location.reload()} className="btn-secondary">
          {t('common.reloadPage')}
        </button>
      </div>
    </div>
  );
}
