/**
 * What other domains (payments, jobs, demo reset) may use from invoices: the only invoices module
 * imported from outside functions/invoices/ (functions/lib/boundaries.test.ts enforces it).
 *
 * Contract with the payments domain (notes/issue19-split.md): PAY reads an invoice, lists a
 * customer's open invoices in allocation order, and moves an invoice's paid amount inside ITS
 * OWN transaction with `invoicePaymentUpdate` (one conditional Update on the invoice's version).
 */
import { getItem, queryAll, tx, type TransactItem } from '../lib/data/repo';
import { conflict, isConditionFailure } from '../lib/errors';
import type { Actor } from '../lib/actor';
import { INVOICE_MESSAGES, type CreateInvoiceBody } from '../../shared/schemas/invoices';
import { createDraft } from './draft';
import { issueInvoice, type IssueExtras } from './issue';
import { sortKey } from '../lib/data/keys';
import { customerInvoicesPk, invoiceKey, isOpen, statusAfterPayment, statusPk, type InvoiceItem, type InvoiceStatus } from './model';
export { statusAfterPayment } from './model';

export type { InvoiceStatus } from './model';
export type { IssueExtras } from './issue';

export interface InvoiceForPayment {
  id: string;
  number: string | null;
  status: InvoiceStatus;
  currency: string;
  totalMinor: number;
  amountPaidMinor: number;
  /** Of amountPaid, what came from the rental's security deposit (collections: deposit applied). */
  depositAppliedMinor?: number;
  balanceMinor: number;
  customerId: string;
  rentalId: string;
  issueDate: string | null;
  dueDate: string | null;
  version: number;
}

export function forPayment(item: InvoiceItem): InvoiceForPayment {
  return {
    id: item.id, number: item.number, status: item.status, currency: item.currency,
    totalMinor: item.totalMinor, amountPaidMinor: item.amountPaidMinor, depositAppliedMinor: Number(item.depositAppliedMinor ?? 0), balanceMinor: item.balanceMinor,
    customerId: item.customerId, rentalId: item.rentalId, issueDate: item.issueDate, dueDate: item.dueDate, version: item.version,
  };
}

/** undefined when absent or another tenant's (keys are built from the caller's tenant). */
export async function getInvoice(tenantId: string, id: string): Promise<InvoiceForPayment | undefined> {
  const item = (await getItem(invoiceKey(tenantId, id), true)) as InvoiceItem | undefined;
  return item ? forPayment(item) : undefined;
}

/** Issued / partially paid invoices of a customer, oldest issue date first (allocation order). */
export async function openInvoicesOldestFirst(tenantId: string, customerId: string): Promise<InvoiceForPayment[]> {
  // gsi1 sorts issued invoices by issue date; drafts sort last ('~') and are filtered out.
  const items = await queryAll<InvoiceItem>({
    tenantId, pk: customerInvoicesPk(tenantId, customerId), index: 'gsi1', forward: true, max: 1000,
    filter: { expression: '#s IN (:a, :b)', names: { '#s': 'status' }, values: { ':a': 'issued', ':b': 'partially_paid' } },
  });
  return items.filter((i) => isOpen(i.status)).map(forPayment);
}


/**
 * One conditional Update (on version) moving amountPaid/balance/status by +appliedMinor
 * (negative for a refund), for the payer's transaction. Only issued, partially paid or paid
 * invoices take payments; the paid amount stays within 0…total (overpayment is the caller's
 * customer credit, never on the invoice). `fromDeposit`: the amount comes from the rental's
 * security deposit (kept apart as depositAppliedMinor, so the invoice shows where its payment came from).
 */
export function invoicePaymentUpdate(tenantId: string, invoice: InvoiceForPayment, appliedMinor: number, now: string, opts: { fromDeposit?: boolean } = {}): TransactItem {
  if (invoice.status === 'draft' || invoice.status === 'void') {
    throw conflict(`A ${invoice.status} invoice cannot take payments`, undefined, 'INVALID_TRANSITION');
  }
  const amountPaidMinor = invoice.amountPaidMinor + appliedMinor;
  if (!Number.isSafeInteger(appliedMinor) || amountPaidMinor < 0 || amountPaidMinor > invoice.totalMinor) {
    throw conflict('The amount applied must keep the invoice between unpaid and fully paid');
  }
  const status = statusAfterPayment(invoice.totalMinor, amountPaidMinor);
  return tx.update(invoiceKey(tenantId, invoice.id), invoice.version, {
    amountPaidMinor,
    balanceMinor: invoice.totalMinor - amountPaidMinor,
    status,
    gsi2pk: statusPk(tenantId, status),
    gsi2sk: sortKey(invoice.issueDate ?? now.slice(0, 10), invoice.id),
    ...(opts.fromDeposit ? { depositAppliedMinor: (invoice.depositAppliedMinor ?? 0) + appliedMinor } : {}),
  }, now);
}

/**
 * The invoicing job (issue 10): drafts (under `invoiceId`, fixed per rental and period, so a
 * second run's draft of the same period is refused by the Put's condition) and issues the
 * invoice of one billing period, with the job's items (its idempotency marker and index advance)
 * in the issue's transaction. A draft left by a run that crashed before issuing is issued by the
 * next. Answers the issued invoice, `taken` when another run issued it first, or `empty` when
 * the period has nothing to invoice.
 */
export async function issueBillingPeriod(actor: Actor, input: { rentalId: string; periodStart: string; periodEnd: string; invoiceId: string; job: IssueExtras }):
  Promise<{ outcome: 'issued'; invoice: InvoiceForPayment } | { outcome: 'taken' | 'empty' }> {
  const { tenantId } = actor;
  let draft = (await getItem(invoiceKey(tenantId, input.invoiceId), true)) as InvoiceItem | undefined;
  if (draft && draft.status !== 'draft') return { outcome: 'taken' };
  if (!draft) {
    try {
      draft = await createDraft(actor, { rentalId: input.rentalId, periodStart: input.periodStart, periodEnd: input.periodEnd } as CreateInvoiceBody, input.invoiceId);
    } catch (err) {
      // Empty only when nothing was due (issue 26); any other refusal is the run's failure, with its reason.
      if (isNothingToInvoice(err)) return { outcome: 'empty' };
      if (isConditionFailure(err)) return { outcome: 'taken' };
      throw err;
    }
  }
  try {
    return { outcome: 'issued', invoice: forPayment(await issueInvoice(actor, input.invoiceId, input.job)) };
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'INVOICE_LOCKED' || isConditionFailure(err)) return { outcome: 'taken' };
    // A draft left by a crashed run whose charges were invoiced meanwhile (a manual period invoice).
    if (isNothingToInvoice(err)) return { outcome: 'empty' };
    throw err;
  }
}

/** The draft's refusal saying the period has no charges at all, and nothing else wrong. */
function isNothingToInvoice(err: unknown): boolean {
  const e = err as { code?: string; fields?: Record<string, string> };
  const messages = Object.values(e.fields ?? {});
  return e.code === 'VALIDATION_FAILED' && messages.length > 0 && messages.every((m) => m === INVOICE_MESSAGES.noCharges);
}

/** For the alerts generator: issued or partly paid invoices whose due date is before `today` (one Query per open status). */
export async function overdueInvoices(tenantId: string, today: string) {
  const out: (InvoiceForPayment & { customerName: string; rentalReference: string })[] = [];
  for (const status of ['issued', 'partially_paid'] as const) {
    const items = await queryAll<InvoiceItem>({
      tenantId, pk: statusPk(tenantId, status), index: 'gsi2', max: 5000,
      filter: { expression: '#d < :today', names: { '#d': 'dueDate' }, values: { ':today': today } },
    });
    out.push(...items.map((i) => ({ ...forPayment(i), customerName: i.customerName, rentalReference: i.rentalReference })));
  }
  return out;
}
export { tenantsWithInvoicesDue } from './due-work';

/**
 * Open invoices (issued, partly paid) of the company — the receivables aging (collections domain):
 * one Query per open status on the status index, bounded by what is still owed.
 */
export async function openInvoices(tenantId: string) {
  const out: (InvoiceForPayment & { customerName: string; rentalReference: string; currency: string })[] = [];
  for (const status of ['issued', 'partially_paid'] as const) {
    const items = await queryAll<InvoiceItem>({ tenantId, pk: statusPk(tenantId, status), index: 'gsi2', max: 5000 });
    out.push(...items.map((i) => ({ ...forPayment(i), customerName: i.customerName, rentalReference: i.rentalReference })));
  }
  return out;
}

/**
 * The dashboard's "Unpaid invoices" (issue 26): the open invoices' balances summed — exactly the
 * list /invoices?status=open (issued and partly paid). Reads the open-status partitions of the
 * status index, so its cost follows what is owed now, not the company's history (paid and void
 * invoices leave those partitions).
 */
export async function openInvoiceTotals(tenantId: string): Promise<{ count: number; balanceMinor: number }> {
  const open = await openInvoices(tenantId);
  return { count: open.length, balanceMinor: open.reduce((n, i) => n + i.balanceMinor, 0) };
}

/** An issued invoice's PDF as an email attachment (payment reminders), or undefined when it cannot be had. */
export async function invoicePdfAttachment(tenantId: string, invoiceId: string): Promise<{ fileName: string; contentType: string; bytes: Uint8Array } | undefined> {
  const item = (await getItem(invoiceKey(tenantId, invoiceId), true)) as InvoiceItem | undefined;
  if (!item || !item.number) return undefined;
  const { ensureInvoicePdf } = await import('./documents');
  const { getObjectBytes } = await import('../lib/storage');
  const pdf = await ensureInvoicePdf(tenantId, item);
  const bytes = pdf.bytes ?? (await getObjectBytes(pdf.key))?.body;
  return bytes ? { fileName: pdf.fileName, contentType: 'application/pdf', bytes } : undefined;
}
