import { verify as ecdsaVerify } from 'node:crypto';
import { decodeZatcaTlv } from '../../invoices/zatca';
import { type KsaCertificate, ksaCertificate } from './certificate';
import { ksaDocumentFields, ksaSelect, ksaText } from './fields';
import { ksaHexDigestBase64, ksaInvoiceHash, ksaSignedPropertiesDigest, parseKsaXml } from './hash';

/**
 * Checks a stamped ZATCA document the way ZATCA's checker does (what the SDK jar's "validate"
 * covers beyond the XSD and business rules):
 * - the invoice hash recomputed from the document equals the invoiceSignedData DigestValue;
 * - the SignatureValue verifies (ECDSA secp256k1, SHA-256 over the hash bytes) with the public key
 *   of the embedded certificate;
 * - the SignedProperties digest, and the certificate digest, issuer and serial inside it;
 * - the QR: tags 1–5 repeat the document, 6 the hash, 7 the signature, 8 the certificate's public
 *   key, 9 (simplified documents only, absent on standard ones) the certificate's signature;
 * - optionally, the PIH is the one the chain expects.
 * It never throws on a bad document: every finding is an error string.
 */
export interface KsaVerification {
  ok: boolean;
  errors: string[];
  /** The invoice hash recomputed from the document ('' when it is not well-formed XML). */
  hash: string;
  icv: number;
  pih: string;
  uuid: string;
  /** QR records by tag: UTF-8 text, except tags 8 and 9 (binary) in Base64. */
  qrTags: Record<number, string>;
}

const SIGNATURE = '/inv:Invoice/ext:UBLExtensions//ds:Signature';
const SIGNED_PROPS = `${SIGNATURE}/ds:Object/xades:QualifyingProperties/xades:SignedProperties`;
const CERT = `${SIGNED_PROPS}/xades:SignedSignatureProperties/xades:SigningCertificate/xades:Cert`;
const QR = "/inv:Invoice/cac:AdditionalDocumentReference[cbc:ID='QR']/cac:Attachment/cbc:EmbeddedDocumentBinaryObject";

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const BINARY_TAGS = new Set([8, 9]);

export function verifyKsaXml(xml: string, options: { expectedPih?: string } = {}): KsaVerification {
  const errors: string[] = [];
  let doc: ReturnType<typeof parseKsaXml>;
  try {
    doc = parseKsaXml(xml);
  } catch (e) {
    return { ok: false, errors: [(e as Error).message], hash: '', icv: 0, pih: '', uuid: '', qrTags: {} };
  }
  const text = (path: string) => ksaText(path, doc);
  const hash = ksaInvoiceHash(xml);
  const fields = ksaDocumentFields(doc);
  if (!Number.isInteger(fields.icv) || fields.icv < 1) errors.push('ICV (KSA-16) is missing or not a positive integer');
  if (!fields.pih) errors.push('PIH (KSA-13) is missing');
  if (options.expectedPih !== undefined && fields.pih !== options.expectedPih) {
    errors.push(`PIH ${fields.pih} is not the previous document's hash ${options.expectedPih}`);
  }

  // The signature
  const signedHash = text(`${SIGNATURE}/ds:SignedInfo/ds:Reference[@Id='invoiceSignedData']/ds:DigestValue`);
  if (signedHash !== hash) errors.push(`invoice hash ${hash} differs from the signed digest ${signedHash || '(none)'}`);
  const signature = text(`${SIGNATURE}/ds:SignatureValue`);
  let cert: KsaCertificate | null = null;
  try {
    cert = ksaCertificate(text(`${SIGNATURE}/ds:KeyInfo/ds:X509Data/ds:X509Certificate`));
  } catch {
    errors.push('the signing certificate is missing or unreadable');
  }
  if (cert) {
    const good =
      signature !== '' &&
      ecdsaVerify('sha256', Buffer.from(hash, 'base64'), cert.x509.publicKey, Buffer.from(signature, 'base64'));
    if (!good) errors.push("the signature does not verify with the certificate's public key over the invoice hash");
    if (text(`${CERT}/xades:CertDigest/ds:DigestValue`) !== ksaHexDigestBase64(cert.base64)) {
      errors.push('the SigningCertificate digest is not the digest of the embedded certificate');
    }
    if (text(`${CERT}/xades:IssuerSerial/ds:X509IssuerName`) !== cert.issuerName) {
      errors.push('the SigningCertificate issuer is not the certificate issuer');
    }
    if (text(`${CERT}/xades:IssuerSerial/ds:X509SerialNumber`) !== cert.serialNumber) {
      errors.push('the SigningCertificate serial number is not the certificate serial');
    }
  }
  const signedProperties = ksaSelect(SIGNED_PROPS, doc)[0];
  const propsDigest = text(`${SIGNATURE}/ds:SignedInfo/ds:Reference[@URI='#xadesSignedProperties']/ds:DigestValue`);
  if (!signedProperties) errors.push('xades:SignedProperties is missing');
  else if (ksaSignedPropertiesDigest(signedProperties) !== propsDigest) {
    errors.push('the SignedProperties digest does not match the signed properties');
  }

  // The QR
  const qrTags: Record<number, string> = {};
  const qr = text(QR);
  let records: { tag: number; bytes: Uint8Array }[] = [];
  try {
    records = qr ? decodeZatcaTlv(qr) : [];
  } catch (e) {
    errors.push((e as Error).message);
  }
  for (const r of records)
    qrTags[r.tag] = BINARY_TAGS.has(r.tag) ? b64(r.bytes) : Buffer.from(r.bytes).toString('utf8');
  const expectedTags = fields.simplified ? [1, 2, 3, 4, 5, 6, 7, 8, 9] : [1, 2, 3, 4, 5, 6, 7, 8];
  const tags = records.map((r) => r.tag);
  if (tags.join() !== expectedTags.join()) {
    const kind = fields.simplified ? 'simplified' : 'standard';
    errors.push(`QR tags ${tags.join(',') || '(none)'}; a ${kind} document carries ${expectedTags.join(',')}`);
  }
  const expect = (tag: number, value: string | undefined, what: string) => {
    if (tag in qrTags && qrTags[tag] !== value) errors.push(`QR tag ${tag} is not ${what}`);
  };
  expect(1, fields.sellerName, "the seller's name");
  expect(2, fields.vatNumber, "the seller's VAT number");
  expect(3, fields.timestamp, 'the issue date and time');
  expect(4, fields.totalWithVat, 'the total with VAT');
  expect(5, fields.vatTotal, 'the VAT total');
  expect(6, hash, 'the invoice hash');
  expect(7, signature, 'the signature');
  if (cert) {
    expect(8, b64(cert.publicKeyDer), "the certificate's public key");
    expect(9, b64(cert.signatureBytes), "the certificate's signature");
  }
  return { ok: errors.length === 0, errors, hash, icv: fields.icv, pih: fields.pih, uuid: fields.uuid, qrTags };
}
