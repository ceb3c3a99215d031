import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';

/** What the stamp needs from the CSID certificate (ZATCA's compliance or production certificate). */
export interface KsaCertificate {
  x509: X509Certificate;
  /** The DER in Base64 on one line, as ds:X509Certificate carries it (ZATCA's binarySecurityToken decoded). */
  base64: string;
  /** xades:IssuerSerial: issuer as the SDK writes it ("CN=…, DC=…"), serial in decimal. */
  issuerName: string;
  serialNumber: string;
  /** QR tag 8: the public key, DER SubjectPublicKeyInfo. */
  publicKeyDer: Uint8Array;
  /** QR tag 9: the signature the CA put on the certificate (its signatureValue bits). */
  signatureBytes: Uint8Array;
}

const body = (text: string) => text.replace(/-----(BEGIN|END)[^-]+-----/g, '').replace(/\s+/g, '');

/** A certificate as PEM or as the bare Base64 of its DER (the SDK's cert.pem has no PEM armour). */
export function ksaCertificate(pemOrBase64: string): KsaCertificate {
  const base64 = body(pemOrBase64);
  const der = Buffer.from(base64, 'base64');
  const x509 = new X509Certificate(der);
  const asn = AsnConvert.parse(der, Certificate);
  return {
    x509,
    base64,
    // Node lists the RDNs top-down, one a line; the SDK writes them leaf first, comma-separated.
    issuerName: x509.issuer.split('\n').reverse().join(', '),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    publicKeyDer: new Uint8Array(x509.publicKey.export({ type: 'spki', format: 'der' })),
    signatureBytes: new Uint8Array(asn.signatureValue),
  };
}

/** The private key as PEM (SEC1 "EC PRIVATE KEY" or PKCS#8) or the bare Base64 of the SEC1 DER (the SDK's key file). */
export function ksaPrivateKey(pemOrBase64: string): KeyObject {
  if (pemOrBase64.includes('-----BEGIN')) return createPrivateKey(pemOrBase64);
  return createPrivateKey({ key: Buffer.from(body(pemOrBase64), 'base64'), format: 'der', type: 'sec1' });
}
