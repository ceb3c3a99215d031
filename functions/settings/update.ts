import { auditItem } from '../lib/data/audit';
import type { Actor } from '../lib/actor';
import { transact, tx, type TransactItem } from '../lib/data/repo';
import { cancellationCodes, conflict, forbidden, isConditionFailure } from '../lib/errors';
import type { Logger } from '../lib/logger';
import {
  DEMO_SECURITY_SETTINGS_MESSAGE,
  SETTINGS_MESSAGES,
  type CompanySettingsUpdate,
  type StoredCompanySettings,
} from '../../shared/schemas/settings';
import { isRegionCode } from '../../shared/regions';
import { gatewaySecretsWrite, readSettingsItem, settingsWrite, tenantBrandingWrite } from './data';
import { applyUpdate, auditSummary, normalizeStored, securityFieldsTouched, type SettingsMeta } from './model';
import { checkUploadedLogo, deleteLogo } from './logo';
import { recordRiskyAction } from '../security/api';

/** Reading and saving the company settings item (the settings domain's own read keeps the version). */
export const VERSION_CONFLICT_MESSAGE = 'These settings were changed by someone else. Reload and try again.';

export interface LoadedSettings {
  settings: StoredCompanySettings;
  meta: SettingsMeta;
}

/** The tenant's settings; a tenant without a settings item reads the defaults at version 0. */
export async function loadSettings(tenantId: string, tenantName = ''): Promise<LoadedSettings> {
  const item = await readSettingsItem(tenantId);
  const settings = normalizeStored(item, tenantName);
  const meta = item
    ? { version: Number(item.version ?? 1), updatedAt: String(item.updatedAt ?? item.createdAt ?? '') }
    : { version: 0, updatedAt: '' };
  return { settings, meta };
}

/**
 * The one write path of both PUT routes: merge, check, then ONE transaction with the settings
 * (version condition), the tenant's name and colours, the gateway secrets when sent, and the audit item.
 */
export async function saveSettings(
  actor: Actor,
  caller: { tenantName?: string; isDemo: boolean },
  body: CompanySettingsUpdate,
  log: Logger,
): Promise<LoadedSettings> {
  const { version, ...update } = body;
  const { settings: current, meta } = await loadSettings(actor.tenantId, caller.tenantName);
  if (version !== meta.version) throw conflict(VERSION_CONFLICT_MESSAGE, undefined, 'VERSION_CONFLICT');

  if (caller.isDemo) {
    const touched = securityFieldsTouched(current, update);
    if (touched.length) throw forbidden(DEMO_SECURITY_SETTINGS_MESSAGE);
  }

  const tenantId = actor.tenantId;
  if (update.logoKey && update.logoKey !== current.logoKey) await checkUploadedLogo(tenantId, update.logoKey);

  const { next, changed, secrets } = applyUpdate(current, update);
  const secretNames = Object.keys(secrets);
  if (changed.length === 0 && secretNames.length === 0) return { settings: current, meta };

  const now = new Date().toISOString();
  const audit = auditItem(
    actor,
    'settings.update',
    'company_settings',
    tenantId,
    auditSummary(current, next, changed, secretNames),
  );
  const books = await regionChangeItems(tenantId, current, next);
  const txItems: TransactItem[] = [settingsWrite(tenantId, meta.version, next, changed, now), tx.put(audit), ...books];
  if (changed.some((f) => f === 'name' || f === 'primaryColor' || f === 'secondaryColor'))
    txItems.splice(2, 0, tenantBrandingWrite(tenantId, next, now));
  if (secretNames.length)
    txItems.splice(2, 0, gatewaySecretsWrite(tenantId, secrets as Record<string, string | null>, now));
  try {
    await transact(txItems);
  } catch (err) {
    // The last of the books' items checks that no posting started since hasPostings (see below).
    if (books.length && cancellationCodes(err).at(txItems.length - 1) === 'ConditionalCheckFailed')
      throw regionLocked();
    if (isConditionFailure(err)) throw conflict(VERSION_CONFLICT_MESSAGE, undefined, 'VERSION_CONFLICT');
    throw err;
  }
  // The replaced logo is no longer referenced; removing it is best effort (an orphan costs bytes, not correctness).
  if (current.logoKey && next.logoKey !== current.logoKey) await deleteLogo(current.logoKey).catch(() => undefined);
  log.info('settings updated', { changed: changed.join(','), gatewayKeys: secretNames.length });
  if (secretNames.length)
    await recordRiskyAction(actor, {
      signal: 'gateway_keys_changed',
      summary: `payment gateway keys changed: ${secretNames.join(', ')}`,
      entity: 'company_settings',
      entityId: tenantId,
    });
  return { settings: next, meta: { version: meta.version + 1, updatedAt: now } };
}

const regionLocked = () =>
  conflict(SETTINGS_MESSAGES.regionLocked, { 'preferences.region': SETTINGS_MESSAGES.regionLocked });

/**
 * A region change re-localises the company (issue 26, DESIGN.md §14): currency, time zone and VAT
 * rate follow in applyUpdate; the books (chart of accounts, tax codes, VAT return layout) move in
 * the SAME transaction as the settings, through accounting's localisation items — never a
 * half-switched company. Allowed only while the company has posted nothing: once it has, its
 * books are in the old country's currency and tax regime and the change is refused (409, with
 * the reason under the region field). The books' last item is a check on the journal's entry
 * counter as read, so a posting that starts in between fails this save instead of landing in
 * the new region's books. Accounting is loaded only on this rare path (Lambda size).
 */
async function regionChangeItems(
  tenantId: string,
  current: StoredCompanySettings,
  next: StoredCompanySettings,
): Promise<TransactItem[]> {
  const region = next.preferences.region;
  if (region === current.preferences.region || !isRegionCode(region)) return [];
  const accounting = await import('../accounting/api');
  if (await accounting.booksHavePostings(tenantId)) throw regionLocked();
  return (await accounting.booksLocalisationItems(tenantId, region, { unposted: true })).items;
}
