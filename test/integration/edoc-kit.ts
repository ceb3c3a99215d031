import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import type { EInvoiceDocument } from '../../shared/einvoicing/document';
import { buildKsaXml } from '../../shared/einvoicing/ksa/build';
import { exampleSeller, exampleSimplifiedInvoice, exampleStandardInvoice } from '../../shared/einvoicing/ksa/examples';
import { KSA_INITIAL_PIH } from '../../shared/einvoicing/ksa/initial-pih';
import { stampKsaXml } from '../../shared/einvoicing/ksa/stamp';
import type { EDocNetwork, EDocStatus } from '../../shared/schemas/einvoicing';
import { sortKey } from '../../functions/lib/data/keys';
import { getItem, transact, tx } from '../../functions/lib/data/repo';
import {
  type EDocItem,
  edocKeys,
  type EInvoicingSecrets,
  einvoicingKeys,
  type OnboardingState,
} from '../../functions/einvoicing/model';
import { open, type SecretEnvelope } from '../../functions/einvoicing/secrets';
import { dueItem } from '../../functions/einvoicing/submit';
import { get, post, put } from './client';
import { registerTenant, type RegisteredTenant } from './fixtures';

/**
 * E-invoice documents for the submission tests, written as the issue transaction writes them (model.ts: EDOC,
 * EDOC_XML, CHAIN, EDOC_DUE in one transaction): a Saudi company onboarded through the API, its documents built
 * from shared/einvoicing/ksa/examples.ts with the company as seller, chained (ICV, PIH from the CHAIN item) and
 * stamped with the device key and production certificate onboarding stored. UAE and Jordan documents carry the
 * XML their builders make. The real issue path (functions/invoices) is built beside this (ei-issue).
 */
/** The same development key as infra/local/env.ts gives the Lambdas. */
const LOCAL_KEY = Buffer.from('sayyara-local-einvoicing-key-32b');

export const emulatorRoot = (envName: 'ZATCA_BASE_URL' | 'UAE_ASP_BASE_URL' | 'JOFOTARA_BASE_URL') =>
  new URL(String(process.env[envName])).origin;

export async function emulatorDocuments<T = { uuid: string; status: string }>(
  envName: Parameters<typeof emulatorRoot>[0],
): Promise<T[]> {
  return (await (await fetch(`${emulatorRoot(envName)}/_emulator/documents`)).json()) as T[];
}

/** The next `count` submissions fail with `status` (ZATCA: of the document `uuid` only; the emulator is shared). */
export async function emulatorFault(
  envName: Parameters<typeof emulatorRoot>[0],
  count: number,
  status: number,
  uuid?: string,
) {
  const body = JSON.stringify({ count, status, ...(uuid ? { uuid } : {}) });
  await fetch(`${emulatorRoot(envName)}/_emulator/faults`, { method: 'POST', body });
}

export async function onboardedSaudiCompany(vatNumber: string): Promise<RegisteredTenant> {
  const t = await registerTenant({ region: 'SA' });
  const s = (await get('/api/v1/company/settings', t.token)).body;
  expect((await put('/api/v1/company/settings', { version: s.version, vatNumber }, t.token)).status).toBe(200);
  const res = await post('/api/v1/einvoicing/onboard', { otp: '123456' }, t.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return t;
}

async function deviceKeys(tenantId: string) {
  const sk = einvoicingKeys.secrets(tenantId);
  const sealed = await getItem(sk);
  const state = (await getItem(einvoicingKeys.onboarding(tenantId))) as unknown as OnboardingState;
  const secrets = open<EInvoicingSecrets>(sealed?.envelope as SecretEnvelope, LOCAL_KEY, `${sk.pk}|${sk.sk}`);
  return { privateKeyPem: secrets.privateKeyPem, certificatePem: String(state.certificatePem) };
}

function edocItem(tenantId: string, id: string, over: Partial<EDocItem> & Pick<EDocItem, 'network'>): EDocItem {
  const at = new Date().toISOString();
  return {
    entityType: 'EDOC',
    id,
    tenantId,
    kind: 'invoice',
    profile: 'simplified',
    invoiceId: id,
    number: `INV-${id.slice(-6)}`,
    uuid: randomUUID(),
    issuedAt: at,
    currency: 'SAR',
    totalMinor: 11500,
    vatMinor: 1500,
    status: 'pending',
    warnings: [],
    errors: [],
    attempts: 0,
    version: 1,
    updatedAt: at,
    ...over,
  };
}

const edocPut = (d: EDocItem) =>
  tx.putNew({
    ...edocKeys.document(d.tenantId, d.id),
    ...d,
    gsi2pk: edocKeys.statusPk(d.tenantId, d.status),
    gsi2sk: sortKey(d.issuedAt, d.id),
  });

/**
 * A Saudi document as the issue transaction writes it: next ICV and the previous hash from CHAIN, stamped,
 * pending and due now. `wrongHash` records a hash that is not the XML's (ZATCA then rejects it).
 */
export async function issueKsaDocument(
  tenantId: string,
  opts: { profile: 'simplified' | 'standard'; vatNumber: string; wrongHash?: boolean },
): Promise<EDocItem> {
  const keys = await deviceKeys(tenantId);
  const chain = await getItem(edocKeys.chain(tenantId));
  const icv = Number(chain?.icv ?? 0) + 1;
  const pih = String(chain?.hash ?? KSA_INITIAL_PIH);
  const example = opts.profile === 'standard' ? exampleStandardInvoice : exampleSimplifiedInvoice;
  const { nameArabic: _n, ...seller } = exampleSeller;
  const id = ulid();
  const doc: EInvoiceDocument = {
    ...example,
    seller: { ...seller, vatNumber: opts.vatNumber },
    uuid: randomUUID(),
    number: `INV-${String(icv).padStart(6, '0')}`,
  };
  return writeKsa(tenantId, id, doc, { icv, pih, keys, wrongHash: opts.wrongHash });
}

async function writeKsa(
  tenantId: string,
  id: string,
  doc: EInvoiceDocument,
  o: { icv: number; pih: string; keys: Awaited<ReturnType<typeof deviceKeys>>; wrongHash?: boolean },
): Promise<EDocItem> {
  const stamped = stampKsaXml(buildKsaXml(doc, { icv: o.icv, pih: o.pih }), o.keys);
  const item = edocItem(tenantId, id, {
    network: 'zatca',
    profile: doc.profile,
    number: doc.number,
    uuid: doc.uuid,
    icv: o.icv,
    pih: o.pih,
    hash: o.wrongHash ? o.pih : stamped.hash,
    qr: stamped.qr,
  });
  await transact([
    edocPut(item),
    tx.putNew({ ...edocKeys.xml(tenantId, id), entityType: 'EDOC_XML', xml: stamped.xml }),
    tx.put({
      ...edocKeys.chain(tenantId),
      entityType: 'EINVOICING_CHAIN',
      icv: o.icv,
      hash: stamped.hash,
      documentId: id,
    }),
    tx.put(dueItem(tenantId, id, item.issuedAt)),
  ]);
  return item;
}

/** A UAE or Jordan document with its XML: pending and due (connected company) or unsent (not connected). */
export async function issueNetworkDocument(
  tenantId: string,
  network: Exclude<EDocNetwork, 'zatca'>,
  doc: EInvoiceDocument,
  xml: string,
  status: Extract<EDocStatus, 'pending' | 'unsent'>,
  /** The document's id: an invoice's id makes it that invoice's e-document (GET /invoices/{id}/xml). */
  id: string = ulid(),
): Promise<EDocItem> {
  const item = edocItem(tenantId, id, {
    network,
    profile: doc.profile,
    number: doc.number,
    uuid: doc.uuid,
    currency: doc.currency,
    status,
  });
  await transact([
    edocPut(item),
    tx.putNew({ ...edocKeys.xml(tenantId, id), entityType: 'EDOC_XML', xml }),
    ...(status === 'pending' ? [tx.put(dueItem(tenantId, id, item.issuedAt))] : []),
  ]);
  return item;
}

export const readEdoc = async (tenantId: string, id: string) =>
  (await getItem(edocKeys.document(tenantId, id))) as unknown as EDocItem & { gsi2pk: string };
