import { InfoPage } from './InfoPage';

export default function GdprPage() {
  return <InfoPage page="gdpr" showUpdated />;
}
