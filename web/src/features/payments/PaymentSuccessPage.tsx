import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { isEntityId } from '../../../../shared/schemas/fields';
import { ErrorPanel } from '../../components/Dialogs';
import { PageHeader, useDocumentTitle } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { useLanguage, useT } from '../../i18n';
import { isClientError } from '../../lib/api';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { gatewayReason } from './gateway-reason';
import { newIdempotencyKey, openReceipt, paymentPath, paymentsApi, type Payment } from './payments-api';
import { polling } from '../../lib/swr';

/**
 * /payments/success: where the payment gateway sends the browser back (`?payment={id}`). The
 * gateway's return parameters are not trusted: the page shows what the API says of the payment
 * (marked paid only by the verified server-to-server callback) — paid with the invoice, the
 * rental balance and the receipt; pending (re-read every 2 s for a minute, the callback may land
 * after the browser); failed with the reason and "Try again" (a new hosted page for the balance).
 */
const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;

export default function PaymentSuccessPage() {
  const t = useT();
  useDocumentTitle(t('payments.success.title'));
  const [params] = useSearchParams();
  const id = params.get('payment') ?? '';
  const valid = isEntityId(id);
  const [since] = useState(() => Date.now());
  const res = useSWR<Payment | null>(valid ? paymentPath(id) : null, {
    ...polling<Payment | null>((p) => (p?.status === 'pending' && Date.now() - since < POLL_FOR_MS ? POLL_MS : 0)),
  });

  let body;
  if (!valid) body = <ErrorPanel title={t('payments.success.missing')} />;
  else if (res.error)
    body = (
      <ErrorPanel
        title={isClientError(res.error) ? t('payments.success.notFound') : t('payments.loadFailed')}
        onRetry={() => void res.mutate()}
      />
    );
  else if (!res.data)
    body = (
      <div className="card flex justify-center py-10">
        <Spinner />
      </div>
    );
  else body = <PaymentResult payment={res.data} />;

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t('payments.success.title')} />
      {body}
    </div>
  );
}

const TONE = {
  paid: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  pending: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  failed: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
} as const;

function PaymentResult({ payment: p }: { payment: Payment }) {
  const t = useT();
  const f = useFormat();
  const { language } = useLanguage();
  const [retrying, setRetrying] = useState(false);
  const state =
    p.status === 'paid' || p.status === 'refunded'
      ? 'paid'
      : p.status === 'pending' || p.status === 'processing'
        ? 'pending'
        : 'failed';
  const invoiceLabel = p.invoiceNumber ?? p.invoice?.number ?? '';
  const failure = gatewayReason(t, p.gatewayStatus, p.failureReason);
  const retry = async () => {
    setRetrying(true);
    try {
      const { url } = await paymentsApi.payOnline(p.invoiceId, language, newIdempotencyKey('retry'));
      window.location.assign(url);
    } catch (error) {
      toastApiError(t('payments.success.failedTitle'), error);
      setRetrying(false);
    }
  };
  return (
    <div className="space-y-4">
      <div
        role="status"
        data-testid="payment-result"
        data-state={state}
        className={`rounded-ui-lg border p-5 ${TONE[state]}`}
      >
        <h2 className="text-xl font-semibold">{t(`payments.success.${state}Title`)}</h2>
        <p className="mt-2">
          {state === 'paid' && t('payments.success.paidBody', { amount: f.money(p.amount), invoice: invoiceLabel })}
          {state === 'pending' && t('payments.success.pendingBody')}
          {state === 'failed' && t('payments.success.failedBody', { reason: failure.reason })}
        </p>
        {state === 'failed' && failure.detail && (
          <p className="mt-1 text-sm opacity-80" data-testid="gateway-detail">
            {failure.detail}
          </p>
        )}
        {state === 'failed' &&
          p.invoice &&
          (p.invoice.status === 'issued' || p.invoice.status === 'partially_paid') && (
            <button type="button" className="btn-primary mt-4" onClick={() => void retry()} disabled={retrying}>
              {t('payments.success.retry')}
            </button>
          )}
      </div>
      <dl className="card grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('payments.success.invoice')}</dt>
          <dd className="font-medium">
            <Link className="link" to={`/invoices/${encodeURIComponent(p.invoiceId)}`}>
              {invoiceLabel || t('payments.success.viewInvoice')}
            </Link>
          </dd>
        </div>
        {p.invoice && (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t('payments.success.invoiceBalance')}</dt>
            <dd className="font-medium tabular-nums" data-testid="invoice-balance">
              {f.money(p.invoice.balance)}
            </dd>
          </div>
        )}
        {p.rentalReference && (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t('payments.success.rental')}</dt>
            {/* Flex items, not inline runs: in Arabic the bidi algorithm joined "RENT-1003" and
                "0.00" into one left-to-right run with no space between them. */}
            <dd className="flex flex-wrap items-baseline gap-x-2 font-medium">
              <Link className="link" to={`/rentals/${encodeURIComponent(p.rentalId)}`}>
                {p.rentalReference}
              </Link>
              {p.rentalBalance !== null && (
                <span className="tabular-nums" data-testid="rental-balance">
                  {f.money(p.rentalBalance)}
                </span>
              )}
            </dd>
          </div>
        )}
        {p.receipt && (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t('payments.success.receipt')}</dt>
            <dd>
              <button
                type="button"
                className="link font-medium"
                data-testid="receipt-link"
                onClick={() => openReceipt(p.receipt!.id).catch((e) => toastApiError(t('payments.loadFailed'), e))}
              >
                {t('payments.success.downloadReceipt', { number: p.receipt.number })}
              </button>
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
