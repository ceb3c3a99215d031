import { queryAll } from '../lib/data/repo';
import { DOCUMENT_SCOPES, type DocumentScope } from '../../shared/documents/validity';
import { dueTenants } from '../lib/data/due-index';
import { sortKey } from '../lib/data/keys';
import { REMINDERS_GSI_PK, latestIndexPk, type DocumentItem } from './model';

/**
 * For the alerts generator: the company's LATEST documents whose expiry date is on or before
 * `untilDay` (expiring soon or already expired; rejected ones left out). One Query per scope on
 * the latest-documents index (a tab of /documents), filtered on the expiry date — never a Scan.
 */
export interface ExpiringDocument {
  id: string;
  title: string;
  scope: DocumentScope;
  expiryDate: string;
}

export async function expiringDocuments(tenantId: string, untilDay: string): Promise<ExpiringDocument[]> {
  const out: ExpiringDocument[] = [];
  for (const scope of DOCUMENT_SCOPES) {
    const items = await queryAll<DocumentItem>({
      tenantId,
      pk: latestIndexPk(tenantId, scope),
      index: 'gsi1',
      max: 5000,
      filter: {
        expression: 'attribute_exists(#e) AND #e <= :until AND #s <> :rejected',
        names: { '#e': 'expiryDate', '#s': 'status' },
        values: { ':until': untilDay, ':rejected': 'rejected' },
      },
    });
    for (const d of items) if (d.expiryDate) out.push({ id: d.id, title: d.title, scope, expiryDate: d.expiryDate });
  }
  return out;
}

/**
 * Companies with a document in its reminder window (the reminder job's sparse cross-tenant index
 * G#DOC_REMINDERS, sk {nextReminderOn}#{tenantId}#{id}, bounded by today) — for the alerts job.
 */
export async function tenantsWithDocumentsDue(today: string): Promise<string[]> {
  return dueTenants(REMINDERS_GSI_PK, { through: sortKey(today, '~') }, (it) => String(it.gsi2sk).split('#')[1]);
}
