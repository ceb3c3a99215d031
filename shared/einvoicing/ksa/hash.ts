import { createHash } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization, ExclusiveCanonicalization } from 'xml-crypto';
import { KSA_NS } from './build';

/**
 * ZATCA's invoice hash (KSA-13 of the next document, QR tag 6, the signature's first reference):
 * the document without ext:UBLExtensions, cac:Signature and the QR cac:AdditionalDocumentReference
 * (the three XPath transforms of the signature's invoiceSignedData reference), canonicalised,
 * SHA-256, Base64 of the 32 bytes.
 *
 * How the SDK does it (and why this matches it byte for byte on its samples, hash.test.ts): the
 * three elements are REMOVED from the document (an XSLT identity copy without them), so the
 * whitespace text nodes around them stay where they were; the rest — the XML declaration dropped,
 * empty elements written as start/end pairs, attributes and namespace declarations in canonical
 * order, no comments — is the canonical form. We parse with @xmldom/xmldom (which keeps every
 * whitespace text node), remove the three elements from the DOM and run xml-crypto's inclusive
 * C14N 1.0 on the whole document element. The signature names C14N 1.1
 * (http://www.w3.org/2006/12/xml-c14n11); 1.1 differs from 1.0 only for document SUBSETS (how
 * xml:id, xml:base and xml:lang are inherited by an apex element whose ancestors were left out).
 * Here the whole document element is canonicalised, so there is nothing to inherit and both give
 * the same octets — and xml-crypto has no 1.1 implementation.
 */

type El = {
  nodeType: number;
  namespaceURI: string | null;
  localName: string | null;
  textContent: string | null;
  childNodes: ArrayLike<El>;
  parentNode: El | null;
  removeChild(child: El): unknown;
};

const ELEMENT = 1;
const children = (el: El): El[] => Array.from(el.childNodes).filter((c) => c.nodeType === ELEMENT);
const is = (el: El, ns: string, name: string) => el.namespaceURI === ns && el.localName === name;

/** The XML parsed into a DOM; a malformed document throws. */
export function parseKsaXml(xml: string) {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(xml, 'text/xml');
  if (errors.length || !doc.documentElement) throw new Error(`not well-formed XML: ${errors[0] ?? 'no root'}`);
  return doc;
}

/** Is this the QR AdditionalDocumentReference (cbc:ID = 'QR', spaces ignored)? */
export const isQrReference = (el: El): boolean =>
  is(el, KSA_NS.cac, 'AdditionalDocumentReference') &&
  children(el).some((c) => is(c, KSA_NS.cbc, 'ID') && (c.textContent ?? '').trim() === 'QR');

/** Every element the invoice hash leaves out, wherever it sits (the transforms use //ancestor-or-self). */
function removeUnhashed(el: El): void {
  for (const c of children(el)) {
    if (is(c, KSA_NS.ext, 'UBLExtensions') || is(c, KSA_NS.cac, 'Signature') || isQrReference(c)) el.removeChild(c);
    else removeUnhashed(c);
  }
}

const c14n = new C14nCanonicalization();
const excC14n = new ExclusiveCanonicalization();

/** The canonical octets the invoice hash is taken over (exported for tests and diagnostics). */
export function ksaCanonicalInvoice(xml: string): string {
  const root = parseKsaXml(xml).documentElement as unknown as El;
  removeUnhashed(root);
  return c14n.process(root as never, {});
}

/** Base64 of the SHA-256 of the canonical document without its stamp (the invoice hash). */
export function ksaInvoiceHash(xml: string): string {
  return createHash('sha256').update(ksaCanonicalInvoice(xml), 'utf8').digest('base64');
}

/**
 * ZATCA's "hash" of the xades:SignedProperties and of the certificate: Base64 of the HEX text of
 * the SHA-256 (not of its bytes, unlike the invoice hash) — the form in the SDK's samples.
 */
export const ksaHexDigestBase64 = (data: string): string =>
  Buffer.from(createHash('sha256').update(data, 'utf8').digest('hex'), 'utf8').toString('base64');

/**
 * The SignedProperties digest: exclusive C14N of the xades:SignedProperties element as it sits in
 * the document (its own indentation kept; xades declared on it and ds on each ds: element, as
 * exclusive C14N puts them), then ksaHexDigestBase64. This is the form ZATCA's checker accepts
 * (the template open-source signers use is exactly this text); the SDK samples' own
 * SignedProperties digests are stale "sample values" that match no canonical form.
 */
export function ksaSignedPropertiesDigest(signedProperties: unknown): string {
  return ksaHexDigestBase64(excC14n.process(signedProperties as never, {}));
}
