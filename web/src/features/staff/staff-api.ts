/**
 * Staff feature: API calls, cache key, message translation. The catalog area registers here,
 * lazily, with the /staff page.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { staff as staffCatalog } from '../../../../shared/i18n/staff';
import { STAFF_MESSAGE_KEYS, type CreateStaffInput, type StaffMember, type UpdateStaffInput } from '../../../../shared/schemas/staff';
import { api, ApiError } from '../../lib/api';
import type { TFunction } from '../../i18n';

addArea('staff', staffCatalog);

export const STAFF_PATH = '/api/v1/staff';
/** Companies have tens of staff: one page of 100 covers them; "load more" handles the rest. */
export const STAFF_LIST_KEY = `${STAFF_PATH}?limit=100`;
const memberPath = (id: string) => `${STAFF_PATH}/${encodeURIComponent(id)}`;

export interface StaffPage {
  items: StaffMember[];
  nextCursor: string | null;
}

export const staffApi = {
  create: (body: CreateStaffInput) => api.post<StaffMember>(STAFF_PATH, body),
  update: (id: string, body: UpdateStaffInput) => api.patch<StaffMember>(memberPath(id), body),
  action: (id: string, action: 'suspend' | 'unsuspend' | 'activate') => api.post<StaffMember>(`${memberPath(id)}/${action}`, {}),
  remove: (id: string) => api.delete(memberPath(id)),
};

/** Revalidates every page of the staff list. */
export function useInvalidateStaff(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    // useSWRInfinite keys carry a "$inf$" prefix.
    void mutate((key) => typeof key === 'string' && key.replace(/^\$inf\$/, '').startsWith(STAFF_PATH));
  }, [mutate]);
}

/** An English message from the schema or the server → the reader's language (unknown ones as sent). */
export function translateStaffMessage(t: TFunction, message: string): string {
  const key = STAFF_MESSAGE_KEYS[message];
  return key ? t(`staff.msg.${key}`) : message;
}

export function issuesToErrors(t: TFunction, issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !out[field]) out[field] = translateStaffMessage(t, issue.message);
  }
  return out;
}

export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateStaffMessage(t, v)]));
}

/** The toast description of a failure: the server's reason when it gave one. */
export function failureDescription(t: TFunction, error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const field = error.fields ? Object.values(error.fields)[0] : undefined;
    if (field) return translateStaffMessage(t, field);
    if (error.serverMessage) return translateStaffMessage(t, error.serverMessage);
  }
  return undefined;
}
