/**
 * Accounting feature: paths, answer types, report downloads and the catalog area (registered
 * here, so it ships with the accounting pages, not the sign-in bundle).
 */
import { addArea } from '../../../../shared/i18n';
import { calendarDateInZone } from '../../../../shared/regions';
import { accounting as accountingCatalog } from '../../../../shared/i18n/accounting';
import { ACCOUNTING_MESSAGES, type AccountApi, type JournalEntryApi } from '../../../../shared/schemas/accounting';
import { apiArea, apiPath, apiStem, callApi, type BodyOf } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { uploadFileTo } from '../../lib/upload';

addArea('accounting', accountingCatalog);
registerMessages('accounting.messages', ACCOUNTING_MESSAGES);

export type { AccountApi, JournalEntryApi };

/** Every accounting path (reports, accounts, entries): refreshed together after a posting. */
export const ACCOUNTING_PATH = apiArea('listAccounts');
export const ACCOUNTS_PATH = apiStem('listAccounts');
export const ENTRIES_PATH = apiStem('listJournalEntries');
export const entryPath = (id: string) => apiPath('getJournalEntry', { id });

/** Builds `path?query` from the defined values. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const accountingApi = {
  createAccount: (body: BodyOf<'createAccount'>) => callApi<'createAccount', AccountApi>('createAccount', { body }),
  updateAccount: (id: string, body: BodyOf<'updateAccount'>) =>
    callApi<'updateAccount', AccountApi>('updateAccount', { params: { id }, body }),
  postEntry: (body: BodyOf<'createJournalEntry'>, idempotencyKey: string) =>
    callApi<'createJournalEntry', JournalEntryApi>('createJournalEntry', {
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  /** Uploads an attachment through a presigned PUT; the returned key goes in the entry's `attachments`. */
  uploadAttachment: (file: File, onProgress: (percent: number) => void) =>
    uploadFileTo(apiPath('createJournalAttachmentUploadUrl'), file, onProgress),
  reverseEntry: (id: string) =>
    callApi<'reverseJournalEntry', JournalEntryApi>('reverseJournalEntry', {
      params: { id },
      body: {},
      headers: { 'Idempotency-Key': `rev-${id}` },
    }),
};

/** Today on the company's calendar (YYYY-MM-DD). */
export function useToday(): string {
  const { timeZone } = useFormat();
  return calendarDateInZone(new Date(), timeZone);
}

/** The first day of the month of a calendar date. */
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** Report downloads: the shared helper (web/src/lib/download.ts). */
export { downloadReport } from '../../lib/download';

/** Where a journal entry came from, when that record has a page. */
export function sourceLink(source: string, sourceId: string | null): string | null {
  if (!sourceId) return null;
  if (source === 'rental' || source === 'payment' || source === 'deposit')
    return `/rentals/${encodeURIComponent(sourceId.split('#')[0])}`;
  if (source === 'invoice') return `/invoices`;
  if (source === 'maintenance') return `/maintenance`;
  if (source === 'ticket') return `/traffic-tickets`;
  return null;
}
