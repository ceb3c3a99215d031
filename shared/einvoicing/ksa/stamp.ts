import { sign } from 'node:crypto';
import { zatcaPhase2QrPayload } from '../../invoices/zatca';
import { escapeXml } from './build';
import { ksaCertificate, ksaPrivateKey } from './certificate';
import { KSA_XPATH_NS as NS, ksaDocumentFields, ksaSelect } from './fields';
import { ksaHexDigestBase64, ksaInvoiceHash, ksaSignedPropertiesDigest, parseKsaXml } from './hash';

/**
 * ZATCA's cryptographic stamp on a document from buildKsaXml, in the SDK samples' structure:
 * - ext:UBLExtensions with one XAdES-BES enveloped ds:Signature: SignedInfo (C14N 1.1, ECDSA-SHA256)
 *   with two references — "invoiceSignedData" (URI "", the three XPath transforms and C14N 1.1:
 *   the invoice hash of hash.ts) and the xades:SignedProperties (SigningTime, and SigningCertificate
 *   with the certificate's digest, issuer and serial); the SignatureValue; the certificate.
 * - the phase-2 QR as cac:AdditionalDocumentReference ID=QR (tags 1–8, and 9 for simplified);
 * - cac:Signature pointing at the UBL signature.
 *
 * What is signed is ZATCA's, not plain XMLDSig: SignatureValue is the ECDSA (secp256k1, SHA-256,
 * DER, Base64) signature over the 32 bytes of the invoice hash — the SDK signs that, not the
 * SignedInfo (checked against the SDK samples' signatures in stamp.test.ts). The certificate and
 * SignedProperties digests are Base64 of the hex SHA-256 (hash.ts).
 */
export interface KsaStampKeys {
  /** PEM (SEC1 or PKCS#8), or the bare Base64 of the SEC1 DER as in the SDK's key file. */
  privateKeyPem: string;
  /** PEM, or the bare Base64 of the DER (ZATCA's binarySecurityToken decoded, the SDK's cert.pem). */
  certificatePem: string;
  /** Defaults to now; written in UTC to the second (2023-01-24T11:16:44Z). */
  signingTime?: Date;
}

export interface KsaStamped {
  xml: string;
  /** The invoice hash: the next document's PIH. */
  hash: string;
  /** SignatureValue (Base64 of the DER ECDSA signature), QR tag 7. */
  signature: string;
  /** The QR payload (Base64 TLV) the PDF draws. */
  qr: string;
}

const DIGEST_PLACEHOLDER = '@@SIGNED_PROPERTIES_DIGEST@@';
const QR_PLACEHOLDER = '@@QR@@';

/** The UBL extension, indented as the SDK samples (the SignedProperties digest covers its whitespace). */
function extensions(v: {
  hash: string;
  signature: string;
  certificate: string;
  signingTime: string;
  certDigest: string;
  issuer: string;
  serial: string;
}): string {
  return `<ext:UBLExtensions>
    <ext:UBLExtension>
        <ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>
        <ext:ExtensionContent>
            <sig:UBLDocumentSignatures xmlns:sig="${NS.sig}" xmlns:sac="${NS.sac}" xmlns:sbc="${NS.sbc}">
                <sac:SignatureInformation>
                    <cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>
                    <sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>
                    <ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="signature">
                        <ds:SignedInfo>
                            <ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                            <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>
                            <ds:Reference Id="invoiceSignedData" URI="">
                                <ds:Transforms>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::ext:UBLExtensions)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:Signature)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                                </ds:Transforms>
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${v.hash}</ds:DigestValue>
                            </ds:Reference>
                            <ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">
                                <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                <ds:DigestValue>${DIGEST_PLACEHOLDER}</ds:DigestValue>
                            </ds:Reference>
                        </ds:SignedInfo>
                        <ds:SignatureValue>${v.signature}</ds:SignatureValue>
                        <ds:KeyInfo>
                            <ds:X509Data>
                                <ds:X509Certificate>${v.certificate}</ds:X509Certificate>
                            </ds:X509Data>
                        </ds:KeyInfo>
                        <ds:Object>
                            <xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="signature">
                                <xades:SignedProperties Id="xadesSignedProperties">
                                    <xades:SignedSignatureProperties>
                                        <xades:SigningTime>${v.signingTime}</xades:SigningTime>
                                        <xades:SigningCertificate>
                                            <xades:Cert>
                                                <xades:CertDigest>
                                                    <ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>
                                                    <ds:DigestValue>${v.certDigest}</ds:DigestValue>
                                                </xades:CertDigest>
                                                <xades:IssuerSerial>
                                                    <ds:X509IssuerName>${escapeXml(v.issuer)}</ds:X509IssuerName>
                                                    <ds:X509SerialNumber>${v.serial}</ds:X509SerialNumber>
                                                </xades:IssuerSerial>
                                            </xades:Cert>
                                        </xades:SigningCertificate>
                                    </xades:SignedSignatureProperties>
                                </xades:SignedProperties>
                            </xades:QualifyingProperties>
                        </ds:Object>
                    </ds:Signature>
                </sac:SignatureInformation>
            </sig:UBLDocumentSignatures>
        </ext:ExtensionContent>
    </ext:UBLExtension>
</ext:UBLExtensions>`;
}

const QR_AND_SIGNATURE = `
    <cac:AdditionalDocumentReference>
        <cbc:ID>QR</cbc:ID>
        <cac:Attachment>
            <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${QR_PLACEHOLDER}</cbc:EmbeddedDocumentBinaryObject>
        </cac:Attachment>
    </cac:AdditionalDocumentReference>
    <cac:Signature>
        <cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>
        <cbc:SignatureMethod>urn:oasis:names:specification:ubl:dsig:enveloped:xades</cbc:SignatureMethod>
    </cac:Signature>`;

/** Where the stamp goes: after the root's start tag, and after the PIH reference. */
function insertionPoints(xml: string): { root: number; afterPih: number } {
  if (/<ext:UBLExtensions[\s>]/.test(xml)) throw new Error('ZATCA stamp: the document is already stamped');
  const rootStart = xml.indexOf('<Invoice');
  const root = xml.indexOf('>', rootStart) + 1;
  const pih = xml.indexOf('<cbc:ID>PIH</cbc:ID>');
  const close = '</cac:AdditionalDocumentReference>';
  const afterPih = xml.indexOf(close, pih) + close.length;
  if (rootStart < 0 || pih < 0 || afterPih < close.length) throw new Error('ZATCA stamp: not a buildKsaXml document');
  return { root, afterPih };
}

/** Signs `xml` (from buildKsaXml) with the device's CSID key and certificate. */
export function stampKsaXml(xml: string, keys: KsaStampKeys): KsaStamped {
  const cert = ksaCertificate(keys.certificatePem);
  const key = ksaPrivateKey(keys.privateKeyPem);
  const { root, afterPih } = insertionPoints(xml);

  // The whitespace outside the three stamp elements is final once they are in place: hash that text.
  const at = (text: string, ext: string, qrSig: string) =>
    `${text.slice(0, root)}\n${ext}${text.slice(root, afterPih)}${qrSig}${text.slice(afterPih)}`;
  const hash = ksaInvoiceHash(at(xml, '<ext:UBLExtensions/>', QR_AND_SIGNATURE));
  const signature = sign('sha256', Buffer.from(hash, 'base64'), key).toString('base64');

  const signingTime = `${(keys.signingTime ?? new Date()).toISOString().slice(0, 19)}Z`;
  const ext = extensions({
    hash,
    signature,
    certificate: cert.base64,
    signingTime,
    certDigest: ksaHexDigestBase64(cert.base64),
    issuer: cert.issuerName,
    serial: cert.serialNumber,
  });
  let out = at(xml, ext, QR_AND_SIGNATURE);
  const doc = parseKsaXml(out);
  const signedProperties = ksaSelect('//xades:SignedProperties', doc)[0];
  out = out.replace(DIGEST_PLACEHOLDER, ksaSignedPropertiesDigest(signedProperties));

  const fields = ksaDocumentFields(doc);
  const qr = zatcaPhase2QrPayload({
    sellerName: fields.sellerName,
    vatNumber: fields.vatNumber,
    timestamp: fields.timestamp,
    totalWithVat: fields.totalWithVat,
    vatTotal: fields.vatTotal,
    invoiceHash: hash,
    signature,
    publicKey: cert.publicKeyDer,
    certificateSignature: fields.simplified ? cert.signatureBytes : null,
  });
  out = out.replace(QR_PLACEHOLDER, qr);
  return { xml: out, hash, signature, qr };
}
