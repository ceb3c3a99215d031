/**
 * Skeleton placeholders (spec §2 shell behaviours): dashboard (4 stat cards, 5 list rows,
 * one chart), table (8 rows × 5 columns), detail and form (6 fields). Pages show these while
 * their data loads.
 */
import { useT } from '../i18n';

function Bone({ className = '' }: { className?: string }) {
  return <div className={`animate-pulse rounded-ui bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

function SkeletonRoot({ children, testId }: { children: React.ReactNode; testId: string }) {
  const t = useT();
  return (
    <div role="status" aria-busy="true" aria-label={t('common.skeletonLoading')} data-testid={testId}>
      {children}
    </div>
  );
}

export function DashboardSkeleton() {
  return (
    <SkeletonRoot testId="skeleton-dashboard">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} data-skeleton="stat" className="rounded-ui-lg border border-slate-200 p-4 dark:border-slate-800">
            <Bone className="h-4 w-24" />
            <Bone className="mt-3 h-8 w-20" />
          </div>
        ))}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <div className="space-y-3 rounded-ui-lg border border-slate-200 p-4 dark:border-slate-800">
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} data-skeleton="row" className="flex items-center gap-3">
              <Bone className="h-10 w-10 rounded-full" />
              <div className="flex-1 space-y-2">
                <Bone className="h-3 w-2/3" />
                <Bone className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </div>
        <Bone className="h-64" />
      </div>
    </SkeletonRoot>
  );
}

export function TableSkeleton({ rows = 8, columns = 5 }: { rows?: number; columns?: number }) {
  return (
    <SkeletonRoot testId="skeleton-table">
      <div className="overflow-hidden rounded-ui-lg border border-slate-200 dark:border-slate-800">
        <div
          className="grid gap-4 bg-slate-100 p-3 dark:bg-slate-900"
          style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
        >
          {Array.from({ length: columns }, (_, i) => (
            <Bone key={i} className="h-3" />
          ))}
        </div>
        {Array.from({ length: rows }, (_, r) => (
          <div
            key={r}
            data-skeleton="row"
            className="grid gap-4 border-t border-slate-200 p-3 dark:border-slate-800"
            style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
          >
            {Array.from({ length: columns }, (_, c) => (
              <Bone key={c} className="h-4" />
            ))}
          </div>
        ))}
      </div>
    </SkeletonRoot>
  );
}

export function DetailSkeleton() {
  return (
    <SkeletonRoot testId="skeleton-detail">
      <div className="flex items-center gap-4">
        <Bone className="h-16 w-16 rounded-ui-lg" />
        <div className="flex-1 space-y-2">
          <Bone className="h-6 w-1/3" />
          <Bone className="h-4 w-1/4" />
        </div>
      </div>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="space-y-2">
            <Bone className="h-3 w-24" />
            <Bone className="h-5 w-2/3" />
          </div>
        ))}
      </div>
    </SkeletonRoot>
  );
}

export function FormSkeleton({ fields = 6 }: { fields?: number }) {
  return (
    <SkeletonRoot testId="skeleton-form">
      <div className="space-y-5">
        {Array.from({ length: fields }, (_, i) => (
          <div key={i} data-skeleton="field" className="space-y-2">
            <Bone className="h-3 w-28" />
            <Bone className="h-10 w-full" />
          </div>
        ))}
        <Bone className="h-10 w-32" />
      </div>
    </SkeletonRoot>
  );
}
