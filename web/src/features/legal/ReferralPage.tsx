import { InfoPage } from './InfoPage';

export default function ReferralPage() {
  return <InfoPage page="referral" />;
}
