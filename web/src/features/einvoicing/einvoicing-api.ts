/**
 * E-invoicing feature (issue 29): API calls, cache keys, the status pill of an issued document, the XML download
 * and the catalog area (registered here, so it ships with the e-invoicing page and the invoice page's block).
 */
import { addArea } from '../../../../shared/i18n';
import { einvoicing as catalog } from '../../../../shared/i18n/einvoicing';
import {
  EDOC_MESSAGES,
  EINVOICING_MESSAGES,
  NETWORK_MESSAGES,
  type EDocStatus,
  type EDocSummary,
  type EInvoicingStatus,
  type NetworkBody,
} from '../../../../shared/schemas/einvoicing';
import { apiPath, apiStem, callApi } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';

addArea('einvoicing', catalog);
registerMessages('einvoicing.messages', { ...EINVOICING_MESSAGES, ...NETWORK_MESSAGES });
registerMessages('einvoicing.edocMessages', EDOC_MESSAGES);

export type { EDocStatus, EDocSummary, EInvoicingStatus };

export const STATUS_PATH = apiPath('getEInvoicingStatus');
export const DOCUMENTS_PATH = apiStem('listEInvoiceDocuments');

export const EDOC_TONES = {
  pending: 'amber',
  reported: 'green',
  cleared: 'green',
  accepted: 'green',
  rejected: 'red',
  unsent: 'slate',
} as const satisfies Record<EDocStatus, string>;

export const einvoicingApi = {
  onboard: (otp: string) => callApi('onboardEInvoicing', { body: { otp } }),
  retry: (id: string) => callApi('retryEInvoiceDocument', { params: { id } }),
  /** UAE: the provider's API key and the company's id there; Jordan: JoFotara's client id and secret key. */
  connect: (body: NetworkBody) => callApi('connectEInvoicingNetwork', { body }),
  disconnect: () => callApi('disconnectEInvoicingNetwork'),
};

/**
 * GET /api/v1/invoices/{id}/xml: the UBL XML as issued (application/xml), handed to the browser as a download.
 * A `{ url, fileName }` answer (a presigned download, like the PDF's) is followed as well.
 */
export type XmlDocument = 'invoice' | 'credit_note' | 'debit_note';

export async function downloadInvoiceXml(
  invoiceId: string,
  number: string,
  document: XmlDocument = 'invoice',
  debitNoteId?: string,
): Promise<void> {
  const answer: unknown = await callApi('getInvoiceXml', {
    params: { id: invoiceId },
    query: { document, ...(debitNoteId ? { debitNoteId } : {}) },
  });
  const a = window.document.createElement('a');
  let objectUrl: string | null = null;
  if (answer && typeof answer === 'object' && 'url' in answer) {
    const { url, fileName } = answer as { url: string; fileName?: string };
    a.href = url;
    a.download = fileName ?? `${number}.xml`;
  } else {
    objectUrl = URL.createObjectURL(new Blob([String(answer)], { type: 'application/xml' }));
    a.href = objectUrl;
    a.download = `${number}.xml`;
  }
  a.rel = 'noreferrer';
  window.document.body.appendChild(a);
  a.click();
  a.remove();
  if (objectUrl) {
    const url = objectUrl;
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
