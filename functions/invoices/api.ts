/**
 * What other domains (payments, jobs, demo reset) may use from invoices: with ./tx.ts (the
 * transaction pieces a lower tier — rentals — adds to its own transaction), the only invoices
 * module imported from outside functions/invoices/ (functions/lib/boundaries.test.ts enforces it).
 *
 * Contract with the payments domain (notes/issue19-split.md): PAY reads an invoice, lists a
 * customer's open invoices in allocation order, and moves an invoice's paid amount inside ITS
 * OWN transaction with `invoicePaymentUpdate` (one conditional Update on the invoice's version).
 * Those pieces are defined in ./tx.ts (the domain's transaction face, also used by rentals).
 */
import { getItem, queryAll } from '../lib/data/repo';
import { isConditionFailure } from '../lib/errors';
import { crashPoint } from '../lib/faults';
import type { Actor } from '../lib/actor';
import type { CreateInvoiceBody } from '../../shared/schemas/invoices';
import { INVOICE_MESSAGES } from '../../shared/schemas/invoices-constants';
import { createDraft } from './draft';
import { issueInvoice, type IssueExtras } from './issue';
import { invoiceKey, statusPk, type InvoiceItem } from './model';
import { forPayment, type InvoiceForPayment } from './tx';
export { statusAfterPayment } from './model';

export type { InvoiceStatus } from './model';
export type { IssueExtras } from './issue';

/** The payment pieces live in the domain's tx face (./tx.ts), so a lower domain (rentals) can use them too. */
export { forPayment, getInvoice, invoicePaymentUpdate, openInvoicesOldestFirst, type InvoiceForPayment } from './tx';

/**
 * The invoicing job (issue 10): drafts (under `invoiceId`, fixed per rental and period, so a
 * second run's draft of the same period is refused by the Put's condition) and issues the
 * invoice of one billing period, with the job's items (its idempotency marker and index advance)
 * in the issue's transaction. A draft left by a run that crashed before issuing is issued by the
 * next. Answers the issued invoice, `taken` when another run issued it first, or `empty` when
 * the period has nothing to invoice.
 */
export async function issueBillingPeriod(
  actor: Actor,
  input: { rentalId: string; periodStart: string; periodEnd: string; invoiceId: string; job: IssueExtras },
): Promise<{ outcome: 'issued'; invoice: InvoiceForPayment } | { outcome: 'taken' | 'empty' }> {
  const { tenantId } = actor;
  let draft = (await getItem(invoiceKey(tenantId, input.invoiceId), true)) as InvoiceItem | undefined;
  if (draft && draft.status !== 'draft') return { outcome: 'taken' };
  if (!draft) {
    try {
      draft = await createDraft(
        actor,
        { rentalId: input.rentalId, periodStart: input.periodStart, periodEnd: input.periodEnd } as CreateInvoiceBody,
        input.invoiceId,
      );
    } catch (err) {
      // Empty only when nothing was due (issue 26); any other refusal is the run's failure, with its reason.
      if (isNothingToInvoice(err)) return { outcome: 'empty' };
      if (isConditionFailure(err)) return { outcome: 'taken' };
      throw err;
    }
  }
  // Between the draft and its issue: the next run finds the draft (same id) and issues it.
  crashPoint('invoice-long-rentals:after-draft', tenantId);
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
  return (
    e.code === 'VALIDATION_FAILED' && messages.length > 0 && messages.every((m) => m === INVOICE_MESSAGES.noCharges)
  );
}

/**
 * For the alerts generator: issued or partly paid invoices whose due date is before `today` (one Query per open
 * status).
 */
export async function overdueInvoices(tenantId: string, today: string) {
  const out: (InvoiceForPayment & { customerName: string; rentalReference: string })[] = [];
  for (const status of ['issued', 'partially_paid'] as const) {
    const items = await queryAll<InvoiceItem>({
      tenantId,
      pk: statusPk(tenantId, status),
      index: 'gsi2',
      max: 5000,
      filter: { expression: '#d < :today', names: { '#d': 'dueDate' }, values: { ':today': today } },
    });
    out.push(
      ...items.map((i) => ({ ...forPayment(i), customerName: i.customerName, rentalReference: i.rentalReference })),
    );
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
    out.push(
      ...items.map((i) => ({ ...forPayment(i), customerName: i.customerName, rentalReference: i.rentalReference })),
    );
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
export async function invoicePdfAttachment(
  tenantId: string,
  invoiceId: string,
): Promise<{ fileName: string; contentType: string; bytes: Uint8Array } | undefined> {
  const item = (await getItem(invoiceKey(tenantId, invoiceId), true)) as InvoiceItem | undefined;
  if (!item || !item.number) return undefined;
  const { ensureInvoicePdf } = await import('./documents');
  const { getObjectBytes } = await import('../lib/storage');
  const pdf = await ensureInvoicePdf(tenantId, item);
  const bytes = pdf.bytes ?? (await getObjectBytes(pdf.key))?.body;
  return bytes ? { fileName: pdf.fileName, contentType: 'application/pdf', bytes } : undefined;
}
