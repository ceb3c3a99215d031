/**
 * Security deposits (issue 10, /deposits): the list (one Query page on the deposit index), the
 * refund and the deposit applied to charges. Both movements are rental changes (rentals api): the
 * ledger entries, the rental's totals, the journal entry (deposits held against cash for a refund,
 * against receivables for an application), the REC- refund receipt and the index items, in ONE
 * transaction — so the accounting self-check (sub-ledgers = GL) stays green.
 */
import { toMinor, fromMinor } from '../../shared/money';
import { releaseLagDays } from '../../shared/collections/deposits';
import type { ApplyDepositBody, RefundDepositBody } from '../../shared/schemas/collections';
import { COLLECTIONS_MESSAGES } from '../../shared/collections/messages';
import { addDays } from '../../shared/calendar';
import { dueIndexItems } from '../lib/data/due-index';
import { getItem, queryAll, queryPage } from '../lib/data/repo';
import { sortKey, tenantPk } from '../lib/data/keys';
import { conflict, notFound } from '../lib/errors';
import type { Actor } from '../lib/actor';
import {
  DEPOSIT_RELEASE_GSI_PK,
  rentalsByIds,
  applyDeposit as applyToRental,
  companyRegion,
  companyToday,
  depositIndexKey,
  depositStatePk,
  readCompanySettings,
  refundRental,
  getInvoice,
  invoicePaymentUpdate,
  openInvoicesOldestFirst,
  type DepositSettlement,
} from './deps';
import { depositToApi, type DepositIndexItem } from './model';

export interface DepositCalendar {
  lagDays: number;
  today: string;
  zone?: string;
}

/** The company's release lag (setting `depositReleaseDays`, else the region default) and today. */
export async function depositCalendar(tenantId: string, now = new Date()): Promise<DepositCalendar> {
  const settings = await readCompanySettings(tenantId, '');
  const lagDays = releaseLagDays(
    companyRegion(settings),
    (settings as { depositReleaseDays?: number | null }).depositReleaseDays,
  );
  return { lagDays, today: companyToday(settings, now) };
}

/** Open deposits whose release date (return day + lag) is before today: one Query on gsi1. */
export async function overdueDeposits(tenantId: string, cal: DepositCalendar): Promise<DepositIndexItem[]> {
  // releaseDue = returnDay + lag < today  ⇔  returnDay < today − lag
  return queryAll<DepositIndexItem>({
    tenantId,
    pk: depositStatePk(tenantId, 'open'),
    index: 'gsi1',
    skTo: sortKey(addDays(cal.today, -cal.lagDays - 1), '~'),
    max: 2000,
  });
}

export async function listDeposits(
  tenantId: string,
  query: { status?: string; q?: string; limit?: number; cursor?: string },
) {
  const cal = await depositCalendar(tenantId);
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.q) {
    filters.push('contains(#s, :q)');
    names['#s'] = 'searchText';
    values[':q'] = query.q.toLowerCase();
  }
  let page;
  const base = { tenantId, limit: query.limit ?? 50, cursor: query.cursor, signature: [query.status, query.q] };
  if (query.status === 'open' || query.status === 'overdue') {
    page = await queryPage<DepositIndexItem>({
      ...base,
      pk: depositStatePk(tenantId, 'open'),
      index: 'gsi1',
      forward: false,
      ...(query.status === 'overdue' ? { skTo: sortKey(addDays(cal.today, -cal.lagDays - 1), '~') } : {}),
      filter: filters.length ? { expression: filters.join(' AND '), names, values } : undefined,
    });
  } else {
    if (query.status) {
      filters.push('#st = :st');
      names['#st'] = 'status';
      values[':st'] = query.status;
    }
    // Held and partly applied deposits live in the open state, refunded and applied ones in settled.
    const state =
      query.status === 'held' || query.status === 'partially_applied' ? 'open' : query.status ? 'settled' : undefined;
    page = await queryPage<DepositIndexItem>({
      ...base,
      ...(state
        ? { pk: depositStatePk(tenantId, state), index: 'gsi1' as const }
        : { pk: tenantPk(tenantId, 'DEPOSIT') }),
      forward: false,
      filter: filters.length ? { expression: filters.join(' AND '), names, values } : undefined,
    });
  }
  const [open, overdue] = await Promise.all([
    queryAll<DepositIndexItem>({ tenantId, pk: depositStatePk(tenantId, 'open'), index: 'gsi1', max: 5000 }),
    overdueDeposits(tenantId, cal),
  ]);
  // The rentals' balances (the apply dialog's "balance due"): one batch get for the page.
  const rentals = await rentalsByIds(
    tenantId,
    page.items.map((d) => d.rentalId),
  );
  return {
    items: page.items.map((d) =>
      depositToApi({ ...d, balanceMinor: rentals.get(d.rentalId)?.balanceMinor ?? 0 }, cal.lagDays, cal.today),
    ),
    nextCursor: page.nextCursor,
    releaseDays: cal.lagDays,
    today: cal.today,
    summary: {
      heldTotal: fromMinor(open.reduce((s, d) => s + d.heldMinor, 0)),
      openCount: open.length,
      overdueCount: overdue.length,
      overdueTotal: fromMinor(overdue.reduce((s, d) => s + d.heldMinor, 0)),
    },
  };
}

async function depositOr404(tenantId: string, id: string): Promise<DepositIndexItem> {
  const d = (await getItem(depositIndexKey(tenantId, id), true)) as DepositIndexItem | undefined;
  if (!d) throw notFound('Deposit not found');
  if (d.heldMinor <= 0) throw conflict(COLLECTIONS_MESSAGES.nothingHeld, undefined, 'INVALID_TRANSITION');
  return d;
}

/** Refund to the original method (unless another is named): a REC- refund receipt with it. */
export async function refundDeposit(actor: Actor, id: string, body: RefundDepositBody, key?: string) {
  const d = await depositOr404(actor.tenantId, id);
  const method = body.method ?? d.method ?? 'cash';
  const res = await refundRental(
    actor,
    id,
    { amount: body.amount, method: method as never, fromDeposit: true, label: body.note ?? 'Security deposit refund' },
    key,
  );
  return withDeposit(actor.tenantId, res);
}

/**
 * The deposit applied to the rental's charges, and — in the same transaction — the rental's
 * issued invoices it pays (invoices api: one conditional update per invoice on its version).
 *
 * Decision: the applied amount pays the rental's open invoices (issued, partially paid) oldest
 * issue date first, up to each one's balance; what is left covers charges not yet invoiced (a
 * charge posted with the application, a toll that joins the next period's invoice). An invoice is
 * the customer's formal, dated receivable, so money taken from the deposit settles it before
 * anything else — as a rental company's cashier would. Invoices are re-read consistently (the
 * customer index is eventually consistent) so the version condition holds; a concurrent payment
 * on one of them fails the transaction and the whole read-plan-write runs again.
 * The rental ledger shows the application ("Paid from security deposit"); it is not a new
 * payment with a receipt (the deposit's receipt was issued when it was received).
 */
export async function applyDepositToCharges(actor: Actor, id: string, body: ApplyDepositBody, key?: string) {
  await depositOr404(actor.tenantId, id);
  const res = await applyToRental(
    actor,
    id,
    {
      amountMinor: toMinor(body.amount),
      note: body.note,
      charge: body.charge
        ? { category: body.charge.category, label: body.charge.label, amountMinor: toMinor(body.charge.amount) }
        : undefined,
    },
    key,
    (rental, amountMinor, at) => settleRentalInvoices(actor.tenantId, rental, amountMinor, at),
  );
  return withDeposit(actor.tenantId, res);
}

async function settleRentalInvoices(
  tenantId: string,
  rental: { id: string; customerId: string },
  amountMinor: number,
  at: string,
): Promise<DepositSettlement> {
  const open = (await openInvoicesOldestFirst(tenantId, rental.customerId)).filter((i) => i.rentalId === rental.id);
  const items: DepositSettlement['items'] = [];
  const summary: { id: string; number: string | null; status: string; amountApplied: number; balance: number }[] = [];
  let left = amountMinor;
  for (const listed of open) {
    if (left <= 0) break;
    const invoice = await getInvoice(tenantId, listed.id);
    if (!invoice || (invoice.status !== 'issued' && invoice.status !== 'partially_paid') || invoice.balanceMinor <= 0)
      continue;
    const applied = Math.min(left, invoice.balanceMinor);
    items.push(invoicePaymentUpdate(tenantId, invoice, applied, at, { fromDeposit: true }));
    left -= applied;
    const balanceMinor = invoice.balanceMinor - applied;
    summary.push({
      id: invoice.id,
      number: invoice.number,
      status: balanceMinor === 0 ? 'paid' : 'partially_paid',
      amountApplied: fromMinor(applied),
      balance: fromMinor(balanceMinor),
    });
  }
  return { items, summary };
}

/** The rental change's answer plus the deposit as it now stands. */
async function withDeposit(tenantId: string, res: { status: number; body: unknown }) {
  const body = res.body as { rental?: { id?: string } };
  const id = body.rental?.id;
  const d = id ? ((await getItem(depositIndexKey(tenantId, id), true)) as DepositIndexItem | undefined) : undefined;
  const cal = await depositCalendar(tenantId);
  const balanceMinor = id ? (await rentalsByIds(tenantId, [id])).get(id)?.balanceMinor : undefined;
  return {
    status: res.status,
    body: { ...(res.body as object), deposit: d ? depositToApi({ ...d, balanceMinor }, cal.lagDays, cal.today) : null },
  };
}

/**
 * Companies holding a deposit after a return that could be past its release date (the alerts
 * job; DESIGN.md §15): one Query on the cross-tenant release index, returns before today.
 */
export async function tenantsWithDepositsDue(now = new Date()): Promise<string[]> {
  return [...new Set((await dueIndexItems(DEPOSIT_RELEASE_GSI_PK, now)).map((item) => String(item.tenantId)))];
}
