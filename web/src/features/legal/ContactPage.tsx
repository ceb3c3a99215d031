import { InfoPage } from './InfoPage';

export default function ContactPage() {
  return <InfoPage page="contact" />;
}
