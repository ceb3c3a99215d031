/**
 * /customers/{id}: the profile. Blacklist warning first (when the customer matches an active or
 * reviewed entry), then details, driver eligibility for the company's region (age, young driver,
 * licence status), loyalty with progress to the next tier, notes with visibility, documents
 * with upload progress, and rental history ("Failed to load rental history" on failure).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { PageHeader } from '../../components/PageHeader';
import { DetailSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { ApiError } from '../../lib/api';
import { toastApiError } from '../../lib/api-errors';
import { useInvalidateCustomers } from './customer-api';
import { useCan } from '../../lib/use-can';
import { useT } from '../../i18n';
import { ActiveBadge, ConfirmDialog, ErrorPanel, LicenceBadge, Modal, TierBadge, VipBadge } from './components';
import { OwnerDocuments } from '../documents/OwnerDocuments';
import { CustomerForm } from './CustomerForm';
import { CustomerNotes } from './CustomerNotes';
import { CustomerRentals } from './CustomerRentals';
import { CustomerInvoices } from '../invoices/InvoiceLinks';
import { customerApi, customerPath, LIVE, useDate, useMoney, type Customer } from './customer-api';

const DETAIL_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'gender',
  'nationalIdOrPassport',
  'countryOfOrigin',
  'preferredLanguage',
  'licenseNumber',
  'licenseIssuer',
  'licenseIssuedDate',
  'licenseExpiryDate',
  'homeAddress',
  'fullAddress',
  'visaNumber',
  'emergencyContactName',
  'emergencyContactPhone',
  'emergencyContactRelationship',
  'referralSource',
  'addedDate',
  'internalNotes',
] as const;
const DATE_FIELDS = new Set(['dateOfBirth', 'licenseIssuedDate', 'licenseExpiryDate', 'addedDate']);

export default function CustomerDetailPage() {
  const { id = '' } = useParams();
  const t = useT();
  const can = useCan();
  const date = useDate();
  const money = useMoney();
  const customer = useSWR<Customer | null>(id ? customerPath(id) : null, LIVE);
  const invalidateLists = useInvalidateCustomers();
  const [editing, setEditing] = useState(false);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const [pending, setPending] = useState(false);
  const c = customer.data;

  if (customer.error) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <>
        <Link to="/customers" className="link text-sm">
          {t('customers.profile.back')}
        </Link>
        <div className="mt-4">
          <ErrorPanel
            title={missing ? t('customers.profile.notFound') : t('customers.profile.loadFailed')}
            onRetry={missing ? undefined : () => void customer.mutate()}
          />
        </div>
      </>
    );
  }
  if (!c) return <DetailSkeleton />;

  const refresh = (updated?: Customer) => {
    if (updated) void customer.mutate({ ...updated, blacklistMatches: c.blacklistMatches }, { revalidate: true });
    else void customer.mutate();
    invalidateLists();
  };

  const save = async (body: Record<string, unknown>) => {
    try {
      const updated = await customerApi.update(c.id, body);
      toast({ variant: 'success', title: t('customers.updated'), description: updated.fullNameEnglish });
      setEditing(false);
      refresh(updated);
      return {};
    } catch (error) {
      return toastApiError(t('customers.updateFailed'), error).fields;
    }
  };

  const toggleVip = async () => {
    setPending(true);
    try {
      const updated = await customerApi.setVip(c, !c.isVip);
      toast({
        variant: 'success',
        title: updated.isVip
          ? t('customers.vipOn', { name: c.fullNameEnglish })
          : t('customers.vipOff', { name: c.fullNameEnglish }),
      });
      refresh(updated);
    } catch (error) {
      toastApiError(t('customers.vipFailed'), error);
    } finally {
      setPending(false);
    }
  };

  const setActive = async (isActive: boolean) => {
    setPending(true);
    try {
      const updated = await customerApi.setActive(c, isActive);
      toast({
        variant: 'success',
        title: isActive ? t('customers.activated') : t('customers.deactivated'),
        description: c.fullNameEnglish,
      });
      setConfirmDeactivate(false);
      refresh(updated);
    } catch (error) {
      toastApiError(t('customers.activeFailed'), error);
    } finally {
      setPending(false);
    }
  };

  const display = (f: (typeof DETAIL_FIELDS)[number]) => {
    const v = (c as unknown as Record<string, string | undefined>)[f];
    if (!v) return <span className="text-slate-500">{t('customers.notSet')}</span>;
    if (DATE_FIELDS.has(f)) return date(v);
    if (f === 'gender') return t(`customers.gender.${v}`);
    if (f === 'preferredLanguage') return t(`customers.language.${v}`);
    if (f === 'email' || f.toLowerCase().includes('phone') || f === 'licenseNumber') return <span dir="ltr">{v}</span>;
    return v;
  };

  const matches = c.blacklistMatches ?? [];

  return (
    <>
      <Link to="/customers" className="link text-sm">
        {t('customers.profile.back')}
      </Link>
      <div className="mt-2">
        <PageHeader
          title={c.fullNameEnglish}
          subtitle={
            <span className="flex flex-wrap items-center gap-2">
              {c.fullNameArabic && <span dir="rtl">{c.fullNameArabic}</span>}
              <TierBadge tier={c.loyaltyTier} />
              {c.isVip && <VipBadge />}
              <ActiveBadge active={c.isActive} />
            </span>
          }
          actions={
            can('customersEdit') ? (
              <>
                <button
                  type="button"
                  className="btn-secondary"
                  aria-pressed={c.isVip}
                  disabled={pending}
                  onClick={() => void toggleVip()}
                >
                  {c.isVip ? t('customers.unvipAction') : t('customers.vipAction')}
                </button>
                {c.isActive ? (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={pending}
                    onClick={() => setConfirmDeactivate(true)}
                  >
                    {t('customers.deactivate')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={pending}
                    onClick={() => void setActive(true)}
                  >
                    {t('customers.activate')}
                  </button>
                )}
                <button type="button" className="btn-primary" onClick={() => setEditing(true)}>
                  {t('customers.editCustomer')}
                </button>
              </>
            ) : undefined
          }
        />
      </div>

      {matches.length > 0 && (
        <section
          role="alert"
          data-testid="blacklist-warning"
          className="mb-6 rounded-ui-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
        >
          <h2 className="font-semibold">⚠ {t('customers.profile.blacklistTitle')}</h2>
          <p className="mt-1 text-sm">{t('customers.profile.blacklistBody')}</p>
          <ul className="mt-3 space-y-2">
            {matches.map((m) => (
              <li key={m.entry.id} className="text-sm">
                <span className="font-medium">{m.entry.fullName}</span>
                {' · '}
                {t('customers.profile.matchedOn')}: {m.reasons.map((r) => t(`customers.matchReason.${r}`)).join(', ')}
                {' · '}
                <span className="font-medium">
                  {m.strong ? t('customers.profile.strong') : t('customers.profile.weak')}
                </span>
                <div>{t('customers.profile.blacklistReason', { reason: m.entry.reason })}</div>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <section className="card lg:col-span-2" aria-labelledby="details-title">
          <h2 id="details-title" className="mb-3 font-semibold">
            {t('customers.profile.details')}
          </h2>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {DETAIL_FIELDS.map((f) => (
              <div key={f} className={f === 'internalNotes' || f === 'fullAddress' ? 'sm:col-span-2' : undefined}>
                <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{t(`customers.field.${f}`)}</dt>
                <dd className="mt-0.5 text-sm">{display(f)}</dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="space-y-6">
          <section className="card" aria-labelledby="driver-title" data-testid="driver-card">
            <h2 id="driver-title" className="mb-3 font-semibold">
              {t('customers.profile.driver')}
            </h2>
            <p className="text-sm">
              {c.age === null ? t('customers.profile.ageUnknown') : t('customers.profile.age', { age: c.age })}
            </p>
            {c.eligibleToRent !== null && (
              <p
                className={`mt-1 text-sm font-medium ${c.eligibleToRent ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'}`}
              >
                {c.eligibleToRent ? t('customers.profile.eligible') : t('customers.profile.notEligible')}
              </p>
            )}
            {c.youngDriver && (
              <p className="mt-2 text-sm">
                <span
                  className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
                  data-testid="young-driver"
                >
                  {t('customers.profile.youngDriver')}
                </span>
                <span className="ms-2 text-slate-600 dark:text-slate-300">
                  {t('customers.profile.youngDriverHint')}
                </span>
              </p>
            )}
            <p className="mt-3 flex items-center gap-2 text-sm">
              {t('customers.profile.licenceStatus')}: <LicenceBadge status={c.licenseStatus} />
            </p>
          </section>

          <section className="card" aria-labelledby="loyalty-title">
            <h2 id="loyalty-title" className="mb-3 font-semibold">
              {t('customers.profile.loyalty')}
            </h2>
            <p className="flex items-center gap-2">
              <TierBadge tier={c.loyaltyTier} />
              <span className="text-sm">{t('customers.scorePoints', { score: c.loyaltyScore })}</span>
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-600 dark:text-slate-300">{t('customers.field.completedRentals')}</dt>
              <dd className="tabular-nums">{c.completedRentals}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{t('customers.field.rentalsCount')}</dt>
              <dd className="tabular-nums">{c.rentalsCount}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{t('customers.field.totalSpend')}</dt>
              <dd className="tabular-nums">{money(c.totalSpend)}</dd>
              <dt className="text-slate-600 dark:text-slate-300">{t('customers.field.lastRentalDate')}</dt>
              <dd className="tabular-nums">{c.lastRentalDate ? date(c.lastRentalDate) : '—'}</dd>
            </dl>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
              {c.loyaltyNext
                ? t('customers.nextTier', {
                    rentals: c.loyaltyNext.rentalsNeeded,
                    spend: money(c.loyaltyNext.spendNeeded),
                    tier: t(`customers.tier.${c.loyaltyNext.tier}`),
                  })
                : t('customers.topTier')}
            </p>
          </section>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <CustomerNotes customerId={c.id} />
        <OwnerDocuments scope="customer" ownerId={c.id} canEdit={can('documentsCustomer')} className="" />
      </div>
      <CustomerRentals customerId={c.id} />
      <div className="mt-4">
        <CustomerInvoices customerId={c.id} />
      </div>

      <Modal open={editing} onClose={() => setEditing(false)} title={t('customers.editCustomer')} wide="extra">
        {editing && <CustomerForm customer={c} onSubmit={save} onCancel={() => setEditing(false)} />}
      </Modal>
      <ConfirmDialog
        open={confirmDeactivate}
        title={t('customers.confirmDeactivateTitle')}
        body={t('customers.confirmDeactivateBody', { name: c.fullNameEnglish })}
        confirmLabel={t('customers.deactivate')}
        pending={pending}
        onConfirm={() => void setActive(false)}
        onClose={() => setConfirmDeactivate(false)}
      />
    </>
  );
}
