import { ComingSoonPage } from '../../components/ComingSoonPage';

/** Placeholder until this page is built: replace this file, keep the default export. */
export default function ReportsPage() {
  return <ComingSoonPage titleKey="shell.pages.reports" />;
}
