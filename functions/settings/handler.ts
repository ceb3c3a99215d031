import { createDomainHandler, reply, type RequestCtx } from '../lib/http';
import { settingsRoutes } from '../../shared/routes/settings';
import { actorOf } from '../lib/actor';
import { hasAbility } from '../../shared/permissions';
import { getRegionConfig } from '../../shared/regions';
import { fromMinor } from '../../shared/money';
import {
  pricingToApi,
  settingsCurrency,
  type CompanySettingsUpdate,
  type PricingSettingsPut,
  type PricingSettingsResponse,
  type StoredCompanySettings,
} from '../../shared/schemas/settings';
import { toApi, toBranding, type SettingsMeta } from './model';
import { createLogoUpload, presignLogoView } from './logo';
import { loadSettings, saveSettings } from './update';

async function logoUrlOf(s: StoredCompanySettings): Promise<string | null> {
  return s.logoKey ? presignLogoView(s.logoKey) : null;
}

async function getCompanySettings(ctx: RequestCtx) {
  const { settings, meta } = await loadSettings(ctx.auth.tenantId, ctx.auth.tenantName);
  const logoUrl = await logoUrlOf(settings);
  // STAFF and MECHANIC theme the shell from this route but may not see the rest of the settings.
  if (!hasAbility(ctx.auth.role, 'settingsRead')) return reply.ok(toBranding(settings, logoUrl));
  return reply.ok(toApi(settings, meta, logoUrl));
}

async function updateCompanySettings(ctx: RequestCtx<CompanySettingsUpdate>) {
  const { settings, meta } = await saveSettings(actorOf(ctx), ctx.auth, ctx.body, ctx.log);
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
  const { settings, meta } = await loadSettings(ctx.auth.tenantId, ctx.auth.tenantName);
  return reply.ok(pricingAnswer(settings, meta));
}

async function updatePricingSettings(ctx: RequestCtx<PricingSettingsPut>) {
  const { version, ...pricing } = ctx.body;
  const { settings, meta } = await saveSettings(actorOf(ctx), ctx.auth, { version, pricing }, ctx.log);
  return reply.ok(pricingAnswer(settings, meta));
}

export const handler = createDomainHandler('settings', settingsRoutes, {
  getCompanySettings,
  updateCompanySettings,
  getPricingSettings,
  updatePricingSettings,
  createLogoUpload: async (ctx) => reply.ok(await createLogoUpload(ctx.auth.tenantId, ctx.body)),
});
