/**
 * Outstanding balances (issue 10, /dashboard/outstanding-balances): receivables by customer and
 * by rental in aging buckets by due date, and the payment reminder email.
 *
 * What is owed comes from the rental ledger (the sub-ledger the GL's receivables equal): every
 * rental with a positive balance (the OPEN_BALANCE index, kept with each rental change). Its due
 * dates come from its open invoices: an invoice counts up to what the rental still owes (oldest
 * due date first); what is left is owed without an invoice — due on the return day for a
 * returned rental, and not yet due ("current") while the car is out. `asOf` moves the day the
 * buckets are counted on, not the balances (they are today's).
 * Cost: one Query of the open-balance index and one per open invoice status (bounded by what is
 * owed, not by the number of rentals), plus the day's reminder markers.
 */
import { fromMinor, formatMoney, roundToMinor } from '../../shared/money';
import {
  addToBucket,
  agingBucket,
  daysPastDue,
  emptyBuckets,
  AGING_BUCKETS,
  type AgingBucket,
  type BucketTotals,
} from '../../shared/collections/aging';
import { COLLECTIONS_MESSAGES } from '../../shared/collections/messages';
import { formatDate, getRegionConfig } from '../../shared/regions';
import { addDays } from '../../shared/calendar';

/** How far back the page shows a customer's last reminder. */
const REMINDERS_SHOWN_DAYS = 90;
import { auditItem } from '../lib/data/audit';
import { deleteItem, getItem, putNew, queryAll, transact, tx } from '../lib/data/repo';
import { sendEmail, type EmailAttachment } from '../lib/email';
import { conflict, isConditionFailure, notFound, validationFailed } from '../lib/errors';
import type { Actor } from '../lib/actor';
import {
  companyRegion,
  companyToday,
  customerKey,
  invoicePdfAttachment,
  openInvoices,
  readCompanySettings,
} from './deps';
import { reminderKey, reminderPk, type OpenBalance } from './model';
import { openBalances } from './open-balances';

interface Line {
  kind: 'invoice' | 'rental';
  invoiceId: string | null;
  invoiceNumber: string | null;
  dueDate: string | null;
  amountMinor: number;
  bucket: AgingBucket;
  daysPastDue: number;
}
interface RentalRow {
  rentalId: string;
  referenceNumber: string;
  customerId: string;
  customerName: string;
  rentalStatus: string;
  buckets: BucketTotals;
  lines: Line[];
}

const rank = (b: AgingBucket) => AGING_BUCKETS.indexOf(b);
const toApiBuckets = (b: BucketTotals) =>
  Object.fromEntries(Object.entries(b).map(([k, v]) => [k, fromMinor(v)])) as Record<keyof BucketTotals, number>;

/** Rentals owing money, each split into aged lines (pure once the reads are done). */
export function ageReceivables(
  balances: readonly OpenBalance[],
  invoices: readonly {
    id: string;
    number: string | null;
    rentalId: string;
    dueDate: string | null;
    balanceMinor: number;
  }[],
  asOf: string,
): RentalRow[] {
  const byRental = new Map<string, (typeof invoices)[number][]>();
  for (const inv of invoices) byRental.set(inv.rentalId, [...(byRental.get(inv.rentalId) ?? []), inv]);
  return balances.map((b) => {
    let left = b.balanceMinor;
    const lines: Line[] = [];
    const line = (l: Omit<Line, 'bucket' | 'daysPastDue'>) =>
      lines.push({
        ...l,
        bucket: agingBucket(l.dueDate, asOf),
        daysPastDue: l.dueDate ? Math.max(0, daysPastDue(l.dueDate, asOf)) : 0,
      });
    const invs = [...(byRental.get(b.rentalId) ?? [])].sort((x, y) =>
      String(x.dueDate).localeCompare(String(y.dueDate)),
    );
    for (const inv of invs) {
      const amount = Math.min(left, inv.balanceMinor);
      if (amount <= 0) break;
      line({
        kind: 'invoice',
        invoiceId: inv.id,
        invoiceNumber: inv.number,
        dueDate: inv.dueDate,
        amountMinor: amount,
      });
      left -= amount;
    }
    if (left > 0) {
      const returned =
        b.rentalStatus === 'completed' || b.rentalStatus === 'archived' || b.rentalStatus === 'cancelled';
      line({
        kind: 'rental',
        invoiceId: null,
        invoiceNumber: null,
        dueDate: returned ? (b.returnDay ?? b.expectedReturnDay) : null,
        amountMinor: left,
      });
    }
    const buckets = emptyBuckets();
    for (const l of lines) addToBucket(buckets, l.bucket, l.amountMinor);
    return {
      rentalId: b.rentalId,
      referenceNumber: b.referenceNumber,
      customerId: b.customerId,
      customerName: b.customerName,
      rentalStatus: b.rentalStatus,
      buckets,
      lines,
    };
  });
}

export async function agingReport(
  tenantId: string,
  query: { asOf?: string; customerId?: string; q?: string; minBucket?: AgingBucket },
) {
  const settings = await readCompanySettings(tenantId, '');
  const today = companyToday(settings);
  const asOf = query.asOf ?? today;
  const [balances, invoices, reminders] = await Promise.all([
    openBalances(tenantId),
    openInvoices(tenantId),
    queryAll<{ customerId: string; day: string; at: string }>({
      tenantId,
      pk: reminderPk(tenantId),
      skFrom: addDays(today, -REMINDERS_SHOWN_DAYS),
      max: 5000,
    }),
  ]);
  const q = query.q?.toLowerCase();
  let rows = ageReceivables(
    balances.filter(
      (b) =>
        (!query.customerId || b.customerId === query.customerId) &&
        (!q || `${b.referenceNumber} ${b.customerName} ${b.vehicleLabel}`.toLowerCase().includes(q)),
    ),
    invoices,
    asOf,
  );
  if (query.minBucket) {
    const min = rank(query.minBucket);
    rows = rows
      .map((r) => {
        const lines = r.lines.filter((l) => rank(l.bucket) >= min);
        const buckets = emptyBuckets();
        for (const l of lines) addToBucket(buckets, l.bucket, l.amountMinor);
        return { ...r, lines, buckets };
      })
      .filter((r) => r.lines.length > 0);
  }
  const lastReminder = new Map<string, string>();
  for (const r of reminders) if ((lastReminder.get(r.customerId) ?? '') < r.at) lastReminder.set(r.customerId, r.at);
  const remindedToday = new Set(reminders.filter((r) => r.day === today).map((r) => r.customerId));
  const customers = new Map<
    string,
    { customerId: string; customerName: string; buckets: BucketTotals; rentals: number }
  >();
  const totals = emptyBuckets();
  for (const r of rows) {
    const c = customers.get(r.customerId) ?? {
      customerId: r.customerId,
      customerName: r.customerName,
      buckets: emptyBuckets(),
      rentals: 0,
    };
    c.rentals += 1;
    for (const l of r.lines) {
      addToBucket(c.buckets, l.bucket, l.amountMinor);
      addToBucket(totals, l.bucket, l.amountMinor);
    }
    customers.set(r.customerId, c);
  }
  // Oldest money first: the rows a collector works from.
  const severity = (b: BucketTotals) => [b.over90, b.d61_90, b.d31_60, b.d1_30, b.total];
  const byAge = (a: BucketTotals, b: BucketTotals) => {
    const x = severity(a);
    const y = severity(b);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return y[i] - x[i];
    return 0;
  };
  return {
    asOf,
    currency: getRegionConfig(companyRegion(settings)).currency,
    totals: toApiBuckets(totals),
    customers: [...customers.values()]
      .sort((a, b) => byAge(a.buckets, b.buckets))
      .map((c) => ({
        ...c,
        buckets: toApiBuckets(c.buckets),
        remindedToday: remindedToday.has(c.customerId),
        lastRemindedAt: lastReminder.get(c.customerId) ?? null,
      })),
    rentals: rows
      .sort((a, b) => byAge(a.buckets, b.buckets))
      .map((r) => ({
        ...r,
        buckets: toApiBuckets(r.buckets),
        lines: r.lines.map(({ amountMinor, ...l }) => ({ ...l, amount: fromMinor(amountMinor) })),
      })),
  };
}

/**
 * "Send reminder": one email to the customer listing their open invoices (PDFs attached) and the
 * balances owed without an invoice. The day's marker is claimed BEFORE sending (conditional put):
 * a second reminder the same company day answers 409 and sends nothing; a failed send releases
 * the marker so it can be retried.
 */
export async function remindCustomer(actor: Actor, customerId: string) {
  const customer = (await getItem(customerKey(actor.tenantId, customerId), true)) as
    | { email?: string; fullNameEnglish?: string; fullNameArabic?: string }
    | undefined;
  if (!customer) throw notFound('Customer not found');
  const settings = await readCompanySettings(actor.tenantId, '');
  const region = companyRegion(settings);
  const today = companyToday(settings);
  const rows = (await agingReport(actor.tenantId, { customerId, asOf: today })).rentals;
  if (rows.length === 0) throw conflict(COLLECTIONS_MESSAGES.nothingOpen, undefined, 'CONFLICT');
  if (!customer.email) throw validationFailed({ email: COLLECTIONS_MESSAGES.noEmail });
  const lines = rows.flatMap((r) => r.lines.map((l) => ({ ...l, reference: r.referenceNumber })));
  const totalMinor = rows.reduce((s, r) => s + roundToMinor(r.buckets.total), 0);
  const at = new Date().toISOString();
  const marker = {
    ...reminderKey(actor.tenantId, customerId, today),
    entityType: 'RECEIVABLE_REMINDER',
    customerId,
    day: today,
    at,
    to: customer.email,
    amountMinor: totalMinor,
    by: actor.userId,
  };
  try {
    await putNew(marker);
  } catch (err) {
    if (isConditionFailure(err)) throw conflict(COLLECTIONS_MESSAGES.remindedToday, undefined, 'DUPLICATE');
    throw err;
  }
  try {
    const money = (minor: number) => formatMoney(minor, region, 'en', { display: 'code' });
    const attachments: EmailAttachment[] = [];
    for (const l of lines) {
      if (l.kind !== 'invoice' || !l.invoiceId || attachments.length >= 10) continue;
      const pdf = await invoicePdfAttachment(actor.tenantId, l.invoiceId);
      if (pdf) attachments.push(pdf);
    }
    const company = settings.name || 'Sayyara';
    const list = lines.map((l) =>
      l.kind === 'invoice'
        ? `- Invoice ${l.invoiceNumber} (rental ${l.reference}): ${money(roundToMinor(l.amount))}${l.dueDate ? `, due ${formatDate(l.dueDate, region, 'en')}` : ''}`
        : `- Rental ${l.reference}: ${money(roundToMinor(l.amount))}${l.dueDate ? `, due ${formatDate(l.dueDate, region, 'en')}` : ''}`,
    );
    const listAr = lines.map((l) =>
      l.kind === 'invoice'
        ? `- الفاتورة ${l.invoiceNumber} (الإيجار ${l.reference}): ${money(roundToMinor(l.amount))}${l.dueDate ? `، تاريخ الاستحقاق ${formatDate(l.dueDate, region, 'ar')}` : ''}`
        : `- الإيجار ${l.reference}: ${money(roundToMinor(l.amount))}${l.dueDate ? `، تاريخ الاستحقاق ${formatDate(l.dueDate, region, 'ar')}` : ''}`,
    );
    await sendEmail({
      to: customer.email,
      replyTo: settings.email || undefined,
      subject: `${company}: payment reminder / تذكير بالدفع`,
      text: [
        `Dear ${customer.fullNameEnglish ?? ''},`,
        '',
        `This is a reminder that ${money(totalMinor)} is outstanding on your account:`,
        ...list,
        '',
        `عزيزنا ${customer.fullNameArabic || customer.fullNameEnglish || ''}،`,
        `نذكركم بأن مبلغ ${money(totalMinor)} مستحق على حسابكم:`,
        ...listAr,
        '',
        company,
      ].join('\n'),
      attachments,
    });
  } catch (err) {
    await deleteItem(reminderKey(actor.tenantId, customerId, today));
    throw err;
  }
  await transact([
    tx.putNew(
      auditItem(actor, 'receivables.remind', 'customer', customerId, {
        after: { to: customer.email, amount: fromMinor(totalMinor), lines: lines.length },
      }),
    ),
  ]);
  return {
    sentTo: customer.email,
    invoices: lines.filter((l) => l.kind === 'invoice').length,
    amount: fromMinor(totalMinor),
    remindedAt: at,
  };
}
