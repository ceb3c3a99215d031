import { queryAll, type Item } from '../lib/data/repo';
import type { DocumentScope } from '../../shared/schemas/documents';
import type { DocumentType } from '../../shared/schemas/documents-constants';
import { ownerPk } from './owner-key';

/**
 * Documents that lapse before a booked rental ends (issue 11): the vehicle's registration and
 * insurance, the customer's driving licence. Read from the owner pointers (one Query per owner,
 * a handful of items). Per type the LATEST expiry counts (a renewed policy uploaded as a separate
 * document covers the old one); rejected documents do not count. `before_start`: already lapsed
 * when the rental starts (booking and pickup are refused); `during`: lapses before the return
 * (the rental is flagged). Dates are the company's calendar days.
 */
export interface LapsingDocument {
  documentId: string;
  title: string;
  documentType: DocumentType;
  scope: DocumentScope;
  expiryDate: string;
  lapses: 'before_start' | 'during';
}

const WATCHED: Record<'vehicle' | 'customer', readonly DocumentType[]> = {
  vehicle: ['registration', 'insurance'],
  customer: ['license'],
};

export async function lapsingDocuments(
  tenantId: string,
  owners: { vehicleId?: string; customerId?: string },
  startDay: string,
  endDay: string | null,
): Promise<LapsingDocument[]> {
  const out: LapsingDocument[] = [];
  for (const [scope, id] of [
    ['vehicle', owners.vehicleId],
    ['customer', owners.customerId],
  ] as const) {
    if (!id) continue;
    const pointers = await queryAll<Item>({ tenantId, pk: ownerPk(tenantId, id), consistent: true, max: 500 });
    for (const type of WATCHED[scope]) {
      const latest = pointers
        .filter((p) => p.documentType === type && typeof p.expiryDate === 'string' && p.status !== 'rejected')
        .sort((a, b) => String(b.expiryDate).localeCompare(String(a.expiryDate)))[0];
      if (!latest) continue;
      const expiry = String(latest.expiryDate);
      // A document is valid through its expiry day: it has lapsed on a day after it.
      const lapses = expiry < startDay ? 'before_start' : endDay && expiry < endDay ? 'during' : undefined;
      if (lapses)
        out.push({
          documentId: String(latest.documentId),
          title: String(latest.title),
          documentType: type,
          scope,
          expiryDate: expiry,
          lapses,
        });
    }
  }
  return out;
}
