import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { settingsRoutes } from '../../shared/routes/settings';
import { conflict, forbidden, isConditionFailure } from '../lib/errors';
import { auditItem } from '../lib/data/audit';
import { actorOf } from '../lib/actor';
import { transact, tx, type TransactItem } from '../lib/data/repo';
import { hasAbility } from '../../shared/permissions';
import { getRegionConfig } from '../../shared/regions';
import { fromMinor } from '../../shared/money';
import {
  DEMO_SECURITY_SETTINGS_MESSAGE,
  pricingToApi,
  settingsCurrency,
  type CompanySettingsUpdate,
  type PricingSettingsPut,
  type PricingSettingsResponse,
  type StoredCompanySettings,
} from '../../shared/schemas/settings';
import { gatewaySecretsWrite, readSettingsItem, settingsWrite, tenantBrandingWrite } from './data';
import { applyUpdate, auditSummary, normalizeStored, securityFieldsTouched, toApi, toBranding, type SettingsMeta } from './model';
import { checkUploadedLogo, createLogoUpload, deleteLogo, presignLogoView } from './logo';

export const VERSION_CONFLICT_MESSAGE = 'These settings were changed by someone else. Reload and try again.';

interface Loaded {
  settings: StoredCompanySettings;
  meta: SettingsMeta;
}

/** The tenant's settings; a tenant without a settings item reads the defaults at version 0. */
async function load(ctx: RequestCtx): Promise<Loaded> {
  const item = await readSettingsItem(ctx.auth.tenantId);
  const settings = normalizeStored(item, ctx.auth.tenantName ?? '');
  const meta = item
    ? { version: Number(item.version ?? 1), updatedAt: String(item.updatedAt ?? item.createdAt ?? '') }
    : { version: 0, updatedAt: '' };
  return { settings, meta };
}

async function logoUrlOf(s: StoredCompanySettings): Promise<string | null> {
  return s.logoKey ? presignLogoView(s.logoKey) : null;
}

async function getCompanySettings(ctx: RequestCtx) {
  const { settings, meta } = await load(ctx);
  const logoUrl = await logoUrlOf(settings);
  // STAFF and MECHANIC theme the shell from this route but may not see the rest of the settings.
  if (!hasAbility(ctx.auth.role, 'settingsRead')) return reply.ok(toBranding(settings, logoUrl));
  return reply.ok(toApi(settings, meta, logoUrl));
}

/**
 * The one write path of both PUT routes: merge, check, then ONE transaction with the settings
 * (version condition), the tenant's name and colours, the gateway secrets when sent, and the audit item.
 */
async function saveUpdate(ctx: RequestCtx, body: CompanySettingsUpdate): Promise<Loaded> {
  const { version, ...update } = body;
  const { settings: current, meta } = await load(ctx);
  if (version !== meta.version) throw conflict(VERSION_CONFLICT_MESSAGE, undefined, 'VERSION_CONFLICT');

  if (ctx.auth.isDemo) {
    const touched = securityFieldsTouched(current, update);
    if (touched.length) throw forbidden(DEMO_SECURITY_SETTINGS_MESSAGE);
  }

  const tenantId = ctx.auth.tenantId;
  if (update.logoKey && update.logoKey !== current.logoKey) await checkUploadedLogo(tenantId, update.logoKey);

  const { next, changed, secrets } = applyUpdate(current, update);
  const secretNames = Object.keys(secrets);
  if (changed.length === 0 && secretNames.length === 0) return { settings: current, meta };

  const now = new Date().toISOString();
  const audit = auditItem(
    actorOf(ctx),
    'settings.update',
    'company_settings',
    tenantId,
    auditSummary(current, next, changed, secretNames),
  );
  const txItems: TransactItem[] = [settingsWrite(tenantId, meta.version, next, changed, now), tx.put(audit)];
  if (changed.some((f) => f === 'name' || f === 'primaryColor' || f === 'secondaryColor')) txItems.push(tenantBrandingWrite(tenantId, next, now));
  if (secretNames.length) txItems.push(gatewaySecretsWrite(tenantId, secrets as Record<string, string | null>, now));
  try {
    await transact(txItems);
  } catch (err) {
    if (isConditionFailure(err)) throw conflict(VERSION_CONFLICT_MESSAGE, undefined, 'VERSION_CONFLICT');
    throw err;
  }
  // The replaced logo is no longer referenced; removing it is best effort (an orphan costs bytes, not correctness).
  if (current.logoKey && next.logoKey !== current.logoKey) await deleteLogo(current.logoKey).catch(() => undefined);
  ctx.log.info('settings updated', { changed: changed.join(','), gatewayKeys: secretNames.length });
  return { settings: next, meta: { version: meta.version + 1, updatedAt: now } };
}

async function updateCompanySettings(ctx: RequestCtx<CompanySettingsUpdate>) {
  const { settings, meta } = await saveUpdate(ctx, ctx.body);
  return reply.ok(toApi(settings, meta, await logoUrlOf(settings)));
}

function pricingAnswer(s: StoredCompanySettings, meta: SettingsMeta): PricingSettingsResponse {
  const region = getRegionConfig(s.preferences.region);
  return {
    ...pricingToApi(s.pricing),
    currency: settingsCurrency(s),
    regionYoungDriverFee: fromMinor(region.businessRules.youngDriverFeePerDayMinor),
    version: meta.version,
  };
}

async function getPricingSettings(ctx: RequestCtx) {
  const { settings, meta } = await load(ctx);
  return reply.ok(pricingAnswer(settings, meta));
}

async function updatePricingSettings(ctx: RequestCtx<PricingSettingsPut>) {
  const { version, ...pricing } = ctx.body;
  const { settings, meta } = await saveUpdate(ctx, { version, pricing });
  return reply.ok(pricingAnswer(settings, meta));
}

export const handler = createDomainHandler('settings', settingsRoutes, {
  getCompanySettings,
  updateCompanySettings,
  getPricingSettings,
  updatePricingSettings,
  createLogoUpload: async (ctx) => reply.ok(await createLogoUpload(ctx.auth.tenantId, ctx.body)),
});
