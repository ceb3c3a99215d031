import { createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  DirectoryString,
  Extension,
  Extensions,
  GeneralName,
  id_ce_subjectAltName,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
} from '@peculiar/asn1-x509';

/**
 * ZATCA onboarding crypto (phase 2, "device" = one e-invoicing unit of a taxpayer): the device's
 * secp256k1 key and the PKCS#10 certificate signing request ZATCA's Fatoora portal takes with an OTP
 * (POST /compliance). The CSR has the fields of the SDK's csr-config.properties:
 *
 *   csr.common.name              → subject CN
 *   csr.serial.number            → SAN dirName SN (2.5.4.4)   "1-<solution>|2-<version>|3-<device uuid>"
 *   csr.organization.identifier  → SAN dirName UID             the 15-digit VAT number
 *   csr.organization.unit.name   → subject OU                  (branch; for VAT groups the member TIN)
 *   csr.organization.name        → subject O
 *   csr.country.name             → subject C                   'SA'
 *   csr.invoice.type             → SAN dirName title           4 digits "TSXX": T standard, S simplified
 *   csr.location.address         → SAN dirName registeredAddress
 *   csr.industry.business.category → SAN dirName businessCategory
 *
 * plus the Microsoft certificate-template-name extension (1.3.6.1.4.1.311.20.2) naming the ZATCA
 * environment: TSTZATCA-Code-Signing (developer portal sandbox), PREZATCA-Code-Signing (simulation),
 * ZATCA-Code-Signing (production). The CSR is signed ECDSA-SHA256 with the device key; Node's WebCrypto
 * has no secp256k1, so node:crypto signs and @peculiar/asn1-* encodes.
 */
export type KsaEnvironment = 'sandbox' | 'simulation' | 'production';

export interface KsaCsrInput {
  commonName: string;
  serialNumber: string;
  organizationIdentifier: string;
  organizationUnitName: string;
  organizationName: string;
  countryName: 'SA';
  /** 4 digits: 1st standard (B2B), 2nd simplified (B2C), 3rd and 4th reserved ('1100' = both). */
  invoiceType: string;
  location: string;
  industry: string;
}

export interface KsaKeyAndCsr {
  privateKeyPem: string;
  csrPem: string;
  /** What POST /compliance takes as `csr`: base64 of the PEM text (as the SDK's `-csr -pem` output). */
  csrBase64: string;
}

export const KSA_TEMPLATE_NAMES: Record<KsaEnvironment, string> = {
  sandbox: 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  production: 'ZATCA-Code-Signing',
};

export const OID = {
  templateName: '1.3.6.1.4.1.311.20.2',
  extensionRequest: '1.2.840.113549.1.9.14',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  uid: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
} as const;

const rdn = (type: string, value: AttributeValue) =>
  new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value })]);
const utf8 = (type: string, text: string) => rdn(type, new AttributeValue({ utf8String: text }));

export const toPem = (label: string, der: Uint8Array | ArrayBuffer): string => {
  const b64 = Buffer.from(der as ArrayBuffer).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;
};

/** DER bytes of a PEM block, or of base64 text that is itself a PEM (the ZATCA `csr` field) or bare base64 DER. */
export function fromPem(text: string): Buffer {
  let s = text.trim();
  if (!s.startsWith('-----')) {
    const decoded = Buffer.from(s, 'base64').toString('latin1');
    if (decoded.startsWith('-----')) s = decoded;
    else return Buffer.from(s, 'base64');
  }
  return Buffer.from(s.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

const INVOICE_TYPE = /^[01]{4}$/;

export function generateKsaKeyAndCsr(input: KsaCsrInput, environment: KsaEnvironment): KsaKeyAndCsr {
  if (!INVOICE_TYPE.test(input.invoiceType) || !/1/.test(input.invoiceType.slice(0, 2)))
    throw new Error(
      `invoiceType must be 4 binary digits with standard and/or simplified set, got ${input.invoiceType}`,
    );
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const spki = AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo);
  const subject = new Name([
    rdn(OID.country, new AttributeValue({ printableString: input.countryName })),
    utf8(OID.organizationUnit, input.organizationUnitName),
    utf8(OID.organization, input.organizationName),
    utf8(OID.commonName, input.commonName),
  ]);
  const san = new SubjectAlternativeName([
    new GeneralName({
      directoryName: new Name([
        utf8(OID.surname, input.serialNumber),
        utf8(OID.uid, input.organizationIdentifier),
        utf8(OID.title, input.invoiceType),
        utf8(OID.registeredAddress, input.location),
        utf8(OID.businessCategory, input.industry),
      ]),
    }),
  ]);
  const extensions = new Extensions([
    new Extension({
      extnID: OID.templateName,
      critical: false,
      extnValue: new OctetString(
        AsnConvert.serialize(new DirectoryString({ printableString: KSA_TEMPLATE_NAMES[environment] })),
      ),
    }),
    new Extension({
      extnID: id_ce_subjectAltName,
      critical: false,
      extnValue: new OctetString(AsnConvert.serialize(san)),
    }),
  ]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject,
    subjectPKInfo: spki,
    attributes: new Attributes([
      new Attribute({ type: OID.extensionRequest, values: [AsnConvert.serialize(extensions)] }),
    ]),
  });
  const infoDer = Buffer.from(AsnConvert.serialize(info));
  const signature = sign('sha256', infoDer, privateKey); // DER-encoded ECDSA-Sig-Value
  const csr = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 }),
    signature: new Uint8Array(signature).buffer,
  });
  const csrPem = toPem('CERTIFICATE REQUEST', AsnConvert.serialize(csr));
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    csrPem,
    csrBase64: Buffer.from(csrPem, 'utf8').toString('base64'),
  };
}

export interface ParsedKsaCsr {
  subject: { C?: string; OU?: string; O?: string; CN?: string };
  san: { SN?: string; UID?: string; title?: string; registeredAddress?: string; businessCategory?: string };
  templateName?: string;
  /** The public key as SPKI DER (what a certificate issued for this CSR carries). */
  spkiDer: Buffer;
  subjectDer: Buffer;
  sanExtensionDer?: Buffer;
  /** The CSR's self-signature verifies with its own public key. */
  signatureValid: boolean;
}

const NAME_KEYS: Record<string, string> = {
  [OID.country]: 'C',
  [OID.organizationUnit]: 'OU',
  [OID.organization]: 'O',
  [OID.commonName]: 'CN',
  [OID.surname]: 'SN',
  [OID.uid]: 'UID',
  [OID.title]: 'title',
  [OID.registeredAddress]: 'registeredAddress',
  [OID.businessCategory]: 'businessCategory',
};

/** Attribute values of a Name by short key (C, O, OU, CN, SN, UID, title…). */
export function nameFields(name: Name): Record<string, string> {
  const out: Record<string, string> = {};
  for (const set of name) for (const atv of set) out[NAME_KEYS[atv.type] ?? atv.type] = atv.value.toString();
  return out;
}

/** Reads a CSR given as PEM, as base64 of the PEM (ZATCA's `csr`) or as base64 DER, and checks its self-signature. */
export function parseKsaCsr(text: string): ParsedKsaCsr {
  const der = fromPem(text);
  const csr = AsnConvert.parse(der, CertificationRequest);
  const info = csr.certificationRequestInfo;
  const spkiDer = Buffer.from(AsnConvert.serialize(info.subjectPKInfo));
  const infoDer = Buffer.from(csr.certificationRequestInfoRaw ?? AsnConvert.serialize(info));
  let signatureValid = false;
  try {
    const key = createPublicKey({ key: spkiDer, format: 'der', type: 'spki' });
    signatureValid =
      csr.signatureAlgorithm.algorithm === OID.ecdsaWithSha256 &&
      verify('sha256', infoDer, key, Buffer.from(csr.signature));
  } catch {
    signatureValid = false;
  }
  const out: ParsedKsaCsr = {
    subject: nameFields(info.subject),
    san: {},
    spkiDer,
    subjectDer: Buffer.from(AsnConvert.serialize(info.subject)),
    signatureValid,
  };
  const request = (info.attributes ?? []).find((a) => a.type === OID.extensionRequest);
  const extensions = request ? AsnConvert.parse(request.values[0], Extensions) : [];
  for (const ext of extensions) {
    const value = ext.extnValue.buffer;
    if (ext.extnID === OID.templateName) out.templateName = AsnConvert.parse(value, DirectoryString).toString();
    if (ext.extnID === id_ce_subjectAltName) {
      out.sanExtensionDer = Buffer.from(value);
      const dir = AsnConvert.parse(value, SubjectAlternativeName).find((g) => g.directoryName)?.directoryName;
      if (dir) out.san = nameFields(dir);
    }
  }
  return out;
}
