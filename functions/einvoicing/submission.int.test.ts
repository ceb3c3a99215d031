import { beforeAll, describe, expect, it } from 'vitest';
import { decodeJoQr } from '../../infra/local/jofotara-emulator';
import { verifyClearanceStamp } from '../../infra/local/zatca-emulator';
import { buildJoFotaraXml } from '../../shared/einvoicing/jofotara';
import { buildPintAeXml } from '../../shared/einvoicing/pint-ae';
import { ammanRentalInvoice, dubaiRentalInvoice } from '../../shared/einvoicing/test-documents';
import { EDOC_MESSAGES, NETWORK_MESSAGES } from '../../shared/schemas/einvoicing';
import { del, get, post, put } from '../../test/integration/client';
import {
  emulatorDocuments,
  emulatorFault,
  emulatorRoot,
  issueKsaDocument,
  issueNetworkDocument,
  onboardedSaudiCompany,
  readEdoc,
} from '../../test/integration/edoc-kit';
import { createStaffUser, registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { keys } from '../lib/data/keys';
import { getItem, queryAll } from '../lib/data/repo';
import { job } from '../jobs/einvoicing-submit';
import { edocKeys, einvoicingKeys } from './model';
import { zatcaClient } from './providers/zatca';
import { open, type SecretEnvelope } from './secrets';

/**
 * Submission of issued e-invoice documents against the emulators of the harness stack (ZATCA, the UAE service
 * provider, JoFotara): the einvoicing-submit job reports a simplified invoice exactly once (two runs in a row, two
 * runs at once: one submission at ZATCA), an injected ZATCA outage leaves it pending with the backoff and the next
 * run reports it, a resend after a lost answer is recorded as the first answer (nothing reported twice), the retry
 * route clears a standard invoice (cleared XML kept, stamped by the emulator's CA), a rejection keeps ZATCA's
 * message, the retry route's 409/404/403; UAE and Jordan companies connect (credentials never answered), their
 * unsent documents leave and are accepted (Jordan's QR kept); the list by status and its paging.
 */
const DOCS = '/api/v1/einvoicing/documents';
const NETWORK = '/api/v1/einvoicing/network';
const VAT = '310175397400003';
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const runJob = (tenantId: string, time?: string) => job.handler({ onlyTenants: [tenantId], ...(time ? { time } : {}) });
const zatcaDocs = async (uuid: string) =>
  (await emulatorDocuments('ZATCA_BASE_URL')).filter((d) => d.uuid === uuid).map((d) => d.status);

describe('e-invoice submission to ZATCA', () => {
  let sa: RegisteredTenant;
  let other: RegisteredTenant;

  beforeAll(async () => {
    [sa, other] = await Promise.all([onboardedSaudiCompany(VAT), registerTenant({ region: 'SA' })]);
  }, 120_000);

  it('reports a simplified invoice exactly once: two runs in a row, then two runs at once', async () => {
    const first = await issueKsaDocument(sa.tenantId, { profile: 'simplified', vatNumber: VAT });
    const run1 = await runJob(sa.tenantId);
    expect(run1.totals).toMatchObject({ due: 1, submitted: 1, accepted: 1 });
    const run2 = await runJob(sa.tenantId);
    expect(run2.units).toBe(0); // the document left the due index
    const doc = await readEdoc(sa.tenantId, first.id);
    expect(doc).toMatchObject({ status: 'reported', attempts: 1, errors: [] });
    expect(doc.gsi2pk).toBe(edocKeys.statusPk(sa.tenantId, 'reported'));
    expect(doc.submittedAt).toBeDefined();
    expect(doc.leaseUntil).toBeUndefined();
    expect(await getItem(edocKeys.due(sa.tenantId, first.id))).toBeUndefined();
    expect(await zatcaDocs(first.uuid)).toEqual(['REPORTED']);

    const second = await issueKsaDocument(sa.tenantId, { profile: 'simplified', vatNumber: VAT });
    const both = await Promise.all([runJob(sa.tenantId), runJob(sa.tenantId)]);
    expect(both.reduce((n, r) => n + (r.totals.submitted ?? 0), 0)).toBe(1);
    expect(await zatcaDocs(second.uuid)).toEqual(['REPORTED']);
    expect(await readEdoc(sa.tenantId, second.id)).toMatchObject({ status: 'reported', attempts: 1 });
  });

  it('ZATCA down: pending with the backoff and the error; not before it is due; reported on the next run', async () => {
    const doc = await issueKsaDocument(sa.tenantId, { profile: 'simplified', vatNumber: VAT });
    await emulatorFault('ZATCA_BASE_URL', 1, 503, doc.uuid);
    const started = Date.now();
    const failed = await runJob(sa.tenantId);
    expect(failed.totals).toMatchObject({ submitted: 1, retrying: 1 });
    const pending = await readEdoc(sa.tenantId, doc.id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, errors: ['ZATCA: Emulated fault 503'] });
    const wait = Date.parse(String(pending.nextAttemptAt)) - started;
    expect(wait).toBeGreaterThanOrEqual(55_000);
    expect(wait).toBeLessThan(75_000);
    const due = await getItem(edocKeys.due(sa.tenantId, doc.id));
    expect(due?.dueAt).toBe(pending.nextAttemptAt);
    // a run now finds nothing due
    expect((await runJob(sa.tenantId)).units).toBe(0);
    // a document issued meanwhile goes first: ZATCA takes a device's documents in any order (chain = issue order)
    const later = await issueKsaDocument(sa.tenantId, { profile: 'simplified', vatNumber: VAT });
    expect((await runJob(sa.tenantId)).totals).toMatchObject({ due: 1, submitted: 1, accepted: 1 });
    expect(await zatcaDocs(later.uuid)).toEqual(['REPORTED']);
    // the run after the backoff reports the earlier one
    const next = await runJob(sa.tenantId, minutes(2));
    expect(next.totals).toMatchObject({ submitted: 1, accepted: 1 });
    const reported = await readEdoc(sa.tenantId, doc.id);
    expect(reported).toMatchObject({ status: 'reported', attempts: 2, errors: [] });
    expect(reported.nextAttemptAt).toBeUndefined();
    expect(await zatcaDocs(doc.uuid)).toEqual(['FAULT', 'REPORTED']);
    expect(await readEdoc(sa.tenantId, later.id)).toMatchObject({ status: 'reported', attempts: 1 });
  });

  it('a resend after a lost answer counts as the first answer: reported once at ZATCA', async () => {
    const doc = await issueKsaDocument(sa.tenantId, { profile: 'simplified', vatNumber: VAT });
    // a submitter sent it and died before recording the answer
    const xml = String((await getItem(edocKeys.xml(sa.tenantId, doc.id)))?.xml);
    const sk = einvoicingKeys.secrets(sa.tenantId);
    const local = Buffer.from('sayyara-local-einvoicing-key-32b');
    const sealed = (await getItem(sk))?.envelope as SecretEnvelope;
    const { production } = open<{ production: { binarySecurityToken: string; secret: string } }>(
      sealed,
      local,
      `${sk.pk}|${sk.sk}`,
    );
    await zatcaClient().report(production, { uuid: doc.uuid, invoiceHash: String(doc.hash), xml });
    await runJob(sa.tenantId);
    expect(await readEdoc(sa.tenantId, doc.id)).toMatchObject({ status: 'reported', errors: [] });
    expect(await zatcaDocs(doc.uuid)).toEqual(['REPORTED', 'ALREADY_REPORTED']);
  });

  it('the retry route clears a standard invoice: released, the cleared XML stamped by ZATCA kept', async () => {
    const doc = await issueKsaDocument(sa.tenantId, { profile: 'standard', vatNumber: VAT });
    const listed = await get(`${DOCS}?status=pending`, sa.token);
    expect(listed.body.items.find((d: { id: string }) => d.id === doc.id)).toMatchObject({ released: false });
    const res = await post(`${DOCS}/${doc.id}/retry`, {}, sa.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: doc.id, status: 'cleared', released: true, attempts: 1, errors: [] });
    const xml = await getItem(edocKeys.xml(sa.tenantId, doc.id));
    const ca = await (await fetch(`${emulatorRoot('ZATCA_BASE_URL')}/_emulator/ca`)).text();
    expect(verifyClearanceStamp(String(xml?.clearedXml), ca)).toBe(true);
    expect(await getItem(edocKeys.due(sa.tenantId, doc.id))).toBeUndefined();
    expect(await zatcaDocs(doc.uuid)).toEqual(['CLEARED']);
    // the retry is audited
    const audit = await queryAll<{ action: string; entityId: string }>({
      tenantId: sa.tenantId,
      pk: keys.audit(sa.tenantId, '2000', 'x').pk,
    });
    expect(audit.filter((a) => a.action === 'einvoicing.document.retry').map((a) => a.entityId)).toEqual([doc.id]);
    expect(audit.map((a) => a.action)).toContain('einvoicing.onboard');
  });

  it("a rejection keeps ZATCA's message; retrying a final document → 409, another company's → 404", async () => {
    const doc = await issueKsaDocument(sa.tenantId, { profile: 'simplified', vatNumber: VAT, wrongHash: true });
    const run = await runJob(sa.tenantId);
    expect(run.totals).toMatchObject({ submitted: 1, rejected: 1 });
    const rejected = await readEdoc(sa.tenantId, doc.id);
    expect(rejected.status).toBe('rejected');
    expect(rejected.errors).toEqual([
      'invalid-invoice-hash: The invoice hash API body does not match the (calculated) Hash of the XML',
    ]);
    expect(await getItem(edocKeys.due(sa.tenantId, doc.id))).toBeUndefined();
    const again = await post(`${DOCS}/${doc.id}/retry`, {}, sa.token);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(EDOC_MESSAGES.notRetryable);
    const reported = (await get(`${DOCS}?status=reported&limit=1`, sa.token)).body.items[0];
    expect((await post(`${DOCS}/${reported.id}/retry`, {}, sa.token)).status).toBe(409);
    expect((await post(`${DOCS}/${doc.id}/retry`, {}, other.token)).status).toBe(404);
    const staff = await createStaffUser(sa.token, 'STAFF');
    expect((await post(`${DOCS}/${doc.id}/retry`, {}, staff.token)).status).toBe(403);
    expect((await get(DOCS, staff.token)).status).toBe(200);
  });

  it('lists by status through the index and all newest first, with cursor paging', async () => {
    const reported = await get(`${DOCS}?status=reported`, sa.token);
    expect(reported.status).toBe(200);
    expect(reported.body.items).toHaveLength(5);
    expect(reported.body.items.every((d: { status: string }) => d.status === 'reported')).toBe(true);
    const all = await get(DOCS, sa.token);
    expect(all.body.items.map((d: { status: string }) => d.status)).toEqual([
      'rejected',
      'cleared',
      'reported',
      'reported',
      'reported',
      'reported',
      'reported',
    ]);
    const ids = all.body.items.map((d: { id: string }) => d.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const page1 = await get(`${DOCS}?limit=4`, sa.token);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await get(`${DOCS}?limit=4&cursor=${encodeURIComponent(page1.body.nextCursor)}`, sa.token);
    expect([...page1.body.items, ...page2.body.items].map((d: { id: string }) => d.id)).toEqual(ids);
    expect((await get(`${DOCS}?status=cleared`, sa.token)).body.items).toHaveLength(1);
    expect((await get(DOCS, other.token)).body.items).toEqual([]);
    expect((await get(`${DOCS}?status=lost`, sa.token)).status).toBe(400);
  });
});

describe('UAE and Jordan: connecting the network, submitting through the adapters', () => {
  it('UAE: unsent until connected; connect (key never answered); accepted by the service provider', async () => {
    const ae = await registerTenant({ region: 'AE' });
    const status = await get('/api/v1/einvoicing/status', ae.token);
    expect(status.body.network).toEqual({ name: 'uae-asp', connected: false });
    const inv = dubaiRentalInvoice({ uuid: crypto.randomUUID(), number: `INV-${Date.now()}` });
    const doc = await issueNetworkDocument(ae.tenantId, 'uae-asp', inv, buildPintAeXml(inv), 'unsent');
    // not connected: the retry answers it unsent, nothing is sent
    const early = await post(`${DOCS}/${doc.id}/retry`, {}, ae.token);
    expect(early.body).toMatchObject({ status: 'unsent', attempts: 0 });

    const wrong = await put(
      NETWORK,
      { network: 'jofotara', clientId: 'c', secretKey: 's', incomeSourceSequence: '1' },
      ae.token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.network).toBe(NETWORK_MESSAGES.wrongRegion);
    const empty = await put(NETWORK, { network: 'uae-asp', apiKey: ' ', legalEntityId: 42 }, ae.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.apiKey).toBe(NETWORK_MESSAGES.apiKeyRequired);
    const staff = await createStaffUser(ae.token, 'STAFF');
    expect((await put(NETWORK, { network: 'uae-asp', apiKey: 'k', legalEntityId: 1 }, staff.token)).status).toBe(403);

    const apiKey = `asp-key-${Date.now()}-secret`;
    const res = await put(NETWORK, { network: 'uae-asp', apiKey, legalEntityId: 42 }, ae.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.network).toMatchObject({ name: 'uae-asp', connected: true, connectedAt: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toContain(apiKey);
    expect(JSON.stringify((await get('/api/v1/einvoicing/status', ae.token)).body)).not.toContain(apiKey);
    const stored = await getItem(einvoicingKeys.network(ae.tenantId));
    expect(JSON.stringify(stored)).not.toContain(apiKey);

    // the unsent document left with the connection
    expect(await readEdoc(ae.tenantId, doc.id)).toMatchObject({ status: 'pending' });
    expect(await getItem(edocKeys.due(ae.tenantId, doc.id))).toBeDefined();
    const run = await runJob(ae.tenantId);
    expect(run.totals).toMatchObject({ submitted: 1, accepted: 1 });
    const accepted = await readEdoc(ae.tenantId, doc.id);
    expect(accepted).toMatchObject({ status: 'accepted', providerId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const at = await emulatorDocuments<{ uuid: string; status: string; legalEntityId: number }>('UAE_ASP_BASE_URL');
    expect(at.filter((d) => d.uuid === inv.uuid)).toMatchObject([{ status: 'accepted', legalEntityId: 42 }]);

    const off = await del(NETWORK, ae.token);
    expect(off.status).toBe(200);
    expect(off.body.network).toEqual({ name: 'uae-asp', connected: false });
    expect(await getItem(einvoicingKeys.network(ae.tenantId))).toBeUndefined();
    const audit = await queryAll<{ action: string; summary: string }>({
      tenantId: ae.tenantId,
      pk: keys.audit(ae.tenantId, '2000', 'x').pk,
    });
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['einvoicing.network.connect', 'einvoicing.network.disconnect']),
    );
    expect(JSON.stringify(audit)).not.toContain(apiKey);
  });

  it('Jordan: connected with the client id and secret key; accepted by JoFotara with its QR kept', async () => {
    const jo = await registerTenant({ region: 'JO' });
    const secretKey = `jo-secret-${Date.now()}`;
    const body = { network: 'jofotara', clientId: 'client-1', secretKey, incomeSourceSequence: '16683693' };
    const res = await put(NETWORK, body, jo.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(secretKey);
    const inv = ammanRentalInvoice({ uuid: crypto.randomUUID(), number: `INV-${Date.now()}` });
    const xml = buildJoFotaraXml(inv, { incomeSourceSequence: '16683693' });
    const doc = await issueNetworkDocument(jo.tenantId, 'jofotara', inv, xml, 'pending');
    await emulatorFault('JOFOTARA_BASE_URL', 1, 503);
    expect((await runJob(jo.tenantId)).totals).toMatchObject({ retrying: 1 });
    expect(await readEdoc(jo.tenantId, doc.id)).toMatchObject({
      status: 'pending',
      errors: ['JoFotara answered HTTP 503'],
    });
    const retried = await post(`${DOCS}/${doc.id}/retry`, {}, jo.token);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ status: 'accepted', attempts: 2, errors: [] });
    const qr = decodeJoQr(String(retried.body.qr));
    expect(qr[6]).toBe(inv.uuid);
    expect((await readEdoc(jo.tenantId, doc.id)).qr).toBe(retried.body.qr);
    const listed = await get(`${DOCS}?status=accepted`, jo.token);
    expect(listed.body.items.map((d: { id: string }) => d.id)).toEqual([doc.id]);
  });

  it('a US company has no network to connect (409)', async () => {
    const us = await registerTenant({ region: 'US' });
    const res = await put(NETWORK, { network: 'uae-asp', apiKey: 'k', legalEntityId: 1 }, us.token);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(NETWORK_MESSAGES.noNetwork);
    expect((await get('/api/v1/einvoicing/status', us.token)).body.network).toBeUndefined();
  });
});
