import { useEffect, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { MANUAL_PAYMENT_METHODS, invoicePaymentSchema, refundPaymentSchema } from '../../../../shared/schemas/payments';
import { DialogActions, Modal } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { ListState, ListTable, itemsState } from '../../components/ListKit';
import { StatusPill } from '../../components/StatusPill';
import { toast } from '../../components/toast/toast-store';
import { useLanguage, useT } from '../../i18n';
import { toastApiError, translateApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useCan } from '../../lib/use-can';
import {
  PAYMENT_TONES,
  invoicePaymentsPath,
  newIdempotencyKey,
  openReceipt,
  paymentsApi,
  useInvoicePayments,
  type Payment,
} from './payments-api';
import { fromMinor, roundToMinor } from '../../../../shared/money';
import { type BodyOf } from '../../lib/api-client';

/**
 * The invoice detail's payments: the list (amount, method, status, receipt, refunds), the
 * customer's credit, and the actions — record a payment, pay online (hosted page link + QR code
 * for the customer's phone), refund to the original method. Mounted by the invoices feature's
 * detail as `<InvoicePaymentsPanel invoice={invoice} />`.
 */
export interface PanelInvoice {
  id: string;
  status: string;
  balance: number;
  number?: string | null;
}

const num = (v: string) => (v.trim() === '' ? undefined : Number(v.replace(',', '.')));
const isOpen = (status: string) => status === 'issued' || status === 'partially_paid';

export function InvoicePaymentsPanel({ invoice, onChanged }: { invoice: PanelInvoice; onChanged?: () => void }) {
  const t = useT();
  const f = useFormat();
  const can = useCan();
  const invalidate = useInvalidate();
  const res = useInvoicePayments(invoice.id);
  const list = itemsState(res);
  const [dialog, setDialog] = useState<null | 'record' | 'online' | { refund: Payment }>(null);
  const changed = async () => {
    await invalidate(invoicePaymentsPath(invoice.id), 'listInvoices', 'listRentals');
    onChanged?.();
  };
  const canPay = can('financeRecordPayment') && isOpen(invoice.status);

  return (
    <section className="card" aria-labelledby="invoice-payments-title" data-testid="invoice-payments">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="invoice-payments-title" className="text-lg font-semibold">
          {t('payments.panelTitle')}
        </h2>
        {canPay && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" onClick={() => setDialog('record')}>
              {t('payments.actions.record')}
            </button>
            {invoice.balance > 0 && (
              <button type="button" className="btn-secondary" onClick={() => setDialog('online')}>
                {t('payments.actions.payOnline')}
              </button>
            )}
          </div>
        )}
      </div>
      {res.data && res.data.customerCredit > 0 && (
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-200" data-testid="customer-credit">
          {t('payments.customerCredit', { amount: f.money(res.data.customerCredit) })}
        </p>
      )}
      <ListState
        list={list}
        errorTitle={t('payments.loadFailed')}
        empty={<p className="text-sm text-slate-600 dark:text-slate-300">{t('payments.none')}</p>}
        skeleton={{ rows: 2, columns: 5 }}
      >
        <ListTable
          compact
          columns={[
            t('payments.columns.date'),
            t('payments.columns.amount'),
            t('payments.columns.method'),
            t('payments.columns.status'),
            t('payments.columns.receipt'),
            t('payments.columns.actions'),
          ]}
        >
          {list.items.map((p) => (
            <tr key={p.id} data-testid="payment-row">
              <td className="whitespace-nowrap">{f.dateTime(p.paidAt ?? p.createdAt)}</td>
              <td className="whitespace-nowrap tabular-nums">
                {f.money(p.amount)}
                {p.refunded > 0 && (
                  <div className="text-xs text-violet-700 dark:text-violet-300">
                    {t('payments.refunded', { amount: f.money(p.refunded) })}
                  </div>
                )}
                {p.credit > 0 && (
                  <div className="text-xs text-slate-600 dark:text-slate-300">
                    {t('payments.credit', { amount: f.money(p.credit) })}
                  </div>
                )}
              </td>
              <td>{t(`payments.methods.${p.method}`)}</td>
              <td>
                <StatusPill status={p.status} labelKey="payments.status" tones={PAYMENT_TONES} />
              </td>
              <td>
                {[p.receipt, ...p.refundReceipts]
                  .filter((r) => r !== null)
                  .map((r) => (
                    <button
                      key={r!.id}
                      type="button"
                      className="block text-start text-sm text-brand-700 underline dark:text-brand-300"
                      onClick={() => openReceipt(r!.id).catch((e) => toastApiError(t('payments.loadFailed'), e))}
                    >
                      {r!.number}
                    </button>
                  ))}
              </td>
              <td>
                {can('financeEdit') && p.status === 'paid' && (
                  <button type="button" className="btn-secondary text-sm" onClick={() => setDialog({ refund: p })}>
                    {t('payments.actions.refund')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      </ListState>
      {dialog === 'record' && (
        <RecordPaymentDialog
          invoice={invoice}
          onClose={() => setDialog(null)}
          onDone={async () => {
            setDialog(null);
            await changed();
          }}
        />
      )}
      {dialog === 'online' && (
        <PayOnlineDialog
          invoice={invoice}
          onClose={() => {
            setDialog(null);
            void changed();
          }}
        />
      )}
      {dialog && typeof dialog === 'object' && (
        <RefundDialog
          payment={dialog.refund}
          onClose={() => setDialog(null)}
          onDone={async () => {
            setDialog(null);
            await changed();
          }}
        />
      )}
    </section>
  );
}

function RecordPaymentDialog({
  invoice,
  onClose,
  onDone,
}: {
  invoice: PanelInvoice;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [amount, setAmount] = useState(invoice.balance > 0 ? invoice.balance.toFixed(2) : '');
  const [method, setMethod] = useState<string>('cash');
  const [key] = useState(() => newIdempotencyKey('pay'));
  const [failure, setFailure] = useState('');
  const form = useFormSubmit(invoicePaymentSchema, async (body: { amount?: number; method: string }) => {
    try {
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      const p = await paymentsApi.record(invoice.id, body as BodyOf<'recordInvoicePayment'>, key);
      toast({ variant: 'success', title: t('payments.toasts.recorded', { number: p.receipt?.number ?? '' }) });
      onDone();
      return {};
    } catch (error) {
      const e = translateApiError(error, t);
      setFailure(e.message);
      return e.fields;
    }
  });
  return (
    <Modal open onClose={form.saving ? () => {} : onClose} title={t('payments.dialogs.recordTitle')}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setFailure('');
          void form.submit({ amount: num(amount), method });
        }}
      >
        <FormField
          label={t('payments.dialogs.amount')}
          error={form.errors.amount}
          hint={t('payments.dialogs.overpayHint')}
        >
          {(p) => (
            <input
              {...p}
              name="amount"
              className="field-input"
              inputMode="decimal"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                form.clearError('amount');
              }}
              autoFocus
            />
          )}
        </FormField>
        <FormField label={t('payments.dialogs.method')} error={form.errors.method}>
          {(p) => (
            <select
              {...p}
              name="method"
              className="field-input"
              value={method}
              onChange={(e) => setMethod(e.target.value)}
            >
              {MANUAL_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {t(`payments.methods.${m}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {failure && (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {failure}
          </p>
        )}
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={form.saving}>
            {t('payments.actions.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={form.saving}>
            {form.saving ? t('payments.actions.saving') : t('payments.actions.save')}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

function PayOnlineDialog({ invoice, onClose }: { invoice: PanelInvoice; onClose: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [key] = useState(() => newIdempotencyKey('online'));
  const [url, setUrl] = useState('');
  const [qr, setQr] = useState('');
  const [failure, setFailure] = useState('');
  // `t` is read through a ref: its identity changes when a catalog area loads, and re-running
  // this effect sent a second pay-online request while the first was in flight, leaving a
  // second pending attempt on the invoice (seen in the Arabic browser test).
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    let live = true;
    paymentsApi
      .payOnline(invoice.id, language, key)
      .then(async (r) => {
        if (!live) return;
        setUrl(r.url);
        setQr(await QRCode.toDataURL(r.url, { margin: 1, width: 220 }));
      })
      .catch((error) => {
        if (live) setFailure(translateApiError(error, tRef.current).message);
      });
    return () => {
      live = false;
    };
  }, [invoice.id, language, key]);
  return (
    <Modal open onClose={onClose} title={t('payments.dialogs.onlineTitle')}>
      <p className="text-sm text-slate-700 dark:text-slate-200">{t('payments.dialogs.onlineBody')}</p>
      {!url && !failure && (
        <p className="mt-4 text-sm" role="status">
          {t('payments.actions.creating')}
        </p>
      )}
      {failure && (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {failure}
        </p>
      )}
      {url && (
        <div className="mt-4 flex flex-col items-center gap-3">
          {qr && <img src={qr} width={220} height={220} alt={t('payments.dialogs.qrAlt')} data-testid="payment-qr" />}
          <input
            readOnly
            aria-label={t('payments.actions.openPage')}
            className="field-input w-full text-xs"
            dir="ltr"
            value={url}
            onFocus={(e) => e.target.select()}
          />
          <div className="flex flex-wrap gap-2">
            <a className="btn-primary" href={url} data-testid="pay-online-link">
              {t('payments.actions.openPage')}
            </a>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(url)
                  .then(() => toast({ variant: 'success', title: t('payments.toasts.linkCopied') }));
              }}
            >
              {t('payments.actions.copyLink')}
            </button>
          </div>
        </div>
      )}
      <DialogActions>
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('payments.actions.close')}
        </button>
      </DialogActions>
    </Modal>
  );
}

function RefundDialog({ payment, onClose, onDone }: { payment: Payment; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const f = useFormat();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key] = useState(() => newIdempotencyKey('refund'));
  const [failure, setFailure] = useState('');
  const form = useFormSubmit(refundPaymentSchema, async (body: { amount?: number; reason?: string }) => {
    try {
      const p = await paymentsApi.refund(payment.id, body, key);
      toast({
        variant: 'success',
        title: t('payments.toasts.refunded', { number: p.refundReceipts.at(-1)?.number ?? '' }),
      });
      onDone();
      return {};
    } catch (error) {
      const e = translateApiError(error, t);
      setFailure(e.message);
      return e.fields;
    }
  });
  const left = fromMinor(roundToMinor(payment.amount) - roundToMinor(payment.refunded));
  return (
    <Modal open onClose={form.saving ? () => {} : onClose} title={t('payments.dialogs.refundTitle')}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setFailure('');
          void form.submit({ amount: num(amount), reason: reason.trim() || undefined });
        }}
      >
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {t('payments.dialogs.refundBody', { method: t(`payments.methods.${payment.method}`), left: f.money(left) })}
        </p>
        <FormField label={t('payments.dialogs.amount')} error={form.errors.amount}>
          {(p) => (
            <input
              {...p}
              name="amount"
              className="field-input"
              inputMode="decimal"
              value={amount}
              placeholder={left.toFixed(2)}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('payments.dialogs.reason')} error={form.errors.reason}>
          {(p) => (
            <input
              {...p}
              name="reason"
              className="field-input"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
        {failure && (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {failure}
          </p>
        )}
        <DialogActions>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={form.saving}>
            {t('payments.actions.cancel')}
          </button>
          <button type="submit" className="btn-primary bg-red-700" disabled={form.saving}>
            {form.saving ? t('payments.actions.saving') : t('payments.actions.refundConfirm')}
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}

export default InvoicePaymentsPanel;
