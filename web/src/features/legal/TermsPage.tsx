import { InfoPage } from './InfoPage';

export default function TermsPage() {
  return <InfoPage page="terms" showUpdated />;
}
