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
 * A UAE accredited service provider (ASP): the Peppol access point ("corner 2") that takes the
 * company's PINT AE documents, delivers them to the buyer's access point and reports them to the
 * FTA. The UAE accredits several ASPs; their APIs differ in detail, so this adapter speaks one
 * shape, modelled on Storecove's Document Submissions API (an access point that serves the UAE):
 *
 *   POST {UAE_ASP_BASE_URL}/api/v2/document_submissions
 *   Authorization: Bearer <the company's API key>
 *   { "legalEntityId": 123,                       // the company at the ASP
 *     "idempotencyGuid": "<the document's UUID>",  // a resend never delivers twice
 *     "routing": { "eIdentifiers": [{ "scheme": "0235", "id": "<buyer TIN>" }] },
 *     "document": { "documentType": "invoice" | "creditnote",
 *                   "rawDocumentData": { "document": "<base64 UBL>", "parse": false, "parseStrategy": "ubl",
 *                                        "processId": "urn:peppol:bis:billing",
 *                                        "documentTypeId": "<Peppol document type id>" } } }
 *
 *   200/201/202 { "guid": "…" }                      → accepted, providerId = guid
 *   422 [{ "source": "…", "details": "…" }] (or { "errors": [...] })  → rejected with those messages
 *   400 and other 4xx                                 → rejected (the document or the request is wrong)
 *   401/403                                           → retry: the API key was refused, not the document
 *   408/425/429/5xx, no answer                        → retry
 * A buyer without a Peppol endpoint (a consumer) is sent without routing: the ASP reports it to
 * the FTA only.
 */
export interface UaeAspCredentials {
  apiKey: string;
  /** The company's id at the ASP. */
  legalEntityId: number;
}

export interface UaeAspOptions {
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

const DOCUMENT_TYPE_ID = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:peppol:pint:billing-1@ae-1::2.1',
  creditnote:
    'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:peppol:pint:billing-1@ae-1::2.1',
} as const;

/** The messages of an ASP error answer: `[{source, details}]`, `{errors: [...]}` or `{message}`. */
function messagesOf(body: unknown, fallback: string): string[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)
      ? (body as { errors: unknown[] }).errors
      : null;
  if (list?.length)
    return list.map((e) => {
      if (typeof e === 'string') return e;
      const { source, details, message } = (e ?? {}) as { source?: string; details?: string; message?: string };
      const text = details ?? message ?? JSON.stringify(e);
      return source ? `${source}: ${text}` : text;
    });
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : null;
  return [typeof message === 'string' && message ? message : fallback];
}

export function uaeAspNetwork(credentials: UaeAspCredentials, options: UaeAspOptions = {}): EInvoiceNetwork {
  const base = (options.baseUrl ?? config().uaeAspBaseUrl).replace(/\/$/, '');
  const fetcher = options.fetch ?? fetch;
  return {
    name: 'uae-asp',
    async send(xml: string, meta: EInvoiceSendMeta): Promise<EInvoiceSendResult> {
      const documentType = meta.kind === 'credit' ? 'creditnote' : 'invoice';
      const body = {
        legalEntityId: credentials.legalEntityId,
        idempotencyGuid: meta.uuid,
        routing: meta.receiver ? { eIdentifiers: [{ scheme: meta.receiver.scheme, id: meta.receiver.id }] } : undefined,
        document: {
          documentType,
          rawDocumentData: {
            document: Buffer.from(xml, 'utf8').toString('base64'),
            parse: false,
            parseStrategy: 'ubl',
            processId: 'urn:peppol:bis:billing',
            documentTypeId: DOCUMENT_TYPE_ID[documentType],
          },
        },
      };
      const res = await post(
        fetcher,
        `${base}/api/v2/document_submissions`,
        {
          headers: {
            authorization: `Bearer ${credentials.apiKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(body),
        },
        options.timeoutMs ?? 30_000,
      );
      if (!(res instanceof Response)) return res;
      const answer = await jsonBody(res);
      if (res.ok) {
        const guid = answer && typeof answer === 'object' ? (answer as { guid?: unknown }).guid : undefined;
        return { status: 'accepted', providerId: typeof guid === 'string' ? guid : undefined, messages: [] };
      }
      if (res.status === 401 || res.status === 403)
        return { status: 'retry', messages: [`The service provider refused the API key (HTTP ${res.status})`] };
      if (isRetryableStatus(res.status))
        return { status: 'retry', messages: messagesOf(answer, `The service provider answered HTTP ${res.status}`) };
      return {
        status: 'rejected',
        messages: messagesOf(answer, `The service provider refused the document (HTTP ${res.status})`),
      };
    },
  };
}
