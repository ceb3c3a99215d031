import xpath from 'xpath';
import { KSA_NS } from './build';

/** Namespaces of the stamped document, for XPath (hash.ts, stamp.ts, verify.ts). */
export const KSA_XPATH_NS = {
  inv: KSA_NS.invoice,
  cac: KSA_NS.cac,
  cbc: KSA_NS.cbc,
  ext: KSA_NS.ext,
  sig: 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
  sac: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
  sbc: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

// biome-ignore lint/correctness/useHookAtTopLevel: xpath's useNamespaces is not a React hook, only named like one
const select = xpath.useNamespaces(KSA_XPATH_NS);

/** The nodes an XPath selects (in the namespaces above). */
export const ksaSelect = (path: string, doc: unknown): Node[] => select(path, doc as Node) as Node[];

/** Trimmed text of the first node an XPath selects, '' when there is none. */
export const ksaText = (path: string, doc: unknown): string => (ksaSelect(path, doc)[0]?.textContent ?? '').trim();

/** What the QR's tags 1–5 repeat from the document, and the figures verify.ts reports. */
export interface KsaDocumentFields {
  sellerName: string;
  vatNumber: string;
  /** QR tag 3: issue date and time as the SDK writes it (2022-08-17T17:41:08Z). */
  timestamp: string;
  totalWithVat: string;
  vatTotal: string;
  simplified: boolean;
  uuid: string;
  icv: number;
  pih: string;
}

export function ksaDocumentFields(doc: unknown): KsaDocumentFields {
  const t = (path: string) => ksaText(path, doc);
  const supplier = '/inv:Invoice/cac:AccountingSupplierParty/cac:Party';
  const time = t('/inv:Invoice/cbc:IssueTime');
  return {
    sellerName: t(`${supplier}/cac:PartyLegalEntity/cbc:RegistrationName`),
    vatNumber: t(`${supplier}/cac:PartyTaxScheme/cbc:CompanyID`),
    // The SDK's samples write the issue time (AST, KSA-25) with a Z in the QR; so do we.
    timestamp: `${t('/inv:Invoice/cbc:IssueDate')}T${time}${time.endsWith('Z') ? '' : 'Z'}`,
    totalWithVat: t('/inv:Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount'),
    vatTotal: t('/inv:Invoice/cac:TaxTotal[1]/cbc:TaxAmount'),
    simplified: t('/inv:Invoice/cbc:InvoiceTypeCode/@name').startsWith('02'),
    uuid: t('/inv:Invoice/cbc:UUID'),
    icv: Number(t("/inv:Invoice/cac:AdditionalDocumentReference[cbc:ID='ICV']/cbc:UUID")),
    pih: t(
      "/inv:Invoice/cac:AdditionalDocumentReference[cbc:ID='PIH']/cac:Attachment/cbc:EmbeddedDocumentBinaryObject",
    ),
  };
}
