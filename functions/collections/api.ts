/**
 * What other domains (alerts) and jobs may use from collections: the deposits held past their
 * release date (alert conditions) and the companies that may have some (the alerts job's sparse
 * cross-tenant index), and the demo seed. The only collections module imported from outside.
 */
import { fromMinor } from '../../shared/money';
import { depositCalendar, overdueDeposits } from './deposits';
import { releaseDueDate } from '../../shared/collections/deposits';

export { tenantsWithDepositsDue } from './deposits';
export { seedCollections } from './seed';

/** Deposits held past their release date, as the alerts generator raises them (one per deposit and release date). */
export async function depositReleaseConditions(tenantId: string, now = new Date()) {
  const cal = await depositCalendar(tenantId, now);
  return (await overdueDeposits(tenantId, cal)).map((d) => {
    const due = releaseDueDate(d.returnDay, cal.lagDays) ?? '';
    return {
      id: d.rentalId,
      key: `deposit_release_due:${d.rentalId}:${due}`,
      reference: d.referenceNumber,
      customerName: d.customerName,
      heldMinor: d.heldMinor,
      held: String(fromMinor(d.heldMinor)),
      dueDate: due,
    };
  });
}
/** Revenue protection's rows (the insights engine's revenue-leakage rule). */
export { revenueProtection } from './revenue-protection';
