/**
 * Raising alerts (issue 13): one alert per condition key, ever — the key is claimed in the alert's
 * own transaction, so a re-run (or two at once) creates nothing twice, and an alert someone
 * resolved does not come back. Kept apart from the generator (generate.ts, which reads six other
 * domains) so the domains that only raise their own alerts (security, auth through it, GPS, fleet
 * health) bundle this and the alert item's shape, nothing more.
 */
import { batchGet, transact, tx } from '../lib/data/repo';
import { isConditionFailure } from '../lib/errors';
import { alertItem, conditionKey, type NewAlert } from './model';

export async function raiseAlerts(tenantId: string, alerts: NewAlert[]): Promise<number> {
  let created = 0;
  const now = new Date().toISOString();
  for (let i = 0; i < alerts.length; i += 100) {
    const chunk = alerts.slice(i, i + 100);
    const existing = await batchGet(
      chunk.map((a) => conditionKey(tenantId, a.key)),
      false,
    );
    for (const [j, a] of chunk.entries()) {
      if (existing[j]) continue;
      const item = alertItem(tenantId, a, now);
      try {
        await transact([
          tx.putNew({ ...conditionKey(tenantId, a.key), entityType: 'ALERT_KEY', alertId: item.id, createdAt: now }),
          tx.putNew(item),
        ]);
        created++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
  }
  return created;
}
