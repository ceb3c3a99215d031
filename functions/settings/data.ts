import { keys, tenantPk, type Key } from '../lib/data/keys';
import { getItem, tx, type Item, type TransactItem } from '../lib/data/repo';
import type { StoredCompanySettings } from '../../shared/schemas/settings';

/**
 * Settings items of one tenant, both in the T#{tenant}#SETTINGS partition:
 *  - COMPANY (keys.settings): every company setting (StoredCompanySettings), versioned.
 *  - GATEWAY: the payment gateway secrets, apart so that reading settings (which every signed-in
 *    role does, for the theme) never loads them. Written, never read by any API route.
 */
export const SETTINGS_ENTITY = 'SETTINGS';

export function gatewaySecretsKey(tenantId: string): Key {
  return { pk: tenantPk(tenantId, 'SETTINGS'), sk: 'GATEWAY' };
}

/** A new settings item (registration and seeds): version 1. */
export function settingsItem(tenantId: string, settings: StoredCompanySettings, now = new Date().toISOString()): Item {
  return {
    ...keys.settings(tenantId),
    entityType: SETTINGS_ENTITY,
    id: tenantId,
    ...settings,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

export async function readSettingsItem(tenantId: string): Promise<Item | undefined> {
  return getItem(keys.settings(tenantId), true);
}

/**
 * Transaction item that writes `changes` onto the settings item with the expected version, or
 * creates it when the tenant has none yet (expectedVersion 0: a company created before settings
 * existed, whose GET answered the defaults with version 0).
 */
export function settingsWrite(
  tenantId: string,
  expectedVersion: number,
  next: StoredCompanySettings,
  changed: string[],
  now: string,
): TransactItem {
  if (expectedVersion === 0) {
    return tx.putNew({ ...settingsItem(tenantId, next, now) });
  }
  const changes = Object.fromEntries(changed.map((f) => [f, (next as Record<string, unknown>)[f]]));
  return tx.update(keys.settings(tenantId), expectedVersion, changes, now);
}

/** Merges new gateway secrets into the secrets item (null clears one). */
export function gatewaySecretsWrite(
  tenantId: string,
  secrets: Record<string, string | null>,
  now: string,
): TransactItem {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt', '#entityType': 'entityType' };
  const values: Record<string, unknown> = { ':now': now, ':type': 'GATEWAY_SECRETS' };
  const sets = ['#updatedAt = :now', '#entityType = :type'];
  const removes: string[] = [];
  Object.entries(secrets).forEach(([k, v], i) => {
    names[`#k${i}`] = k;
    if (v === null) removes.push(`#k${i}`);
    else {
      values[`:v${i}`] = v;
      sets.push(`#k${i} = :v${i}`);
    }
  });
  return tx.raw('Update', {
    Key: gatewaySecretsKey(tenantId),
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  });
}

/**
 * Keeps the tenant item's name and brand colours equal to the settings (the identity domain and
 * sign-in read the tenant item). No version condition (the settings version already serialises
 * these writes) but the tenant's version moves, so a concurrent versioned tenant edit notices.
 */
export function tenantBrandingWrite(
  tenantId: string,
  s: Pick<StoredCompanySettings, 'name' | 'primaryColor' | 'secondaryColor'>,
  now: string,
): TransactItem {
  return tx.raw('Update', {
    Key: keys.tenant(tenantId),
    UpdateExpression: 'SET #name = :name, #pc = :pc, #sc = :sc, #u = :now, #v = if_not_exists(#v, :zero) + :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: {
      '#name': 'name',
      '#pc': 'primaryColor',
      '#sc': 'secondaryColor',
      '#u': 'updatedAt',
      '#v': 'version',
    },
    ExpressionAttributeValues: {
      ':name': s.name,
      ':pc': s.primaryColor,
      ':sc': s.secondaryColor,
      ':now': now,
      ':zero': 0,
      ':one': 1,
    },
  });
}
