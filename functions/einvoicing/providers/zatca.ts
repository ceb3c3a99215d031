import { toPem } from '../../../shared/einvoicing/ksa/csr';
import { config } from '../../lib/config';

/**
 * ZATCA Fatoora API client (phase 2, API version V2): onboarding (compliance CSID, compliance checks,
 * production CSID) and submission (reporting of simplified documents, clearance of standard ones).
 * `baseUrl` is the environment's base: https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal
 * (sandbox), …/simulation or …/core (production); locally ZATCA_BASE_URL points at infra/local/zatca-emulator.ts.
 *
 * Every call sends Accept: application/json, Accept-Language: en, Accept-Version: V2. Authenticated calls use
 * HTTP Basic with base64(binarySecurityToken:secret) of the CSID the step needs (compliance CSID for compliance
 * checks and the production-CSID request; production CSID for reporting and clearance).
 *
 * Failures throw `ZatcaError { httpStatus, retryable, messages, validationResults?, duplicate }`:
 * retryable = nothing was decided about the document: network error or timeout (httpStatus 0), 408, 425, 429,
 * 5xx (ZATCA unavailable), 401/403 (the CSID was refused: renew it, then send the same document again) — the
 * same rule as the other e-invoicing networks (uae-jo's providers/types.ts);
 * not retryable = 400 (rejected: the document or request must change), 409 (the uuid was already
 * reported/cleared: `duplicate` true — treat as done, do not resend), other 4xx.
 */
export interface ZatcaMessage {
  type: 'INFO' | 'WARNING' | 'ERROR';
  code: string;
  category: string;
  message: string;
  status: string;
}

export interface ValidationResults {
  infoMessages: ZatcaMessage[];
  warningMessages: ZatcaMessage[];
  errorMessages: ZatcaMessage[];
  status: 'PASS' | 'WARNING' | 'ERROR';
}

export interface ZatcaCredentials {
  binarySecurityToken: string;
  secret: string;
}

export interface ZatcaCsid extends ZatcaCredentials {
  requestID: string;
  dispositionMessage: string;
  /** The issued certificate (PEM), decoded from binarySecurityToken (base64 of the base64 DER). */
  certificatePem: string;
}

export interface ZatcaDocument {
  /** base64 SHA-256 invoice hash (ksaInvoiceHash). */
  invoiceHash: string;
  uuid: string;
  /** The signed XML, as text (the client base64-encodes it). */
  xml: string;
}

export interface ZatcaSubmissionResult {
  httpStatus: number;
  validationResults: ValidationResults;
  reportingStatus?: 'REPORTED' | 'NOT_REPORTED' | null;
  clearanceStatus?: 'CLEARED' | 'NOT_CLEARED' | null;
  /** Clearance only: ZATCA's cleared XML (decoded from base64) — the legal document to keep and share. */
  clearedXml?: string;
  warnings: string[];
}

export class ZatcaError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly retryable: boolean,
    readonly messages: string[],
    readonly validationResults?: ValidationResults,
  ) {
    super(messages.join('; ') || `ZATCA answered ${httpStatus}`);
    this.name = 'ZatcaError';
  }
  get duplicate(): boolean {
    return this.httpStatus === 409;
  }
}

/** Statuses that decide nothing about the document (0 = no answer: network failure or timeout). */
const undecided = (status: number): boolean =>
  status === 0 ||
  status === 401 ||
  status === 403 ||
  status === 408 ||
  status === 425 ||
  status === 429 ||
  status >= 500;

const TIMEOUT_MS = 30_000;

const describe = (m: ZatcaMessage) => `${m.code}: ${m.message}`;

/** The human-readable messages of any ZATCA error body (validation results, {code, message}, errors[]). */
function messagesOf(body: unknown, status: number): string[] {
  if (!body || typeof body !== 'object') return [`HTTP ${status}`];
  const b = body as Record<string, unknown>;
  const vr = b.validationResults as ValidationResults | undefined;
  if (vr?.errorMessages?.length) return vr.errorMessages.map(describe);
  if (Array.isArray(b.errors) && b.errors.length)
    return b.errors.map((e) => (typeof e === 'string' ? e : [e.code, e.message].filter(Boolean).join(': ')));
  const line = [b.code, b.message].filter((x) => typeof x === 'string' && x).join(': ');
  return [line || String(b.error ?? `HTTP ${status}`)];
}

/** HTTP Basic with base64(binarySecurityToken:secret), as ZATCA authenticates a CSID. */
const basicAuth = (c: ZatcaCredentials) =>
  `Basic ${Buffer.from(`${c.binarySecurityToken}:${c.secret}`).toString('base64')}`;

export function zatcaClient(options: { baseUrl?: string; timeoutMs?: number } = {}) {
  const baseUrl = (options.baseUrl ?? config().zatcaBaseUrl).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;

  async function call(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    credentials?: ZatcaCredentials,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'accept-language': 'en',
          'accept-version': 'V2',
          'content-type': 'application/json',
          ...(credentials ? { authorization: basicAuth(credentials) } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ZatcaError(0, true, [`ZATCA unreachable: ${(err as Error).message}`]);
    }
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = { message: text.slice(0, 300) };
    }
    if (res.status >= 300)
      throw new ZatcaError(
        res.status,
        undecided(res.status),
        messagesOf(parsed, res.status),
        parsed.validationResults as ValidationResults | undefined,
      );
    return { status: res.status, body: parsed };
  }

  const csid = (b: Record<string, unknown>): ZatcaCsid => {
    const token = String(b.binarySecurityToken ?? '');
    return {
      requestID: String(b.requestID ?? ''),
      dispositionMessage: String(b.dispositionMessage ?? ''),
      binarySecurityToken: token,
      secret: String(b.secret ?? ''),
      certificatePem: toPem('CERTIFICATE', Buffer.from(Buffer.from(token, 'base64').toString('utf8'), 'base64')),
    };
  };

  const submission = (status: number, b: Record<string, unknown>): ZatcaSubmissionResult => {
    const validationResults = b.validationResults as ValidationResults;
    return {
      httpStatus: status,
      validationResults,
      reportingStatus: b.reportingStatus as ZatcaSubmissionResult['reportingStatus'],
      clearanceStatus: b.clearanceStatus as ZatcaSubmissionResult['clearanceStatus'],
      ...(typeof b.clearedInvoice === 'string'
        ? { clearedXml: Buffer.from(b.clearedInvoice, 'base64').toString('utf8') }
        : {}),
      warnings: (validationResults?.warningMessages ?? []).map(describe),
    };
  };

  const documentBody = (d: ZatcaDocument) => ({
    invoiceHash: d.invoiceHash,
    uuid: d.uuid,
    invoice: Buffer.from(d.xml, 'utf8').toString('base64'),
  });

  return {
    baseUrl,
    /** Step 1 of onboarding: the CSR (base64 of its PEM, as generateKsaKeyAndCsr gives it) and the portal's OTP. */
    async complianceCsid(csrBase64: string, otp: string): Promise<ZatcaCsid> {
      return csid((await call('/compliance', { csr: csrBase64 }, { otp })).body);
    },
    /** Step 2: one compliance check per document type and profile the CSR asked for. */
    async complianceCheck(credentials: ZatcaCredentials, doc: ZatcaDocument): Promise<ZatcaSubmissionResult> {
      const r = await call('/compliance/invoices', documentBody(doc), {}, credentials);
      return submission(r.status, r.body);
    },
    /** Step 3: the production CSID, authenticated with the compliance CSID whose requestID it names. */
    async productionCsid(compliance: ZatcaCsid): Promise<ZatcaCsid> {
      return csid(
        (await call('/production/csids', { compliance_request_id: compliance.requestID }, {}, compliance)).body,
      );
    },
    /** A simplified invoice or note, within 24 hours of issue. */
    async report(credentials: ZatcaCredentials, doc: ZatcaDocument): Promise<ZatcaSubmissionResult> {
      const r = await call('/invoices/reporting/single', documentBody(doc), { 'clearance-status': '0' }, credentials);
      return submission(r.status, r.body);
    },
    /** A standard invoice or note, before it is given to the buyer; the answer carries the cleared XML. */
    async clear(credentials: ZatcaCredentials, doc: ZatcaDocument): Promise<ZatcaSubmissionResult> {
      const r = await call('/invoices/clearance/single', documentBody(doc), { 'clearance-status': '1' }, credentials);
      return submission(r.status, r.body);
    },
  };
}

export type ZatcaClient = ReturnType<typeof zatcaClient>;
