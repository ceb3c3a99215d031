import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkEmulator } from '../../infra/local/einvoicing-emulator';
import { type UblValidation, validateUbl } from '../../infra/local/einvoicing-validate';
import { startJoFotaraEmulator } from '../../infra/local/jofotara-emulator';
import { startUaeAspEmulator } from '../../infra/local/uae-asp-emulator';
import { buildJoFotaraXml } from '../../shared/einvoicing/jofotara';
import { buildPintAeXml } from '../../shared/einvoicing/pint-ae';
import {
  ammanRentalInvoice,
  dubaiMixedInvoice,
  dubaiRentalCreditNote,
  dubaiRentalInvoice,
} from '../../shared/einvoicing/test-documents';
import { joFotaraNetwork } from './providers/jofotara';
import { uaeAspNetwork } from './providers/uae-asp';

/**
 * UAE and Jordan e-invoices end to end on this machine: each document built from a rental passes
 * the UBL 2.1 schema (and, for the UAE, the EN 16931 rules) with Java (one JVM per check for all
 * files), then goes through its adapter to its network's emulator.
 */
const aeInvoice = buildPintAeXml(dubaiRentalInvoice(), { buyerReference: 'RA-2026-0077' });
const aeCredit = buildPintAeXml(dubaiRentalCreditNote());
const joInvoice = buildJoFotaraXml(ammanRentalInvoice(), { incomeSourceSequence: '16683693' });
const amman = ammanRentalInvoice();
const joCredit = buildJoFotaraXml(
  ammanRentalInvoice({
    kind: 'credit',
    uuid: '0f3c3d51-2a8e-4f1c-8d5e-0b7a9d3c1e22',
    number: 'CN-000021',
    reason: 'Rental shortened by one day',
    billingReference: {
      number: amman.number,
      issueDate: amman.issueDate,
      uuid: amman.uuid,
      totalMinor: amman.totalMinor,
    },
  }),
  { incomeSourceSequence: '16683693' },
);
// A UAE invoice with a rule broken on purpose (VAT total ≠ its breakdown): the check must see it.
const aeBroken = aeInvoice.replace(
  '<cbc:TaxAmount currencyID="AED">41.30</cbc:TaxAmount>',
  '<cbc:TaxAmount currencyID="AED">41.31</cbc:TaxAmount>',
);

describe('UAE and Jordan XML against the UBL 2.1 schema and EN 16931', () => {
  let dir = '';
  let results: Record<string, UblValidation> = {};
  const file = (name: string) => join(dir, name);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'einv-uae-jo-'));
    const files: [string, string][] = [
      ['ae-invoice.xml', aeInvoice],
      ['ae-credit.xml', aeCredit],
      ['ae-broken.xml', aeBroken],
      ['ae-mixed.xml', buildPintAeXml(dubaiMixedInvoice())],
      ['jo-invoice.xml', joInvoice],
      ['jo-credit.xml', joCredit],
      // The invoice number moved after the issue time: out of the UBL 2.1 sequence.
      [
        'ae-bad-order.xml',
        aeInvoice
          .replace('<cbc:ID>INV-000142</cbc:ID>', '')
          .replace('</cbc:IssueTime>', '</cbc:IssueTime>\n  <cbc:ID>INV-000142</cbc:ID>'),
      ],
    ];
    await Promise.all(files.map(([n, x]) => writeFile(file(n), x)));
    const [ae, jo] = await Promise.all([
      validateUbl(['ae-invoice.xml', 'ae-credit.xml', 'ae-broken.xml', 'ae-bad-order.xml', 'ae-mixed.xml'].map(file), {
        en16931: true,
      }),
      validateUbl([file('jo-invoice.xml'), file('jo-credit.xml')], { en16931: false }),
    ]);
    results = { ...ae, ...jo };
  }, 180_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a Dubai rental tax invoice passes with no error and no warning', () => {
    expect(results[file('ae-invoice.xml')]).toEqual({ errors: [], warnings: [] });
  });

  it('its credit note passes with no error (ZATCA-adapted rules misreading a CreditNote are warnings)', () => {
    const r = results[file('ae-credit.xml')];
    expect(r.errors).toEqual([]);
    expect(r.warnings.filter((w) => w.startsWith('KSA adaptation')).map((w) => w.split(':')[1].trim())).toEqual([
      'BR-22',
      'BR-CL-01',
    ]);
  });

  it('an invoice with every VAT category (S, Z, E by code and text, O) passes with no error and no warning', () => {
    expect(results[file('ae-mixed.xml')]).toEqual({ errors: [], warnings: [] });
  });

  it('a broken invoice is caught by the rules', () => {
    expect(results[file('ae-broken.xml')].errors.map((e) => e.split(':')[0])).toContain('BR-CO-14');
  });

  it('an Amman rental invoice and its credit note pass the UBL 2.1 schema', () => {
    expect(results[file('jo-invoice.xml')].errors).toEqual([]);
    expect(results[file('jo-credit.xml')].errors).toEqual([]);
  });

  it('a document out of the schema is refused by the XSD check', () => {
    expect(results[file('ae-bad-order.xml')].errors[0]).toMatch(
      /^XSD line \d+: cvc-complex-type.2.4.a: .*CommonBasicComponents-2":ID}. is expected/,
    );
  });
});

describe('UAE and Jordan documents through their adapters to the emulators', () => {
  let asp: NetworkEmulator;
  let jo: NetworkEmulator;
  beforeAll(async () => {
    [asp, jo] = await Promise.all([startUaeAspEmulator(0), startJoFotaraEmulator(0)]);
  });
  afterAll(() => Promise.all([asp.stop(), jo.stop()]));
  const uae = () => uaeAspNetwork({ apiKey: 'key_live_x', legalEntityId: 7 }, { baseUrl: asp.url });
  const jordan = () => joFotaraNetwork({ clientId: 'c1', secretKey: 's1' }, { baseUrl: jo.url });
  // The send metadata of a document: its UUID is the idempotency key at the access point.
  const meta = (uuid: string, kind: 'invoice' | 'credit' = 'invoice') => ({
    documentId: uuid,
    uuid,
    number: 'n',
    kind,
  });
  const inv = dubaiRentalInvoice().uuid;

  it('the UAE invoice and credit note are accepted by the access point', async () => {
    expect((await uae().send(aeInvoice, { ...meta(inv), receiver: { scheme: '0235', id: '1009876543' } })).status).toBe(
      'accepted',
    );
    expect((await uae().send(aeCredit, meta(dubaiRentalCreditNote().uuid, 'credit'))).status).toBe('accepted');
    expect(asp.documents.map((d) => [d.number, d.status])).toEqual([
      ['INV-000142', 'accepted'],
      ['CN-000017', 'accepted'],
    ]);
  });

  it('the broken UAE invoice is rejected with the reason; a 503 is a retry', async () => {
    const broken = await uae().send(
      aeBroken.replace(inv, 'bad5ee18-ee25-44ea-a444-2c37ba7f28be'),
      meta('bad5ee18-ee25-44ea-a444-2c37ba7f28be'),
    );
    expect(broken).toEqual({
      status: 'rejected',
      messages: [
        'TaxTotal: The VAT breakdown does not add up to the VAT total',
        'LegalMonetaryTotal: Total with VAT is not total without VAT plus VAT',
      ],
    });
    await fetch(`${asp.url}/_emulator/faults`, { method: 'POST', body: JSON.stringify({ count: 1, status: 503 }) });
    expect((await uae().send(aeInvoice, meta(inv))).status).toBe('retry');
  });

  it('the Jordan invoice is accepted with its QR; a wrong one rejected; a 503 is a retry', async () => {
    const sent = await jordan().send(joInvoice, meta(ammanRentalInvoice().uuid));
    expect(sent.status).toBe('accepted');
    expect(sent.qr).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const wrongRate = joInvoice
      .replace('<cbc:Percent>16.00</cbc:Percent>', '<cbc:Percent>17.00</cbc:Percent>')
      .replace('c1f6a3e2', 'd1f6a3e2');
    const refused = await jordan().send(wrongRate, meta('d1f6a3e2'));
    expect(refused.status).toBe('rejected');
    expect(refused.messages).toContain('[INVALID_TAX_RATE] Line 1: invalid tax rate 17');
    expect((await jordan().send(joCredit, meta('0f3c3d51-2a8e-4f1c-8d5e-0b7a9d3c1e22', 'credit'))).status).toBe(
      'accepted',
    );
    await fetch(`${jo.url}/_emulator/faults`, { method: 'POST', body: JSON.stringify({ count: 1, status: 503 }) });
    expect((await jordan().send(joInvoice, meta(ammanRentalInvoice().uuid))).status).toBe('retry');
  });
});
