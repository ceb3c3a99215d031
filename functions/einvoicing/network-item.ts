import { config } from '../lib/config';
import { getItem } from '../lib/data/repo';
import { einvoicingKeys } from './model';
import { open, type SecretEnvelope, secretsKey } from './secrets';

/**
 * The NETWORK item (model.ts) of a UAE or Jordan company: `{ network, connected, connectedAt }` and the sealed
 * credentials. Read by the status route (without the envelope) and by submit.ts (which opens it).
 */
export type NetworkCredentials =
  | { network: 'uae-asp'; apiKey: string; legalEntityId: number }
  | { network: 'jofotara'; clientId: string; secretKey: string };

export interface NetworkItem {
  network: NetworkCredentials['network'];
  connected: boolean;
  connectedAt: string;
  /** JoFotara: the activity's income source sequence (public; every invoice's XML names it). */
  incomeSourceSequence?: string;
  envelope: SecretEnvelope;
  encryptedAt: string;
  protection: string;
  updatedAt: string;
}

export async function readNetwork(tenantId: string): Promise<NetworkItem | undefined> {
  return (await getItem(einvoicingKeys.network(tenantId))) as unknown as NetworkItem | undefined;
}

/** The additional authenticated data of the envelope: the item's own key, so it opens on no other company's. */
export function networkAad(tenantId: string): string {
  const k = einvoicingKeys.network(tenantId);
  return `${k.pk}|${k.sk}`;
}

export function openNetworkCredentials(tenantId: string, item: NetworkItem): NetworkCredentials {
  const key = secretsKey(config().einvoicingSecretsKey);
  if (!key) throw new Error('E-invoicing secrets encryption is not configured');
  return open<NetworkCredentials>(item.envelope, key, networkAad(tenantId));
}
