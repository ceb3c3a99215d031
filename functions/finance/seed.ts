import type { DemoWorld } from '../jobs/demo-world';
import { rootLogger } from '../lib/logger';
import { runInvoicing } from './invoicing';

const log = rootLogger.child({ domain: 'jobs' });
const DAY = 86_400_000;

/**
 * The demo company's invoicing history (issue 10): the long open-ended monthly rentals the
 * rentals seed starts three months or more ago are invoiced by the real job, run on the clocks of
 * the last three months (one run a month, recorded at its clock), so /dashboard/invoice-automation
 * shows months of runs with the invoices each created, and the rentals due next.
 */
export async function seedFinance(world: DemoWorld): Promise<void> {
  const now = world.now.getTime();
  for (const back of [60, 30, 0]) {
    const result = await runInvoicing(new Date(now - back * DAY), { tenantId: world.tenantId, recordAtClock: back > 0 });
    log.info('demo invoicing run', { asOf: result.asOf, invoices: result.invoicesCreated, failures: result.failures });
  }
}
