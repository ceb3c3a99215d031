import { InfoPage } from './InfoPage';

export default function CareersPage() {
  return <InfoPage page="careers" />;
}
