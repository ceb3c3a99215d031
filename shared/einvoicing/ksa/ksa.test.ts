import { verify as ecdsaVerify, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeZatcaTlv, zatcaPhase2Tlv } from '../../invoices/zatca';
import type { EInvoiceDocument } from '../document';
import { buildKsaXml, ksaVatBreakdown } from './build';
import { ksaCertificate } from './certificate';
import {
  exampleCreditNote,
  exampleDebitNote,
  exampleDocument,
  exampleLine,
  exampleSimplifiedInvoice,
  exampleStandardInvoice,
  KSA_SDK_CERTIFICATES,
} from './examples';
import { ksaDocumentFields, ksaText } from './fields';
import { ksaCanonicalInvoice, ksaInvoiceHash, parseKsaXml } from './hash';
import { KSA_INITIAL_PIH } from './initial-pih';
import { stampKsaXml } from './stamp';
import { verifyKsaXml } from './verify';

const samples = resolve(import.meta.dirname, '../../../infra/local/zatca/sdk/Samples');
const sample = (path: string) => readFileSync(resolve(samples, path), 'utf8');
const signedDigest = (xml: string) =>
  ksaText("//ds:Reference[@Id='invoiceSignedData']/ds:DigestValue", parseKsaXml(xml));
const qrTag = (xml: string, tag: number) => {
  const qr = ksaText(
    "//cac:AdditionalDocumentReference[cbc:ID='QR']//cbc:EmbeddedDocumentBinaryObject",
    parseKsaXml(xml),
  );
  return decodeZatcaTlv(qr).find((r) => r.tag === tag)?.bytes;
};
const keys = {
  certificatePem: readFileSync(KSA_SDK_CERTIFICATES.certificate, 'utf8'),
  privateKeyPem: readFileSync(KSA_SDK_CERTIFICATES.privateKey, 'utf8'),
  signingTime: new Date('2026-11-20T13:40:12Z'),
};
const stamp = (doc: EInvoiceDocument, icv = 1, pih = KSA_INITIAL_PIH) =>
  stampKsaXml(buildKsaXml(doc, { icv, pih }), keys);

describe('invoice hash (hash.ts) against the ZATCA SDK samples', () => {
  it.each([
    'Simplified/Invoice/Simplified_Invoice.xml',
    'Simplified/Credit/Simplified_Credit_Note.xml',
    'Simplified/Debit/Simplified_Debit_Note.xml',
    'Standard/Credit/Standard_Credit_Note.xml',
    'Standard/Debit/Standard_Debit_Note.xml',
    'Standard/Invoice/Additional_Standard_Invoices/Exempt_Standard_Invoice.xml',
  ])('%s: equals the DigestValue ZATCA signed', (path) => {
    const xml = sample(path);
    expect(ksaInvoiceHash(xml)).toBe(signedDigest(xml));
  });

  it('Simplified_Invoice.xml: r/2si60B…, the digest its signature and QR tag 6 carry', () => {
    const xml = sample('Simplified/Invoice/Simplified_Invoice.xml');
    expect(ksaInvoiceHash(xml)).toBe('r/2si60BEew0NQCHNHNejowLDLjVNV/VTT/P8QSLxMk=');
    expect(new TextDecoder().decode(qrTag(xml, 6))).toBe('r/2si60BEew0NQCHNHNejowLDLjVNV/VTT/P8QSLxMk=');
  });

  it("Standard_Invoice.xml: equals QR tag 6, what its SignatureValue signs (the sample's DigestValue is stale)", () => {
    const xml = sample('Standard/Invoice/Standard_Invoice.xml');
    const hash = ksaInvoiceHash(xml);
    expect(hash).toBe('Vd5KMat2ZJtZqrDyoghblSlteouIS/r3/ORNw7OZ/2s=');
    expect(new TextDecoder().decode(qrTag(xml, 6))).toBe(hash);
    const doc = parseKsaXml(xml);
    const cert = new X509Certificate(Buffer.from(ksaText('//ds:X509Certificate', doc), 'base64'));
    const signature = Buffer.from(ksaText('//ds:SignatureValue', doc), 'base64');
    expect(ecdsaVerify('sha256', Buffer.from(hash, 'base64'), cert.publicKey, signature)).toBe(true);
    // The sample was edited after signing (its TaxAmount reads 0.6): the SignedInfo digest was not updated.
    expect(signedDigest(xml)).toBe('O/vEnAxjLAlw8kQUy8nq/5n8IEZ0YeIyBFvdQA8+iFM=');
  });

  it('leaves out the extensions, the QR and cac:Signature but keeps the whitespace around them', () => {
    const canonical = ksaCanonicalInvoice(sample('Simplified/Invoice/Simplified_Invoice.xml'));
    expect(canonical).not.toMatch(/UBLExtensions|cac:Signature>|<cbc:ID>QR</);
    expect(canonical).toContain('<cbc:ID>PIH</cbc:ID>');
    expect(canonical.startsWith('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"')).toBe(true);
    expect(canonical).toContain('CommonExtensionComponents-2">\n    \n    <cbc:ProfileID>');
    expect(canonical).toContain('<cbc:StreetName></cbc:StreetName>'); // empty elements as start/end pairs
  });

  it('changes with any figure, and with whitespace inside the hashed part', () => {
    const xml = sample('Simplified/Invoice/Simplified_Invoice.xml');
    const hash = ksaInvoiceHash(xml);
    expect(ksaInvoiceHash(xml.replace('>231.15<', '>231.16<'))).not.toBe(hash);
    expect(ksaInvoiceHash(xml.replace('<cbc:ProfileID>', ' <cbc:ProfileID>'))).not.toBe(hash);
    // …but not with the content of what it leaves out
    expect(ksaInvoiceHash(xml.replace('2023-01-24T11:16:44Z', '2024-01-01T00:00:00Z'))).toBe(hash);
  });
});

describe('the SDK samples through verifyKsaXml', () => {
  it('signature, certificate digest, issuer, serial and QR tags 1–9 of Simplified_Invoice.xml verify', () => {
    const result = verifyKsaXml(sample('Simplified/Invoice/Simplified_Invoice.xml'));
    // Only the SignedProperties digest disagrees: the samples' are "sample values only" (their comment).
    expect(result.errors).toEqual(['the SignedProperties digest does not match the signed properties']);
    expect(result).toMatchObject({ icv: 10, uuid: '8e6000cf-1a98-4174-b3e7-b5d5954bc10d', pih: KSA_INITIAL_PIH });
    expect(result.qrTags[3]).toBe('2022-08-17T17:41:08Z');
    expect(Object.keys(result.qrTags)).toHaveLength(9);
  });
});

describe('buildKsaXml', () => {
  const read = (xml: string, path: string) => ksaText(path, parseKsaXml(xml));

  it.each([
    [exampleSimplifiedInvoice, '388', '0200000'],
    [exampleStandardInvoice, '388', '0100000'],
    [exampleCreditNote, '381', '0200000'],
    [exampleDebitNote, '383', '0100000'],
    [{ ...exampleCreditNote, profile: 'standard' } as EInvoiceDocument, '381', '0100000'],
    [{ ...exampleDebitNote, profile: 'simplified' } as EInvoiceDocument, '383', '0200000'],
  ])('%# type code %s, subtype %s', (doc, code, subtype) => {
    const xml = buildKsaXml(doc, { icv: 7, pih: KSA_INITIAL_PIH });
    expect(read(xml, '/inv:Invoice/cbc:InvoiceTypeCode')).toBe(code);
    expect(read(xml, '/inv:Invoice/cbc:InvoiceTypeCode/@name')).toBe(subtype);
    expect(read(xml, "/inv:Invoice/cac:AdditionalDocumentReference[cbc:ID='ICV']/cbc:UUID")).toBe('7');
    expect(read(xml, '/inv:Invoice/cbc:ProfileID')).toBe('reporting:1.0');
  });

  it('writes the figures from minor units with two decimals, and the seller as a Saudi national address', () => {
    const xml = buildKsaXml(exampleStandardInvoice, { icv: 2, pih: KSA_INITIAL_PIH });
    // 30 × 150.00 + 30 × 175.00 + 640 × 0.45 = 10038.00; VAT 1505.70
    expect(read(xml, '//cac:LegalMonetaryTotal/cbc:LineExtensionAmount')).toBe('10038.00');
    expect(read(xml, '//cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe('11543.70');
    expect(read(xml, '//cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('11543.70');
    expect(read(xml, '/inv:Invoice/cac:TaxTotal[1]/cbc:TaxAmount')).toBe('1505.70');
    expect(read(xml, "//cac:InvoiceLine[cbc:ID='3']/cbc:InvoicedQuantity/@unitCode")).toBe('KMT');
    expect(read(xml, "//cac:InvoiceLine[cbc:ID='3']/cbc:InvoicedQuantity")).toBe('640.000000');
    expect(read(xml, "//cac:InvoiceLine[cbc:ID='3']/cac:Price/cbc:PriceAmount")).toBe('0.45');
    expect(read(xml, "//cac:InvoiceLine[cbc:ID='3']/cac:TaxTotal/cbc:RoundingAmount")).toBe('331.20');
    const seller = '//cac:AccountingSupplierParty/cac:Party';
    expect(read(xml, `${seller}/cac:PartyIdentification/cbc:ID/@schemeID`)).toBe('CRN');
    expect(read(xml, `${seller}/cac:PostalAddress/cbc:BuildingNumber`)).toBe('2322');
    expect(read(xml, `${seller}/cac:PostalAddress/cbc:CitySubdivisionName`)).toBe('العليا');
    expect(read(xml, `${seller}/cac:PartyLegalEntity/cbc:RegistrationName`)).toBe('شركة سيارة لتأجير السيارات');
    expect(read(xml, '//cac:AccountingCustomerParty//cbc:CompanyID')).toBe('310122393500003');
    expect(read(xml, '//cac:Delivery/cbc:ActualDeliveryDate')).toBe('2026-10-21');
    expect(read(xml, '//cac:Delivery/cbc:LatestDeliveryDate')).toBe('2026-11-20');
  });

  it('a note carries the invoice it corrects and the reason', () => {
    const xml = buildKsaXml(exampleCreditNote, { icv: 3, pih: KSA_INITIAL_PIH });
    expect(read(xml, '//cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('INV-2026-000101');
    expect(read(xml, '//cac:PaymentMeans/cbc:InstructionNote')).toBe(exampleCreditNote.reason);
    expect(read(buildKsaXml(exampleSimplifiedInvoice, { icv: 1, pih: 'x' }), '//cbc:InstructionNote')).toBe('');
  });

  it('breaks VAT down by category and rate, with the exemption code and reason', () => {
    const insurance = {
      ...exampleLine('3', 'Collision damage waiver', 3, 'DAY', 2500),
      vatCategory: 'E' as const,
      vatRatePercent: 0,
      vatMinor: 0,
      exemptionReasonCode: 'VATEX-SA-29',
      exemptionReason: 'Financial services mentioned in Article 29 of the VAT Regulations',
    };
    const doc = exampleDocument({ ...exampleSimplifiedInvoice }, [...exampleSimplifiedInvoice.lines, insurance]);
    expect(ksaVatBreakdown(doc.lines).map((b) => [b.category, b.taxableMinor, b.vatMinor])).toEqual([
      ['S', 60000, 9000],
      ['E', 7500, 0],
    ]);
    const xml = buildKsaXml(doc, { icv: 1, pih: KSA_INITIAL_PIH });
    const exempt = "//cac:TaxSubtotal[cac:TaxCategory/cbc:ID='E']";
    expect(read(xml, `${exempt}/cbc:TaxableAmount`)).toBe('75.00');
    expect(read(xml, `${exempt}/cac:TaxCategory/cbc:TaxExemptionReasonCode`)).toBe('VATEX-SA-29');
    expect(read(xml, "//cac:TaxSubtotal[cac:TaxCategory/cbc:ID='S']/cbc:TaxAmount")).toBe('90.00');
  });

  it('escapes markup in names', () => {
    const doc = { ...exampleStandardInvoice, buyer: { ...exampleStandardInvoice.buyer, name: 'A & B <Trading>' } };
    const xml = buildKsaXml(doc, { icv: 1, pih: KSA_INITIAL_PIH });
    expect(xml).toContain('A &amp; B &lt;Trading&gt;');
    expect(read(xml, '//cac:AccountingCustomerParty//cbc:RegistrationName')).toBe('A & B <Trading>');
  });

  it('refuses a document that is not in SAR or whose totals do not add up', () => {
    expect(() => buildKsaXml({ ...exampleSimplifiedInvoice, currency: 'USD' }, { icv: 1, pih: 'x' })).toThrow(/SAR/);
    expect(() => buildKsaXml({ ...exampleSimplifiedInvoice, vatMinor: 9001 }, { icv: 1, pih: 'x' })).toThrow(/VAT/);
    expect(() => buildKsaXml({ ...exampleCreditNote, reason: null }, { icv: 1, pih: 'x' })).toThrow(/reason/);
  });
});

describe('stampKsaXml → verifyKsaXml', () => {
  const cert = ksaCertificate(keys.certificatePem);

  it.each([
    ['simplified invoice', exampleSimplifiedInvoice, 9],
    ['standard invoice', exampleStandardInvoice, 8],
    ['simplified credit note', exampleCreditNote, 9],
    ['standard debit note', exampleDebitNote, 8],
  ])('%s: verifies; the QR decodes to %i tags', (_, doc, tagCount) => {
    const stamped = stamp(doc, 5, KSA_INITIAL_PIH);
    const result = verifyKsaXml(stamped.xml, { expectedPih: KSA_INITIAL_PIH });
    expect(result.errors).toEqual([]);
    expect(result).toMatchObject({ ok: true, hash: stamped.hash, icv: 5, uuid: doc.uuid });
    const tags = decodeZatcaTlv(stamped.qr);
    expect(tags.map((t) => t.tag)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].slice(0, tagCount));
    expect(result.qrTags[1]).toBe('شركة سيارة لتأجير السيارات');
    expect(result.qrTags[3]).toBe(`${doc.issueDate}T${doc.issueTime}Z`);
    expect(result.qrTags[6]).toBe(stamped.hash);
    expect(result.qrTags[7]).toBe(stamped.signature);
    expect(Buffer.from(tags[7].bytes)).toEqual(Buffer.from(cert.publicKeyDer));
    if (tagCount === 9) expect(Buffer.from(tags[8].bytes)).toEqual(Buffer.from(cert.signatureBytes));
  });

  it("the hash is the unsigned document's, unchanged by the stamp; the signature verifies over it", () => {
    const stamped = stamp(exampleSimplifiedInvoice);
    expect(ksaInvoiceHash(stamped.xml)).toBe(stamped.hash);
    expect(stamp(exampleSimplifiedInvoice).hash).toBe(stamped.hash); // deterministic
    const ok = ecdsaVerify(
      'sha256',
      Buffer.from(stamped.hash, 'base64'),
      cert.x509.publicKey,
      Buffer.from(stamped.signature, 'base64'),
    );
    expect(ok).toBe(true);
    expect(stamped.xml).toContain('<xades:SigningTime>2026-11-20T13:40:12Z</xades:SigningTime>');
    expect(stamped.xml).toContain(
      '<ds:X509IssuerName>CN=TSZEINVOICE-SubCA-1, DC=extgazt, DC=gov, DC=local</ds:X509IssuerName>',
    );
    expect(stamped.xml).toContain('<cbc:ID>urn:oasis:names:specification:ubl:signature:Invoice</cbc:ID>');
    expect(() => stampKsaXml(stamped.xml, keys)).toThrow(/already stamped/);
  });

  it('accepts PEM-armoured keys as well as the SDK files', () => {
    const pem = (label: string, b64: string) => `-----BEGIN ${label}-----\n${b64.trim()}\n-----END ${label}-----\n`;
    const stamped = stampKsaXml(buildKsaXml(exampleStandardInvoice, { icv: 1, pih: KSA_INITIAL_PIH }), {
      certificatePem: pem('CERTIFICATE', keys.certificatePem),
      privateKeyPem: pem('EC PRIVATE KEY', keys.privateKeyPem),
    });
    expect(verifyKsaXml(stamped.xml).ok).toBe(true);
  });

  describe('tampering is detected', () => {
    const stamped = stamp(exampleSimplifiedInvoice, 1, KSA_INITIAL_PIH);
    const errorsOf = (xml: string, expectedPih?: string) => verifyKsaXml(xml, { expectedPih }).errors.join(' | ');

    it('an amount changed after stamping', () => {
      const xml = stamped.xml.replace(/(<cbc:PayableAmount currencyID="SAR">)690.00/, '$1590.00');
      expect(xml).not.toBe(stamped.xml);
      const result = verifyKsaXml(xml);
      expect(result.ok).toBe(false);
      expect(result.errors.join()).toMatch(/differs from the signed digest/);
      expect(result.errors.join()).toMatch(/signature does not verify/);
    });

    it('a total changed in the XML and the QR no longer agrees', () => {
      const xml = stamped.xml.replace(/(<cbc:TaxInclusiveAmount currencyID="SAR">)690.00/, '$1600.00');
      expect(errorsOf(xml)).toMatch(/QR tag 4 is not the total with VAT/);
    });

    it('the signing time changed (SignedProperties)', () => {
      expect(errorsOf(stamped.xml.replace('2026-11-20T13:40:12Z', '2026-11-21T13:40:12Z'))).toBe(
        'the SignedProperties digest does not match the signed properties',
      );
    });

    it("another key's signature", () => {
      const other = stamp(exampleStandardInvoice).signature;
      expect(errorsOf(stamped.xml.replaceAll(stamped.signature, other))).toMatch(/signature does not verify/);
    });

    it('a PIH that is not the previous hash, and a broken document', () => {
      expect(errorsOf(stamped.xml, 'AAAA')).toMatch(/is not the previous document's hash AAAA/);
      expect(verifyKsaXml('<Invoice>').ok).toBe(false);
    });

    it('a standard document with a ninth tag, a simplified one without', () => {
      const fields = ksaDocumentFields(parseKsaXml(stamped.xml));
      expect(fields.simplified).toBe(true);
      const eight = Buffer.from(
        zatcaPhase2Tlv({
          ...fields,
          invoiceHash: stamped.hash,
          signature: stamped.signature,
          publicKey: ksaCertificate(keys.certificatePem).publicKeyDer,
        }),
      ).toString('base64');
      expect(errorsOf(stamped.xml.replace(stamped.qr, eight))).toMatch(/QR tags 1,2,3,4,5,6,7,8; a simplified/);
    });
  });
});

describe('phase-2 TLV (shared/invoices/zatca.ts)', () => {
  it('refuses a binary value that does not fit one length byte', () => {
    const fields = { sellerName: 'S', vatNumber: '3', timestamp: 't', totalWithVat: '1', vatTotal: '0' };
    expect(() =>
      zatcaPhase2Tlv({ ...fields, invoiceHash: 'h', signature: 's', publicKey: new Uint8Array(256) }),
    ).toThrow(/tag 8: 256 bytes/);
    const tlv = zatcaPhase2Tlv({ ...fields, invoiceHash: 'h', signature: 's', publicKey: new Uint8Array([0, 255]) });
    expect(Array.from(tlv.slice(-4))).toEqual([8, 2, 0, 255]);
  });
});
