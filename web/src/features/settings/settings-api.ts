/**
 * Settings feature: API calls, cache keys, message translation, logo upload with progress. The
 * catalog area is registered here, lazily, with the settings pages.
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { settings as settingsCatalog } from '../../../../shared/i18n/settings';
import { MONEY_MESSAGES } from '../../../../shared/money';
import {
  DEMO_SECURITY_SETTINGS_MESSAGE,
  SETTINGS_MESSAGE_KEYS,
  type CompanySettings,
  type CompanySettingsUpdateInput,
  type LogoUploadResponse,
  type PricingSettingsResponse,
} from '../../../../shared/schemas/settings';
import { api, ApiError } from '../../lib/api';
import { COMPANY_SETTINGS_PATH } from '../../lib/branding';
import type { TFunction } from '../../i18n';

addArea('settings', settingsCatalog);

export { COMPANY_SETTINGS_PATH };
export const PRICING_SETTINGS_PATH = '/api/v1/pricing-settings';
export const LOGO_UPLOAD_PATH = '/api/v1/company/logo-upload';
export type { CompanySettings, PricingSettingsResponse };

const EXTRA_MESSAGE_KEYS: Record<string, string> = {
  [MONEY_MESSAGES.decimals]: 'moneyDecimals',
  [MONEY_MESSAGES.invalid]: 'moneyInvalid',
  [MONEY_MESSAGES.negative]: 'moneyNegative',
  [MONEY_MESSAGES.tooLarge]: 'moneyTooLarge',
  [DEMO_SECURITY_SETTINGS_MESSAGE]: 'securityDemo',
};

/** An English schema or server message in the reader's language (unknown ones pass through). */
export function translateSettingsMessage(t: TFunction, message: string): string {
  const key = SETTINGS_MESSAGE_KEYS[message] ?? EXTRA_MESSAGE_KEYS[message];
  return key ? t(`settings.messages.${key}`) : message;
}

export type FieldErrors = Record<string, string>;

/** zod issues → field errors keyed by dotted path, translated. */
export function issuesToErrors(t: TFunction, issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) {
    const path = i.path.map(String).join('.');
    out[path] ??= translateSettingsMessage(t, i.message);
  }
  return out;
}

export function serverFieldErrors(t: TFunction, err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.fields) return {};
  return Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, translateSettingsMessage(t, v)]));
}

/** Full company settings (managers). Same SWR key as the shell's branding reader: one request. */
export function useCompanySettingsFull() {
  return useSWR<CompanySettings | null>(COMPANY_SETTINGS_PATH);
}

export function usePricingSettings() {
  return useSWR<PricingSettingsResponse | null>(PRICING_SETTINGS_PATH);
}

/** Saves a settings update and refreshes every reader (the shell re-applies the branding at once). */
export function useSaveSettings() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: CompanySettingsUpdateInput): Promise<CompanySettings> => {
      const saved = await api.put<CompanySettings>(COMPANY_SETTINGS_PATH, body);
      await mutate(COMPANY_SETTINGS_PATH, saved, { revalidate: false });
      await mutate(PRICING_SETTINGS_PATH);
      return saved;
    },
    [mutate],
  );
}

export function useSavePricing() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: Record<string, unknown>): Promise<PricingSettingsResponse> => {
      const saved = await api.put<PricingSettingsResponse>(PRICING_SETTINGS_PATH, body);
      await mutate(PRICING_SETTINGS_PATH, saved, { revalidate: false });
      await mutate(COMPANY_SETTINGS_PATH);
      return saved;
    },
    [mutate],
  );
}

export function isVersionConflict(err: unknown): boolean {
  return err instanceof ApiError && err.status === 409;
}

/** Asks for a presigned URL, then PUTs the file to S3 with upload progress (0–100). */
export async function uploadLogo(file: File, onProgress: (percent: number) => void): Promise<LogoUploadResponse> {
  const presigned = await api.post<LogoUploadResponse>(LOGO_UPLOAD_PATH, { fileName: file.name, contentType: file.type, size: file.size });
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', presigned.uploadUrl);
    for (const [k, v] of Object.entries(presigned.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('upload network error'));
    xhr.send(file);
  });
  onProgress(100);
  return presigned;
}
