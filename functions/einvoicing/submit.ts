import { randomUUID } from 'node:crypto';
import type { EDocStatus } from '../../shared/schemas/einvoicing';
import { config } from '../lib/config';
import { sortKey } from '../lib/data/keys';
import { dueShardPk } from '../lib/data/due-index';
import { getItem, type Item, type TransactItem, transact, tx, updateRaw } from '../lib/data/repo';
import { isConditionFailure, notFound } from '../lib/errors';
import { rootLogger } from '../lib/logger';
import { EDOC_DUE_GSI_PK, type EDocItem, edocKeys, type EInvoicingSecrets, einvoicingKeys } from './model';
import { readNetwork, type NetworkItem, openNetworkCredentials } from './network-item';
import { joFotaraNetwork } from './providers/jofotara';
import type { EInvoiceSendMeta } from './providers/types';
import { uaeAspNetwork } from './providers/uae-asp';
import { ZatcaError, zatcaClient } from './providers/zatca';
import { open, secretsKey } from './secrets';

/**
 * Submitting one issued document to its network (issue 29), exactly once:
 *
 * 1. CLAIM: one conditional update of the EDOC item — status pending (or unsent once the company's UAE/Jordan
 *    network is connected), no live lease (`leaseUntil` absent or past), and, for the job, its next attempt due
 *    (`nextAttemptAt` absent or past; the retry route forces it) — sets a lease (LEASE_MS, longer than any
 *    provider's timeout) with a fresh `leaseId` and counts the attempt. Two submitters at once (two job runs,
 *    the job and the retry route): one claim succeeds, the other changes nothing and answers the item as it is.
 * 2. SEND: ZATCA (simplified → reporting, standard → clearance, with the production CSID and the signed XML),
 *    the UAE service provider or JoFotara (with the company's sealed credentials).
 * 3. RECORD in ONE transaction, conditional on still holding the lease: the EDOC status (reported, cleared,
 *    accepted, rejected; the network's warnings and errors in its words), its status index (gsi2), ZATCA's
 *    cleared XML on EDOC_XML (clearance), Jordan's QR and the provider's id on EDOC; EDOC_DUE deleted.
 *    Nothing decided (network down, 5xx, timeout, credentials refused): the document stays pending, EDOC_DUE
 *    moves by the backoff and `errors` holds what happened.
 *
 * A crash between SEND and RECORD leaves the lease to expire; the next run sends the same document again. The
 * networks answer a resend as the first send: ZATCA answers an already reported/cleared invoice with its first
 * answer (the emulator does the same, infra/local/zatca-emulator.ts), the UAE provider keys on the document
 * UUID (idempotencyGuid), JoFotara answers ALREADY_SUBMITTED with the QR. So the second answer is recorded as
 * the first and nothing is reported twice.
 */
export const LEASE_MS = 3 * 60_000;

/**
 * Minutes before the next attempt after the n-th failed one: 1, 5, 15, then hourly. Capped at an hour because a
 * simplified invoice must reach ZATCA within 24 hours of issue: a day-long outage still gets ~20 attempts and
 * the first one after ZATCA comes back is at most an hour late.
 */
export const BACKOFF_MINUTES = [1, 5, 15, 60] as const;

export function backoffMinutes(failedAttempts: number): number {
  const i = Math.max(1, Math.floor(failedAttempts)) - 1;
  return BACKOFF_MINUTES[Math.min(i, BACKOFF_MINUTES.length - 1)];
}

export interface SubmitOptions {
  /** The retry route: submit now even if the job's next attempt is later. */
  force?: boolean;
  now?: Date;
}

/** Whether a document may be claimed now (the claim's condition says the same, atomically). */
export function claimable(
  doc: Pick<EDocItem, 'status' | 'leaseUntil' | 'nextAttemptAt'>,
  now: Date,
  opts: { connected: boolean; force?: boolean },
): boolean {
  const iso = now.toISOString();
  const status = doc.status === 'pending' || (doc.status === 'unsent' && opts.connected);
  const free = !doc.leaseUntil || doc.leaseUntil < iso;
  const due = !!opts.force || !doc.nextAttemptAt || doc.nextAttemptAt <= iso;
  return status && free && due;
}

/** The claim: the conditional UpdateItem input (without the table) that takes the lease. */
export function claimUpdate(
  tenantId: string,
  documentId: string,
  now: Date,
  leaseId: string,
  opts: { connected: boolean; force?: boolean },
) {
  const iso = now.toISOString();
  const statuses = opts.connected ? '#status IN (:pending, :unsent)' : '#status = :pending';
  const due = opts.force ? '' : ' AND (attribute_not_exists(nextAttemptAt) OR nextAttemptAt <= :now)';
  return {
    Key: edocKeys.document(tenantId, documentId),
    UpdateExpression:
      'SET leaseUntil = :until, leaseId = :lease, attempts = if_not_exists(attempts, :zero) + :one, ' +
      'lastAttemptAt = :now, #version = #version + :one, updatedAt = :now',
    ConditionExpression: `attribute_exists(pk) AND ${statuses} AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)${due}`,
    ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
    ExpressionAttributeValues: {
      ':pending': 'pending',
      ...(opts.connected ? { ':unsent': 'unsent' } : {}),
      ':until': new Date(now.getTime() + LEASE_MS).toISOString(),
      ':lease': leaseId,
      ':now': iso,
      ':zero': 0,
      ':one': 1,
    },
    ReturnValues: 'ALL_NEW' as const,
  };
}

/** What the network decided: a final answer, nothing (retry later), or no network to send to (unsent). */
export type SendOutcome =
  | {
      kind: 'final';
      status: Extract<EDocStatus, 'reported' | 'cleared' | 'accepted' | 'rejected'>;
      warnings: string[];
      errors: string[];
      qr?: string;
      providerId?: string;
      clearedXml?: string;
    }
  | { kind: 'retry'; message: string }
  | { kind: 'unsent' };

const entity = (item: Item | undefined): EDocItem | undefined => item as unknown as EDocItem | undefined;

export async function readDocument(tenantId: string, documentId: string): Promise<EDocItem | undefined> {
  return entity(await getItem(edocKeys.document(tenantId, documentId)));
}

/**
 * Submits one issued document to its network now (ZATCA reporting or clearance, the UAE access point,
 * JoFotara) and records the answer; the submission job and the retry route call it, and the invoice issue
 * route calls it right after the issue transaction for a standard Saudi invoice (clearance before release).
 * Answers the document as it stands afterwards (unchanged when it was not claimable or another submitter
 * holds it). 404 when the company has no such document.
 */
export async function submitDocument(
  tenantId: string,
  documentId: string,
  opts: SubmitOptions = {},
): Promise<EDocItem> {
  return (await submitOnce(tenantId, documentId, opts)).document;
}

/** submitDocument, also saying whether this call sent the document (false: not claimable, or claimed by another). */
export async function submitOnce(
  tenantId: string,
  documentId: string,
  opts: SubmitOptions = {},
): Promise<{ document: EDocItem; sent: boolean }> {
  const now = opts.now ?? new Date();
  const doc = await readDocument(tenantId, documentId);
  if (!doc) throw notFound('E-invoice document not found');
  const network = doc.network === 'zatca' ? undefined : await readNetwork(tenantId);
  const connected = doc.network === 'zatca' || (!!network?.connected && network.network === doc.network);
  if (!claimable(doc, now, { connected, force: opts.force })) return { document: doc, sent: false };

  const leaseId = randomUUID();
  let claimed: EDocItem;
  try {
    const claim = claimUpdate(tenantId, documentId, now, leaseId, { connected, force: opts.force });
    claimed = entity(await updateRaw(claim)) as EDocItem;
  } catch (e) {
    if (isConditionFailure(e)) return { document: (await readDocument(tenantId, documentId)) ?? doc, sent: false };
    throw e;
  }

  let outcome: SendOutcome;
  try {
    outcome = await send(tenantId, claimed, connected ? network : undefined);
  } catch (e) {
    // Our own failure (secrets missing or unreadable, XML missing): nothing was sent; try again later.
    rootLogger.warn('e-invoice submission failed before sending', { tenantId, documentId, error: (e as Error).name });
    outcome = { kind: 'retry', message: (e as Error).message };
  }

  try {
    await transact(recordItems(tenantId, claimed, leaseId, outcome, now));
  } catch (e) {
    // The lease passed and another submitter took the document over: its record stands.
    if (!isConditionFailure(e)) throw e;
  }
  return { document: (await readDocument(tenantId, documentId)) ?? claimed, sent: outcome.kind !== 'unsent' };
}

const KIND: Record<EDocItem['kind'], EInvoiceSendMeta['kind']> = {
  invoice: 'invoice',
  credit_note: 'credit',
  debit_note: 'debit',
};

/** The buyer's UAE Peppol endpoint (scheme 0235 + TIN) as the PINT AE XML names it, for the ASP's routing. */
export function uaeReceiver(xml: string): EInvoiceSendMeta['receiver'] {
  const buyer = /<cac:AccountingCustomerParty>[\s\S]*?<\/cac:AccountingCustomerParty>/.exec(xml)?.[0] ?? '';
  const m = /<cbc:EndpointID schemeID="([^"]+)">([^<]+)<\/cbc:EndpointID>/.exec(buyer);
  return m ? { scheme: m[1], id: m[2] } : null;
}

async function send(tenantId: string, doc: EDocItem, network: NetworkItem | undefined): Promise<SendOutcome> {
  const xmlItem = await getItem(edocKeys.xml(tenantId, doc.id));
  const xml = typeof xmlItem?.xml === 'string' ? xmlItem.xml : '';
  if (!xml) throw new Error('The document XML is missing');
  if (doc.network === 'zatca') return sendToZatca(tenantId, doc, xml);
  if (!network) return { kind: 'unsent' };
  const meta: EInvoiceSendMeta = {
    documentId: doc.id,
    uuid: doc.uuid,
    number: doc.number,
    kind: KIND[doc.kind],
    ...(doc.network === 'uae-asp' ? { receiver: uaeReceiver(xml) } : {}),
  };
  const credentials = openNetworkCredentials(tenantId, network);
  const adapter =
    credentials.network === 'uae-asp'
      ? uaeAspNetwork({ apiKey: credentials.apiKey, legalEntityId: credentials.legalEntityId })
      : joFotaraNetwork({ clientId: credentials.clientId, secretKey: credentials.secretKey });
  const r = await adapter.send(xml, meta);
  if (r.status === 'retry') return { kind: 'retry', message: r.messages.join('; ') };
  if (r.status === 'rejected') return { kind: 'final', status: 'rejected', warnings: [], errors: r.messages };
  return {
    kind: 'final',
    status: 'accepted',
    warnings: r.messages,
    errors: [],
    ...(r.qr ? { qr: r.qr } : {}),
    ...(r.providerId ? { providerId: r.providerId } : {}),
  };
}

async function sendToZatca(tenantId: string, doc: EDocItem, xml: string): Promise<SendOutcome> {
  const key = secretsKey(config().einvoicingSecretsKey);
  if (!key) throw new Error('E-invoicing secrets encryption is not configured');
  const k = einvoicingKeys.secrets(tenantId);
  const item = await getItem(k);
  if (!item) throw new Error('The company is not onboarded with ZATCA (no production CSID)');
  const secrets = open<EInvoicingSecrets>(item.envelope as never, key, `${k.pk}|${k.sk}`);
  const zatca = zatcaClient();
  const body = { uuid: doc.uuid, invoiceHash: doc.hash ?? '', xml };
  const standard = doc.profile === 'standard';
  try {
    const r = standard ? await zatca.clear(secrets.production, body) : await zatca.report(secrets.production, body);
    return {
      kind: 'final',
      status: standard ? 'cleared' : 'reported',
      warnings: r.warnings,
      errors: [],
      ...(r.clearedXml ? { clearedXml: r.clearedXml } : {}),
    };
  } catch (e) {
    if (!(e instanceof ZatcaError)) throw e;
    if (e.retryable) return { kind: 'retry', message: `ZATCA: ${e.messages.join('; ')}` };
    const warnings = (e.validationResults?.warningMessages ?? []).map((m) => `${m.code}: ${m.message}`);
    return { kind: 'final', status: 'rejected', warnings, errors: e.messages };
  }
}

/** The record transaction of one answer; every write is conditional on the EDOC still being held by `leaseId`. */
export function recordItems(
  tenantId: string,
  doc: EDocItem,
  leaseId: string,
  outcome: SendOutcome,
  now: Date,
): TransactItem[] {
  const iso = now.toISOString();
  const dueKey = edocKeys.due(tenantId, doc.id);
  const status: EDocStatus =
    outcome.kind === 'final' ? outcome.status : outcome.kind === 'retry' ? 'pending' : 'unsent';
  const set: Record<string, unknown> = {
    status,
    gsi2pk: edocKeys.statusPk(tenantId, status),
    gsi2sk: sortKey(doc.issuedAt, doc.id),
    updatedAt: iso,
  };
  const remove = ['leaseUntil', 'leaseId'];
  const items: TransactItem[] = [];
  if (outcome.kind === 'final') {
    Object.assign(set, { warnings: outcome.warnings, errors: outcome.errors, submittedAt: iso });
    if (outcome.qr) set.qr = outcome.qr;
    if (outcome.providerId) set.providerId = outcome.providerId;
    remove.push('nextAttemptAt');
    items.push(tx.delete(dueKey));
    if (outcome.clearedXml)
      items.push(
        tx.raw('Update', {
          Key: edocKeys.xml(tenantId, doc.id),
          UpdateExpression: 'SET clearedXml = :x, clearedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':x': outcome.clearedXml, ':now': iso },
        }),
      );
  } else if (outcome.kind === 'retry') {
    const dueAt = new Date(now.getTime() + backoffMinutes(doc.attempts) * 60_000).toISOString();
    Object.assign(set, { errors: [outcome.message], nextAttemptAt: dueAt });
    items.push(tx.put(dueItem(tenantId, doc.id, dueAt)));
  } else {
    remove.push('nextAttemptAt');
    items.push(tx.delete(dueKey));
  }
  const names: Record<string, string> = { '#version': 'version' };
  const values: Record<string, unknown> = { ':lease': leaseId, ':one': 1 };
  const sets = ['#version = #version + :one'];
  Object.entries(set).forEach(([field, value], i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = value;
    sets.push(`#f${i} = :v${i}`);
  });
  items.unshift(
    tx.raw('Update', {
      Key: edocKeys.document(tenantId, doc.id),
      UpdateExpression: `SET ${sets.join(', ')} REMOVE ${remove.join(', ')}`,
      ConditionExpression: 'leaseId = :lease',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  return items;
}

/** The EDOC_DUE item: the document still has to be sent, at `dueAt` (the job reads G#EDOC_DUE up to now). */
export function dueItem(tenantId: string, documentId: string, dueAt: string): Item {
  return {
    ...edocKeys.due(tenantId, documentId),
    entityType: 'EDOC_DUE',
    tenantId,
    documentId,
    dueAt,
    gsi2pk: dueShardPk(EDOC_DUE_GSI_PK, edocKeys.due(tenantId, documentId)),
    gsi2sk: sortKey(dueAt, tenantId, documentId),
  };
}
