/**
 * /invoices/:id: one invoice — seller and customer, lines with VAT, totals, payments (the
 * payments feature's panel), documents (invoice and credit note PDFs) and the actions its status
 * allows: issue (draft), credit note, email, download.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { PageHeader } from '../../components/PageHeader';
import { ConfirmDialog, DialogActions, ErrorPanel, Modal } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { ListTable } from '../../components/ListKit';
import { toast } from '../../components/toast/toast-store';
import { useLanguage, useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { InvoicePaymentsPanel } from '../payments/InvoicePaymentsPanel';
import { INVOICES_PATH, downloadInvoicePdf, invoiceApi, invoicePath, type InvoiceDetail } from './invoice-api';
import { InvoiceStatus } from './InvoicesPage';
import { rentalsLedger } from '../../../../shared/i18n/rentals-ledger';
import { apiArea } from '../../lib/api-client';
import { EInvoiceBlock, NotReleasedNotice } from '../einvoicing/EInvoiceBlock';

type Line = InvoiceDetail['lines'][number];

/** A line's description in the reader's language (ledger text codes, as the rental ledger shows them). */
function useLineText(): (l: Line) => string {
  const { language } = useLanguage();
  const texts = rentalsLedger[language === 'ar' ? 'ar' : 'en'];
  return (l) => {
    const template = l.descriptionCode ? (texts.ledgerText as Record<string, string>)[l.descriptionCode] : undefined;
    if (!template) return l.description || (texts.categories as Record<string, string>)[l.category] || l.category;
    return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => l.descriptionParams?.[k] ?? '');
  };
}

export default function InvoiceDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  const invoice = useSWR<InvoiceDetail>(invoicePath(id));
  const u = (k: string, p?: Record<string, string>) => t(`invoices.ui.${k}`, p);
  if (invoice.error) return <ErrorPanel title={u('loadFailed')} onRetry={() => void invoice.mutate()} />;
  if (!invoice.data)
    return (
      <div className="card animate-pulse" aria-busy="true">
        {t('common.loading')}
      </div>
    );
  return <InvoiceView invoice={invoice.data} onChanged={(d) => void invoice.mutate(d, { revalidate: true })} />;
}

function InvoiceView({ invoice: inv, onChanged }: { invoice: InvoiceDetail; onChanged: (d: InvoiceDetail) => void }) {
  const t = useT();
  const f = useFormat();
  const canEdit = useCan('financeEdit');
  const invalidate = useInvalidate();
  const lineText = useLineText();
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'issue' | 'credit' | 'email' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [to, setTo] = useState(inv.customer.email ?? '');
  const [notes, setNotes] = useState(inv.notes);
  const [dueDate, setDueDate] = useState(inv.dueDate ?? '');
  const [customerVat, setCustomerVat] = useState(inv.customer.vatNumber ?? '');
  const u = (k: string, p?: Record<string, string>) => t(`invoices.ui.${k}`, p);
  const taxLabel = inv.region === 'AE' ? u('trn') : u('vatNumber');

  const run = async (what: string, fn: () => Promise<unknown>, failed: string) => {
    setBusy(what);
    try {
      await fn();
      await invalidate(INVOICES_PATH, 'listRentals', apiArea('listAccounts'));
    } catch (error) {
      toastApiError(failed, error);
    } finally {
      setBusy(null);
    }
  };
  const issue = () =>
    run(
      'issue',
      async () => {
        const issued = await invoiceApi.issue(inv.id);
        onChanged(issued);
        setDialog(null);
        toast({ variant: 'success', title: u('issued', { number: issued.number ?? '' }) });
      },
      u('issueFailed'),
    );
  const credit = () => {
    if (!reason.trim()) {
      setReasonError(t('invoices.messages.reasonRequired'));
      return;
    }
    void run(
      'credit',
      async () => {
        const voided = await invoiceApi.creditNote(inv.id, reason.trim());
        onChanged(voided);
        setDialog(null);
        toast({ variant: 'success', title: u('creditNoted', { number: voided.creditNoteNumber ?? '' }) });
      },
      u('creditNoteFailed'),
    );
  };
  const email = () =>
    run(
      'email',
      async () => {
        const sent = await invoiceApi.email(inv.id, to.trim() || undefined);
        setDialog(null);
        toast({ variant: 'success', title: u('emailed', { to: sent.sentTo }) });
      },
      u('emailFailed'),
    );
  const download = (document: 'invoice' | 'credit_note') =>
    run(`pdf-${document}`, () => downloadInvoicePdf(inv.id, document), u('downloadFailed'));
  const saveNotes = () =>
    run(
      'notes',
      async () => {
        onChanged(
          await invoiceApi.update(inv.id, {
            notes,
            customerVatNumber: customerVat,
            ...(dueDate ? { dueDate } : {}),
            version: inv.version,
          }),
        );
        toast({ variant: 'success', title: u('saved') });
      },
      u('saveFailed'),
    );

  const isDraft = inv.status === 'draft';
  // A standard Saudi invoice awaiting ZATCA clearance is not given to the buyer: no PDF, no email (issue 29).
  const held = inv.einvoice?.released === false;
  const canCredit = canEdit && (inv.status === 'issued' || inv.status === 'partially_paid' || inv.status === 'paid');
  return (
    <div className="space-y-6" data-testid="invoice-detail">
      <PageHeader
        title={inv.number ? u('detailTitle', { number: inv.number }) : u('draftTitle')}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <InvoiceStatus invoice={inv} />
            <Link className="link" to="/invoices">
              {u('back')}
            </Link>
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {isDraft && canEdit && (
              <button type="button" className="btn-primary" onClick={() => setDialog('issue')} disabled={busy !== null}>
                {u('issue')}
              </button>
            )}
            {!held && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void download('invoice')}
                disabled={busy !== null}
              >
                {busy === 'pdf-invoice' ? u('downloading') : u('download')}
              </button>
            )}
            {!isDraft && !held && canEdit && inv.status !== 'void' && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setDialog('email')}
                disabled={busy !== null}
              >
                {u('email')}
              </button>
            )}
            {canCredit && (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => setDialog('credit')}
                disabled={busy !== null}
              >
                {u('creditNoteAction')}
              </button>
            )}
          </div>
        }
      />
      {held && <NotReleasedNotice />}
      {inv.overdue && inv.dueDate && (
        <p
          role="status"
          className="rounded-ui border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {u('overdueSince', { date: f.date(inv.dueDate) })}
        </p>
      )}
      {inv.creditNote && (
        <p
          role="status"
          className="rounded-ui border border-slate-300 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
          data-testid="credit-note-info"
        >
          {u('creditNoteInfo', {
            number: inv.creditNote.number,
            date: f.date(inv.creditNote.issueDate),
            reason: inv.creditNote.reason,
          })}
        </p>
      )}

      <div className="grid gap-4 md:grid-cols-3">
        <section className="card">
          <h2 className="mb-2 text-sm font-semibold">{u('seller')}</h2>
          <p className="font-medium">{inv.seller.name}</p>
          {inv.seller.address && <p className="text-sm">{inv.seller.address}</p>}
          {inv.seller.vatNumber && (
            <p className="text-sm">
              {taxLabel}: <span dir="ltr">{inv.seller.vatNumber}</span>
            </p>
          )}
        </section>
        <section className="card">
          <h2 className="mb-2 text-sm font-semibold">{u('billTo')}</h2>
          <p className="font-medium">
            <Link className="link" to={`/customers/${inv.customerId}`}>
              {inv.customerName}
            </Link>
          </p>
          {inv.customer.nameArabic && <p className="text-sm">{inv.customer.nameArabic}</p>}
          {inv.customer.vatNumber && (
            <p className="text-sm">
              {taxLabel}: <span dir="ltr">{inv.customer.vatNumber}</span>
            </p>
          )}
          {inv.customer.email && (
            <p className="text-sm" dir="ltr">
              {inv.customer.email}
            </p>
          )}
        </section>
        <section className="card text-sm">
          <dl className="grid grid-cols-2 gap-1">
            <dt className="text-slate-600 dark:text-slate-300">{u('rental')}</dt>
            <dd>
              <Link className="link" to={`/rentals/${inv.rentalId}`}>
                {inv.rentalReference}
              </Link>
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">{u('issueDate')}</dt>
            <dd>{inv.issueDate ? f.date(inv.issueDate) : '—'}</dd>
            <dt className="text-slate-600 dark:text-slate-300">{u('period')}</dt>
            <dd>
              {inv.periodStart && inv.periodEnd ? (
                <>
                  <span className="whitespace-nowrap">{f.date(inv.periodStart)}</span> –{' '}
                  <span className="whitespace-nowrap">{f.date(inv.periodEnd)}</span>
                </>
              ) : (
                '—'
              )}
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">{u('dueDate')}</dt>
            <dd>{inv.dueDate ? f.date(inv.dueDate) : '—'}</dd>
          </dl>
        </section>
      </div>

      <section>
        <h2 className="mb-2 text-lg font-semibold">{u('lines')}</h2>
        <ListTable
          columns={[u('description'), u('qty'), u('unitPrice'), u('net'), u('vatRate'), u('vat'), u('lineTotal')]}
        >
          {inv.lines.map((l) => (
            <tr key={l.chargeId} data-line={l.category}>
              <td className="px-3 py-2">
                {lineText(l)}
                {l.chargeId.startsWith('pending-') && (
                  <span className="ms-2 text-xs text-amber-800 dark:text-amber-300">{u('pendingLine')}</span>
                )}
              </td>
              <td className="px-3 py-2 tabular-nums" data-testid="line-qty">
                {l.quantity}
              </td>
              <td className="px-3 py-2 text-end tabular-nums" data-testid="line-unit-price">
                {f.money(l.unitPrice)}
              </td>
              <td className="px-3 py-2 text-end tabular-nums">{f.money(l.net)}</td>
              <td className="px-3 py-2 tabular-nums" data-testid="line-vat-rate">
                {l.vatCode ? `${l.vatRate}%` : '—'}
              </td>
              <td className="px-3 py-2 text-end tabular-nums" data-testid="line-vat">
                {f.money(l.vatAmount)}
              </td>
              <td className="px-3 py-2 text-end tabular-nums">{f.money(l.total)}</td>
            </tr>
          ))}
        </ListTable>
        <dl className="ms-auto mt-3 grid max-w-sm grid-cols-2 gap-1 text-sm" data-testid="invoice-totals">
          <dt>{u('subtotal')}</dt>
          <dd className="text-end tabular-nums">{f.money(inv.subtotal)}</dd>
          <dt>{u('vatTotal')}</dt>
          <dd className="text-end tabular-nums">{f.money(inv.vat)}</dd>
          <dt className="font-semibold">{u('grandTotal')}</dt>
          <dd className="text-end font-semibold tabular-nums" data-testid="invoice-total">
            {f.money(inv.total)}
          </dd>
          <dt>{u('amountPaid')}</dt>
          <dd className="text-end tabular-nums" data-testid="invoice-amount-paid">
            {f.money(inv.amountPaid)}
          </dd>
          {(inv.depositApplied ?? 0) > 0 && (
            <>
              <dt className="ps-3 text-slate-600 dark:text-slate-300">{u('depositApplied')}</dt>
              <dd className="text-end tabular-nums" data-testid="invoice-deposit-applied">
                {f.money(inv.depositApplied ?? 0)}
              </dd>
            </>
          )}
          <dt className="font-semibold">{u('balanceDue')}</dt>
          <dd className="text-end font-semibold tabular-nums" data-testid="invoice-balance">
            {f.money(inv.balance)}
          </dd>
        </dl>
      </section>

      <section className="card">
        <h2 className="mb-2 text-lg font-semibold">{u('notes')}</h2>
        {isDraft && canEdit ? (
          <div className="space-y-2">
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label={u('dueDate')} hint={u('dueDateHint')}>
                <input
                  type="date"
                  className="field-input"
                  value={dueDate}
                  onChange={(e) => setDueDate(e.target.value)}
                />
              </FormField>
              <FormField label={`${u('customer')} · ${taxLabel}`}>
                <input
                  className="field-input"
                  dir="ltr"
                  maxLength={30}
                  value={customerVat}
                  onChange={(e) => setCustomerVat(e.target.value)}
                />
              </FormField>
            </div>
            <textarea
              aria-label={u('notes')}
              className="field-input w-full"
              rows={2}
              maxLength={1000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
            <button type="button" className="btn-secondary" onClick={() => void saveNotes()} disabled={busy !== null}>
              {u('saveDraft')}
            </button>
          </div>
        ) : (
          <>
            <p className="text-sm">{inv.notes || '—'}</p>
            {!isDraft && <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{u('locked')}</p>}
          </>
        )}
      </section>

      {inv.einvoice && <EInvoiceBlock doc={inv.einvoice} invoiceId={inv.id} />}
      {inv.creditNote?.einvoice && (
        <EInvoiceBlock doc={inv.creditNote.einvoice} invoiceId={inv.id} document="credit_note" />
      )}
      {(inv.debitNotes ?? []).map(
        (dn) =>
          dn.einvoice && (
            <EInvoiceBlock key={dn.id} doc={dn.einvoice} invoiceId={inv.id} document="debit_note" debitNoteId={dn.id} />
          ),
      )}

      <InvoicePaymentsPanel invoice={inv} />

      <section className="card">
        <h2 className="mb-2 text-lg font-semibold">{u('documents')}</h2>
        <ul className="space-y-1 text-sm" data-testid="invoice-documents">
          {!held && (
            <li>
              <button type="button" className="link" onClick={() => void download('invoice')}>
                {inv.number ? u('invoicePdf', { number: inv.number }) : u('draftPdf')}
              </button>
            </li>
          )}
          {inv.creditNote && (
            <li>
              <button type="button" className="link" onClick={() => void download('credit_note')}>
                {u('creditNotePdf', { number: inv.creditNote.number })}
              </button>
            </li>
          )}
          {inv.emailedTo && inv.emailedAt && (
            <li className="text-slate-600 dark:text-slate-300">
              {u('emailedTo', { to: inv.emailedTo, date: f.date(inv.emailedAt) })}
            </li>
          )}
        </ul>
      </section>

      <ConfirmDialog
        open={dialog === 'issue'}
        title={u('issueConfirmTitle')}
        body={u('issueConfirmBody')}
        confirmLabel={busy === 'issue' ? u('issuing') : u('issue')}
        pending={busy === 'issue'}
        onConfirm={() => void issue()}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'credit'}
        title={u('creditNoteTitle')}
        body={u('creditNoteBody')}
        confirmLabel={u('confirmCreditNote')}
        pending={busy === 'credit'}
        onConfirm={credit}
        onClose={() => setDialog(null)}
      >
        <FormField label={u('reasonLabel')} error={reasonError} required>
          <input
            className="field-input"
            value={reason}
            maxLength={500}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError('');
            }}
          />
        </FormField>
      </ConfirmDialog>
      <Modal open={dialog === 'email'} onClose={() => setDialog(null)} title={u('emailTitle')}>
        <FormField label={u('emailLabel')} hint={u('emailHint')}>
          <input className="field-input" type="email" dir="ltr" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={() => setDialog(null)} disabled={busy === 'email'}>
            {u('cancel')}
          </button>
          <button type="button" className="btn-primary" onClick={() => void email()} disabled={busy === 'email'}>
            {busy === 'email' ? u('sending') : u('send')}
          </button>
        </DialogActions>
      </Modal>
    </div>
  );
}
