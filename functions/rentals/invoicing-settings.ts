import { billingPeriod, type BillingFrequency, type BillingTiming } from '../../shared/invoicing/periods';
import { addDays, daysBetween } from '../../shared/calendar';
import { RENTAL_SERVER_MESSAGES } from '../../shared/rentals/messages';
import type { RentalInvoicingBody } from '../../shared/schemas/rentals';
import { getItem, tx, type TransactItem } from '../lib/data/repo';
import { conflict } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { invoicingIndexKey, type RentalItem } from './data';
import { invoicingIndexItem, invoicingNext, type InvoicingIndexItem } from './invoicing-index';
import { mutateRental } from './mutate';

/**
 * A rental's invoicing settings (issue 10): autoGenerateInvoice and billingFrequency — what the
 * scheduled invoicing job (functions/finance/invoicing.ts) reads from a rental through the sparse
 * invoicing index. Changed as every rental change is (mutate.ts: read → plan → ONE transaction on
 * the rental's version), with the index item kept consistent in that same transaction:
 *  - turned off → the index item is deleted (the job no longer sees the rental); where its next
 *    period stood is kept on the rental (invoicingResumeFrom);
 *  - turned on, or the frequency changed → the item is put again, its next period being the first
 *    period of the (new) frequency that starts on or after the next un-invoiced day (the index's
 *    own next period, else invoicingResumeFrom, else the day after lastInvoicedDate, else the
 *    start). Periods already invoiced (their fixed invoice ids and markers) are never met again;
 *    rent of days between is billed by the next period's invoice (billing posts everything not
 *    yet charged through the period's end).
 * The index is conditioned on the version it was read at, so a job run advancing it at the same
 * moment makes one of the two transactions fail and re-plan.
 *
 * Decisions:
 * - Only open-ended rentals are invoiced by period (the job indexes those only); a rental with a
 *   return date is invoiced once after its return, so its settings would change nothing: 409.
 * - A completed, cancelled or archived rental answers 409: its index is gone and its final
 *   invoice is drafted from the whole rental.
 * - A pending rental keeps the settings; pickup puts the index item from them.
 * - `version` (optional) is the rental the editor read: a stale one answers 409.
 */
const FINISHED = new Set(['completed', 'cancelled', 'archived']);
const INVOICED_BY_PERIOD = new Set(['active', 'overdue']);

/** The first period (index) of `frequency` from `startDay` that starts on or after `fromDay`. */
export function firstPeriodFrom(
  startDay: string,
  frequency: BillingFrequency,
  fromDay: string | null | undefined,
): number {
  if (!fromDay || fromDay <= startDay) return 0;
  if (frequency === 'daily') return daysBetween(startDay, fromDay);
  let i = 0;
  while (billingPeriod(startDay, frequency, i).periodStart < fromDay) i++;
  return i;
}

export const invoicingSettingsOf = (r: Record<string, unknown>) => ({
  autoGenerateInvoice: r.autoGenerateInvoice !== false,
  billingFrequency: (r.billingFrequency === 'monthly' ? 'monthly' : 'daily') as BillingFrequency,
});

function nextUninvoicedDay(rental: RentalItem, current: InvoicingIndexItem | undefined): string | null {
  if (current) return current.nextPeriodStart;
  if (typeof rental.invoicingResumeFrom === 'string') return rental.invoicingResumeFrom;
  return typeof rental.lastInvoicedDate === 'string' ? addDays(rental.lastInvoicedDate, 1) : null;
}

const versionIs = (v: number) => ({
  ConditionExpression: '#v = :v',
  ExpressionAttributeNames: { '#v': 'version' },
  ExpressionAttributeValues: { ':v': v },
});

/** The index items of the change (nothing for a rental the job does not invoice) and where invoicing resumes. */
async function indexChange(
  tenantId: string,
  rental: RentalItem,
  after: RentalInvoicingBody,
  timeZone: string,
  timing: BillingTiming,
): Promise<{ items: TransactItem[]; resumeFrom: string | null }> {
  if (!rental.openEnded || !INVOICED_BY_PERIOD.has(rental.status)) return { items: [], resumeFrom: null };
  const key = invoicingIndexKey(tenantId, rental.id);
  const current = (await getItem(key, true)) as InvoicingIndexItem | undefined;
  const resumeFrom = nextUninvoicedDay(rental, current);
  if (!after.autoGenerateInvoice)
    return { items: current ? [tx.raw('Delete', { Key: key, ...versionIs(current.version) })] : [], resumeFrom };
  if (current && current.frequency === after.billingFrequency) return { items: [], resumeFrom: null };
  const base = invoicingIndexItem(tenantId, { ...rental, billingFrequency: after.billingFrequency }, timeZone, timing);
  const startISO = current?.startISO ?? base.startISO;
  const startDay = current?.startDay ?? base.startDay;
  const item: InvoicingIndexItem = {
    ...base,
    startISO,
    startDay,
    ...invoicingNext(
      tenantId,
      rental.id,
      startISO,
      startDay,
      after.billingFrequency,
      firstPeriodFrom(startDay, after.billingFrequency, resumeFrom),
      timing,
    ),
    lastInvoicedDate:
      current?.lastInvoicedDate ?? (typeof rental.lastInvoicedDate === 'string' ? rental.lastInvoicedDate : null),
    version: (current?.version ?? 0) + 1,
  };
  return {
    items: [current ? tx.raw('Put', { Item: item, ...versionIs(current.version) }) : tx.putNew(item)],
    resumeFrom: null,
  };
}

export function updateInvoicingSettings(actor: Actor, rentalId: string, body: RentalInvoicingBody) {
  return mutateRental(actor, rentalId, { scope: 'invoicing-settings' }, async (rental, settings) => {
    if (body.version !== undefined && body.version !== rental.version) {
      throw conflict('This record was changed by someone else. Reload and try again.', undefined, 'VERSION_CONFLICT');
    }
    if (FINISHED.has(rental.status))
      throw conflict(RENTAL_SERVER_MESSAGES.invoicingFinished, undefined, 'INVALID_TRANSITION');
    if (!rental.openEnded)
      throw conflict(RENTAL_SERVER_MESSAGES.invoicingOpenEndedOnly, undefined, 'INVALID_TRANSITION');
    const before = invoicingSettingsOf(rental);
    const after = { autoGenerateInvoice: body.autoGenerateInvoice, billingFrequency: body.billingFrequency };
    const index = await indexChange(actor.tenantId, rental, body, settings.timezone, settings.billingTiming);
    return {
      action: 'invoicing_settings',
      changes: { ...after, invoicingResumeFrom: index.resumeFrom },
      extra: index.items,
      audit: { settingsBefore: before, settingsAfter: after },
    };
  });
}
