import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { hasAbility } from '../../../../shared/permissions';
import { formatMoney, toMinor } from '../../../../shared/money';
import type { CurrencyCode } from '../../../../shared/regions';
import { useAuth } from '../../auth/context';
import { ErrorPanel } from '../../components/Dialogs';
import { useDocumentTitle } from '../../components/PageHeader';
import { CompanyPublicPage } from '../../components/public/CompanyPublicPage';
import { Spinner } from '../../components/Spinner';
import { useLanguage, useT } from '../../i18n';
import { isClientError } from '../../lib/api';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { gatewayReason } from './gateway-reason';
import { publicPaymentPath, publicPaymentsApi, type PublicPaymentStatus } from './payments-api';
import { polling } from '../../lib/swr';

/**
 * /payments/return?token=… — PUBLIC (outside the sign-in guard): where the gateway sends the
 * customer back, often on their own phone after scanning the pay-online QR code, not signed in
 * to Sayyara. The attempt's return token (functions/payments/public-return.ts) reads only that
 * payment: paid with the receipt PDF, pending (re-read every 2 s for a minute: the verified
 * callback may land after the browser), or failed with the translated reason and "Try again" (a
 * new hosted page for the same invoice). Signed-in staff of the same company go on to the richer
 * /payments/success?payment={id} inside the app.
 */
const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;

export default function PaymentReturnPage() {
  const t = useT();
  useDocumentTitle(t('payments.publicReturn.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useAuth();
  const [since] = useState(() => Date.now());
  const res = useSWR<PublicPaymentStatus | null>(token ? publicPaymentPath(token) : null, {
    ...polling<PublicPaymentStatus | null>((p) =>
      p?.state === 'pending' && Date.now() - since < POLL_FOR_MS ? POLL_MS : 0,
    ),
    shouldRetryOnError: false,
  });
  const staffOfCompany = user && hasAbility(user.role, 'financeRead') && token.split('.')[0] === user.tenantId;
  if (staffOfCompany && res.data)
    return <Navigate to={`/payments/success?payment=${encodeURIComponent(res.data.paymentId)}`} replace />;

  let body;
  if (!token) body = <ErrorPanel title={t('payments.publicReturn.missing')} />;
  else if (res.error)
    body = (
      <ErrorPanel
        title={isClientError(res.error) ? t('payments.publicReturn.notFound') : t('payments.publicReturn.loadFailed')}
        onRetry={isClientError(res.error) ? undefined : () => void res.mutate()}
      />
    );
  else if (!res.data)
    body = (
      <div className="card flex justify-center py-10">
        <Spinner />
      </div>
    );
  else body = <PublicResult token={token} p={res.data} />;

  return (
    <CompanyPublicPage company={res.data?.company} title={t('payments.publicReturn.title')} roomy>
      {body}
    </CompanyPublicPage>
  );
}

const TONE = {
  paid: 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  pending: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  failed: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
} as const;

function PublicResult({ token, p }: { token: string; p: PublicPaymentStatus }) {
  const t = useT();
  const f = useFormat();
  const { language } = useLanguage();
  const [busy, setBusy] = useState(false);
  const amount = formatMoney(toMinor(p.amount), f.region, language, { currency: p.currency as CurrencyCode });
  const failure = gatewayReason(t, p.failure?.gatewayStatus, p.failure?.message);
  const retry = async () => {
    setBusy(true);
    try {
      window.location.assign((await publicPaymentsApi.retry(token, language)).url);
    } catch (error) {
      toastApiError(t('payments.success.failedTitle'), error);
      setBusy(false);
    }
  };
  const openReceipt = async () => {
    try {
      window.open((await publicPaymentsApi.receiptUrl(token)).url, '_blank', 'noopener');
    } catch (error) {
      toastApiError(t('payments.loadFailed'), error);
    }
  };
  return (
    <div className="space-y-4">
      <div
        role="status"
        data-testid="payment-result"
        data-state={p.state}
        className={`rounded-ui-lg border p-5 ${TONE[p.state]}`}
      >
        <h2 className="text-xl font-semibold">{t(`payments.success.${p.state}Title`)}</h2>
        <p className="mt-2">
          {p.state === 'paid' && t('payments.success.paidBody', { amount, invoice: p.invoiceNumber ?? '' })}
          {p.state === 'pending' && t('payments.success.pendingBody')}
          {p.state === 'failed' && t('payments.success.failedBody', { reason: failure.reason })}
        </p>
        {p.state === 'failed' && failure.detail && (
          <p className="mt-1 text-sm opacity-80" data-testid="gateway-detail">
            {failure.detail}
          </p>
        )}
        {p.canRetry && (
          <button type="button" className="btn-primary mt-4" onClick={() => void retry()} disabled={busy}>
            {t('payments.success.retry')}
          </button>
        )}
      </div>
      <dl className="card grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('payments.publicReturn.invoice')}</dt>
          <dd className="font-medium" data-testid="invoice-number">
            {p.invoiceNumber}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t('payments.publicReturn.amount')}</dt>
          <dd className="font-medium tabular-nums" data-testid="amount">
            {amount}
          </dd>
        </div>
        {p.receipt && (
          <div className="sm:col-span-2">
            <button
              type="button"
              className="link font-medium"
              data-testid="receipt-link"
              onClick={() => void openReceipt()}
            >
              {t('payments.publicReturn.downloadReceipt', { number: p.receipt.number })}
            </button>
          </div>
        )}
      </dl>
      <p className="text-center text-xs text-slate-500">
        {t('payments.publicReturn.poweredBy', { company: p.company.name })}
      </p>
    </div>
  );
}
