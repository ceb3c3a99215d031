import { InfoPage } from './InfoPage';

export default function PrivacyPage() {
  return <InfoPage page="privacy" showUpdated />;
}
