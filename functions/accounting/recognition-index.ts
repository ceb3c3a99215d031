import { addDays } from '../../shared/calendar';
import { entityKey, sortKey, tenantPk, type Key } from '../lib/data/keys';
import { dueShardPk } from '../lib/data/due-index';
import type { Item } from '../lib/data/repo';

/**
 * The revenue-due index (DESIGN §15, issue 26): one item per rental ON HIRE, from pickup until
 * it goes off hire (return, cancel, close), on the cross-tenant gsi2 key `G#REVENUE_DUE` sorted
 * `{next day with work}#{tenantId}#{rentalId}`. The recognise-revenue job reads it with one key
 * range (functions/lib/data/due-index.ts), so its cost is bound by the rentals on hire, never by
 * a company's history. `version` changes with every recognition the job posts; the rental's own
 * transactions condition on it (and the job on its own read), so the job and a return never both
 * recognise the same rent.
 */
export const REVENUE_DUE_GSI_PK = 'G#REVENUE_DUE';

/** Statuses off hire: what remains unearned is recognised at the change that reaches them. */
export const OFF_HIRE: readonly string[] = ['completed', 'cancelled', 'archived'];

export interface RevenueDueItem extends Item {
  tenantId: string;
  rentalId: string;
  referenceNumber: string;
  /** The first rental day (company calendar): the pickup day. */
  firstDay: string;
  /** The straight line's length: the rental's planned days. */
  plannedDays: number;
  /** Rental days recognised so far (day k = firstDay + k − 1) and the rent recognised by them. */
  recognisedDays: number;
  recognisedMinor: number;
  version: number;
}

export const revenueDueKey = (tenantId: string, rentalId: string): Key => entityKey(tenantId, 'REVENUE_DUE', rentalId);

/** The index key of the next day with work: the day after the last rental day not yet recognised. */
export const revenueDueSortKey = (tenantId: string, rentalId: string, firstDay: string, recognisedDays: number) =>
  sortKey(addDays(firstDay, recognisedDays + 1), tenantId, rentalId);

export function revenueDueItem(
  tenantId: string,
  rentalId: string,
  referenceNumber: string,
  firstDay: string,
  plannedDays: number,
): RevenueDueItem {
  return {
    ...revenueDueKey(tenantId, rentalId),
    gsi2pk: dueShardPk(REVENUE_DUE_GSI_PK, revenueDueKey(tenantId, rentalId)),
    gsi2sk: revenueDueSortKey(tenantId, rentalId, firstDay, 0),
    entityType: 'REVENUE_DUE',
    tenantId,
    rentalId,
    referenceNumber,
    firstDay,
    plannedDays,
    recognisedDays: 0,
    recognisedMinor: 0,
    version: 0,
  };
}

/** The marker of one rental day recognised (written in the recognition's transaction; exactly once). */
export const recognisedDayKey = (tenantId: string, rentalId: string, day: string): Key => ({
  pk: tenantPk(tenantId, 'REVENUE_DAY'),
  sk: sortKey(rentalId, day),
});
