/**
 * Invoices where the rental and the customer are shown: the invoices of one rental (with
 * "Create invoice") or of one customer, each with its status, total and PDF download. Rendered
 * only for roles with financeRead (the API answers 403 to the others).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import useSWR from 'swr';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { useFormat } from '../../lib/format';
import { useInvalidate } from '../../lib/invalidate';
import { useCan } from '../../lib/use-can';
import { INVOICES_PATH, downloadInvoicePdf, invoiceApi, type InvoiceList } from './invoice-api';
import { InvoiceStatus } from './InvoicesPage';

function InvoiceRows({
  query,
  empty,
  title,
  action,
}: {
  query: string;
  empty: string;
  title: string;
  action?: React.ReactNode;
}) {
  const t = useT();
  const f = useFormat();
  const list = useSWR<InvoiceList>(`${INVOICES_PATH}?${query}&limit=50`);
  const u = (k: string) => t(`invoices.ui.${k}`);
  const items = list.data?.items ?? [];
  return (
    <section className="card" data-testid="invoice-links">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        {action}
      </div>
      {list.data && items.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>}
      <ul className="space-y-2 text-sm">
        {items.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-2" data-invoice={i.number ?? i.id}>
            <Link className="link font-medium" to={`/invoices/${i.id}`}>
              {i.number ?? u('draftNumber')}
            </Link>
            <InvoiceStatus invoice={i} />
            <span className="tabular-nums">{f.money(i.total)}</span>
            <button
              type="button"
              className="link ms-auto"
              onClick={() => void downloadInvoicePdf(i.id).catch((e) => toastApiError(u('downloadFailed'), e))}
            >
              {u('download')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function RentalInvoices({ rentalId }: { rentalId: string }) {
  const t = useT();
  const can = useCan();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  if (!can('financeRead')) return null;
  const create = async () => {
    setBusy(true);
    try {
      const draft = await invoiceApi.create({ rentalId });
      await invalidate(INVOICES_PATH);
      navigate(`/invoices/${draft.id}`);
    } catch (error) {
      toastApiError(t('invoices.ui.createFailed'), error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <InvoiceRows
      query={`rentalId=${encodeURIComponent(rentalId)}`}
      title={t('invoices.ui.rentalInvoices')}
      empty={t('invoices.ui.noInvoices')}
      action={
        can('financeEdit') && (
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void create()}>
            {busy ? t('invoices.ui.creating') : t('invoices.ui.newInvoice')}
          </button>
        )
      }
    />
  );
}

export function CustomerInvoices({ customerId }: { customerId: string }) {
  const t = useT();
  const can = useCan();
  if (!can('financeRead')) return null;
  return (
    <InvoiceRows
      query={`customerId=${encodeURIComponent(customerId)}`}
      title={t('invoices.ui.customerInvoices')}
      empty={t('invoices.ui.noCustomerInvoices')}
    />
  );
}
