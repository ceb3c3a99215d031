import type { ReactNode } from 'react';
import { RegionMenu } from '../RegionMenu';

/**
 * The frame of a page a company's customer opens from a link, without signing in (the payment
 * return page, the remote contract signing page): the company's logo and name (once known),
 * the language menu, a narrow column for a phone, the page title and its body.
 */
export function CompanyPublicPage({
  company,
  title,
  children,
  roomy = false,
}: {
  company?: { name: string; logoUrl?: string | null } | null;
  title: string;
  children: ReactNode;
  /** More room above the title (the payment result, usually short). */
  roomy?: boolean;
}) {
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-16 max-w-xl items-center justify-between gap-3 px-4">
          <div className="flex min-w-0 items-center gap-3" data-testid="company">
            {company?.logoUrl && <img src={company.logoUrl} alt="" className="h-10 w-10 rounded object-contain" />}
            <span className="truncate text-lg font-semibold">{company?.name ?? ''}</span>
          </div>
          <RegionMenu />
        </div>
      </header>
      <main className={`mx-auto max-w-xl px-4 ${roomy ? 'py-8' : 'py-6'}`}>
        <h1 className="mb-4 text-2xl font-semibold">{title}</h1>
        {children}
      </main>
    </div>
  );
}
