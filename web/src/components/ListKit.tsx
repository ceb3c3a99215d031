/**
 * The pieces every server-paged list repeats (DESIGN.md §13 web kit), shaped around
 * `useCursorList`: the debounced search box, the "Load more" footer, and the states before
 * rows exist (loading skeleton, failed load with retry, empty or no matches).
 */
import { isValidElement, type ReactNode } from 'react';
import { useT } from '../i18n';
import { useSearchDraft } from '../lib/persisted-filters';
import type { CursorList } from '../lib/use-cursor-list';
import { ErrorPanel } from './Dialogs';
import { TableSkeleton } from './Skeletons';

export interface SearchFieldProps {
  id: string;
  label: string;
  placeholder?: string;
  /** The committed search (from filters). */
  value: string;
  /** Called with the trimmed text 300 ms after the last key press. */
  onSearch: (value: string) => void;
  className?: string;
}

export function SearchField({
  id,
  label,
  placeholder,
  value,
  onSearch,
  className = 'min-w-56 flex-1',
}: SearchFieldProps) {
  const [draft, setDraft] = useSearchDraft(value, onSearch);
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field-input"
        placeholder={placeholder}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
    </div>
  );
}

/** "Load more" under a list while the server has more; busy while the next page loads. */
export function LoadMoreButton({
  list,
  label,
}: {
  list: Pick<CursorList<unknown>, 'hasMore' | 'isLoadingMore' | 'loadMore'>;
  label: string;
}) {
  const t = useT();
  if (!list.hasMore) return null;
  return (
    <div className="mt-4 text-center">
      <button
        type="button"
        className="btn-secondary"
        onClick={list.loadMore}
        disabled={list.isLoadingMore}
        aria-busy={list.isLoadingMore}
      >
        {list.isLoadingMore ? t('common.loading') : label}
      </button>
    </div>
  );
}

export interface ListStateProps {
  list: Pick<CursorList<unknown>, 'isLoading' | 'error' | 'items' | 'isEmpty' | 'revalidate'>;
  /** Title of the failed-load panel. */
  errorTitle: string;
  /** What to show when the list is empty (no filters) or nothing matches (filters). */
  empty: ReactNode;
  /** Skeleton size while the first page loads. */
  skeleton?: { rows: number; columns: number };
  /** The rows, rendered once there is something to show. */
  children: ReactNode;
}

/** Loading → skeleton; failed with nothing shown → error panel; empty → `empty`; else children. */
export function ListState({ list, errorTitle, empty, skeleton = { rows: 8, columns: 5 }, children }: ListStateProps) {
  if (list.isLoading) return <TableSkeleton rows={skeleton.rows} columns={skeleton.columns} />;
  if (list.error && list.items.length === 0)
    return <ErrorPanel title={errorTitle} onRetry={() => void list.revalidate()} />;
  if (list.isEmpty) return <>{empty}</>;
  return <>{children}</>;
}

/** A column of a `ListTable` with more than a label: `end` aligns it to the end side (amounts). */
export interface ListColumn {
  label: ReactNode;
  end?: boolean;
}

function isListColumn(c: ReactNode | ListColumn): c is ListColumn {
  return typeof c === 'object' && c !== null && !isValidElement(c) && 'label' in c;
}

/**
 * The table of a list page: scrolling wrapper, header row of column labels, body of `children`
 * rows. `compact` is the borderless, tighter form used inside cards (profile sections) and drawers.
 * `footer` rows go in a `<tfoot>` (totals); `label` names the table for screen readers; `className`
 * adds to the wrapper (e.g. `max-h-72 overflow-auto` for a preview that scrolls).
 */
export function ListTable({
  columns,
  children,
  compact = false,
  footer,
  label,
  testId,
  className = '',
}: {
  columns: readonly (ReactNode | ListColumn)[];
  children: ReactNode;
  compact?: boolean;
  footer?: ReactNode;
  label?: string;
  testId?: string;
  className?: string;
}) {
  const cell = compact ? 'px-2 py-1' : 'px-3 py-2';
  const shaded = 'bg-slate-50 dark:bg-slate-900';
  return (
    <div
      className={`${
        compact ? 'overflow-x-auto' : 'overflow-x-auto rounded-ui-lg border border-slate-200 dark:border-slate-800'
      } ${className}`}
    >
      <table
        className={
          compact ? 'min-w-full text-sm' : 'min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800'
        }
        aria-label={label}
        data-testid={testId}
      >
        <thead className={compact ? undefined : shaded}>
          <tr>
            {columns.map((c, i) => {
              const column = isListColumn(c) ? c : { label: c };
              return (
                <th key={i} scope="col" className={`${cell} ${column.end ? 'text-end' : 'text-start'} font-semibold`}>
                  {column.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">{children}</tbody>
        {footer ? <tfoot className={`font-semibold ${compact ? '' : shaded}`}>{footer}</tfoot> : null}
      </table>
    </div>
  );
}

/**
 * The empty list: "no matches" with a way to clear the filters when filters are on, else the
 * area's empty message and its first action. Reads `<area>.emptyTitle`, `.emptyBody`,
 * `.noMatchesTitle`, `.noMatchesBody` and `.clearFilters` from the area's catalog.
 */
export function EmptyList({
  area,
  filtered = false,
  onClear,
  action,
}: {
  area: string;
  filtered?: boolean;
  onClear?: () => void;
  /** The first thing to do in an empty list (e.g. "Add vehicle"), for roles that may. */
  action?: { label: string; onClick: () => void };
}) {
  const t = useT();
  return (
    <div className="card text-center">
      <p className="font-medium">{t(`${area}.${filtered ? 'noMatchesTitle' : 'emptyTitle'}`)}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t(`${area}.${filtered ? 'noMatchesBody' : 'emptyBody'}`)}
      </p>
      {filtered && onClear ? (
        <button type="button" className="btn-secondary mt-4" onClick={onClear}>
          {t(`${area}.clearFilters`)}
        </button>
      ) : !filtered && action ? (
        <button type="button" className="btn-primary mt-4" onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}

/** A plain `useSWR` answer of `{ items }` (an unpaged list) in the shape ListState reads. */
export function itemsState<T>(r: {
  data?: { items: T[] } | null;
  error?: unknown;
  mutate: () => Promise<unknown>;
}): Omit<ListStateProps['list'], 'items'> & { items: T[] } {
  return {
    items: r.data?.items ?? [],
    isLoading: r.data === undefined && !r.error,
    error: r.error,
    isEmpty: !!r.data && r.data.items.length === 0,
    revalidate: () => r.mutate(),
  };
}
