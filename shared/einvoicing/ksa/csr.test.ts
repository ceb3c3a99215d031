import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { describe, expect, it } from 'vitest';
import { fromPem, generateKsaKeyAndCsr, type KsaCsrInput, OID, parseKsaCsr } from './csr';

const input: KsaCsrInput = {
  commonName: 'TST-886431145-399999999900003',
  serialNumber: '1-Sayyara|2-1.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
  organizationIdentifier: '399999999900003',
  organizationUnitName: 'Riyadh Branch',
  organizationName: 'Sayyara Rent A Car LLC',
  countryName: 'SA',
  invoiceType: '1100',
  location: 'RRRD2929',
  industry: 'Car rental',
};

describe('generateKsaKeyAndCsr', () => {
  const out = generateKsaKeyAndCsr(input, 'sandbox');

  it('makes a secp256k1 key and a PEM CSR, and csrBase64 is the PEM in base64', () => {
    const key = createPrivateKey(out.privateKeyPem);
    expect(key.asymmetricKeyType).toBe('ec');
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
    expect(out.csrPem).toMatch(
      /^-----BEGIN CERTIFICATE REQUEST-----\n[A-Za-z0-9+/=\n]+-----END CERTIFICATE REQUEST-----\n$/,
    );
    expect(Buffer.from(out.csrBase64, 'base64').toString('utf8')).toBe(out.csrPem);
  });

  it('is self-signed ECDSA-SHA256 by the key it carries (checked with node:crypto on the raw DER)', () => {
    const csr = AsnConvert.parse(fromPem(out.csrPem), CertificationRequest);
    expect(csr.signatureAlgorithm.algorithm).toBe(OID.ecdsaWithSha256);
    const spki = Buffer.from(AsnConvert.serialize(csr.certificationRequestInfo.subjectPKInfo));
    const pub = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    expect(pub.export({ type: 'spki', format: 'pem' })).toBe(
      createPublicKey(out.privateKeyPem).export({ type: 'spki', format: 'pem' }),
    );
    const infoDer = Buffer.from(csr.certificationRequestInfoRaw as ArrayBuffer);
    expect(verify('sha256', infoDer, pub, Buffer.from(csr.signature))).toBe(true);
    const tampered = Buffer.from(infoDer);
    tampered[tampered.length - 3] ^= 1;
    expect(verify('sha256', tampered, pub, Buffer.from(csr.signature))).toBe(false);
  });

  it('carries every field of the SDK config in the subject, the SAN dirName and the template extension', () => {
    const parsed = parseKsaCsr(out.csrBase64);
    expect(parsed.signatureValid).toBe(true);
    expect(parsed.subject).toEqual({
      C: 'SA',
      OU: 'Riyadh Branch',
      O: 'Sayyara Rent A Car LLC',
      CN: 'TST-886431145-399999999900003',
    });
    expect(parsed.san).toEqual({
      SN: '1-Sayyara|2-1.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
      UID: '399999999900003',
      title: '1100',
      registeredAddress: 'RRRD2929',
      businessCategory: 'Car rental',
    });
    expect(parsed.templateName).toBe('TSTZATCA-Code-Signing');
    // the PEM and bare base64 DER read the same
    expect(parseKsaCsr(out.csrPem).san.UID).toBe('399999999900003');
  });

  it('names the environment in the template extension', () => {
    expect(parseKsaCsr(generateKsaKeyAndCsr(input, 'simulation').csrPem).templateName).toBe('PREZATCA-Code-Signing');
    expect(parseKsaCsr(generateKsaKeyAndCsr(input, 'production').csrPem).templateName).toBe('ZATCA-Code-Signing');
  });

  it('refuses an invoice type that is not 4 binary digits with standard or simplified set', () => {
    expect(() => generateKsaKeyAndCsr({ ...input, invoiceType: '0011' }, 'sandbox')).toThrow(/invoiceType/);
    expect(() => generateKsaKeyAndCsr({ ...input, invoiceType: '12' }, 'sandbox')).toThrow(/invoiceType/);
  });

  it('reports a CSR whose signature does not match', () => {
    const der = fromPem(out.csrPem);
    const csr = AsnConvert.parse(der, CertificationRequest);
    const other = generateKsaKeyAndCsr(input, 'sandbox');
    const otherCsr = AsnConvert.parse(fromPem(other.csrPem), CertificationRequest);
    csr.signature = otherCsr.signature;
    csr.certificationRequestInfoRaw = undefined;
    expect(parseKsaCsr(Buffer.from(AsnConvert.serialize(csr)).toString('base64')).signatureValid).toBe(false);
  });
});
