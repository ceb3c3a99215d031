import { useId, useRef, useState, type FormEvent } from 'react';
import { Icon } from '../components/Icon';
import { useT } from '../i18n';
import { addRecentSearch, setAppState, useAppState } from '../lib/persisted-state';

/**
 * The global search box. Cross-record search needs the domain APIs (coming later); for now it
 * keeps the last 10 searches (persisted) and says plainly that results are not available yet.
 */
export function GlobalSearch() {
  const t = useT();
  const id = useId();
  const recent = useAppState((s) => s.recentSearches);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    addRecentSearch(query);
    setOpen(true);
  };

  return (
    <div
      ref={wrapper}
      className="relative w-full max-w-md"
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <form role="search" onSubmit={submit}>
        <label htmlFor={`${id}-q`} className="sr-only">
          {t('shell.search.label')}
        </label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-slate-500 dark:text-slate-400">
            <Icon name="search" className="h-4 w-4" />
          </span>
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onFocus={() => setOpen(true)}
            placeholder={t('shell.search.placeholder')}
            autoComplete="off"
            // A searchbox may not carry aria-expanded (axe: aria-allowed-attr); the panel is
            // referenced only while it exists so aria-controls never points at nothing.
            aria-controls={open ? `${id}-panel` : undefined}
            className="field-input ps-9"
          />
        </div>
      </form>
      {open && (
        <div
          id={`${id}-panel`}
          className="absolute inset-x-0 top-full z-40 mt-1 rounded-ui-lg border border-slate-200 bg-white p-3 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="mb-2 flex items-center justify-between">
            <h2 className="font-medium">{t('shell.search.recent')}</h2>
            {recent.length > 0 && (
              <button type="button" className="link text-xs" onClick={() => setAppState({ recentSearches: [] })}>
                {t('shell.search.clear')}
              </button>
            )}
          </div>
          {recent.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-300">{t('shell.search.noRecent')}</p>
          ) : (
            <ul className="space-y-0.5">
              {recent.map((term) => (
                <li key={term}>
                  <button
                    type="button"
                    onClick={() => setQuery(term)}
                    className="flex w-full items-center gap-2 rounded-ui px-2 py-1.5 text-start hover:bg-slate-100 dark:hover:bg-slate-800"
                  >
                    <Icon name="clock" className="h-4 w-4 text-slate-500 dark:text-slate-400" />
                    <span className="truncate">{term}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 border-t border-slate-200 pt-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {t('shell.search.comingSoon')}
          </p>
        </div>
      )}
    </div>
  );
}
