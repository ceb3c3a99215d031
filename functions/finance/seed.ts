import type { Actor } from '../lib/actor';
import type { DemoWorld } from '../jobs/demo-world';
import { rootLogger } from '../lib/logger';
import { createFinanceEntry } from './entries';
import { runInvoicing } from './invoicing';

const log = rootLogger.child({ domain: 'jobs' });
const DAY = 86_400_000;

/** The demo's finance entries across the cash box, petty cash and the bank (days back, type, amount, category, account, notes). */
const ENTRIES = [
  [58, 'expense', 2400, 'insurance', 'bank', 'Fleet insurance instalment'],
  [45, 'expense', 180.5, 'fuel', 'petty_cash', 'Refuelling before deliveries'],
  [40, 'income', 350, 'other_income', 'cash_box', 'Parking space sublet'],
  [31, 'expense', 12500, 'salaries', 'bank', 'Salaries'],
  [20, 'expense', 95, 'tolls', 'petty_cash', 'Salik top-up'],
  [12, 'expense', 860, 'maintenance', 'cash_box', 'Brake pads, Corolla'],
  [6, 'income', 150, 'admin_fees', 'cash_box', 'Contract transfer fee'],
  [2, 'expense', 1200, 'registration', 'bank', 'Registration renewals'],
] as const;

/**
 * The demo company's finance (issue 10):
 * - finance entries through the real use case (each with its journal), across the cash box,
 *   petty cash and the bank, over the last two months;
 * - the invoicing history: the long open-ended monthly rentals the rentals seed starts three
 *   months or more ago are invoiced by the real job, run on the clocks of the last three months
 *   (one run a month, recorded at its clock), so /dashboard/invoice-automation shows months of
 *   runs with the invoices each created, and the rentals due next.
 */
export async function seedFinance(world: DemoWorld): Promise<void> {
  const actor: Actor = { tenantId: world.tenantId, userId: world.owner.userId, username: world.owner.username, requestId: 'demo-reset', role: 'OWNER' };
  const now = world.now.getTime();
  for (const [back, type, amount, category, account, notes] of ENTRIES) {
    const date = new Date(now - back * DAY).toISOString().slice(0, 10);
    await createFinanceEntry(actor, { type, amount, category, account, notes, date });
  }
  for (const back of [60, 30, 0]) {
    const result = await runInvoicing(new Date(now - back * DAY), { tenantId: world.tenantId, recordAtClock: back > 0 });
    log.info('demo invoicing run', { asOf: result.asOf, invoices: result.invoicesCreated, failures: result.failures });
  }
}
