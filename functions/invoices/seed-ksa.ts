import { calendarDateInZone } from '../../shared/regions';
import { addDays } from '../../shared/calendar';
import type { TaxAddress } from '../../shared/schemas/settings/company';
import type { Actor } from '../lib/actor';
import type { DemoWorld } from '../lib/demo/world';
import { rootLogger } from '../lib/logger';
import { listRentalsForCustomer } from '../rentals/api';
import { readInvoiceSettings } from './deps';
import { createDraft, updateDraft } from './draft';
import { issueInvoice } from './issue';
import { creditInvoice } from './credit-note';
import type { InvoiceItem } from './model';

const log = rootLogger.child({ domain: 'jobs' });

/**
 * The Saudi sister demo company's month of invoices (issue 29), through the real use cases (draft → issue →
 * credit note), so every one is born with its signed ZATCA e-document in its issue transaction (ICV 1..n, each
 * PIH the previous document's hash: functions/einvoicing/issue.ts):
 * - up to 26 rentals that ended in the last 30 days, each invoiced on its return day at the desk's morning (the
 *   issue instant is given to issueInvoice, so the invoice, its XML and its signature carry that day — nothing is
 *   moved back afterwards, unlike the UAE demo's seed.ts), oldest first so the chain follows the clock;
 * - every fifth one a STANDARD tax invoice: the renter rents for a VAT-registered business, so the draft gets
 *   the business's VAT number and national address (updateDraft, as the invoice page does) before issue;
 * - one simplified invoice cancelled by a credit note today (the chain's last document).
 * The documents are then recorded as reported or cleared by functions/einvoicing/seed.ts (no network at reset).
 */
const MAX_INVOICES = 26;

/** Business buyers (made-up VAT numbers of the Saudi shape 3…3 and national addresses). */
const BUSINESSES: { vatNumber: string; address: Omit<TaxAddress, 'emirate'> }[] = [
  {
    vatNumber: '300055184400003',
    address: {
      buildingNumber: '2843',
      street: 'Prince Sultan Road',
      district: 'Al Rawdah',
      city: 'Jeddah',
      postalCode: '23435',
      additionalNumber: '6712',
    },
  },
  {
    vatNumber: '310175397400003',
    address: {
      buildingNumber: '8228',
      street: 'King Saud Street',
      district: 'Al Faisaliyah',
      city: 'Dammam',
      postalCode: '32272',
      additionalNumber: '3145',
    },
  },
  {
    vatNumber: '302113986500003',
    address: {
      buildingNumber: '4127',
      street: 'Olaya Street',
      district: 'Al Muruj',
      city: 'Riyadh',
      postalCode: '12283',
      additionalNumber: '7720',
    },
  },
  {
    vatNumber: '311245678900003',
    address: {
      buildingNumber: '6580',
      street: 'Prince Turki Street',
      district: 'Al Yarmouk',
      city: 'Al Khobar',
      postalCode: '34423',
      additionalNumber: '2298',
    },
  },
  {
    vatNumber: '300987654300003',
    address: {
      buildingNumber: '3391',
      street: 'Abu Bakr Al Siddiq Road',
      district: 'Al Nakheel',
      city: 'Riyadh',
      postalCode: '12382',
      additionalNumber: '8104',
    },
  },
];

const MINUTE = 60_000;

export async function seedSaudiInvoices(world: DemoWorld, actor: Actor): Promise<void> {
  const settings = await readInvoiceSettings(world.tenantId);
  const today = calendarDateInZone(world.now, settings.timezone);
  const from = addDays(today, -30);
  const found: { id: string; end: string }[] = [];
  for (const customer of world.customers) {
    const page = await listRentalsForCustomer(world.tenantId, customer.id, undefined, 10);
    for (const r of page.items as { id: string; status: string; endDate?: string | null; totalAmount: number }[]) {
      const end = (r.endDate ?? '').slice(0, 10);
      if (r.status === 'completed' && r.totalAmount > 0 && end >= from && end < today) found.push({ id: r.id, end });
    }
  }
  const candidates = found
    .sort((a, b) => a.end.localeCompare(b.end) || a.id.localeCompare(b.id))
    .slice(0, MAX_INVOICES);
  let made = 0;
  let standard = 0;
  const simplified: InvoiceItem[] = [];
  for (const [i, c] of candidates.entries()) {
    // The return day at 09:00 in Riyadh (06:00 UTC), a few minutes apart: strictly increasing with the ICV.
    const clock = new Date(new Date(`${c.end}T06:00:00Z`).getTime() + i * 11 * MINUTE);
    try {
      const draft = await createDraft(actor, { rentalId: c.id });
      const business = i % 5 === 2 ? BUSINESSES[standard % BUSINESSES.length] : undefined;
      if (business)
        await updateDraft(actor, draft.id, {
          customerVatNumber: business.vatNumber,
          buyerAddress: { ...business.address, emirate: '' },
        });
      const invoice = await issueInvoice(actor, draft.id, undefined, clock);
      if (business) standard++;
      else simplified.push(invoice);
      made++;
    } catch (err) {
      log.warn('Saudi demo invoice skipped', { rentalId: c.id, error: String(err) });
    }
  }
  // One simplified invoice cancelled by a credit note, today.
  const credited = simplified.at(-1);
  if (credited)
    await creditInvoice(actor, credited.id, {
      reason: 'Customer disputed the extra kilometre charge; invoice cancelled after review',
    });
  world.counts.invoices = made + (credited ? 1 : 0);
  world.counts.standardInvoices = standard;
}
