import { createPublicKey, verify } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fromPem,
  generateKsaKeyAndCsr,
  type KsaCsrInput,
  nameFields,
  parseKsaCsr,
} from '../../shared/einvoicing/ksa/csr';
import { startZatcaEmulator, type ZatcaEmulator } from './zatca-emulator';

const device: KsaCsrInput = {
  commonName: 'TST-886431145-399999999900003',
  serialNumber: '1-Sayyara|2-1.0|3-0b5e4c4a-7f3c-4c8e-9d7e-2f1a6b1c9e01',
  organizationIdentifier: '399999999900003',
  organizationUnitName: 'Riyadh Branch',
  organizationName: 'Sayyara Rent A Car LLC',
  countryName: 'SA',
  invoiceType: '1100',
  location: 'RRRD2929',
  industry: 'Car rental',
};

const V2 = { 'accept-version': 'V2', 'content-type': 'application/json', accept: 'application/json' };
const basic = (token: string, secret: string) => `Basic ${Buffer.from(`${token}:${secret}`).toString('base64')}`;

/** Onboarding as ZATCA's developer portal does it: OTP + CSR → compliance CSID issued by the CA for the CSR. */
describe('ZATCA sandbox emulator: onboarding', () => {
  let emu: ZatcaEmulator;
  const keys = generateKsaKeyAndCsr(device, 'sandbox');
  beforeAll(async () => {
    emu = await startZatcaEmulator(0);
  });
  afterAll(() => emu.stop());

  const compliance = (otp: string, csr: string, headers: Record<string, string> = V2) =>
    fetch(`${emu.baseUrl}/compliance`, { method: 'POST', headers: { ...headers, otp }, body: JSON.stringify({ csr }) });

  it('issues a compliance CSID: a certificate from its CA for the CSR key and subject', async () => {
    const res = await compliance('123456', keys.csrBase64);
    expect(res.status).toBe(200);
    const b = (await res.json()) as Record<string, unknown>;
    expect(b).toMatchObject({ dispositionMessage: 'ISSUED', errors: null });
    expect(typeof b.requestID).toBe('number');
    expect(String(b.secret).length).toBeGreaterThan(20);
    // binarySecurityToken = base64 of the certificate's base64 DER
    const certDer = Buffer.from(Buffer.from(String(b.binarySecurityToken), 'base64').toString('utf8'), 'base64');
    const cert = AsnConvert.parse(certDer, Certificate);
    expect(nameFields(cert.tbsCertificate.subject)).toEqual(parseKsaCsr(keys.csrPem).subject);
    const certKey = Buffer.from(AsnConvert.serialize(cert.tbsCertificate.subjectPublicKeyInfo));
    expect(certKey.equals(createPublicKey(keys.privateKeyPem).export({ type: 'spki', format: 'der' }))).toBe(true);
    // signed by the emulator's CA
    const ca = AsnConvert.parse(fromPem(emu.caCertificatePem), Certificate);
    expect(nameFields(cert.tbsCertificate.issuer)).toEqual(nameFields(ca.tbsCertificate.subject));
    const caKey = createPublicKey({
      key: Buffer.from(AsnConvert.serialize(ca.tbsCertificate.subjectPublicKeyInfo)),
      format: 'der',
      type: 'spki',
    });
    const tbs = Buffer.from(cert.tbsCertificateRaw as ArrayBuffer);
    expect(verify('sha256', tbs, caKey, Buffer.from(cert.signatureValue))).toBe(true);
    // the SAN dirName of the CSR travels into the certificate
    const san = cert.tbsCertificate.extensions?.find((e) => e.extnID === '2.5.29.17');
    expect(Buffer.from(san?.extnValue.buffer ?? new ArrayBuffer(0)).toString('latin1')).toContain(device.serialNumber);
  });

  it('refuses OTP 000000, a malformed OTP, a bad CSR and a missing Accept-Version', async () => {
    const zero = await compliance('000000', keys.csrBase64);
    expect(zero.status).toBe(400);
    expect(await zero.json()).toEqual({ code: 'Invalid-OTP', message: 'Invalid OTP' });
    expect((await compliance('12ab56', keys.csrBase64)).status).toBe(400);
    const bad = await compliance('123456', Buffer.from('not a csr').toString('base64'));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('Invalid-CSR');
    const noVersion = await compliance('123456', keys.csrBase64, { 'content-type': 'application/json' });
    expect(noVersion.status).toBe(400);
  });

  it('refuses a production CSID before the compliance checks passed, saying which are missing', async () => {
    const b = (await (await compliance('654321', keys.csrBase64)).json()) as Record<string, string>;
    const auth = { ...V2, authorization: basic(b.binarySecurityToken, b.secret) };
    const res = await fetch(`${emu.baseUrl}/production/csids`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ compliance_request_id: b.requestID }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toContain('standard invoice, standard credit note, standard debit note');
    expect(body.message).toContain('simplified invoice, simplified credit note, simplified debit note');
    const wrongSecret = await fetch(`${emu.baseUrl}/production/csids`, {
      method: 'POST',
      headers: { ...V2, authorization: basic(b.binarySecurityToken, 'nope') },
      body: JSON.stringify({ compliance_request_id: b.requestID }),
    });
    expect(wrongSecret.status).toBe(401);
  });

  it('answers 401 to submissions without valid credentials and injects faults before any processing', async () => {
    const body = JSON.stringify({ invoiceHash: 'x', uuid: 'u', invoice: 'eA==' });
    const anon = await fetch(`${emu.baseUrl}/invoices/reporting/single`, { method: 'POST', headers: V2, body });
    expect(anon.status).toBe(401);
    const set = await fetch(`${emu.url}/_emulator/faults`, {
      method: 'POST',
      body: JSON.stringify({ count: 2, status: 503 }),
    });
    expect(set.status).toBe(200);
    for (const expected of [503, 503, 401]) {
      const r = await fetch(`${emu.baseUrl}/invoices/clearance/single`, { method: 'POST', headers: V2, body });
      expect(r.status).toBe(expected);
    }
    const docs = (await (await fetch(`${emu.url}/_emulator/documents`)).json()) as { status: string }[];
    expect(docs.map((d) => d.status)).toEqual(['UNAUTHORIZED', 'FAULT', 'FAULT', 'UNAUTHORIZED']);
  });
});
