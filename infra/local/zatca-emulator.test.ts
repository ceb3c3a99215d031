import { createPublicKey, verify } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EInvoiceDocument } from '../../shared/einvoicing/document';
import { buildKsaXml } from '../../shared/einvoicing/ksa/build';
import {
  fromPem,
  generateKsaKeyAndCsr,
  type KsaCsrInput,
  nameFields,
  parseKsaCsr,
} from '../../shared/einvoicing/ksa/csr';
import {
  exampleSimplifiedInvoice,
  exampleStandardInvoice,
  KSA_SDK_CERTIFICATES,
} from '../../shared/einvoicing/ksa/examples';
import { KSA_INITIAL_PIH } from '../../shared/einvoicing/ksa/initial-pih';
import { stampKsaXml } from '../../shared/einvoicing/ksa/stamp';
import { loadKsaRules } from './zatca/rules';
import { startZatcaEmulator, type ZatcaEmulator, type ZatcaSubmission } from './zatca-emulator';

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

/** What the emulator checks on each document, with documents stamped by shared/einvoicing/ksa/stamp.ts. */
describe('ZATCA sandbox emulator: document checks', () => {
  let emu: ZatcaEmulator;
  const keys = generateKsaKeyAndCsr({ ...device, invoiceType: '0100' }, 'sandbox'); // simplified only
  let csid: { token: string; secret: string; certB64: string };
  beforeAll(async () => {
    emu = await startZatcaEmulator(0);
    await loadKsaRules(); // first run compiles ZATCA's rules to SEF (~30–60 s), then cached in .local/zatca-sef
    const r = await fetch(`${emu.baseUrl}/compliance`, {
      method: 'POST',
      headers: { ...V2, otp: '111111' },
      body: JSON.stringify({ csr: keys.csrBase64 }),
    });
    const b = (await r.json()) as Record<string, string>;
    csid = {
      token: b.binarySecurityToken,
      secret: b.secret,
      certB64: Buffer.from(b.binarySecurityToken, 'base64').toString('utf8'),
    };
  }, 240_000);
  afterAll(() => emu.stop());

  const stamp = (doc: EInvoiceDocument, icv: number, pih: string, signer?: { key: string; cert: string }) => {
    const s = stampKsaXml(buildKsaXml({ ...doc, uuid: crypto.randomUUID() }, { icv, pih }), {
      privateKeyPem: signer?.key ?? keys.privateKeyPem,
      certificatePem: signer?.cert ?? csid.certB64,
    });
    return { xml: s.xml, hash: s.hash, uuid: /<cbc:UUID>([^<]+)<\/cbc:UUID>/.exec(s.xml)?.[1] ?? '' };
  };
  const check = async (xml: string, uuid: string, invoiceHash: string) => {
    const res = await fetch(`${emu.baseUrl}/compliance/invoices`, {
      method: 'POST',
      headers: { ...V2, authorization: basic(csid.token, csid.secret) },
      body: JSON.stringify({ invoiceHash, uuid, invoice: Buffer.from(xml).toString('base64') }),
    });
    const body = (await res.json()) as {
      validationResults: { status: string; errorMessages: { code: string; category: string; message: string }[] };
      reportingStatus?: string;
      clearanceStatus?: string;
    };
    return { status: res.status, body, codes: body.validationResults.errorMessages.map((m) => m.code) };
  };
  const lastReported = async () =>
    ((await (await fetch(`${emu.url}/_emulator/documents`)).json()) as ZatcaSubmission[])
      .filter((d) => d.status === 'REPORTED')
      .at(-1);
  const last = async () => ((await (await fetch(`${emu.url}/_emulator/documents`)).json()) as ZatcaSubmission[]).at(-1);

  it('passes a simplified invoice stamped with the device key and its certificate, and records it', async () => {
    const d = stamp(exampleSimplifiedInvoice, 1, KSA_INITIAL_PIH);
    const r = await check(d.xml, d.uuid, d.hash);
    expect(r.codes).toEqual([]);
    expect([200, 202]).toContain(r.status);
    expect(r.body.reportingStatus).toBe('REPORTED');
    expect(r.body.clearanceStatus).toBeNull();
    const rec = await last();
    expect(rec).toMatchObject({ endpoint: 'compliance', uuid: d.uuid, typeCode: '388', profile: 'simplified', icv: 1 });
    expect(rec?.hash).toBe(d.hash);
    expect(rec?.checkMs).toBeGreaterThan(0);
  });

  it('rejects XML that is not well-formed, a tampered amount, and a wrong chain', async () => {
    const broken = await check('<Invoice><cbc:ID>1</Invoice>', 'u-1', 'x');
    expect(broken.status).toBe(400);
    expect(broken.body.validationResults.errorMessages[0].category).toBe('XSD validation');
    expect(broken.body.reportingStatus).toBe('NOT_REPORTED');

    const prev = (await lastReported())?.hash ?? '';
    expect(prev).not.toBe('');
    const d = stamp(exampleSimplifiedInvoice, 2, prev);
    const tampered = d.xml.replace(
      /<cbc:PayableAmount currencyID="SAR">[^<]+</,
      '<cbc:PayableAmount currencyID="SAR">1.00<',
    );
    expect(tampered).not.toBe(d.xml);
    const t = await check(tampered, d.uuid, d.hash);
    expect(t.status).toBe(400);
    expect(t.codes).toContain('invalid-invoice-hash');
    expect(t.codes).toContain('signature-or-qr');

    const noCounter = stamp(exampleSimplifiedInvoice, 0, prev);
    expect((await check(noCounter.xml, noCounter.uuid, noCounter.hash)).codes).toContain('KSA-16');
    const wrongPih = stamp(exampleSimplifiedInvoice, 2, KSA_INITIAL_PIH);
    expect((await check(wrongPih.xml, wrongPih.uuid, wrongPih.hash)).codes).toContain('KSA-13');
  });

  it('refuses a document signed with another certificate and a profile the certificate does not allow', async () => {
    const prev = await lastReported();
    const sdk = {
      key: readFileSync(KSA_SDK_CERTIFICATES.privateKey, 'utf8'),
      cert: readFileSync(KSA_SDK_CERTIFICATES.certificate, 'utf8'),
    };
    const other = stamp(exampleSimplifiedInvoice, 2, prev?.hash ?? '', sdk);
    expect((await check(other.xml, other.uuid, other.hash)).codes).toEqual(['certificate-mismatch']);
    const standard = stamp(exampleStandardInvoice, 2, prev?.hash ?? '');
    const r = await check(standard.xml, standard.uuid, standard.hash);
    expect(r.codes).toEqual(['certificate-permissions']);
    expect(r.body.clearanceStatus).toBe('NOT_CLEARED');
  });
});
