/**
 * Customers feature: API calls, cache keys, message translation and formatting. The catalog area
 * is registered here, lazily, with the customers pages (the blacklist page imports this module
 * too: both areas belong to the customers domain).
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { customers as customersCatalog } from '../../../../shared/i18n/customers';
import { blacklist as blacklistCatalog } from '../../../../shared/i18n/blacklist';
import { hasAbility, type Ability } from '../../../../shared/permissions';
import { CUSTOMER_MESSAGE_KEYS, ID_SCAN_DIRECT_MAX_BYTES, ID_SCAN_MESSAGES, type IdScanResult } from '../../../../shared/schemas/customers';
import { BLACKLIST_MESSAGE_KEYS } from '../../../../shared/schemas/blacklist';
import type { LoyaltyTier } from '../../../../shared/customers/loyalty';
import type { LicenseStatus } from '../../../../shared/customers/age';
import type { BlacklistMatchReason, BlacklistStatus } from '../../../../shared/customers/blacklist-match';
import { api, ApiError, getAccessToken, hasStoredTokens, refreshTokens, tokensValid } from '../../lib/api';
import { useAuth } from '../../auth/context';
import { useLanguage, type TFunction } from '../../i18n';
import { useDisplayRegion } from '../../lib/display-region';
import { useFormat } from '../../lib/format';

addArea('customers', customersCatalog);
addArea('blacklist', blacklistCatalog);

export const CUSTOMERS_PATH = '/api/v1/customers';
export const BLACKLIST_PATH = '/api/v1/blacklist';
export const customerPath = (id: string) => `${CUSTOMERS_PATH}/${encodeURIComponent(id)}`;

export interface BlacklistEntry {
  id: string;
  fullName: string;
  licenseNumber: string | null;
  phoneNumber: string | null;
  reason: string;
  status: BlacklistStatus;
  addedByName: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface BlacklistMatch {
  entry: BlacklistEntry;
  reasons: BlacklistMatchReason[];
  strong: boolean;
}

export interface Customer {
  id: string;
  fullNameEnglish: string;
  fullNameArabic?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  licenseNumber?: string;
  licenseIssuer?: string;
  licenseIssuedDate?: string;
  licenseExpiryDate?: string;
  dateOfBirth?: string;
  homeAddress?: string;
  fullAddress?: string;
  visaNumber?: string;
  nationalIdOrPassport?: string;
  countryOfOrigin?: string;
  emergencyContactName?: string;
  emergencyContactPhone?: string;
  emergencyContactRelationship?: string;
  gender?: string;
  preferredLanguage: string;
  referralSource?: string;
  internalNotes?: string;
  behaviorFlags: string[];
  isVip: boolean;
  isActive: boolean;
  loyaltyScore: number;
  loyaltyTier: LoyaltyTier;
  loyaltyNext: { tier: LoyaltyTier; rentalsNeeded: number; spendNeeded: number } | null;
  rentalsCount: number;
  completedRentals: number;
  totalSpend: number;
  addedDate: string;
  age: number | null;
  youngDriver: boolean;
  eligibleToRent: boolean | null;
  eligibilityReason: string | null;
  licenseStatus: LicenseStatus;
  licenseDocumentUrl?: string;
  idDocumentUrl?: string;
  version: number;
  blacklistMatches?: BlacklistMatch[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

const SCAN_REASON_KEYS: Record<string, string> = {
  [ID_SCAN_MESSAGES.noText]: 'noTextImage',
  'No text layer found in this PDF (an image-only scan); upload a PDF with text or enter details manually': 'noTextPdf',
  [ID_SCAN_MESSAGES.noMrz]: 'nothing',
  [ID_SCAN_MESSAGES.unsupportedType]: 'type',
  [ID_SCAN_MESSAGES.tooLarge]: 'tooLarge',
  [ID_SCAN_MESSAGES.empty]: 'empty',
};
const VERSION_CONFLICT = 'This record was changed by someone else. Reload and try again.';

/** A schema or server message in the reader's language when the catalog knows it, else as sent. */
export function translateMessage(t: TFunction, message: string): string {
  const key = CUSTOMER_MESSAGE_KEYS[message];
  if (key) return t(`customers.messages.${key}`);
  const bl = BLACKLIST_MESSAGE_KEYS[message];
  if (bl) return t(`blacklist.messages.${bl}`);
  if (message === VERSION_CONFLICT) return t('customers.messages.versionConflict');
  const age = /^Customer must be at least (\d+) years old to rent in (.+)$/.exec(message);
  if (age) return t('customers.messages.underMinAge', { minAge: age[1], region: age[2] });
  if (message === 'Date of birth cannot be in the future') return t('customers.messages.dobInFuture');
  const scan = SCAN_REASON_KEYS[message];
  if (scan) return t(`customers.scan.reason.${scan}`);
  if (message === ID_SCAN_MESSAGES.failed) return t('customers.scan.failed');
  return message;
}

export function issuesToErrors(t: TFunction, issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !out[field]) out[field] = translateMessage(t, issue.message);
  }
  return out;
}

export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateMessage(t, v)]));
}

export function failureDescription(t: TFunction, error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const field = error.fields ? Object.values(error.fields)[0] : undefined;
    if (error.status === 422 && field) return translateMessage(t, field);
    if (error.serverMessage) return translateMessage(t, error.serverMessage);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Hooks and formatting
// ---------------------------------------------------------------------------------------------

export function useCan(): (ability: Ability) => boolean {
  const { user } = useAuth();
  return useCallback((ability: Ability) => hasAbility(user?.role, ability), [user?.role]);
}

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
 * must not be minutes old; each revisit costs one Query. After a change the list on screen is
 * revalidated through its own `mutate()`, and the profile by key.
 */
export const LIVE = { revalidateIfStale: true, revalidateOnMount: true, dedupingInterval: 0 } as const;

export function useInvalidateCustomers() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (customer?: Customer, visible?: { mutate: () => unknown }) => {
      void visible?.mutate();
      if (customer) void mutate(customerPath(customer.id));
    },
    [mutate],
  );
}

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

export interface UploadTarget {
  uploadUrl: string;
  key: string;
  headers: Record<string, string>;
}

export const customerApi = {
  create: (body: unknown) => api.post<Customer>(CUSTOMERS_PATH, body),
  update: (id: string, body: unknown) => api.patch<Customer>(customerPath(id), body),
  setVip: (c: Pick<Customer, 'id'>, isVip: boolean) => api.post<Customer>(`${customerPath(c.id)}/vip`, { isVip }),
  setActive: (c: Pick<Customer, 'id'>, isActive: boolean) => api.post<Customer>(`${customerPath(c.id)}/active`, { isActive }),
  addNote: (id: string, body: unknown) => api.post(`${customerPath(id)}/notes`, body),
  uploadUrl: (id: string, file: File) =>
    api.post<UploadTarget>(`${customerPath(id)}/documents/upload-url`, { fileName: file.name, fileType: file.type, fileSize: file.size }),
  recordDocument: (id: string, body: unknown) => api.post(`${customerPath(id)}/documents`, body),
  /** Small files go in the request; larger ones through S3 first (Lambda's 6 MB payload limit). */
  scanId: async (file: File, onProgress?: (percent: number) => void) => {
    if (file.size <= ID_SCAN_DIRECT_MAX_BYTES) return postRaw<IdScanResult>(`${CUSTOMERS_PATH}/id-scan`, file);
    const target = await api.post<UploadTarget>(`${CUSTOMERS_PATH}/id-scan/upload-url`, { fileName: file.name, fileType: file.type, fileSize: file.size });
    await putWithProgress(target.uploadUrl, file, target.headers, onProgress ?? (() => {}));
    return api.post<IdScanResult>(`${CUSTOMERS_PATH}/id-scan`, { key: target.key });
  },
};

export const blacklistApi = {
  create: (body: unknown) => api.post<BlacklistEntry>(BLACKLIST_PATH, body),
  update: (id: string, body: unknown) => api.patch<BlacklistEntry>(`${BLACKLIST_PATH}/${encodeURIComponent(id)}`, body),
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
    headers: { 'Content-Type': file.type || 'application/octet-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: file,
    credentials: 'include',
  });
  if (res.status === 401 && token && !retried && (await refreshTokens())) return postRaw<T>(path, file, true);
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text || res.statusText);
  return (text ? JSON.parse(text) : {}) as T;
}

/** PUT to a presigned URL with upload progress (fetch has no upload progress; XHR does). */
export function putWithProgress(url: string, file: File, headers: Record<string, string>, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`${xhr.status}: upload failed`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(file);
  });
}

export { useMoney, useMoneyMinor } from '../../lib/money';
