/**
 * Collections feature (issue 10 part B): deposits, outstanding balances, revenue protection —
 * API calls, cache keys, the catalog area and the aging CSV (RFC 4180 with a UTF-8 BOM, the
 * shared writer the accounting exports use). Lists, errors and invalidation come from the kit.
 */
import { addArea } from '../../../../shared/i18n';
import { collections as catalog } from '../../../../shared/i18n/collections';
import { COLLECTIONS_MESSAGES } from '../../../../shared/collections/messages';
import { toCsv } from '../../../../shared/csv';
import { AGING_BUCKETS } from '../../../../shared/collections/aging';
import type {
  AgingReport,
  ApplyDepositBody,
  Deposit,
  DepositList,
  RevenueProtection,
} from '../../../../shared/schemas/collections';
import { apiArea, apiPath, apiStem, callApi, type BodyOf } from '../../lib/api-client';
import { registerMessages } from '../../lib/api-errors';

addArea('collections', catalog);
registerMessages('collections.messages', COLLECTIONS_MESSAGES);

export type { AgingReport, Deposit, DepositList, RevenueProtection };
export const DEPOSITS_PATH = apiStem('listDeposits');
export const AGING_PATH = apiPath('receivablesAging');
/** Every receivables path (the aging report and the reminders). */
export const RECEIVABLES_PATH = apiArea('receivablesAging');
export const PROTECTION_PATH = apiPath('revenueProtection');

export const DEPOSIT_TONES = {
  held: 'blue',
  partially_applied: 'amber',
  refunded: 'green',
  applied: 'violet',
  overdue: 'red',
} as const;

const key = (what: string, id: string) => ({ headers: { 'Idempotency-Key': `${what}-${id}-${Date.now()}` } });
/** `invoices`: the rental's issued invoices an application paid (oldest first), with their status after it. */
type Moved = {
  deposit: Deposit | null;
  entry?: { receiptNumber?: string | null };
  invoices?: { id: string; number: string | null; status: string }[];
};

export const collectionsApi = {
  refund: (id: string, body: BodyOf<'refundDeposit'>) =>
    callApi<'refundDeposit', Moved>('refundDeposit', { params: { id }, body, ...key('dep-refund', id) }),
  apply: (id: string, body: ApplyDepositBody) =>
    callApi<'applyDeposit', Moved>('applyDeposit', { params: { id }, body, ...key('dep-apply', id) }),
  remind: (customerId: string) =>
    callApi<'remindCustomer', { sentTo: string }>('remindCustomer', { params: { customerId }, body: {} }),
};

/** The aging by rental as CSV: one row per open item, with the bucket columns. */
export function agingCsv(report: AgingReport, t: (k: string) => string): string {
  const header = [
    t('collections.aging.customer'),
    t('collections.aging.rental'),
    t('collections.aging.lines'),
    'Due date',
    ...AGING_BUCKETS.map((b) => t(`collections.bucket.${b}`)),
  ];
  const rows = report.rentals.flatMap((r) =>
    r.lines.map((l) => [
      r.customerName,
      r.referenceNumber,
      l.kind === 'invoice' ? l.invoiceNumber : t('collections.aging.uninvoiced'),
      l.dueDate ?? '',
      ...AGING_BUCKETS.map((b) => (b === l.bucket ? l.amount : 0)),
    ]),
  );
  rows.push([t('collections.bucket.total'), '', '', '', ...AGING_BUCKETS.map((b) => report.totals[b])]);
  return toCsv(header, rows);
}

export function saveText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const href = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
