import { calendarDateInZone } from '../../shared/regions';
import { addDays } from '../../shared/calendar';
import type { Actor } from '../lib/actor';
import { sortKey } from '../lib/data/keys';
import { updateRaw } from '../lib/data/repo';
import type { DemoWorld } from '../lib/demo/world';
import { rootLogger } from '../lib/logger';
import { listRentalsForCustomer } from '../rentals/api';
import { readInvoiceSettings } from './deps';
import { createDraft } from './draft';
import { issueInvoice } from './issue';
import { creditInvoice } from './credit-note';
import { seedSaudiInvoices } from './seed-ksa';
import { invoiceKey, statusPk, type InvoiceItem } from './model';

const log = rootLogger.child({ domain: 'jobs' });

/**
 * The demo company's invoices, made through the real use cases (draft → issue → credit note),
 * so numbers, charge markers, credit-note reversals and the GL are exactly what the app makes:
 * - ended rentals invoiced with issue dates on their return day (demo history: the issue and due
 *   dates are moved back after issuing), so the older ones are overdue;
 * - recent ones issued today (open, not due yet);
 * - one credited (void, with its CN- credit note reversing the charges).
 * Payments on these invoices (paid and partly paid) are seeded by the payments domain, which
 * runs after this seed and reads the open invoices through invoices/api.ts.
 */
const MAX_INVOICES = 10;

export async function seedInvoices(world: DemoWorld): Promise<void> {
  const actor: Actor = {
    tenantId: world.tenantId,
    userId: world.owner.userId,
    username: world.owner.username,
    requestId: 'demo-reset',
    role: 'OWNER',
  };
  // The Saudi sister company: a month of ZATCA e-invoices issued on their days (seed-ksa.ts).
  if (world.region === 'SA') return seedSaudiInvoices(world, actor);
  const settings = await readInvoiceSettings(world.tenantId);
  const today = calendarDateInZone(world.now, settings.timezone);
  // The recent window's rentals end after it starts (90 days back); the older history ends earlier.
  const recentFrom = addDays(today, -91);
  const found: { id: string; end: string; owes: boolean }[] = [];
  for (const customer of world.customers.slice(0, 24)) {
    const page = await listRentalsForCustomer(world.tenantId, customer.id, undefined, 10);
    for (const r of page.items as {
      id: string;
      status: string;
      endDate?: string | null;
      expectedReturnDate: string;
      totalAmount: number;
      balance?: number;
    }[]) {
      // The recent window only: the older history (functions/rentals/seed-history.ts) is settled.
      const end = (r.endDate ?? r.expectedReturnDate).slice(0, 10);
      if ((r.status === 'completed' || r.status === 'active') && r.totalAmount > 0 && end >= recentFrom)
        found.push({ id: r.id, end, owes: Number(r.balance ?? 0) > 0 });
    }
    if (found.filter((f) => f.owes).length >= MAX_INVOICES) break;
  }
  // Rentals still owing first (an invoice shows what was paid before it was issued: a rental
  // paid in full gets a paid invoice), then oldest first, so the INV- numbers follow the (moved
  // back) issue dates.
  const candidates = [...found.filter((f) => f.owes), ...found.filter((f) => !f.owes)].slice(0, MAX_INVOICES);
  candidates.sort((a, b) => a.end.localeCompare(b.end));
  let made = 0;
  const issued: InvoiceItem[] = [];
  for (const c of candidates) {
    try {
      const draft = await createDraft(actor, { rentalId: c.id });
      const invoice = await issueInvoice(actor, draft.id);
      const issueDate = c.end < today ? c.end : today;
      if (issueDate !== invoice.issueDate) {
        const dueDate = addDays(issueDate, settings.paymentTermsDays);
        await updateRaw({
          Key: invoiceKey(world.tenantId, invoice.id),
          UpdateExpression:
            'SET issueDate = :i, supplyDate = :i, dueDate = :d, gsi1sk = :g1, gsi2pk = :g2pk, gsi2sk = :g2',
          ExpressionAttributeValues: {
            ':i': issueDate,
            ':d': dueDate,
            ':g1': sortKey(issueDate, invoice.id),
            ':g2pk': statusPk(world.tenantId, invoice.status),
            ':g2': sortKey(issueDate, invoice.id),
          },
        });
      }
      issued.push(invoice);
      made++;
    } catch (err) {
      log.warn('demo invoice skipped', { rentalId: c.id, error: String(err) });
    }
  }
  // One invoice cancelled by a credit note (the newest: its customer disputed a charge).
  const credited = issued.at(-1);
  if (credited)
    await creditInvoice(actor, credited.id, {
      reason: 'Customer disputed the damage charge; re-invoiced after inspection',
    });
  world.counts.invoices = made + (credited ? 1 : 0);
}
