/**
 * The wizard's document warning (issue 27): at the step where the customer or the vehicle is
 * chosen, the driving licence, registration and insurance that lapse by the start (the booking
 * will be refused: 409 DOCUMENT_EXPIRED) or before the return (the rental will be flagged), each
 * with its title and expiry date — from GET /api/v1/rentals/document-check, the booking's own
 * rule. `DocumentLines` also shows the documents a refused booking names (error.conflicts).
 */
import useSWR from 'swr';
import { useT } from '../../../i18n';
import { useDateTime } from '../../../lib/company-clock';
import { apiUrl } from '../../../lib/api-client';

export interface LapsingDocumentApi {
  documentId: string;
  title: string;
  documentType: 'registration' | 'insurance' | 'license' | string;
  scope: 'vehicle' | 'customer' | string;
  expiryDate: string;
  lapses: 'before_start' | 'during';
}

export function DocumentLines({ documents }: { documents: LapsingDocumentApi[] }) {
  const t = useT();
  const when = useDateTime();
  return (
    <ul className="mt-1 space-y-1">
      {documents.map((d) => (
        <li key={d.documentId} data-document-id={d.documentId} data-lapses={d.lapses}>
          {t(d.lapses === 'before_start' ? 'rentals.wizard.docLapsed' : 'rentals.wizard.docDuring', {
            type: t(`rentals.wizard.docType.${d.documentType}`),
            title: d.title,
            date: when(d.expiryDate, false),
          })}{' '}
          <a
            className="link"
            href={`/documents?scope=${d.scope}&id=${encodeURIComponent(d.documentId)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('rentals.wizard.docOpen')}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function DocumentWarning({
  customerId,
  vehicleId,
  start,
  end,
}: {
  customerId?: string;
  vehicleId?: string;
  start?: string;
  end?: string;
}) {
  const t = useT();
  const query = { customerId, vehicleId, start, end };
  const { data } = useSWR<{ documents: LapsingDocumentApi[] } | null>(
    (customerId || vehicleId) && start ? apiUrl('rentalDocumentCheck', { query }) : null,
  );
  const documents = data?.documents ?? [];
  if (documents.length === 0) return null;
  const refused = documents.some((d) => d.lapses === 'before_start');
  return (
    <div
      role={refused ? 'alert' : 'status'}
      data-testid="wizard-document-warning"
      className={`my-3 rounded-md border p-3 text-sm ${refused ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100' : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100'}`}
    >
      <p className="font-medium">{t('rentals.wizard.docsTitle')}</p>
      <DocumentLines documents={documents} />
    </div>
  );
}
