import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateUbl } from '../../infra/local/einvoicing-validate';
import { decodeZatcaTlv } from '../../shared/invoices/zatca';
import { KSA_INITIAL_PIH } from '../../shared/einvoicing/ksa/initial-pih';
import { verifyKsaXml } from '../../shared/einvoicing/ksa/verify';
import { EDOC_MESSAGES } from '../../shared/schemas/einvoicing';
import { get, patch, post, put, setupBooks, checkBooks } from '../../test/integration/client';
import { registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { createCustomer, createVehicle } from '../../test/integration/entity-factories';
import { getItem } from '../lib/data/repo';
import { edocKeys } from '../einvoicing/model';
import { runInvoicing } from '../finance/invoicing';

/**
 * E-documents born in the issue transactions (issue 29), over HTTP against the harness stack and its ZATCA
 * emulator: a Saudi company onboarded through the API issues a simplified invoice, a standard invoice to a
 * VAT-registered buyer (its national address required) and a credit note; each document's signed XML (GET …/xml)
 * passes validate-ksa with 0 errors (one call for all files), the chain runs ICV 1, 2, 3 with each PIH the previous
 * hash, the QR (9 tags simplified, 8 standard) verifies; 10 concurrent issues keep the chain gap-free; a standard
 * invoice is not released (PDF 409) while ZATCA has not cleared it. UAE and Jordan companies get `unsent`
 * documents whose XML passes the UBL checks; a US company gets none (xml 404); another company's id is 404.
 */
const run = promisify(execFile);
const validateKsa = resolve(import.meta.dirname, '../../infra/local/zatca/validate-ksa');
const dir = mkdtempSync(join(tmpdir(), 'einvoice-issue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SA_VAT = '310175397400003';
const BUYER_VAT = '310122393500003';
const RIYADH = {
  buildingNumber: '2322',
  street: 'King Fahd Road',
  district: 'Al Olaya',
  city: 'Riyadh',
  postalCode: '12214',
  additionalNumber: '8229',
  emirate: '',
};
const JEDDAH = { ...RIYADH, buildingNumber: '7412', street: 'Tahlia Street', district: 'Al Rawdah', city: 'Jeddah' };

async function company(region: 'SA' | 'AE' | 'JO' | 'US', values: Record<string, unknown>) {
  const t = await registerTenant({ region });
  const s = (await get('/api/v1/company/settings', t.token)).body;
  const res = await put('/api/v1/company/settings', { version: s.version, ...values }, t.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await setupBooks(t.token)).status).toBe(200);
  return t;
}

let seq = 0;
const base = Date.UTC(2035, 0, 5, 10);
/** A booking of 3 days and its draft invoice (a booking's tax invoice posts its charges: issue 26). */
async function draftFor(t: RegisteredTenant, customer: Record<string, unknown> = {}) {
  const [vehicle, c] = await Promise.all([
    createVehicle(t.token),
    createCustomer(t.token, { fullNameEnglish: `E-invoice Customer ${++seq}`, ...customer }),
  ]);
  const start = base + seq * 4 * 86_400_000;
  const rental = await post(
    '/api/v1/rentals',
    {
      vehicleId: vehicle.id,
      customerId: c.id,
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 86_400_000).toISOString(),
      dailyRate: 150,
    },
    t.token,
  );
  expect(rental.status, JSON.stringify(rental.body)).toBe(201);
  const fine = await post(
    `/api/v1/rentals/${rental.body.id}/charges`,
    { amount: 300, label: 'Speeding fine', category: 'traffic_fines' },
    t.token,
  );
  expect(fine.status).toBe(201);
  const res = await post('/api/v1/invoices', { rentalId: rental.body.id }, t.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const issue = (t: RegisteredTenant, id: string) => post(`/api/v1/invoices/${id}/issue`, {}, t.token);
const xmlOf = async (t: RegisteredTenant, id: string, document = 'invoice') => {
  const res = await get(`/api/v1/invoices/${id}/xml?document=${document}`, t.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/xml');
  return res.body as string;
};

describe('Saudi e-documents (ZATCA phase 2) born in the issue transactions', () => {
  let sa: RegisteredTenant;
  const issued: { file: string; xml: string; icv: number; profile: string }[] = [];
  let simplifiedId = '';

  beforeAll(async () => {
    sa = await company('SA', {
      vatNumber: SA_VAT,
      enableVat: true,
      taxAddress: RIYADH,
      commercialRegistration: '1010010000',
    });
    const onboard = await post('/api/v1/einvoicing/onboard', { otp: '123456' }, sa.token);
    expect(onboard.status, JSON.stringify(onboard.body)).toBe(200);
    expect(onboard.body.stage).toBe('production');
  }, 120_000);

  it('a simplified invoice: ICV 1 with the initial PIH, reported later (pending), released, QR of 9 tags', async () => {
    const id = await draftFor(sa);
    simplifiedId = id;
    const res = await issue(sa, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice).toMatchObject({
      network: 'zatca',
      kind: 'invoice',
      profile: 'simplified',
      number: res.body.number,
      status: 'pending',
      icv: 1,
      released: true,
      total: res.body.total,
      vat: res.body.vat,
    });
    const xml = await xmlOf(sa, id);
    const check = verifyKsaXml(xml, { expectedPih: KSA_INITIAL_PIH });
    expect(check.errors).toEqual([]);
    expect(check.hash).toBe(res.body.einvoice.hash);
    expect(decodeZatcaTlv(res.body.einvoice.qr)).toHaveLength(9);
    expect(check.qrTags[6]).toBe(check.hash);
    // The submission work is queued: due now.
    const due = await getItem(edocKeys.due(sa.tenantId, id));
    expect(due?.dueAt).toBe(res.body.issuedAt);
    issued.push({ file: '1-simplified.xml', xml, icv: 1, profile: 'simplified' });
    // The PDF prints the phase-2 QR (the page image is checked by hand: pdftoppm).
    expect((await get(`/api/v1/invoices/${id}/pdf`, sa.token)).status).toBe(200);
  });

  it("a standard invoice needs the buyer's national address: 400 and nothing written (the chain did not move)", async () => {
    const id = await draftFor(sa);
    expect((await patch(`/api/v1/invoices/${id}`, { customerVatNumber: BUYER_VAT }, sa.token)).status).toBe(200);
    const refused = await issue(sa, id);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(EDOC_MESSAGES.buyerAddressRequired);
    expect((await get(`/api/v1/invoices/${id}`, sa.token)).body).toMatchObject({ status: 'draft', einvoice: null });
    expect((await getItem(edocKeys.chain(sa.tenantId)))?.icv).toBe(1);
    expect(await getItem(edocKeys.document(sa.tenantId, id))).toBeUndefined();

    expect((await patch(`/api/v1/invoices/${id}`, { buyerAddress: JEDDAH }, sa.token)).status).toBe(200);
    const res = await issue(sa, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Clearance is tried right after the issue (submitDocument, built by the submission side): cleared, the buyer
    // gets it; not cleared (ZATCA not answering, or the submission not built yet), the buyer gets nothing.
    expect(res.body.einvoice).toMatchObject({ profile: 'standard', icv: 2 });
    const pdf = await get(`/api/v1/invoices/${id}/pdf`, sa.token);
    if (res.body.einvoice.status === 'cleared') {
      expect(res.body.einvoice.released).toBe(true);
      expect(pdf.status).toBe(200);
    } else {
      expect(res.body.einvoice).toMatchObject({ status: 'pending', released: false });
      expect(pdf.status).toBe(409);
      expect(pdf.body.error.message).toBe(EDOC_MESSAGES.notReleased);
      const email = await post(`/api/v1/invoices/${id}/email`, { to: 'buyer@example.test' }, sa.token);
      expect(email.status).toBe(409);
      expect(await getItem(edocKeys.due(sa.tenantId, id))).toBeDefined();
    }
    await xmlOf(sa, id);
    // The document as issued (the route answers ZATCA's cleared copy once cleared).
    const xml = String((await getItem(edocKeys.xml(sa.tenantId, id)))?.xml);
    const check = verifyKsaXml(xml);
    expect(check.errors).toEqual([]);
    expect(decodeZatcaTlv(res.body.einvoice.qr)).toHaveLength(8);
    issued.push({ file: '2-standard.xml', xml, icv: 2, profile: 'standard' });
  });

  it('a credit note on the simplified invoice has its own e-document (ICV 3) referencing the invoice', async () => {
    const id = await draftFor(sa);
    expect((await issue(sa, id)).status).toBe(200);
    const chainBefore = await getItem(edocKeys.chain(sa.tenantId));
    const res = await post(
      `/api/v1/invoices/${id}/credit-note`,
      { reason: 'Rental cancelled by the customer' },
      sa.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.creditNote.einvoice).toMatchObject({
      kind: 'credit_note',
      number: res.body.creditNote.number,
      invoiceId: id,
      icv: Number(chainBefore?.icv) + 1,
    });
    const invoiceXml = await xmlOf(sa, id);
    issued.push({ file: '3-invoice.xml', xml: invoiceXml, icv: 3, profile: 'simplified' });
    const xml = await xmlOf(sa, id, 'credit_note');
    expect(xml).toContain(`<cbc:ID>${res.body.number}</cbc:ID>`);
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    issued.push({ file: '4-credit.xml', xml, icv: 4, profile: 'simplified' });
  });

  it('a debit note on the simplified invoice: further charges on the rental (and the GL), DN- number, ICV 5', async () => {
    const path = `/api/v1/invoices/${simplifiedId}/debit-note`;
    const bad = await post(path, { reason: '', lines: [] }, sa.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ reason: expect.any(String), lines: expect.any(String) });
    const invoice = (await get(`/api/v1/invoices/${simplifiedId}`, sa.token)).body;
    const rentalBefore = (await get(`/api/v1/rentals/${invoice.rentalId}`, sa.token)).body;
    const body = {
      reason: 'Fuel not refilled at the return',
      lines: [{ category: 'fuel_charges', label: 'Refuelling (40 litres)', amount: 115 }],
    };
    const headers = { 'idempotency-key': `dn-${simplifiedId}` };
    const res = await post(path, body, sa.token, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The same key again: the same answer, nothing written twice.
    const again = await post(path, body, sa.token, headers);
    expect(again.status).toBe(201);
    expect(again.body.debitNotes).toHaveLength(1);
    const [dn] = res.body.debitNotes;
    expect(dn.number).toMatch(/^DN-\d+$/);
    expect(dn).toMatchObject({ invoiceId: simplifiedId, invoiceNumber: invoice.number, total: 115 });
    expect(Math.round((dn.subtotal + dn.vat) * 100) / 100).toBe(115);
    expect(dn.vat).toBe(15);
    expect(dn.einvoice).toMatchObject({ kind: 'debit_note', number: dn.number, icv: 5, status: 'pending' });
    const rentalAfter = (await get(`/api/v1/rentals/${invoice.rentalId}`, sa.token)).body;
    expect(Math.round((rentalAfter.totalAmount - rentalBefore.totalAmount) * 100) / 100).toBe(115);
    const xml = await xmlOf(sa, simplifiedId, `debit_note&debitNoteId=${dn.id}`);
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">383</cbc:InvoiceTypeCode>');
    expect(xml).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    issued.push({ file: '5-debit.xml', xml, icv: 5, profile: 'simplified' });
    const pdf = await get(`/api/v1/invoices/${simplifiedId}/pdf?document=debit_note`, sa.token);
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect(pdf.body.fileName).toBe(`${dn.number}.pdf`);
    const check = await checkBooks(sa.token);
    for (const c of check.body.checks) expect(c.passed, c.name).toBe(true);
  });

  it('the chain: ICVs 1…5, each PIH the previous hash; every document passes validate-ksa with 0 errors', async () => {
    let pih = KSA_INITIAL_PIH;
    for (const d of issued) {
      const check = verifyKsaXml(d.xml, { expectedPih: pih });
      expect(check.errors, d.file).toEqual([]);
      expect(check.icv).toBe(d.icv);
      expect(Object.keys(check.qrTags)).toHaveLength(d.profile === 'simplified' ? 9 : 8);
      pih = check.hash;
    }
    const files = issued.map((d) => {
      const file = join(dir, d.file);
      writeFileSync(file, d.xml);
      return file;
    });
    const { stdout, code } = await run(validateKsa, files, { maxBuffer: 1 << 20 }).then(
      (r) => ({ ...r, code: 0 }),
      (e: { stdout: string; code: number }) => ({ stdout: e.stdout, code: e.code }),
    );
    console.log(stdout);
    const summaries = stdout.split('\n').filter((l) => / \d+ errors, \d+ warnings$/.test(l));
    expect(summaries).toHaveLength(issued.length);
    for (const s of summaries) expect(s).toMatch(/: 0 errors, \d+ warnings$/);
    expect(code).toBe(0);
  }, 600_000);

  it('10 concurrent issues: 10 consecutive ICVs, each PIH the previous hash (no gap, no fork)', async () => {
    const chain = await getItem(edocKeys.chain(sa.tenantId));
    const before = Number(chain?.icv);
    const ids = await Promise.all(Array.from({ length: 10 }, () => draftFor(sa)));
    const answers = await Promise.all(ids.map((id) => issue(sa, id)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const docs = answers.map((a) => a.body.einvoice as { icv: number; hash: string; id: string });
    docs.sort((a, b) => a.icv - b.icv);
    expect(docs.map((d) => d.icv)).toEqual(Array.from({ length: 10 }, (_, i) => before + i + 1));
    let pih = chain?.hash;
    for (const d of docs) {
      const check = verifyKsaXml(await xmlOf(sa, d.id), { expectedPih: pih as string });
      expect(check.errors).toEqual([]);
      pih = d.hash;
    }
    expect((await getItem(edocKeys.chain(sa.tenantId)))?.icv).toBe(before + 10);
  }, 180_000);

  it('an early return of invoiced rent: the credit note issued in the return carries its e-document', async () => {
    // Billing in advance: the month is invoiced at its start (the invoicing job), then the car comes back early.
    const settings = (await get('/api/v1/company/settings', sa.token)).body;
    const advance = { version: settings.version, billingTiming: 'advance' };
    expect((await put('/api/v1/company/settings', advance, sa.token)).status).toBe(200);
    const [vehicle, customer] = await Promise.all([
      createVehicle(sa.token),
      createCustomer(sa.token, { fullNameEnglish: 'Early Returner' }),
    ]);
    const start = new Date(Date.now() - 2 * 86_400_000 - 3_600_000).toISOString();
    const booked = await post(
      '/api/v1/rentals',
      {
        vehicleId: vehicle.id,
        customerId: customer.id,
        startDate: start,
        openEnded: true,
        expectedDuration: 30,
        rentalType: 'monthly',
        monthlyRate: 3000,
        dailyRate: 120,
      },
      sa.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const rentalId = booked.body.id as string;
    const pickup = await post(
      `/api/v1/rentals/${rentalId}/pickup`,
      { odometerStart: 1000, fuelLevelStart: 'full', pickedUpAt: start },
      sa.token,
    );
    expect(pickup.status, JSON.stringify(pickup.body)).toBe(200);
    expect(await runInvoicing(new Date(), { tenantId: sa.tenantId })).toMatchObject({ invoicesCreated: 1 });
    const [month] = (await get(`/api/v1/invoices?rentalId=${rentalId}`, sa.token)).body.items;
    expect(month.status).toBe('issued');
    const chain = await getItem(edocKeys.chain(sa.tenantId));
    expect(chain?.documentId).toBe(month.id);
    const ret = await post(
      `/api/v1/rentals/${rentalId}/return`,
      { odometerEnd: 1100, condition: 'good', fuelLevelEnd: 'full' },
      sa.token,
    );
    expect(ret.status, JSON.stringify(ret.body)).toBe(200);
    const credited = (await get(`/api/v1/invoices/${month.id}`, sa.token)).body;
    expect(credited.status).toBe('void');
    expect(credited.creditNote.einvoice).toMatchObject({
      kind: 'credit_note',
      number: credited.creditNote.number,
      icv: Number(chain?.icv) + 1,
    });
    const check = verifyKsaXml(await xmlOf(sa, month.id, 'credit_note'), { expectedPih: chain?.hash as string });
    expect(check.errors).toEqual([]);
  });

  it("another company's invoice: xml 404", async () => {
    const other = await registerTenant({ region: 'SA' });
    const id = await draftFor(sa);
    expect((await issue(sa, id)).status).toBe(200);
    expect((await get(`/api/v1/invoices/${id}/xml`, other.token)).status).toBe(404);
    const debit = { reason: 'Late fuel charge', lines: [{ category: 'fuel_charges', label: 'Fuel', amount: 50 }] };
    expect((await post(`/api/v1/invoices/${id}/debit-note`, debit, other.token)).status).toBe(404);
    expect((await get(`/api/v1/invoices/${id}`, sa.token)).body.debitNotes).toEqual([]);
  });
});

describe('UAE and Jordan e-documents: UAE unsent until connected, Jordan from its connection', () => {
  it('a Dubai invoice gets an unsent document, an Amman one (connected) a pending one; both XML pass UBL', async () => {
    const [ae, jo] = await Promise.all([
      company('AE', {
        vatNumber: '100123456700003',
        enableVat: true,
        taxAddress: { ...RIYADH, street: 'Sheikh Zayed Road', city: 'Dubai', district: 'Al Quoz', emirate: 'DXB' },
      }),
      company('JO', {
        vatNumber: '12345678',
        enableVat: true,
        taxAddress: { ...RIYADH, street: 'Zahran Street', city: 'Amman', district: '', postalCode: '11181' },
      }),
    ]);
    // Jordan: the XML names the income source sequence only the connection gives, so documents start with it.
    const [aeId, joId] = await Promise.all([draftFor(ae), draftFor(jo)]);
    const network = {
      network: 'jofotara',
      clientId: 'client-1',
      secretKey: 'jo-secret',
      incomeSourceSequence: '16683693',
    };
    const joined = await put('/api/v1/einvoicing/network', network, jo.token);
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const [a, j] = await Promise.all([issue(ae, aeId), issue(jo, joId)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(j.status, JSON.stringify(j.body)).toBe(200);
    expect(a.body.einvoice).toMatchObject({ network: 'uae-asp', status: 'unsent', released: true });
    expect(j.body.einvoice).toMatchObject({ network: 'jofotara', status: 'pending', released: true });
    expect(await getItem(edocKeys.due(ae.tenantId, aeId))).toBeUndefined();
    expect(await getItem(edocKeys.due(jo.tenantId, joId))).toBeDefined();
    const aeFile = join(dir, 'ae.xml');
    const joFile = join(dir, 'jo.xml');
    writeFileSync(aeFile, await xmlOf(ae, aeId));
    writeFileSync(joFile, await xmlOf(jo, joId));
    const [aeCheck, joCheck] = await Promise.all([
      validateUbl([aeFile], { en16931: true }),
      validateUbl([joFile], { en16931: false }),
    ]);
    expect(aeCheck[aeFile].errors).toEqual([]);
    expect(joCheck[joFile].errors).toEqual([]);
    expect(await xmlOf(jo, joId)).toContain('<cbc:ID>16683693</cbc:ID>');
  }, 180_000);

  it('a Jordan company not connected to JoFotara issues its invoice without an e-document', async () => {
    const jo = await company('JO', {
      vatNumber: '12345678',
      enableVat: true,
      taxAddress: { ...RIYADH, street: 'Zahran Street', city: 'Amman', district: '', postalCode: '11181' },
    });
    const res = await issue(jo, await draftFor(jo));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice).toBeNull();
  }, 120_000);

  it('a US company issues no e-document: einvoice null, xml 404', async () => {
    const us = await company('US', {});
    const id = await draftFor(us);
    const res = await issue(us, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice).toBeNull();
    const xml = await get(`/api/v1/invoices/${id}/xml`, us.token);
    expect(xml.status).toBe(404);
    expect(xml.body.error.message).toBe(EDOC_MESSAGES.noDocument);
  });
});
