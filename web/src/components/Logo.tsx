import { useT } from '../i18n';

/** Product mark; a company logo (branding.logoUrl) replaces it inside the app shell. */
export function Logo({ showName = true, logoUrl }: { showName?: boolean; logoUrl?: string | null }) {
  const t = useT();
  return (
    <span className="flex items-center gap-2">
      {logoUrl ? (
        <img src={logoUrl} alt="" className="h-8 w-8 rounded-ui object-contain" />
      ) : (
        <img src="/icons/icon.svg" alt="" className="h-8 w-8" width="32" height="32" />
      )}
      {showName && <span className="text-lg font-semibold tracking-tight">{t('common.appName')}</span>}
    </span>
  );
}
