/**
 * Customers feature: paths, writes, the ID scan upload, date formatting. Lists, errors,
 * permissions, uploads and invalidation use the web kit (web/src/KIT.md). The catalog areas and
 * the domain's message constants are registered here, lazily, with the customers pages (the
 * blacklist page imports this module too: both areas belong to the customers domain).
 */
import { useCallback } from 'react';
import { addArea } from '../../../../shared/i18n';
import { customers as customersCatalog } from '../../../../shared/i18n/customers';
import { blacklist as blacklistCatalog } from '../../../../shared/i18n/blacklist';
import { getRegionConfig, REGION_CODES } from '../../../../shared/regions';
import { driverEligibility } from '../../../../shared/customers/age';
import {
  CUSTOMER_MESSAGES,
  ID_SCAN_DIRECT_MAX_BYTES,
  ID_SCAN_MESSAGES,
  type IdScanResult,
} from '../../../../shared/schemas/customers';
import { BLACKLIST_MESSAGES } from '../../../../shared/schemas/blacklist';
import type { Customer } from '../../../../shared/schemas/customers-responses';
import type { BlacklistEntry, BlacklistMatch } from '../../../../shared/schemas/blacklist-responses';
import { apiRequest, ApiError, getAccessToken, hasStoredTokens, refreshTokens, tokensValid } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';
import { apiPath, apiStem, callApi, type BodyOf } from '../../lib/api-client';
import { useInvalidate } from '../../lib/invalidate';
import { uploadFileTo, type UploadTarget } from '../../lib/upload';
import { useLanguage } from '../../i18n';
import { useDisplayRegion } from '../../lib/display-region';
import { useFormat } from '../../lib/format';

addArea('customers', customersCatalog);
addArea('blacklist', blacklistCatalog);
registerMessages('customers.messages', CUSTOMER_MESSAGES);
registerMessages('blacklist.messages', BLACKLIST_MESSAGES);
registerMessages('customers.scan', { failed: ID_SCAN_MESSAGES.failed });
registerMessages('customers.scan.reason', {
  noTextImage: ID_SCAN_MESSAGES.noText,
  nothing: ID_SCAN_MESSAGES.noMrz,
  type: ID_SCAN_MESSAGES.unsupportedType,
  tooLarge: ID_SCAN_MESSAGES.tooLarge,
  empty: ID_SCAN_MESSAGES.empty,
});
// The driver-age messages come from the shared rule (shared/customers/age.ts), one per region:
// register exactly what the rule says for each region, with that region's values.
registerMessages('customers.messages', { dobInFuture: driverEligibility('2100-01-01', '2000-01-01', 'US').reason! });
for (const code of REGION_CODES) {
  const region = getRegionConfig(code);
  registerMessages(
    'customers.messages',
    { underMinAge: driverEligibility('2000-01-01', '2000-01-01', code).reason! },
    { minAge: region.businessRules.minAge, region: region.region },
  );
}

export type { Customer, BlacklistEntry, BlacklistMatch, UploadTarget };

export const CUSTOMERS_PATH = apiStem('listCustomers');
export const BLACKLIST_PATH = apiStem('listBlacklist');
export const customerPath = (id: string) => apiPath('getCustomer', { id });

/** The display region (the user's choice, else the company's): see lib/display-region.ts. */
export function useRegion(): string {
  return useDisplayRegion();
}

/** A calendar date or instant through the one formatter (lib/format.ts). */
export function useDate(): (value: string | null | undefined) => string {
  return useFormat().date;
}

/**
 * Lists and profiles are read with `LIVE`: cached answers show at once, and each mount asks
 * the server again (no de-duplication window instead of the app-wide 5 minutes). Reason: several staff
 * edit the same customers and blacklist during a shift, and a blacklist warning or VIP filter
 * must not be minutes old; each revisit costs one Query.
 */
export const LIVE = { revalidateIfStale: true, revalidateOnMount: true, dedupingInterval: 0 } as const;

/** After a customer (or the blacklist) changed: every customers list, profile and sub-list refetches. */
export function useInvalidateCustomers(): () => void {
  const invalidate = useInvalidate();
  return useCallback(() => void invalidate(CUSTOMERS_PATH, BLACKLIST_PATH), [invalidate]);
}

export const customerApi = {
  create: (body: BodyOf<'createCustomer'>) => callApi<'createCustomer', Customer>('createCustomer', { body }),
  update: (id: string, body: BodyOf<'updateCustomer'>) =>
    callApi<'updateCustomer', Customer>('updateCustomer', { params: { id }, body }),
  setVip: (c: Pick<Customer, 'id'>, isVip: boolean) =>
    callApi<'setCustomerVip', Customer>('setCustomerVip', { params: { id: c.id }, body: { isVip } }),
  setActive: (c: Pick<Customer, 'id'>, isActive: boolean) =>
    callApi<'setCustomerActive', Customer>('setCustomerActive', { params: { id: c.id }, body: { isActive } }),
  addNote: (id: string, body: BodyOf<'addCustomerNote'>) => callApi('addCustomerNote', { params: { id }, body }),
  /** Presigned upload of a document file; resolves to the target whose `key` is then recorded. */
  /** Small files go in the request; larger ones through S3 first (Lambda's 6 MB payload limit). */
  scanId: async (file: File, onProgress?: (percent: number) => void) => {
    if (file.size <= ID_SCAN_DIRECT_MAX_BYTES) return postRaw<IdScanResult>(apiPath('scanCustomerId'), file);
    const target = await uploadFileTo(apiPath('customerIdScanUploadUrl'), file, onProgress);
    // The route reads a raw file body (no body schema), or this JSON `{ key }` once the file is in S3.
    return apiRequest<IdScanResult>('POST', apiPath('scanCustomerId'), { key: target.key });
  },
};

export const blacklistApi = {
  create: (body: BodyOf<'createBlacklistEntry'>) =>
    callApi<'createBlacklistEntry', BlacklistEntry>('createBlacklistEntry', { body }),
  update: (id: string, body: BodyOf<'updateBlacklistEntry'>) =>
    callApi<'updateBlacklistEntry', BlacklistEntry>('updateBlacklistEntry', { params: { id }, body }),
};

/**
 * POST of raw file bytes with their content type (the ID scan route reads the body as the file).
 * Same session rules as lib/api: refresh first when expiring; one refresh-and-retry on 401.
 */
async function postRaw<T>(path: string, file: File, retried = false): Promise<T> {
  if (hasStoredTokens() && !tokensValid()) await refreshTokens();
  const token = getAccessToken();
  const res = await fetch(path, {
    method: 'POST',
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
    credentials: 'include',
  });
  if (res.status === 401 && token && !retried && (await refreshTokens())) return postRaw<T>(path, file, true);
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text || res.statusText);
  return (text ? JSON.parse(text) : {}) as T;
}

export { useMoney, useMoneyMinor } from '../../lib/money';
