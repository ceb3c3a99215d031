import { config } from '../../lib/config';
import {
  type EInvoiceNetwork,
  type EInvoiceSendMeta,
  type EInvoiceSendResult,
  type FetchLike,
  isRetryableStatus,
  jsonBody,
  post,
} from './types';

/**
 * Jordan's JoFotara (the ISTD's national e-invoicing portal), as its integration guide and the
 * working integrations describe it:
 *
 *   POST {JOFOTARA_BASE_URL}/core/invoices/
 *   Client-Id: <the taxpayer's client id>      Secret-Key: <its secret key>   (from the portal)
 *   { "invoice": "<base64 of the UBL 2.1 XML>" }
 *
 * The answer:
 *   { "EINV_RESULTS": { "status": "PASS" | "ERROR", "INFO": [...], "WARNINGS": [...], "ERRORS": [...] },
 *     "EINV_STATUS": "SUBMITTED" | "ALREADY_SUBMITTED" | "NOT_SUBMITTED",
 *     "EINV_SINGED_INVOICE": "<base64 signed XML>",  // sic
 *     "EINV_QR": "<the QR to print on the invoice>",
 *     "EINV_NUM": "<the number as received>", "EINV_INV_UUID": "<its UUID>" }
 * with each message `{ "EINV_CODE", "EINV_CATEGORY", "EINV_MESSAGE", ... }`.
 *
 * Accepted: EINV_STATUS SUBMITTED or ALREADY_SUBMITTED (a resend of a document the portal already
 * has is a success, so a retry after a lost answer is safe) with no ERROR result: the QR is
 * returned for the invoice to keep and print. Rejected: NOT_SUBMITTED or an ERROR result (the
 * messages are the portal's errors). 403: the client id / secret key were refused → retry (the
 * credentials are fixed, not the document). 408/429/5xx or no answer → retry.
 */
export interface JoFotaraCredentials {
  clientId: string;
  secretKey: string;
}

export interface JoFotaraAdapterOptions {
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

interface JoMessage {
  EINV_CODE?: string;
  EINV_CATEGORY?: string;
  EINV_MESSAGE?: string;
}

interface JoAnswer {
  EINV_RESULTS?: { status?: string; INFO?: JoMessage[]; WARNINGS?: JoMessage[]; ERRORS?: JoMessage[] };
  EINV_STATUS?: string;
  EINV_QR?: string;
  EINV_INV_UUID?: string;
  error?: string;
}

const text = (m: JoMessage | string): string =>
  typeof m === 'string'
    ? m
    : [m.EINV_CODE ? `[${m.EINV_CODE}]` : '', m.EINV_MESSAGE ?? JSON.stringify(m)].join(' ').trim();

export function joFotaraNetwork(
  credentials: JoFotaraCredentials,
  options: JoFotaraAdapterOptions = {},
): EInvoiceNetwork {
  const base = (options.baseUrl ?? config().jofotaraBaseUrl).replace(/\/$/, '');
  const fetcher = options.fetch ?? fetch;
  return {
    name: 'jofotara',
    async send(xml: string, _meta: EInvoiceSendMeta): Promise<EInvoiceSendResult> {
      const res = await post(
        fetcher,
        `${base}/core/invoices/`,
        {
          headers: {
            'Client-Id': credentials.clientId,
            'Secret-Key': credentials.secretKey,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ invoice: Buffer.from(xml, 'utf8').toString('base64') }),
        },
        options.timeoutMs ?? 50_000,
      );
      if (!(res instanceof Response)) return res;
      const answer = ((await jsonBody(res)) ?? {}) as JoAnswer;
      if (res.status === 401 || res.status === 403)
        return { status: 'retry', messages: ['JoFotara refused the client id or secret key'] };
      if (isRetryableStatus(res.status))
        return { status: 'retry', messages: [answer.error ?? `JoFotara answered HTTP ${res.status}`] };
      const results = answer.EINV_RESULTS ?? {};
      const errors = (results.ERRORS ?? []).map(text);
      const warnings = (results.WARNINGS ?? []).map(text);
      const submitted = answer.EINV_STATUS === 'SUBMITTED' || answer.EINV_STATUS === 'ALREADY_SUBMITTED';
      if (res.ok && submitted && results.status !== 'ERROR' && !errors.length)
        return {
          status: 'accepted',
          providerId: answer.EINV_INV_UUID || undefined,
          qr: answer.EINV_QR || undefined,
          messages: warnings,
        };
      const messages = [...errors, ...warnings];
      return {
        status: 'rejected',
        messages: messages.length
          ? messages
          : [
              answer.error ??
                `JoFotara did not accept the invoice (HTTP ${res.status}, ${answer.EINV_STATUS ?? 'no status'})`,
            ],
      };
    },
  };
}
