import { LOYALTY_THRESHOLDS, type LoyaltyTier } from '../../shared/customers/loyalty';
import type { CustomerListQuery } from '../../shared/schemas/customers';
import { notFound } from '../lib/errors';
import { isUlid, tenantPk } from '../lib/data/keys';
import { getItem, queryPage, type Page } from '../lib/data/repo';
import { FilterBuilder } from '../lib/data/filter';
import { CUSTOMER, customerKey, searchVariants, type CustomerItem } from './model';

/** Customer reads: one customer, and the directory (Query pages with filters). */
// ---------------------------------------------------------------------------------------------

/** The stored customer item, or undefined (another tenant's id is simply not found). */
export async function getCustomer(tenantId: string, id: string): Promise<CustomerItem | undefined> {
  // Ids are ULIDs; anything else (including another tenant's key material) is simply not found.
  if (!isUlid(id)) return undefined;
  return (await getItem(customerKey(tenantId, id), true)) as CustomerItem | undefined;
}

export async function requireCustomer(tenantId: string, id: string): Promise<CustomerItem> {
  const c = await getCustomer(tenantId, id);
  if (!c) throw notFound('Customer not found');
  return c;
}

/**
 * Filter expression: tier computed from the counters with the shared thresholds (see shared/loyalty.ts: rentals OR
 * spend).
 */
export function tierCondition(tier: LoyaltyTier, values: Record<string, unknown>): string {
  const idx = LOYALTY_THRESHOLDS.findIndex((t) => t.tier === tier);
  const reaches = (i: number) => {
    const t = LOYALTY_THRESHOLDS[i];
    values[`:tr${i}`] = t.minRentals;
    values[`:ts${i}`] = t.minSpendMinor;
    return `(#completed >= :tr${i} OR #spend >= :ts${i})`;
  };
  const parts: string[] = [];
  if (idx > 0) parts.push(reaches(idx));
  if (idx < LOYALTY_THRESHOLDS.length - 1) parts.push(`NOT ${reaches(idx + 1)}`);
  return parts.join(' AND ');
}

/**
 * One Query page of the directory. Sorts: newest/oldest on the base partition (ULID order),
 * name_asc/name_desc on the name index. Search, VIP, tier and active filters are DynamoDB filter
 * expressions on that page, so a filtered page may hold fewer than `limit` customers while
 * `nextCursor` is still set: the client asks for the next page (the web does so automatically).
 */
export async function listCustomers(tenantId: string, q: CustomerListQuery): Promise<Page<CustomerItem>> {
  const filter = new FilterBuilder();
  if (q.status !== 'all') filter.eq('isActive', q.status === 'active');
  filter.eq('isVip', q.isVip);
  if (q.tier) {
    const values: Record<string, unknown> = {};
    filter.where(
      tierCondition(q.tier, values),
      { '#completed': 'completedRentals', '#spend': 'totalSpendMinor' },
      values,
    );
  }
  filter.containsAny('searchText', q.q ? searchVariants(q.q) : []);
  const byName = q.sort === 'name_asc' || q.sort === 'name_desc';
  return queryPage<CustomerItem>({
    tenantId,
    pk: byName ? tenantPk(tenantId, 'CUSTOMER_BY_NAME') : tenantPk(tenantId, CUSTOMER),
    index: byName ? 'gsi1' : undefined,
    forward: q.sort === 'oldest' || q.sort === 'name_asc',
    limit: q.limit,
    cursor: q.cursor,
    filter: filter.build(),
    signature: ['customers', q.status, q.isVip, q.tier, q.q ?? '', q.sort],
  });
}
