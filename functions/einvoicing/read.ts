import { fromMinor } from '../../shared/money';
import type { EDocSummary } from '../../shared/schemas/einvoicing';
import { batchGet, getItem, type Item } from '../lib/data/repo';
import { type EDocItem, edocKeys } from './model';

/**
 * Reading issued e-documents for the invoices domain (issue 29): the summary on an invoice's and a credit
 * note's detail, the XML route, and whether the document may be given to the buyer.
 */

/**
 * A standard Saudi document is given to the buyer only once ZATCA cleared it (clearance model: the buyer's copy
 * is ZATCA's stamped XML); every other document is released when issued.
 */
export const isReleased = (d: Pick<EDocItem, 'network' | 'profile' | 'status'>): boolean =>
  !(d.network === 'zatca' && d.profile === 'standard' && d.status !== 'cleared');

export function edocSummaryOf(d: EDocItem): EDocSummary {
  return {
    id: d.id,
    network: d.network,
    kind: d.kind,
    profile: d.profile,
    invoiceId: d.invoiceId,
    number: d.number,
    uuid: d.uuid,
    issuedAt: d.issuedAt,
    currency: d.currency,
    total: fromMinor(d.totalMinor),
    vat: fromMinor(d.vatMinor),
    status: d.status,
    ...(d.icv !== undefined ? { icv: d.icv } : {}),
    ...(d.hash ? { hash: d.hash } : {}),
    ...(d.qr ? { qr: d.qr } : {}),
    warnings: d.warnings ?? [],
    errors: d.errors ?? [],
    attempts: d.attempts ?? 0,
    ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt } : {}),
    ...(d.nextAttemptAt ? { nextAttemptAt: d.nextAttemptAt } : {}),
    ...(d.submittedAt ? { submittedAt: d.submittedAt } : {}),
    released: isReleased(d),
  };
}

/** The e-documents of these ids (an invoice, its credit note, its debit notes), absent ones as undefined. */
export async function readEDocuments(tenantId: string, ids: string[]): Promise<(EDocItem | undefined)[]> {
  if (ids.length === 0) return [];
  return (await batchGet(
    ids.map((id) => edocKeys.document(tenantId, id)),
    true,
  )) as (EDocItem | undefined)[];
}

/** The XML as the buyer receives it: ZATCA's cleared copy once cleared, else the document as issued (signed). */
export async function readEDocumentXml(tenantId: string, id: string): Promise<string | undefined> {
  const item = (await getItem(edocKeys.xml(tenantId, id), true)) as
    | (Item & { xml?: string; clearedXml?: string })
    | undefined;
  return item?.clearedXml ?? item?.xml;
}
