import { useT } from '../i18n';
import { ComingSoon } from './ComingSoon';
import { PageHeader } from './PageHeader';

/** A page that is routed and titled but not built yet. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <ComingSoon />
    </>
  );
}
