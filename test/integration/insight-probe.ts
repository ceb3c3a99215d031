import { get, post } from './client';
import { createCustomer } from './entity-factories';
import { updateRaw } from '../../functions/lib/data/repo';
import { entityKey } from '../../functions/lib/data/keys';

/**
 * An insight in the OWNER's company (integration tests only; loaded lazily so e2e never imports
 * the data layer): a customer whose rentals are all older than a year (counters set directly, as
 * the rentals domain keeps them), so the engine finds an inactive-customers audience.
 */
export async function insightProbe(token: string, name = 'Dormant Customer'): Promise<string> {
  const tenantId = (await get('/api/auth/me', token)).body.user.tenantId as string;
  const customer = await createCustomer(token, { fullNameEnglish: name });
  await updateRaw({
    Key: entityKey(tenantId, 'CUSTOMER', customer.id),
    UpdateExpression: 'SET completedRentals = :n, totalSpendMinor = :s, rentalsCount = :n',
    ExpressionAttributeValues: { ':n': 2, ':s': 180_000 },
  });
  const run = await post('/api/v1/ai/insights/refresh', {}, token);
  if (run.status !== 200) throw new Error(`refresh: ${run.status} ${JSON.stringify(run.body)}`);
  const list = await get('/api/v1/ai/insights?category=marketing', token);
  const found = (list.body.items as { id: string; rule: string }[]).find((i) => i.rule === 'inactive_customers');
  if (!found) throw new Error(`no inactive_customers insight: ${JSON.stringify(list.body)}`);
  return found.id;
}
