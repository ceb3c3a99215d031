import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeZatcaTlv } from '../../invoices/zatca';
import { buildKsaXml } from './build';
import {
  exampleCreditNote,
  exampleDebitNote,
  exampleSimplifiedInvoice,
  exampleStandardInvoice,
  KSA_SDK_CERTIFICATES,
} from './examples';
import { ksaInvoiceHash } from './hash';
import { KSA_INITIAL_PIH } from './initial-pih';
import { stampKsaXml } from './stamp';
import { verifyKsaXml } from './verify';

/**
 * The four Saudi documents of a Riyadh rental company, built, stamped with ZATCA's SDK test
 * certificate and chained (ICV 1…4, each PIH the previous document's hash), then checked by
 * infra/local/zatca/validate-ksa — the UBL 2.1 schema, the EN 16931 rules and the KSA rules ZATCA
 * publishes — in one call (a JVM per rule set and file: tens of seconds on a busy machine).
 */
const run = promisify(execFile);
const validateKsa = resolve(import.meta.dirname, '../../../infra/local/zatca/validate-ksa');
const dir = mkdtempSync(join(tmpdir(), 'ksa-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keys = {
  certificatePem: readFileSync(KSA_SDK_CERTIFICATES.certificate, 'utf8'),
  privateKeyPem: readFileSync(KSA_SDK_CERTIFICATES.privateKey, 'utf8'),
};
const documents = [exampleSimplifiedInvoice, exampleStandardInvoice, exampleCreditNote, exampleDebitNote];

describe('ZATCA phase 2: four chained documents pass validate-ksa', () => {
  it('simplified invoice, standard invoice to a VAT-registered buyer, credit note, debit note: 0 errors', async () => {
    let pih = KSA_INITIAL_PIH;
    const files: string[] = [];
    documents.forEach((doc, i) => {
      const stamped = stampKsaXml(buildKsaXml(doc, { icv: i + 1, pih }), keys);
      const check = verifyKsaXml(stamped.xml, { expectedPih: pih });
      expect(check.errors).toEqual([]);
      expect(check.icv).toBe(i + 1);
      expect(ksaInvoiceHash(stamped.xml)).toBe(stamped.hash);
      expect(decodeZatcaTlv(stamped.qr)).toHaveLength(doc.profile === 'simplified' ? 9 : 8);
      const file = join(dir, `${i + 1}-${doc.number}.xml`);
      writeFileSync(file, stamped.xml);
      files.push(file);
      pih = stamped.hash;
    });

    const { stdout, code } = await run(validateKsa, files, { maxBuffer: 1 << 20 }).then(
      (r) => ({ ...r, code: 0 }),
      (e: { stdout: string; code: number }) => ({ stdout: e.stdout, code: e.code }),
    );
    console.log(stdout);
    const summaries = stdout.split('\n').filter((l) => / \d+ errors, \d+ warnings$/.test(l));
    expect(summaries).toHaveLength(4);
    for (const [i, doc] of documents.entries()) {
      expect(summaries[i]).toMatch(new RegExp(`^${i + 1}-${doc.number}\\.xml: 0 errors, \\d+ warnings$`));
    }
    expect(code).toBe(0);
  }, 600_000);
});
