import { generateKeyPairSync, type KeyObject, randomBytes, sign, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOMParser } from '@xmldom/xmldom';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  id_ce_basicConstraints,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';
import xpath from 'xpath';
import { ksaCertificate } from '../../shared/einvoicing/ksa/certificate';
import { OID, parseKsaCsr, toPem } from '../../shared/einvoicing/ksa/csr';
import { ksaInvoiceHash } from '../../shared/einvoicing/ksa/hash';
import { KSA_INITIAL_PIH } from '../../shared/einvoicing/ksa/initial-pih';
import { verifyKsaXml } from '../../shared/einvoicing/ksa/verify';
import type { ValidationResults, ZatcaMessage } from '../../functions/einvoicing/providers/zatca';
import { loadKsaRules, runKsaRules } from './zatca/rules';

/**
 * A ZATCA Fatoora-compatible sandbox ("developer portal" API, Accept-Version V2) for `npm start` and the
 * tests, so onboarding and phase-2 submission run without the internet. Paths are under
 * `/e-invoicing/developer-portal` as on gw-fatoora.zatca.gov.sa:
 *
 *  - `POST /compliance` (header `OTP`, body `{ csr }` = base64 of the CSR's PEM) → compliance CSID
 *    `{ requestID, dispositionMessage: 'ISSUED', binarySecurityToken, secret, errors: null }`. The emulator's CA
 *    (a secp256k1 key and self-signed certificate made at start) issues an X.509 certificate for the CSR's public
 *    key, subject and SAN/template extensions. `binarySecurityToken` is base64 of the certificate's base64 DER,
 *    as ZATCA returns it. Any 6-digit OTP is accepted except "000000" (400 Invalid-OTP).
 *  - `POST /compliance/invoices` (Basic auth with the compliance CSID) `{ invoiceHash, uuid, invoice }` → the
 *    checks below, answered in ZATCA's shape; the document types that passed are recorded per compliance request.
 *  - `POST /production/csids` (Basic auth with the compliance CSID) `{ compliance_request_id }` → production CSID,
 *    only after an invoice, a credit note and a debit note passed the compliance checks for each profile the CSR's
 *    `title` (invoice type "TSxx": T standard, S simplified) asked for; else 400 with what is missing.
 *  - `POST /invoices/reporting/single` (simplified) and `POST /invoices/clearance/single` (standard, header
 *    `Clearance-Status: 1`), Basic auth with the production CSID → 200 REPORTED / CLEARED (202 when warnings),
 *    400 NOT_REPORTED / NOT_CLEARED with `validationResults.errorMessages`, 401 without valid credentials.
 *    A resend of a document already reported or cleared (same uuid, same invoice hash: a taxpayer whose answer
 *    was lost) gets the first answer again, with the same status and the cleared XML, and changes nothing (as
 *    ZATCA answers an already reported/cleared invoice: the document is on record, the call succeeds); it is
 *    listed as ALREADY_REPORTED / ALREADY_CLEARED. Another document under a used uuid (another hash) → 409.
 *
 * Checks on every submitted document: XML well-formed; ZATCA's EN 16931 and KSA rules (SaxonJS, see
 * zatca/rules.ts; no XSD check); `uuid` equals cbc:UUID; `invoiceHash` equals the hash recomputed from the XML;
 * signature and QR verify (verifyKsaXml); the signing certificate is the one the caller authenticated with and its
 * invoice type (the CSR's title) allows the document's profile (standard/simplified); and
 * per device (= certificate) the chain, as ZATCA states it: ICV and PIH follow the order the device GENERATED its
 * documents in, whatever their type and whatever ZATCA answered (a rejected document stays in the chain; its fix
 * is a new document with the next ICV), and documents may be submitted in any order. So: ICV is a positive
 * integer; ICV 1 carries the SDK's initial PIH; a document whose ICV − 1 the emulator has seen from this device
 * (accepted or rejected) must carry that document's hash as PIH (not seen yet: submitted out of order, not
 * checked). The compliance CSID and the production CSID are different certificates, so each has its own chain.
 *
 * The clearance stamp: ZATCA returns the cleared XML with its own stamp. The emulator's `clearedInvoice` is the
 * submitted XML with one more ext:UBLExtension (ExtensionURI `urn:sayyara:zatca-emulator:clearance`) holding the
 * clearance time, the invoice hash, the CA's ECDSA-SHA256 signature over `hash + '|' + time` and the CA
 * certificate; `verifyClearanceStamp` checks it. UBLExtensions are outside the invoice hash and the taxpayer's
 * signed data, so the cleared document keeps its hash and its taxpayer signature.
 *
 * Test hooks: `POST /_emulator/faults { count, status, uuid? }` makes the next `count` submissions (of the
 * document `uuid` only, when given: test files share the emulator) (compliance/invoices,
 * reporting, clearance) answer `status` before any processing; `GET /_emulator/documents` lists submissions;
 * `GET /_emulator/ca` gives the CA certificate (PEM).
 */
export const ZATCA_BASE_PATH = '/e-invoicing/developer-portal';
export const CLEARANCE_EXTENSION_URI = 'urn:sayyara:zatca-emulator:clearance';

type ValidationStatus = ValidationResults['status'];

export interface ZatcaSubmission {
  endpoint: 'compliance' | 'reporting' | 'clearance';
  uuid: string;
  /** '388' invoice, '381' credit note, '383' debit note. */
  typeCode?: string;
  profile?: 'standard' | 'simplified';
  icv?: number;
  httpStatus: number;
  status: string;
  errors: string[];
  /** The invoice hash the emulator recomputed (the next PIH when accepted). */
  hash?: string;
  /** Time spent checking the document (rules, hash, signature), in ms. */
  checkMs?: number;
  at: string;
}

interface Csid {
  kind: 'compliance' | 'production';
  requestID: string;
  token: string;
  secret: string;
  certB64: string;
  /** The CSR's invoice type ('1100'…) and what it needs to pass before a production CSID. */
  invoiceType: string;
  csrBase64: string;
}

export interface ZatcaEmulator {
  port: number;
  url: string;
  /** The API base, as ZATCA_BASE_URL: `${url}/e-invoicing/developer-portal`. */
  baseUrl: string;
  caCertificatePem: string;
  documents: ZatcaSubmission[];
  stop(): Promise<void>;
}

const DOMAIN_COMPONENT = '0.9.2342.19200300.100.1.25';
const KIND: Record<string, string> = { '388': 'invoice', '381': 'credit note', '383': 'debit note' };

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((res, rej) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res(Buffer.concat(chunks).toString('utf8')));
    req.on('error', rej);
  });

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const msg = (type: ZatcaMessage['type'], code: string, category: string, message: string): ZatcaMessage => ({
  type,
  code,
  category,
  message,
  status: type === 'ERROR' ? 'ERROR' : type === 'WARNING' ? 'WARNING' : 'PASS',
});

function issueCertificate(
  ca: { key: KeyObject; name: Name },
  subject: Name,
  spkiDer: Buffer,
  extensions: Extension[],
  days: number,
): Buffer {
  const serial = randomBytes(16);
  serial[0] &= 0x7f; // positive INTEGER
  const now = Date.now();
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array(serial).buffer,
    signature: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    issuer: ca.name,
    validity: new Validity({ notBefore: new Date(now - 60_000), notAfter: new Date(now + days * 86_400_000) }),
    subject,
    subjectPublicKeyInfo: AsnConvert.parse(spkiDer, SubjectPublicKeyInfo),
    extensions: new Extensions(extensions),
  });
  const tbsDer = Buffer.from(AsnConvert.serialize(tbs));
  const cert = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signatureValue: new Uint8Array(sign('sha256', tbsDer, ca.key)).buffer,
  });
  return Buffer.from(AsnConvert.serialize(cert));
}

function makeCa() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  // Shaped like ZATCA's sandbox issuer (CN=TSZEINVOICE-SubCA-1, DC=extgazt, DC=gov, DC=local).
  const name = new Name([
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: DOMAIN_COMPONENT, value: new AttributeValue({ ia5String: 'local' }) }),
    ]),
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: DOMAIN_COMPONENT, value: new AttributeValue({ ia5String: 'emulator' }) }),
    ]),
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({
        type: OID.commonName,
        value: new AttributeValue({ printableString: 'SAYYARA-ZATCA-EMULATOR-SubCA-1' }),
      }),
    ]),
  ]);
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const der = issueCertificate(
    { key: privateKey, name },
    name,
    spki,
    [
      new Extension({
        extnID: id_ce_basicConstraints,
        critical: true,
        extnValue: new OctetString(AsnConvert.serialize(new BasicConstraints({ cA: true }))),
      }),
    ],
    3650,
  );
  return { key: privateKey, name, der, pem: toPem('CERTIFICATE', der) };
}

/** Checks the emulator's clearance stamp on a cleared XML against the CA certificate (PEM). */
export function verifyClearanceStamp(clearedXml: string, caCertificatePem: string): boolean {
  const block = new RegExp(
    `<ext:UBLExtension><ext:ExtensionURI>${CLEARANCE_EXTENSION_URI}</ext:ExtensionURI>[\\s\\S]*?</ext:UBLExtension>`,
  ).exec(clearedXml)?.[0];
  if (!block) return false;
  const field = (n: string) => new RegExp(`<zemu:${n}>([^<]*)</zemu:${n}>`).exec(block)?.[1] ?? '';
  const key = ksaCertificate(caCertificatePem).x509.publicKey;
  const signed = Buffer.from(`${field('InvoiceHash')}|${field('ClearanceTime')}`);
  return (
    field('InvoiceHash') === ksaInvoiceHash(clearedXml) &&
    verify('sha256', signed, key, Buffer.from(field('SignatureValue'), 'base64'))
  );
}

const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
};
const bindNamespaces = xpath.useNamespaces; // not a React hook
const selectNs = bindNamespaces(NS) as (expr: string, node: Node) => unknown;

interface Facts {
  uuid: string;
  typeCode: string;
  profile?: 'standard' | 'simplified';
  icv: number;
  pih: string;
  certB64: string;
}

function readFacts(xml: string): Facts | string {
  const errors: string[] = [];
  let doc: ReturnType<DOMParser['parseFromString']> | undefined;
  try {
    doc = new DOMParser({
      onError: (level: string, message: string) => {
        if (level !== 'warning') errors.push(message);
      },
    }).parseFromString(xml, 'text/xml');
  } catch (err) {
    errors.push((err as Error).message);
  }
  if (errors.length || !doc?.documentElement) return errors[0] ?? 'not XML';
  const text = (path: string) => {
    const r = selectNs(`string(${path})`, doc as unknown as Node);
    return String(r).trim();
  };
  const name = text('/*/cbc:InvoiceTypeCode/@name');
  return {
    uuid: text('/*/cbc:UUID'),
    typeCode: text('/*/cbc:InvoiceTypeCode'),
    profile: name.startsWith('01') ? 'standard' : name.startsWith('02') ? 'simplified' : undefined,
    icv: Number(text("/*/cac:AdditionalDocumentReference[cbc:ID='ICV']/cbc:UUID")),
    pih: text("/*/cac:AdditionalDocumentReference[cbc:ID='PIH']/cac:Attachment/cbc:EmbeddedDocumentBinaryObject"),
    certB64: text('//ds:X509Certificate').replace(/\s+/g, ''),
  };
}

export async function startZatcaEmulator(port = 0, host = '127.0.0.1'): Promise<ZatcaEmulator> {
  const ca = makeCa();
  void loadKsaRules().catch(() => undefined); // compile/load the rules while onboarding happens
  const csids = new Map<string, Csid>(); // by binarySecurityToken
  const passed = new Map<string, Set<string>>(); // compliance requestID → "standard:388"…
  // by certificate (base64 DER): ICV → the hash of the latest document the device sent with it (any outcome)
  const chains = new Map<string, Map<number, string>>();
  // uuid → the accepted answer (production only): a resend of the same document (same hash) gets it again
  const finalised = new Map<string, { outcome: string; hash: string; httpStatus: number; answer: unknown }>();
  const documents: ZatcaSubmission[] = [];
  const faults: { count: number; status: number; uuid?: string } = { count: 0, status: 500 };
  let nextRequestId = 1_234_567_890_000 + Math.floor(Math.random() * 1000) * 1000;

  function authenticate(req: IncomingMessage, kind: Csid['kind']): Csid | undefined {
    const m = /^Basic\s+(.+)$/i.exec(String(req.headers.authorization ?? ''));
    if (!m) return undefined;
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const at = decoded.lastIndexOf(':');
    const csid = csids.get(decoded.slice(0, at));
    return csid && csid.kind === kind && csid.secret === decoded.slice(at + 1) ? csid : undefined;
  }

  function issueCsid(kind: Csid['kind'], csrBase64: string, requestID?: string): Csid {
    const csr = parseKsaCsr(csrBase64);
    const extensions = [];
    if (csr.sanExtensionDer)
      extensions.push(
        new Extension({ extnID: '2.5.29.17', critical: false, extnValue: new OctetString(csr.sanExtensionDer) }),
      );
    const der = issueCertificate(
      ca,
      AsnConvert.parse(csr.subjectDer, Name),
      csr.spkiDer,
      extensions,
      kind === 'production' ? 365 * 5 : 365,
    );
    const certB64 = der.toString('base64');
    const csid: Csid = {
      kind,
      requestID: requestID ?? String(nextRequestId++),
      token: Buffer.from(certB64).toString('base64'),
      secret: randomBytes(32).toString('base64').replace(/[+/=]/g, '').slice(0, 43),
      certB64,
      invoiceType: csr.san.title ?? '',
      csrBase64,
    };
    csids.set(csid.token, csid);
    return csid;
  }

  async function checkDocument(
    body: { invoiceHash?: string; uuid?: string; invoice?: string },
    csid: Csid,
    endpoint: ZatcaSubmission['endpoint'],
  ) {
    const errors: ZatcaMessage[] = [];
    const warnings: ZatcaMessage[] = [];
    const xml = Buffer.from(String(body.invoice ?? ''), 'base64').toString('utf8');
    const facts = readFacts(xml);
    if (typeof facts === 'string') {
      errors.push(msg('ERROR', 'XSD_SCHEMA_ERROR', 'XSD validation', `The invoice is not well-formed XML: ${facts}`));
      return { errors, warnings, xml };
    }
    if (facts.uuid !== body.uuid)
      errors.push(msg('ERROR', 'invalid-uuid', 'KSA', 'The uuid in the request does not match the invoice cbc:UUID'));
    if (endpoint === 'reporting' && facts.profile !== 'simplified')
      errors.push(
        msg('ERROR', 'invalid-invoice-type', 'KSA', 'Only simplified tax invoices and their notes can be reported'),
      );
    if (endpoint === 'clearance' && facts.profile !== 'standard')
      errors.push(
        msg('ERROR', 'invalid-invoice-type', 'KSA', 'Only standard tax invoices and their notes can be cleared'),
      );
    const allowed = facts.profile === 'standard' ? csid.invoiceType[0] === '1' : csid.invoiceType[1] === '1';
    if (facts.profile && !allowed)
      errors.push(
        msg(
          'ERROR',
          'certificate-permissions',
          'CERTIFICATE_ERRORS',
          `The certificate (invoice type ${csid.invoiceType}) is not authorised to submit ${facts.profile} documents`,
        ),
      );
    for (const f of await runKsaRules(xml)) {
      const m = msg(f.flag === 'warning' ? 'WARNING' : 'ERROR', f.id, f.set === 'KSA' ? 'KSA' : 'EN', f.text);
      (m.type === 'WARNING' ? warnings : errors).push(m);
    }
    const hash = ksaInvoiceHash(xml);
    if (hash !== body.invoiceHash)
      errors.push(
        msg(
          'ERROR',
          'invalid-invoice-hash',
          'INVOICE_HASHING_ERRORS',
          'The invoice hash API body does not match the (calculated) Hash of the XML',
        ),
      );
    const previous = facts.icv === 1 ? KSA_INITIAL_PIH : chains.get(csid.certB64)?.get(facts.icv - 1);
    const verified = verifyKsaXml(xml);
    if (previous !== undefined && verified.pih !== previous)
      errors.push(
        msg(
          'ERROR',
          'KSA-13',
          'KSA',
          facts.icv === 1
            ? 'The previous invoice hash (PIH) of ICV 1 must be the initial hash (base64 SHA-256 of "0")'
            : `The previous invoice hash (PIH) must be the hash of this device's document with ICV ${facts.icv - 1}`,
        ),
      );
    for (const e of verified.errors)
      errors.push(msg('ERROR', /pih|previous/i.test(e) ? 'KSA-13' : 'signature-or-qr', 'SIGNATURE', e));
    if (facts.certB64 !== csid.certB64)
      errors.push(
        msg(
          'ERROR',
          'certificate-mismatch',
          'SIGNATURE',
          'The invoice is not signed with the certificate of the CSID used to submit it',
        ),
      );
    if (!Number.isInteger(facts.icv) || facts.icv < 1)
      errors.push(msg('ERROR', 'KSA-16', 'KSA', 'Invoice counter value (ICV) must be a positive integer'));
    else {
      const chain = chains.get(csid.certB64) ?? new Map<number, string>();
      chain.set(facts.icv, hash);
      chains.set(csid.certB64, chain);
    }
    return { errors, warnings, xml, facts, hash };
  }

  async function submission(req: IncomingMessage, res: ServerResponse, endpoint: ZatcaSubmission['endpoint']) {
    const record = (s: Omit<ZatcaSubmission, 'endpoint' | 'at'>) =>
      documents.push({ endpoint, at: new Date().toISOString(), ...s });
    const raw = await readBody(req);
    if (faults.count > 0) {
      let sent = '';
      try {
        sent = String((JSON.parse(raw) as { uuid?: unknown }).uuid ?? '');
      } catch {
        sent = '';
      }
      if (!faults.uuid || faults.uuid === sent) {
        faults.count--;
        record({ uuid: faults.uuid ? sent : '', httpStatus: faults.status, status: 'FAULT', errors: [] });
        return json(res, faults.status, { message: `Emulated fault ${faults.status}` });
      }
      if (req.headers['accept-version'] !== 'V2')
        return json(res, 400, { code: 'Invalid-Request', message: 'Accept-Version: V2 is required' });
    }
    const csid = authenticate(req, endpoint === 'compliance' ? 'compliance' : 'production');
    if (!csid) {
      record({ uuid: '', httpStatus: 401, status: 'UNAUTHORIZED', errors: [] });
      return json(res, 401, { timestamp: Date.now(), status: 401, error: 'Unauthorized', message: '' });
    }
    let body: { invoiceHash?: string; uuid?: string; invoice?: string };
    try {
      body = JSON.parse(raw);
    } catch {
      return json(res, 400, { code: 'Invalid-Request', message: 'The request body is not JSON' });
    }
    const uuid = String(body.uuid ?? '');
    if (endpoint === 'clearance' && req.headers['clearance-status'] !== '1')
      return json(res, 400, { code: 'Clearance-Status', message: 'Header Clearance-Status must be 1 (clearance on)' });
    const done = endpoint === 'compliance' ? undefined : finalised.get(uuid);
    if (done && done.hash === body.invoiceHash) {
      // The same document again (a resend after a lost answer): its first answer, nothing recorded twice.
      record({ uuid, hash: done.hash, httpStatus: done.httpStatus, status: `ALREADY_${done.outcome}`, errors: [] });
      return json(res, done.httpStatus, done.answer);
    }
    if (done) {
      const e = msg(
        'ERROR',
        'Invoice-Errors',
        'DUPLICATE',
        `The invoice with this uuid has already been ${done.outcome.toLowerCase()} before`,
      );
      record({ uuid, httpStatus: 409, status: 'DUPLICATE', errors: [e.message] });
      return json(res, 409, {
        validationResults: { infoMessages: [], warningMessages: [], errorMessages: [e], status: 'ERROR' },
        ...(endpoint === 'clearance' ? { clearanceStatus: 'NOT_CLEARED' } : { reportingStatus: 'NOT_REPORTED' }),
      });
    }
    const started = performance.now();
    const checked = await checkDocument(body, csid, endpoint);
    const checkMs = Math.round(performance.now() - started);
    const { errors, warnings, facts } = checked;
    const status: ValidationStatus = errors.length ? 'ERROR' : warnings.length ? 'WARNING' : 'PASS';
    const validationResults: ValidationResults = {
      infoMessages:
        status === 'ERROR'
          ? []
          : [
              msg(
                'INFO',
                'EMULATOR_CHECKS_PASSED',
                'Emulator',
                'Well-formed XML; EN 16931 and KSA rules, invoice hash, signature, QR and ICV/PIH chain ' +
                  'checked (the emulator does not run the XSD)',
              ),
            ],
      warningMessages: warnings,
      errorMessages: errors,
      status,
    };
    const httpStatus = status === 'ERROR' ? 400 : status === 'WARNING' ? 202 : 200;
    const standard = facts?.profile === 'standard';
    const clearance = endpoint === 'clearance' || (endpoint === 'compliance' && standard);
    const outcome = clearance
      ? status === 'ERROR'
        ? 'NOT_CLEARED'
        : 'CLEARED'
      : status === 'ERROR'
        ? 'NOT_REPORTED'
        : 'REPORTED';
    record({
      uuid,
      typeCode: facts?.typeCode,
      profile: facts?.profile,
      icv: facts?.icv,
      hash: checked.hash,
      checkMs,
      httpStatus,
      status: outcome,
      errors: errors.map((e) => `${e.code}: ${e.message}`),
    });
    const answer: Record<string, unknown> = { validationResults };
    if (clearance) answer.clearanceStatus = outcome;
    else answer.reportingStatus = outcome;
    if (endpoint === 'compliance') {
      answer[clearance ? 'reportingStatus' : 'clearanceStatus'] = null;
      answer.qrSellertStatus = null;
      answer.qrBuyertStatus = null;
    }
    if (status !== 'ERROR' && facts && checked.hash) {
      if (endpoint === 'compliance') {
        const set = passed.get(csid.requestID) ?? new Set<string>();
        set.add(`${facts.profile}:${facts.typeCode}`);
        passed.set(csid.requestID, set);
      }
      if (clearance && endpoint === 'clearance')
        answer.clearedInvoice = Buffer.from(stampCleared(checked.xml, checked.hash)).toString('base64');
      if (endpoint !== 'compliance') finalised.set(uuid, { outcome, hash: checked.hash, httpStatus, answer });
    }
    return json(res, httpStatus, answer);
  }

  function stampCleared(xml: string, hash: string): string {
    const time = new Date().toISOString().slice(0, 19);
    const signature = sign('sha256', Buffer.from(`${hash}|${time}`), ca.key).toString('base64');
    const ext = [
      `<ext:UBLExtension><ext:ExtensionURI>${CLEARANCE_EXTENSION_URI}</ext:ExtensionURI><ext:ExtensionContent>`,
      `<zemu:ClearanceStamp xmlns:zemu="${CLEARANCE_EXTENSION_URI}">`,
      `<zemu:ClearanceTime>${time}</zemu:ClearanceTime><zemu:InvoiceHash>${hash}</zemu:InvoiceHash>`,
      `<zemu:SignatureValue>${signature}</zemu:SignatureValue>`,
      `<zemu:Certificate>${ca.der.toString('base64')}</zemu:Certificate>`,
      '</zemu:ClearanceStamp></ext:ExtensionContent></ext:UBLExtension>',
    ].join('');
    return xml.replace(/<\/ext:UBLExtensions>/, `${ext}</ext:UBLExtensions>`);
  }

  function missingForProduction(csid: Csid): string[] {
    const got = passed.get(csid.requestID) ?? new Set<string>();
    const profiles = [
      ...(csid.invoiceType[0] === '1' ? ['standard' as const] : []),
      ...(csid.invoiceType[1] === '1' ? ['simplified' as const] : []),
    ];
    return profiles.flatMap((p) =>
      ['388', '381', '383'].filter((c) => !got.has(`${p}:${c}`)).map((c) => `${p} ${KIND[c]}`),
    );
  }

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      if (req.method === 'POST' && path === '/_emulator/faults') {
        const b = JSON.parse((await readBody(req)) || '{}') as { count?: number; status?: number; uuid?: string };
        faults.count = Number(b.count ?? 1);
        faults.status = Number(b.status ?? 500);
        faults.uuid = typeof b.uuid === 'string' && b.uuid ? b.uuid : undefined;
        return json(res, 200, faults);
      }
      if (req.method === 'GET' && path === '/_emulator/documents') return json(res, 200, documents);
      if (req.method === 'GET' && path === '/_emulator/ca') {
        res.writeHead(200, { 'content-type': 'application/x-pem-file' });
        return res.end(ca.pem);
      }
      if (!path.startsWith(ZATCA_BASE_PATH)) return json(res, 404, { message: 'Not found' });
      const route = `${req.method} ${path.slice(ZATCA_BASE_PATH.length)}`;
      const known = [
        'POST /compliance',
        'POST /compliance/invoices',
        'POST /production/csids',
        'POST /invoices/reporting/single',
        'POST /invoices/clearance/single',
      ];
      if (!known.includes(route)) return json(res, 404, { message: 'Not found' });
      const submissions: Record<string, ZatcaSubmission['endpoint']> = {
        'POST /compliance/invoices': 'compliance',
        'POST /invoices/reporting/single': 'reporting',
        'POST /invoices/clearance/single': 'clearance',
      };
      if (submissions[route] && faults.count > 0) return await submission(req, res, submissions[route]);
      if (req.headers['accept-version'] !== 'V2') {
        await readBody(req);
        return json(res, 400, {
          code: 'Invalid-Request',
          message: 'This version is not supported or not provided in the header (Accept-Version: V2).',
        });
      }
      if (route === 'POST /compliance') {
        const raw = await readBody(req);
        const otp = String(req.headers.otp ?? '');
        if (!/^\d{6}$/.test(otp) || otp === '000000')
          return json(res, 400, { code: 'Invalid-OTP', message: 'Invalid OTP' });
        const csr = String((JSON.parse(raw || '{}') as { csr?: string }).csr ?? '');
        let parsed: ReturnType<typeof parseKsaCsr> | undefined;
        try {
          parsed = csr ? parseKsaCsr(csr) : undefined;
        } catch {
          parsed = undefined;
        }
        if (!parsed?.signatureValid || !/^[01]{4}$/.test(parsed.san.title ?? ''))
          return json(res, 400, {
            code: 'Invalid-CSR',
            message: 'Invalid CSR: it must be a signed CSR with the ZATCA fields',
          });
        const csid = issueCsid('compliance', csr);
        return json(res, 200, {
          requestID: Number(csid.requestID),
          dispositionMessage: 'ISSUED',
          binarySecurityToken: csid.token,
          secret: csid.secret,
          errors: null,
        });
      }
      if (submissions[route]) return await submission(req, res, submissions[route]);
      // POST /production/csids
      const compliance = authenticate(req, 'compliance');
      const b = JSON.parse((await readBody(req)) || '{}') as { compliance_request_id?: string | number };
      if (!compliance)
        return json(res, 401, { timestamp: Date.now(), status: 401, error: 'Unauthorized', message: '' });
      if (String(b.compliance_request_id ?? '') !== compliance.requestID)
        return json(res, 400, {
          code: 'Invalid-Request-ID',
          message: 'compliance_request_id does not match the CSID used',
        });
      const missing = missingForProduction(compliance);
      if (missing.length)
        return json(res, 400, {
          code: 'Missing-Compliance-Steps',
          message: `The compliance checks have not passed for: ${missing.join(', ')}`,
        });
      const production = issueCsid('production', compliance.csrBase64, String(nextRequestId++));
      return json(res, 200, {
        requestID: Number(production.requestID),
        tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
        dispositionMessage: 'ISSUED',
        binarySecurityToken: production.token,
        secret: production.secret,
      });
    } catch (err) {
      json(res, 500, { message: (err as Error).message });
    }
  });
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(port, host, () => res());
  });
  const actual = (server.address() as AddressInfo).port;
  const url = `http://localhost:${actual}`;
  return {
    port: actual,
    url,
    baseUrl: `${url}${ZATCA_BASE_PATH}`,
    caCertificatePem: ca.pem,
    documents,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections?.();
      }),
  };
}
