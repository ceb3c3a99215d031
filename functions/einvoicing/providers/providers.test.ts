import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkEmulator } from '../../../infra/local/einvoicing-emulator';
import { decodeJoQr, startJoFotaraEmulator } from '../../../infra/local/jofotara-emulator';
import { startUaeAspEmulator } from '../../../infra/local/uae-asp-emulator';
import { buildJoFotaraXml } from '../../../shared/einvoicing/jofotara';
import { buildPintAeXml } from '../../../shared/einvoicing/pint-ae';
import {
  ammanRentalInvoice,
  dubaiRentalCreditNote,
  dubaiRentalInvoice,
} from '../../../shared/einvoicing/test-documents';
import { joFotaraNetwork } from './jofotara';
import type { EInvoiceSendMeta } from './types';
import { uaeAspNetwork } from './uae-asp';

/** Each adapter against its emulator: accepted, rejected with the network's words, retried when nothing was decided. */
const meta = (over: Partial<EInvoiceSendMeta> = {}): EInvoiceSendMeta => ({
  documentId: 'inv_1',
  uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
  number: 'INV-000142',
  kind: 'invoice',
  ...over,
});
const faults = (emu: NetworkEmulator, count: number, status: number) =>
  fetch(`${emu.url}/_emulator/faults`, { method: 'POST', body: JSON.stringify({ count, status }) });
const listed = async (emu: NetworkEmulator) =>
  (await (await fetch(`${emu.url}/_emulator/documents`)).json()) as {
    number: string;
    status: string;
    messages: string[];
  }[];

describe('UAE service provider adapter and access-point emulator', () => {
  let emu: NetworkEmulator;
  beforeAll(async () => {
    emu = await startUaeAspEmulator(0);
  });
  afterAll(() => emu.stop());
  const network = () => uaeAspNetwork({ apiKey: 'key_test', legalEntityId: 42 }, { baseUrl: emu.url });

  it('delivers an invoice and a credit note (accepted, with the provider guid), once per UUID', async () => {
    const sent = await network().send(
      buildPintAeXml(dubaiRentalInvoice()),
      meta({ receiver: { scheme: '0235', id: '1009876543' } }),
    );
    expect(sent).toMatchObject({ status: 'accepted', messages: [] });
    expect(sent.providerId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await network().send(buildPintAeXml(dubaiRentalInvoice()), meta());
    expect(again.providerId).toBe(sent.providerId);
    const cn = dubaiRentalCreditNote();
    const credit = await network().send(buildPintAeXml(cn), meta({ uuid: cn.uuid, number: cn.number, kind: 'credit' }));
    expect(credit.status).toBe('accepted');
    const docs = await listed(emu);
    expect(docs.map((d) => [d.number, d.status])).toEqual([
      ['INV-000142', 'accepted'],
      ['CN-000017', 'accepted'],
    ]);
    expect(emu.documents[0]).toMatchObject({ legalEntityId: 42, documentType: 'invoice' });
    expect(emu.documents[1]).toMatchObject({ documentType: 'creditnote' });
  });

  it("rejects a document the provider refuses, with the provider's messages", async () => {
    const xml = buildPintAeXml(dubaiRentalInvoice({ uuid: '11111111-2222-4333-8444-555555555555' })).replace(
      '<cbc:CountrySubentity>DXB</cbc:CountrySubentity>',
      '<cbc:CountrySubentity>Dubai</cbc:CountrySubentity>',
    );
    const sent = await network().send(xml, meta({ uuid: '11111111-2222-4333-8444-555555555555' }));
    expect(sent.status).toBe('rejected');
    expect(sent.messages).toEqual([
      'AccountingSupplierParty: The seller emirate must be one of AUH, DXB, SHJ, AJM, UAQ, RAK, FUJ',
    ]);
    const bad = await network().send('<Invoice><cbc:ID>', meta({ uuid: '21111111-2222-4333-8444-555555555555' }));
    expect(bad.status).toBe('rejected');
    expect(bad.messages[0]).toMatch(/^document: The XML is not well-formed/);
  });

  it('retries on 503, on a refused key and when nobody answers', async () => {
    await faults(emu, 1, 503);
    const down = await network().send(buildPintAeXml(dubaiRentalInvoice()), meta());
    expect(down).toEqual({ status: 'retry', messages: ['Injected failure (HTTP 503)'] });
    const keyless = await uaeAspNetwork({ apiKey: '', legalEntityId: 42 }, { baseUrl: emu.url }).send('<x/>', meta());
    expect(keyless.status).toBe('retry');
    expect(keyless.messages[0]).toMatch(/refused the API key \(HTTP 401\)/);
    const nobody = await uaeAspNetwork({ apiKey: 'k', legalEntityId: 1 }, { baseUrl: 'http://127.0.0.1:9' }).send(
      '<x/>',
      meta(),
    );
    expect(nobody.status).toBe('retry');
    expect(nobody.messages[0]).toMatch(/^No answer from 127\.0\.0\.1:9/);
  });
});

describe('JoFotara adapter and emulator', () => {
  let emu: NetworkEmulator;
  beforeAll(async () => {
    emu = await startJoFotaraEmulator(0);
  });
  afterAll(() => emu.stop());
  const network = (secretKey = 'secret_1') =>
    joFotaraNetwork({ clientId: 'client_1', secretKey }, { baseUrl: emu.url });
  const xml = (over = {}) => buildJoFotaraXml(ammanRentalInvoice(over), { incomeSourceSequence: '16683693' });

  it('submits an invoice and returns the QR to keep (seller, tax number, date, total, tax, UUID)', async () => {
    const sent = await network().send(
      xml(),
      meta({ uuid: 'c1f6a3e2-7d4b-4f0e-9a51-6b2d8e3f4a10', number: 'INV-000388' }),
    );
    expect(sent.status).toBe('accepted');
    expect(sent.providerId).toBe('c1f6a3e2-7d4b-4f0e-9a51-6b2d8e3f4a10');
    const qr = decodeJoQr(sent.qr as string);
    expect([qr[1], qr[2], qr[3], qr[4], qr[5], qr[6]]).toEqual([
      'Sayyara Amman Car Rental',
      '12345678',
      '2026-11-21',
      '242.650',
      '31.400',
      'c1f6a3e2-7d4b-4f0e-9a51-6b2d8e3f4a10',
    ]);
    const again = await network().send(xml(), meta());
    expect(again).toMatchObject({ status: 'accepted', qr: sent.qr });
    expect((await listed(emu)).filter((d) => d.status === 'accepted')).toHaveLength(1);
  });

  it("rejects an invoice the portal refuses, with the portal's error", async () => {
    const wrong = xml({ uuid: 'aaaaaaaa-7d4b-4f0e-9a51-6b2d8e3f4a10' }).replace(
      '<cbc:ID>16683693</cbc:ID>',
      '<cbc:ID></cbc:ID>',
    );
    const sent = await network().send(wrong, meta());
    expect(sent).toEqual({
      status: 'rejected',
      messages: ['[MISSING_INCOME_SOURCE] The income source sequence is missing'],
    });
    expect(sent.qr).toBeUndefined();
  });

  it('retries on 503 and on refused credentials', async () => {
    await faults(emu, 1, 503);
    expect(await network().send(xml(), meta())).toEqual({ status: 'retry', messages: ['JoFotara answered HTTP 503'] });
    expect(await network('').send(xml(), meta())).toEqual({
      status: 'retry',
      messages: ['JoFotara refused the client id or secret key'],
    });
  });
});
