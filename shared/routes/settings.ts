import { routeMaker } from './types';
import {
  brandingSettingsSchema,
  companySettingsSchema,
  companySettingsUpdateSchema,
  logoUploadRequestSchema,
  logoUploadResponseSchema,
  pricingSettingsPutSchema,
  pricingSettingsResponseSchema,
} from '../schemas/settings';

const route = routeMaker('settings');

/**
 * Company settings, pricing settings and branding.
 *
 * GET /api/v1/company/settings is readable by every signed-in role because the shell themes
 * itself from it (product-screens §7); roles without settingsRead (STAFF, MECHANIC) get only the
 * branding subset {name, logoUrl, primaryColor, secondaryColor, accentStyle, fontFamily}.
 * Pricing settings live inside the same settings item (one version, one audit trail) and have
 * their own pair of routes so the pricing page reads and writes only its group.
 */
export const settingsRoutes = [
  route({
    operationId: 'getCompanySettings',
    method: 'GET',
    path: '/api/v1/company/settings',
    ability: 'brandingRead',
    summary:
      'Company settings (branding subset only for roles without settings access); logoUrl is a short-lived signed URL',
    response: companySettingsSchema.or(brandingSettingsSchema),
  }),
  route({
    operationId: 'updateCompanySettings',
    method: 'PUT',
    path: '/api/v1/company/settings',
    ability: 'settingsEdit',
    summary:
      'Updates company settings (partial; nested groups merge) with the version read; demo may not change security settings',
    request: { body: companySettingsUpdateSchema },
    response: companySettingsSchema,
  }),
  route({
    operationId: 'getPricingSettings',
    method: 'GET',
    path: '/api/v1/pricing-settings',
    ability: 'settingsEdit',
    summary: 'Default rates per vehicle category, young-driver fee override, extra-km and fuel charges',
    response: pricingSettingsResponseSchema,
  }),
  route({
    operationId: 'updatePricingSettings',
    method: 'PUT',
    path: '/api/v1/pricing-settings',
    ability: 'settingsEdit',
    summary: 'Updates pricing settings with the settings version read',
    request: { body: pricingSettingsPutSchema },
    response: pricingSettingsResponseSchema,
  }),
  route({
    operationId: 'createLogoUpload',
    method: 'POST',
    path: '/api/v1/company/logo-upload',
    ability: 'settingsEdit',
    summary:
      'Presigned S3 PUT for a company logo (PNG or JPG, at most 2 MB); save the key with PUT /company/settings {logoKey}',
    request: { body: logoUploadRequestSchema },
    response: logoUploadResponseSchema,
  }),
];
