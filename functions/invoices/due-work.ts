/**
 * The alerts job's sparse index of companies with invoices falling due (DESIGN.md §15): one item
 * per company and due date (pk T#{t}#INVOICE_DUE_WORK, sk {dueDate}; gsi2 G#INVOICE_DUE /
 * {dueDate}#{tenantId}), put when an invoice is issued — after its transaction, an idempotent
 * overwrite, so concurrent issues never contend. The job reads the dates already passed and
 * removes markers a week past their date (the alert is raised on the first run after the due date).
 */
import { dueIndexItems, dueShardPk } from '../lib/data/due-index';
import { deleteItem, putItem } from '../lib/data/repo';
import { sortKey, tenantPk } from '../lib/data/keys';
import { addDays } from '../../shared/calendar';

export const INVOICE_DUE_GSI_PK = 'G#INVOICE_DUE';
export const DUE_WORK_KEEP_DAYS = 7;
const workKey = (tenantId: string, dueDate: string) => ({
  pk: tenantPk(tenantId, 'INVOICE_DUE_WORK'),
  sk: sortKey(dueDate),
});

export async function markInvoiceDue(tenantId: string, dueDate: string): Promise<void> {
  const key = workKey(tenantId, dueDate);
  await putItem({
    ...key,
    gsi2pk: dueShardPk(INVOICE_DUE_GSI_PK, key),
    gsi2sk: sortKey(dueDate, tenantId),
    entityType: 'INVOICE_DUE_WORK',
    tenantId,
    dueDate,
  });
}

/** Companies with an invoice whose due date has passed (by UTC day; the generator applies each company's calendar). */
export async function tenantsWithInvoicesDue(now = new Date()): Promise<string[]> {
  const today = now.toISOString().slice(0, 10);
  const out = new Set<string>();
  for (const item of await dueIndexItems(INVOICE_DUE_GSI_PK, now, 200)) {
    out.add(String(item.tenantId));
    if (String(item.dueDate) < addDays(today, -DUE_WORK_KEEP_DAYS))
      await deleteItem(workKey(String(item.tenantId), String(item.dueDate)));
  }
  return [...out];
}
