/**
 * One interface for every e-invoicing network a company's documents go through (a UAE accredited
 * service provider, Jordan's JoFotara; ZATCA's reporting and clearance fit it too): hand over the
 * document's XML, get back what the network decided.
 *
 * - `accepted`: the network took the document (`providerId` is its reference; `qr` the QR payload
 *   the network issued, when it issues one, to print on the invoice);
 * - `rejected`: the network refused THIS document (its messages say why); resending it unchanged
 *   would be refused again — the invoice is corrected by a credit note and a new invoice;
 * - `retry`: nothing was decided (network down, timeout, throttled, 5xx, credentials refused):
 *   the same document may be sent again later; `messages` says what happened.
 */
export type EInvoiceSendStatus = 'accepted' | 'rejected' | 'retry';

export interface EInvoiceSendResult {
  status: EInvoiceSendStatus;
  providerId?: string;
  qr?: string;
  messages: string[];
}

export interface EInvoiceSendMeta {
  /** The product's id of the document (the invoice or credit note id): the idempotency key of a send. */
  documentId: string;
  /** The document's UUID as written in the XML. */
  uuid: string;
  /** The printed number (INV-…, CN-…). */
  number: string;
  kind: 'invoice' | 'credit' | 'debit';
  /** Peppol endpoint of the receiver (scheme and id) when the network routes on it (UAE: 0235 + TIN). */
  receiver?: { scheme: string; id: string } | null;
}

export interface EInvoiceNetwork {
  readonly name: string;
  send(xml: string, meta: EInvoiceSendMeta): Promise<EInvoiceSendResult>;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** HTTP statuses that decide nothing about the document: send it again later. */
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 425 || status === 429 || status >= 500;

/** The answer's JSON body, or null when it has none (an HTML error page from a proxy, an empty 503). */
export async function jsonBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A fetch that failed before any answer (DNS, refused connection, timeout) is a retry, never a rejection. */
export async function post(
  fetcher: FetchLike,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response | EInvoiceSendResult> {
  try {
    return await fetcher(url, { ...init, method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    return { status: 'retry', messages: [`No answer from ${new URL(url).host}: ${(err as Error).message}`] };
  }
}
