import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EInvoiceDocument } from '../../../shared/einvoicing/document';
import { buildKsaXml } from '../../../shared/einvoicing/ksa/build';
import { generateKsaKeyAndCsr, type KsaKeyAndCsr } from '../../../shared/einvoicing/ksa/csr';
import {
  exampleCreditNote,
  exampleDebitNote,
  exampleSeller,
  exampleSimplifiedInvoice,
  exampleStandardInvoice,
} from '../../../shared/einvoicing/ksa/examples';
import { ksaInvoiceHash } from '../../../shared/einvoicing/ksa/hash';
import { KSA_INITIAL_PIH } from '../../../shared/einvoicing/ksa/initial-pih';
import { stampKsaXml } from '../../../shared/einvoicing/ksa/stamp';
import { startZatcaEmulator, verifyClearanceStamp, type ZatcaEmulator } from '../../../infra/local/zatca-emulator';
import { type ZatcaCsid, ZatcaError, zatcaClient } from './zatca';

/**
 * The ZATCA client against the Fatoora emulator of the local stack (ZATCA_BASE_URL; a private one when the
 * file runs outside the harness): onboarding of one device (CSR → compliance CSID → the six compliance checks
 * its invoice type 1100 asks for → production CSID), then a simplified invoice reported, a standard invoice
 * cleared, a document rejected with ZATCA's rule message, the same document resent answered as the first, another one
 * under its uuid answered 409, and a 503 that is
 * retryable. Documents are built and stamped by shared/einvoicing/ksa with the device's own key and the
 * certificate the emulator issued.
 */
describe('ZATCA client ↔ Fatoora emulator', () => {
  let own: ZatcaEmulator | undefined;
  let baseUrl = '';
  let root = '';
  const keys: KsaKeyAndCsr = generateKsaKeyAndCsr(
    {
      commonName: `TST-${exampleSeller.vatNumber}`,
      serialNumber: `1-Sayyara|2-1.0|3-${randomUUID()}`,
      organizationIdentifier: String(exampleSeller.vatNumber),
      organizationUnitName: 'Riyadh Branch',
      organizationName: exampleSeller.name,
      countryName: 'SA',
      invoiceType: '1100',
      location: 'RRRD2322',
      industry: 'Car rental',
    },
    'sandbox',
  );
  let compliance: ZatcaCsid;
  let production: ZatcaCsid;
  /** The hash of the last production document the emulator accepted (the next PIH). */
  let lastAccepted = '';

  beforeAll(async () => {
    // under the test harness the local stack registered its emulator as ZATCA_BASE_URL
    if (process.env.SAYYARA_URL) expect(process.env.ZATCA_BASE_URL).toMatch(/\/e-invoicing\/developer-portal$/);
    baseUrl = process.env.ZATCA_BASE_URL ?? '';
    if (!baseUrl) {
      own = await startZatcaEmulator(0);
      baseUrl = own.baseUrl;
    }
    root = new URL(baseUrl).origin;
  }, 120_000);
  afterAll(() => own?.stop());

  /** Builds and stamps `doc` (fresh uuid) as the device's document number `icv` after `pih`. */
  function issue(doc: EInvoiceDocument, icv: number, pih: string, csid: ZatcaCsid, patch?: Partial<EInvoiceDocument>) {
    const d = { ...doc, uuid: randomUUID(), ...patch };
    const stamped = stampKsaXml(buildKsaXml(d, { icv, pih }), {
      privateKeyPem: keys.privateKeyPem,
      certificatePem: csid.certificatePem,
    });
    return { uuid: d.uuid, xml: stamped.xml, invoiceHash: stamped.hash };
  }

  const fail = async (p: Promise<unknown>): Promise<ZatcaError> => {
    try {
      await p;
    } catch (e) {
      if (e instanceof ZatcaError) return e;
      throw e;
    }
    throw new Error('expected a ZatcaError');
  };

  it('onboards: compliance CSID, six compliance checks, production CSID', async () => {
    const zatca = zatcaClient({ baseUrl });
    expect((await fail(zatca.complianceCsid(keys.csrBase64, '000000'))).messages).toEqual(['Invalid-OTP: Invalid OTP']);
    compliance = await zatca.complianceCsid(keys.csrBase64, '123456');
    expect(compliance.dispositionMessage).toBe('ISSUED');
    expect(compliance.certificatePem).toMatch(/^-----BEGIN CERTIFICATE-----/);

    const early = await fail(zatca.productionCsid(compliance));
    expect(early.httpStatus).toBe(400);
    expect(early.retryable).toBe(false);
    expect(early.messages[0]).toContain('standard invoice');

    const debitSimplified = { ...exampleDebitNote, profile: 'simplified' as const, buyer: exampleCreditNote.buyer };
    const creditStandard = {
      ...exampleCreditNote,
      profile: 'standard' as const,
      buyer: exampleStandardInvoice.buyer,
      billingReference: { number: exampleStandardInvoice.number, issueDate: exampleStandardInvoice.issueDate },
    };
    let pih = KSA_INITIAL_PIH;
    const kinds = [
      exampleStandardInvoice,
      creditStandard,
      exampleDebitNote,
      exampleSimplifiedInvoice,
      exampleCreditNote,
      debitSimplified,
    ];
    for (const [i, doc] of kinds.entries()) {
      const d = issue(doc, i + 1, pih, compliance);
      const r = await zatca.complianceCheck(compliance, d);
      expect(r.validationResults.status, `${doc.profile} ${doc.kind}`).not.toBe('ERROR');
      if (doc.profile === 'standard') expect(r.clearanceStatus).toBe('CLEARED');
      else expect(r.reportingStatus).toBe('REPORTED');
      pih = d.invoiceHash;
    }
    production = await zatca.productionCsid(compliance);
    expect(production.dispositionMessage).toBe('ISSUED');
    expect(production.binarySecurityToken).not.toBe(compliance.binarySecurityToken);
  });

  it('reports a simplified invoice, clears a standard one, rejects a bad one, a resend answered as the first', async () => {
    const zatca = zatcaClient({ baseUrl });
    const first = issue(exampleSimplifiedInvoice, 1, KSA_INITIAL_PIH, production);
    // the compliance CSID may not submit production documents
    const refused = await fail(zatca.report(compliance, first));
    expect(refused.httpStatus).toBe(401);
    expect(refused.retryable).toBe(true); // nothing decided about the document: send it again with the right CSID
    const reported = await zatca.report(production, first);
    expect(reported.reportingStatus).toBe('REPORTED');
    expect([200, 202]).toContain(reported.httpStatus);

    const second = issue(exampleStandardInvoice, 2, first.invoiceHash, production);
    const cleared = await zatca.clear(production, second);
    expect(cleared.clearanceStatus).toBe('CLEARED');
    expect(cleared.clearedXml).toBeDefined();
    const clearedXml = String(cleared.clearedXml);
    expect(ksaInvoiceHash(clearedXml)).toBe(second.invoiceHash);
    const ca = await (await fetch(`${root}/_emulator/ca`)).text();
    expect(verifyClearanceStamp(clearedXml, ca)).toBe(true);
    const tampered = clearedXml.replace(
      `<zemu:InvoiceHash>${second.invoiceHash}`,
      `<zemu:InvoiceHash>${first.invoiceHash}`,
    );
    expect(tampered).not.toBe(clearedXml);
    expect(verifyClearanceStamp(tampered, ca)).toBe(false);

    // a seller VAT number that is not 15 digits starting and ending with 3: rejected by KSA rule BR-KSA-40
    const bad = issue(exampleSimplifiedInvoice, 3, second.invoiceHash, production, {
      seller: { ...exampleSeller, vatNumber: '12345' },
    });
    const rejected = await fail(zatca.report(production, bad));
    expect(rejected.httpStatus).toBe(400);
    expect(rejected.retryable).toBe(false);
    expect(rejected.validationResults?.status).toBe('ERROR');
    expect(rejected.messages).toEqual([
      expect.stringMatching(/^BR-KSA-40: .*seller VAT registration number \(BT-31\) must contain 15 digits/),
    ]);

    // a wrong hash in the request body, and a broken chain, are refused as ZATCA does
    const third = issue(exampleSimplifiedInvoice, 3, second.invoiceHash, production);
    const wrongHash = await fail(zatca.report(production, { ...third, invoiceHash: first.invoiceHash }));
    expect(wrongHash.messages.join(' ')).toContain('invalid-invoice-hash');
    // ICV 3 must carry the hash of the device's ICV 2 (the standard invoice), not of ICV 1
    const wrongIcv = await fail(
      zatca.report(production, issue(exampleSimplifiedInvoice, 3, first.invoiceHash, production)),
    );
    expect(wrongIcv.messages.join(' ')).toContain(
      "KSA-13: The previous invoice hash (PIH) must be the hash of this device's document with ICV 2",
    );

    expect((await zatca.report(production, third)).reportingStatus).toBe('REPORTED');
    lastAccepted = third.invoiceHash;
    // the same document again (an answer lost on the way): ZATCA's first answer, nothing reported twice
    const resent = await zatca.report(production, third);
    expect(resent.reportingStatus).toBe('REPORTED');
    const listed = (await (await fetch(`${root}/_emulator/documents`)).json()) as { uuid: string; status: string }[];
    // (its first sending, with a wrong hash in the request, was refused)
    expect(listed.filter((d) => d.uuid === third.uuid).map((d) => d.status)).toEqual([
      'NOT_REPORTED',
      'REPORTED',
      'ALREADY_REPORTED',
    ]);
    // another document under the used uuid → 409
    const other = issue(exampleSimplifiedInvoice, 4, third.invoiceHash, production, { uuid: third.uuid });
    const again = await fail(zatca.report(production, other));
    expect(again.httpStatus).toBe(409);
    expect(again.duplicate).toBe(true);
    expect(again.retryable).toBe(false);
    expect(again.messages[0]).toContain('already been reported');
  });

  it('maps an outage to a retryable error and succeeds on the retry', async () => {
    const zatca = zatcaClient({ baseUrl });
    // the chain continues from the last accepted production document (ICV 3); the fault hits this document only
    const fourth = issue(exampleSimplifiedInvoice, 4, lastAccepted, production);
    const fault = { count: 1, status: 503, uuid: fourth.uuid };
    await fetch(`${root}/_emulator/faults`, { method: 'POST', body: JSON.stringify(fault) });
    const outage = await fail(zatca.report(production, fourth));
    expect(outage.httpStatus).toBe(503);
    expect(outage.retryable).toBe(true);
    expect((await zatca.report(production, fourth)).reportingStatus).toBe('REPORTED');
    const unreachable = await fail(
      zatcaClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }).report(production, fourth),
    );
    expect(unreachable.retryable).toBe(true);
    const docs = (await (await fetch(`${root}/_emulator/documents`)).json()) as { uuid: string; status: string }[];
    expect(docs.filter((d) => d.uuid === fourth.uuid).map((d) => d.status)).toEqual(['FAULT', 'REPORTED']);
  });
});
