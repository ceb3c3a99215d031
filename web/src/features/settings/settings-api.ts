/**
 * Settings feature: reads, saves and the logo upload. Errors, uploads and invalidation use the
 * web kit (web/src/KIT.md); the catalog area and the settings message constants are registered
 * here, lazily, with the settings pages.
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { settings as settingsCatalog } from '../../../../shared/i18n/settings';
import {
  DEMO_SECURITY_SETTINGS_MESSAGE,
  SETTINGS_MESSAGES,
  type CompanySettings,
  type LogoUploadResponse,
  type PricingSettingsResponse,
} from '../../../../shared/schemas/settings';
import { isVersionConflict, registerMessages, toastApiError, type FieldErrors } from '../../lib/api-errors';
import { toast } from '../../components/toast/toast-store';
import type { TFunction } from '../../i18n';
import { COMPANY_SETTINGS_PATH } from '../../lib/branding';
import { useInvalidate } from '../../lib/invalidate';
import { uploadFileTo } from '../../lib/upload';
import { apiPath, callApi, type ApiPath, type BodyOf } from '../../lib/api-client';

addArea('settings', settingsCatalog);
registerMessages('settings.messages', SETTINGS_MESSAGES);
registerMessages('settings.messages', { securityDemo: DEMO_SECURITY_SETTINGS_MESSAGE });

export { COMPANY_SETTINGS_PATH };
export const PRICING_SETTINGS_PATH = apiPath('getPricingSettings');
export const LOGO_UPLOAD_PATH = apiPath('createLogoUpload');
export type { CompanySettings, PricingSettingsResponse };
export type { FieldErrors };

/** Full company settings (managers). Same SWR key as the shell's branding reader: one request. */
export function useCompanySettingsFull() {
  return useSWR<CompanySettings | null>(COMPANY_SETTINGS_PATH);
}

export function usePricingSettings() {
  return useSWR<PricingSettingsResponse | null>(PRICING_SETTINGS_PATH);
}

/**
 * A PUT that answers the saved document: shown at once under its own key (the shell re-applies
 * the branding), then the other settings reader revalidates.
 */
function useSaveTo<Op extends 'updateCompanySettings' | 'updatePricingSettings', Saved>(
  op: Op,
  path: ApiPath,
  other: ApiPath,
) {
  const { mutate } = useSWRConfig();
  const invalidate = useInvalidate();
  return useCallback(
    async (body: BodyOf<Op>): Promise<Saved> => {
      const saved = await (callApi as (op: Op, args: { body: BodyOf<Op> }) => Promise<Saved>)(op, { body });
      await mutate(path, saved, { revalidate: false });
      await invalidate(other);
      return saved;
    },
    [mutate, invalidate, op, path, other],
  );
}

export const useSaveSettings = () =>
  useSaveTo<'updateCompanySettings', CompanySettings>(
    'updateCompanySettings',
    COMPANY_SETTINGS_PATH,
    PRICING_SETTINGS_PATH,
  );
export const useSavePricing = () =>
  useSaveTo<'updatePricingSettings', PricingSettingsResponse>(
    'updatePricingSettings',
    PRICING_SETTINGS_PATH,
    COMPANY_SETTINGS_PATH,
  );

/** Asks for a presigned URL, then PUTs the file to S3 with upload progress (0–100). */
export function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<LogoUploadResponse> {
  return uploadFileTo<LogoUploadResponse>(LOGO_UPLOAD_PATH, file, onProgress);
}

/**
 * A failed settings save: someone else saved first → say so and reload (the draft rebases onto
 * the new version); anything else → the failure toast. Resolves to the field errors to show.
 */
export async function settingsSaveFailed(
  t: TFunction,
  err: unknown,
  reload: () => Promise<unknown>,
): Promise<FieldErrors> {
  if (!isVersionConflict(err)) return toastApiError(t('settings.saveFailed'), err).fields;
  toast({ title: t('settings.conflictTitle'), description: t('settings.conflictBody'), variant: 'destructive' });
  await reload();
  return {};
}
