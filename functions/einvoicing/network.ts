import {
  EINVOICING_MESSAGES,
  type EInvoicingStatus,
  NETWORK_MESSAGES as M,
  type NetworkBody,
} from '../../shared/schemas/einvoicing';
import { ERROR_CODES } from '../../shared/errors';
import type { AuditActor } from '../lib/actor';
import { companyRegion, readCompanySettings } from '../lib/company-settings';
import { config } from '../lib/config';
import { auditItem } from '../lib/data/audit';
import { queryAll, transact, tx } from '../lib/data/repo';
import { badRequest, conflict, HttpError, isConditionFailure } from '../lib/errors';
import { edocKeys, einvoicingKeys } from './model';
import { type NetworkCredentials, type NetworkItem, networkAad, readNetwork } from './network-item';
import { SECRETS_PROTECTION, seal, secretsKey } from './secrets';
import { readState, REGION_NETWORK, readStatus, statusOf } from './status';
import { dueItem } from './submit';

/**
 * PUT / DELETE /api/v1/einvoicing/network (issue 29): a UAE or Jordan company connects to its network with the
 * credentials its provider gave it (UAE: the service provider's API key and the company's id there; Jordan:
 * JoFotara's client id and secret key). They are sealed (secrets.ts, the item's key as AAD) in the NETWORK item
 * in the same transaction as the audit entry, and no answer ever carries them: the status answers
 * `network: {name, connected, connectedAt}`.
 *
 * Once connected, the company's `unsent` documents become `pending` with their EDOC_DUE item (due now), so the
 * next job run sends them; this is done in the request, in transactions of UNSENT_BATCH documents (a company that
 * issued for months before connecting has a few thousand at most; each document's update is conditional on it
 * still being unsent, so a second connect at the same time does nothing twice).
 *
 * Disconnecting deletes the item (and the credentials with it). New documents are then issued `unsent`; a
 * pending one the job meets without a connection goes back to `unsent` (submit.ts) and leaves with the next
 * connect. Reconnecting replaces the credentials (a new key from the provider).
 */
const UNSENT_BATCH = 40;

function credentialsOf(body: NetworkBody): NetworkCredentials {
  return body.network === 'uae-asp'
    ? { network: 'uae-asp', apiKey: body.apiKey, legalEntityId: body.legalEntityId }
    : { network: 'jofotara', clientId: body.clientId, secretKey: body.secretKey };
}

export async function connectNetwork(
  tenantId: string,
  body: NetworkBody,
  actor: AuditActor,
  fallbackName?: string,
): Promise<EInvoicingStatus> {
  const settings = await readCompanySettings(tenantId, fallbackName);
  const expected = REGION_NETWORK[companyRegion(settings)];
  if (!expected) throw conflict(M.noNetwork);
  if (body.network !== expected) throw badRequest(M.wrongRegion, { network: M.wrongRegion });
  const key = secretsKey(config().einvoicingSecretsKey);
  if (!key) throw new HttpError(500, ERROR_CODES.INTERNAL_ERROR, EINVOICING_MESSAGES.notConfigured);

  const previous = await readNetwork(tenantId);
  const at = new Date().toISOString();
  const item: NetworkItem = {
    network: body.network,
    connected: true,
    connectedAt: at,
    ...(body.network === 'jofotara' ? { incomeSourceSequence: body.incomeSourceSequence } : {}),
    envelope: seal(credentialsOf(body), key, networkAad(tenantId)),
    encryptedAt: at,
    protection: SECRETS_PROTECTION,
    updatedAt: at,
  };
  const action = previous ? 'einvoicing.network.reconnect' : 'einvoicing.network.connect';
  await transact([
    tx.put({ ...einvoicingKeys.network(tenantId), entityType: 'EINVOICING_NETWORK', ...item }),
    tx.put(auditItem(actor, action, 'einvoicing', 'NETWORK', { after: { network: body.network, connected: true } })),
  ]);
  await releaseUnsent(tenantId, at);
  const state = await readState(tenantId);
  return statusOf(settings, state, item);
}

/** The company's unsent documents become pending, due now (each conditional on still being unsent). */
async function releaseUnsent(tenantId: string, at: string): Promise<number> {
  const unsent = await queryAll<{ id: string; issuedAt: string }>({
    tenantId,
    pk: edocKeys.statusPk(tenantId, 'unsent'),
    index: 'gsi2',
  });
  let released = 0;
  for (let i = 0; i < unsent.length; i += UNSENT_BATCH) {
    const batch = unsent.slice(i, i + UNSENT_BATCH);
    const items = batch.flatMap((d) => [
      tx.raw('Update', {
        Key: edocKeys.document(tenantId, d.id),
        UpdateExpression:
          'SET #status = :pending, gsi2pk = :pk, updatedAt = :now, #version = #version + :one REMOVE nextAttemptAt',
        ConditionExpression: '#status = :unsent',
        ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':unsent': 'unsent',
          ':pk': edocKeys.statusPk(tenantId, 'pending'),
          ':now': at,
          ':one': 1,
        },
      }),
      tx.put(dueItem(tenantId, d.id, at)),
    ]);
    try {
      await transact(items);
      released += batch.length;
    } catch (e) {
      // Another connect released some of them first (the index is read eventually consistent): one by one.
      if (!isConditionFailure(e)) throw e;
      for (let j = 0; j < items.length; j += 2)
        await transact(items.slice(j, j + 2)).then(
          () => released++,
          (err) => {
            if (!isConditionFailure(err)) throw err;
          },
        );
    }
  }
  return released;
}

export async function disconnectNetwork(
  tenantId: string,
  actor: AuditActor,
  fallbackName?: string,
): Promise<EInvoicingStatus> {
  const previous = await readNetwork(tenantId);
  if (previous)
    await transact([
      tx.delete(einvoicingKeys.network(tenantId)),
      tx.put(
        auditItem(actor, 'einvoicing.network.disconnect', 'einvoicing', 'NETWORK', {
          before: { network: previous.network, connected: true },
          after: { network: previous.network, connected: false },
        }),
      ),
    ]);
  return readStatus(tenantId, fallbackName);
}
