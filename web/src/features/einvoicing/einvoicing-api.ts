/**
 * E-invoicing feature (issue 29): API calls, cache keys, the status pill of an issued document, the XML download
 * and the catalog area (registered here, so it ships with the e-invoicing page and the invoice page's block).
 */
import { addArea } from '../../../../shared/i18n';
import { einvoicing as catalog } from '../../../../shared/i18n/einvoicing';
import {
  EDOC_MESSAGES,
  EINVOICING_MESSAGES,
  type EDocStatus,
  type EDocSummary,
  type EInvoicingStatus,
} from '../../../../shared/schemas/einvoicing';
import { api } from '../../lib/api';
import { apiArea, apiPath, apiStem, callApi } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';

addArea('einvoicing', catalog);
registerMessages('einvoicing.messages', EINVOICING_MESSAGES);
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

/** What a company connects to its network with (UAE: the provider's API key; Jordan: JoFotara's client). */
export type NetworkCredentials = { apiKey: string } | { clientId: string; secretKey: string };

/**
 * PUT /api/v1/einvoicing/network is the ei-submit helper's route (issue 29): until its operation is in the
 * route table the form sends to the contract's path under the e-invoicing area.
 */
const NETWORK_PATH = `${apiArea('getEInvoicingStatus')}/network`;

export const einvoicingApi = {
  onboard: (otp: string) => callApi('onboardEInvoicing', { body: { otp } }),
  retry: (id: string) => callApi('retryEInvoiceDocument', { params: { id }, body: {} }),
  connect: (body: NetworkCredentials) => api.put<unknown>(NETWORK_PATH, body),
};

/**
 * GET /api/v1/invoices/{id}/xml: the UBL XML as issued. Answered either as the XML itself or, like the PDF, as
 * `{ url, fileName }` of a presigned download; both end as a browser download.
 */
export async function downloadInvoiceXml(
  invoiceId: string,
  number: string,
  document: 'invoice' | 'credit_note' = 'invoice',
): Promise<void> {
  const query = document === 'invoice' ? '' : `?document=${document}`;
  const answer = await api.get<unknown>(`${apiPath('getInvoice', { id: invoiceId })}/xml${query}`);
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
