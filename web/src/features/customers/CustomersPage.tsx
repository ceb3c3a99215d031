/**
 * /customers: the directory. Search (English or Arabic name, phone, email, licence), VIP and tier
 * filters, active/inactive/all, sort, server-side pages ("Load more" follows the API cursor; a
 * filtered page can come back short, so short pages are followed automatically a few times).
 * VIP toggles in the table; deactivating asks first. The loyalty tier thresholds are explained
 * on the page. Filters persist in the client state (spec: persisted customer filters).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CUSTOMER_SORTS } from '../../../../shared/schemas/customers';
import { LOYALTY_THRESHOLDS, LOYALTY_TIERS } from '../../../../shared/customers/loyalty';
import { FilterSelect } from '../../components/FilterSelect';
import { EmptyList, ListState, ListTable, LoadMoreButton, SearchField } from '../../components/ListKit';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { toastApiError } from '../../lib/api-errors';
import { readOneOf, readString, usePersistedFilters } from '../../lib/persisted-filters';
import type { Filters as StoredFilters } from '../../lib/persisted-state';
import { useCan } from '../../lib/use-can';
import { useCursorList } from '../../lib/use-cursor-list';
import { ActiveBadge, ConfirmDialog, Modal, TierBadge } from './components';
import { CustomerForm } from './CustomerForm';
import { customerApi, LIVE, useInvalidateCustomers, useMoneyMinor, type Customer } from './customer-api';
import { type BodyOf } from '../../lib/api-client';

const PAGE_SIZE = 25;
const STATUS_FILTERS = ['active', 'inactive', 'all'] as const;

function readFilters(stored: StoredFilters) {
  return {
    q: readString(stored, 'q'),
    isVip: readOneOf(stored, 'isVip', ['true', 'false'] as const, ''),
    tier: readOneOf(stored, 'tier', LOYALTY_TIERS, ''),
    status: readOneOf(stored, 'status', STATUS_FILTERS, 'active') || 'active',
    sort: readOneOf(stored, 'sort', CUSTOMER_SORTS, 'newest') || 'newest',
  };
}
type CustomerFilters = ReturnType<typeof readFilters>;

export default function CustomersPage() {
  const t = useT();
  const can = useCan();
  const navigate = useNavigate();
  const moneyMinor = useMoneyMinor();
  const invalidate = useInvalidateCustomers();
  const { filters, update } = usePersistedFilters('customerFilters', readFilters);
  const [adding, setAdding] = useState(false);
  const [pendingVip, setPendingVip] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<Customer | null>(null);
  const [pendingActive, setPendingActive] = useState(false);

  // Short filtered pages are followed by the hook until a screenful is there.
  const list = useCursorList<Customer>('listCustomers', filters, { limit: PAGE_SIZE, swr: LIVE });
  const customers = list.items;
  const filtered = !!(filters.q || filters.isVip || filters.tier || filters.status !== 'active');

  const create = async (body: Record<string, unknown>) => {
    try {
      // The form's draft: the server checks it against the route's body schema (400 with field errors).
      const customer = await customerApi.create(body as BodyOf<'createCustomer'>);
      toast({ variant: 'success', title: t('customers.added'), description: customer.fullNameEnglish });
      invalidate();
      setAdding(false);
      navigate(`/customers/${customer.id}`);
      return {};
    } catch (error) {
      return toastApiError(t('customers.createFailed'), error).fields;
    }
  };

  const toggleVip = async (c: Customer) => {
    setPendingVip(c.id);
    try {
      const updated = await customerApi.setVip(c, !c.isVip);
      toast({
        variant: 'success',
        title: updated.isVip
          ? t('customers.vipOn', { name: c.fullNameEnglish })
          : t('customers.vipOff', { name: c.fullNameEnglish }),
      });
      invalidate();
    } catch (error) {
      toastApiError(t('customers.vipFailed'), error);
    } finally {
      setPendingVip(null);
    }
  };

  const setActive = async (c: Customer, isActive: boolean) => {
    setPendingActive(true);
    try {
      await customerApi.setActive(c, isActive);
      toast({
        variant: 'success',
        title: isActive ? t('customers.activated') : t('customers.deactivated'),
        description: c.fullNameEnglish,
      });
      invalidate();
      setDeactivating(null);
    } catch (error) {
      toastApiError(t('customers.activeFailed'), error);
    } finally {
      setPendingActive(false);
    }
  };

  const clear = () => update({ q: '', isVip: '', tier: '', status: 'active' });

  return (
    <>
      <PageHeader
        title={t('customers.title')}
        subtitle={t('customers.subtitle')}
        actions={
          can('customersEdit') ? (
            <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
              {t('customers.addCustomer')}
            </button>
          ) : undefined
        }
      />

      <section aria-label={t('customers.searchLabel')} className="mb-4 flex flex-wrap items-end gap-3">
        <SearchField
          id="customer-search"
          className="min-w-64 flex-1"
          label={t('customers.searchLabel')}
          placeholder={t('customers.searchPlaceholder')}
          value={filters.q}
          onSearch={(q) => update({ q })}
        />
        <FilterSelect
          id="customer-vip"
          label={t('customers.filterVip')}
          value={filters.isVip}
          onChange={(isVip) => update({ isVip: isVip as CustomerFilters['isVip'] })}
          allLabel={t('customers.allCustomers')}
          options={[
            ['true', t('customers.vipOnly')],
            ['false', t('customers.nonVip')],
          ]}
        />
        <FilterSelect
          id="customer-tier"
          label={t('customers.filterTier')}
          value={filters.tier}
          onChange={(tier) => update({ tier: tier as CustomerFilters['tier'] })}
          allLabel={t('customers.allTiers')}
          options={LOYALTY_TIERS.map((x) => [x, t(`customers.tier.${x}`)] as const)}
        />
        <FilterSelect
          id="customer-status"
          label={t('customers.filterStatus')}
          value={filters.status}
          onChange={(status) => update({ status: status as CustomerFilters['status'] })}
          options={STATUS_FILTERS.map((s) => [s, t(`customers.statusFilter.${s}`)] as const)}
        />
        <FilterSelect
          id="customer-sort"
          label={t('customers.sortLabel')}
          value={filters.sort}
          onChange={(sort) => update({ sort: sort as CustomerFilters['sort'] })}
          options={CUSTOMER_SORTS.map((s) => [s, t(`customers.sort.${s}`)] as const)}
        />
      </section>

      <ListState
        list={list}
        errorTitle={t('customers.loadFailed')}
        empty={
          <EmptyList
            area="customers"
            filtered={filtered}
            onClear={clear}
            action={
              can('customersEdit') ? { label: t('customers.addCustomer'), onClick: () => setAdding(true) } : undefined
            }
          />
        }
      >
        <ListTable
          columns={(['name', 'contact', 'licence', 'tier', 'vip', 'status'] as const).map((c) =>
            t(`customers.column.${c}`),
          )}
        >
          {customers.map((c) => (
            <tr key={c.id} data-customer-id={c.id}>
              <td className="px-3 py-2">
                <Link to={`/customers/${c.id}`} className="link font-medium">
                  {c.fullNameEnglish}
                </Link>
                {c.fullNameArabic && (
                  <div dir="rtl" className="text-start text-slate-600 dark:text-slate-300">
                    {c.fullNameArabic}
                  </div>
                )}
              </td>
              <td className="px-3 py-2">
                {c.phone && (
                  <div dir="ltr" className="text-start">
                    {c.phone}
                  </div>
                )}
                {c.email && <div className="text-slate-600 dark:text-slate-300">{c.email}</div>}
              </td>
              <td className="px-3 py-2 font-mono" dir="ltr">
                {c.licenseNumber ?? '—'}
              </td>
              <td className="px-3 py-2">
                <TierBadge tier={c.loyaltyTier} />
              </td>
              <td className="px-3 py-2">
                <button
                  type="button"
                  className={`rounded-full px-2 py-1 text-lg leading-none ${c.isVip ? 'text-amber-500' : 'text-slate-400'} disabled:opacity-50`}
                  aria-pressed={c.isVip}
                  aria-label={
                    c.isVip
                      ? t('customers.unmarkVip', { name: c.fullNameEnglish })
                      : t('customers.markVip', { name: c.fullNameEnglish })
                  }
                  title={
                    c.isVip
                      ? t('customers.unmarkVip', { name: c.fullNameEnglish })
                      : t('customers.markVip', { name: c.fullNameEnglish })
                  }
                  disabled={!can('customersEdit') || pendingVip === c.id}
                  onClick={() => void toggleVip(c)}
                >
                  {c.isVip ? '★' : '☆'}
                </button>
              </td>
              <td className="px-3 py-2">
                <span className="flex flex-wrap items-center gap-2">
                  <ActiveBadge active={c.isActive} />
                  {can('customersEdit') &&
                    (c.isActive ? (
                      <button type="button" className="link text-xs" onClick={() => setDeactivating(c)}>
                        {t('customers.deactivate')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="link text-xs"
                        disabled={pendingActive}
                        onClick={() => void setActive(c, true)}
                      >
                        {t('customers.activate')}
                      </button>
                    ))}
                </span>
              </td>
            </tr>
          ))}
        </ListTable>
      </ListState>

      <LoadMoreButton list={list} label={t('customers.loadMore')} />

      <section className="card mt-8" aria-labelledby="tiers-title">
        <h2 id="tiers-title" className="font-semibold">
          {t('customers.tiersTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('customers.tiersIntro')}</p>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {LOYALTY_THRESHOLDS.map((th) => (
            <li
              key={th.tier}
              className="rounded-ui border border-slate-200 p-3 dark:border-slate-800"
              data-tier-threshold={th.tier}
            >
              <TierBadge tier={th.tier} />
              <p className="mt-2 text-sm">
                {th.minRentals === 0 && th.minSpendMinor === 0
                  ? t('customers.tierStart')
                  : t('customers.tierRule', { rentals: th.minRentals, spend: moneyMinor(th.minSpendMinor) })}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">{t('customers.scoreRule')}</p>
      </section>

      <Modal open={adding} onClose={() => setAdding(false)} title={t('customers.addCustomer')} wide="extra">
        {adding && <CustomerForm onSubmit={create} onCancel={() => setAdding(false)} />}
      </Modal>
      <ConfirmDialog
        open={!!deactivating}
        title={t('customers.confirmDeactivateTitle')}
        body={t('customers.confirmDeactivateBody', { name: deactivating?.fullNameEnglish ?? '' })}
        confirmLabel={t('customers.deactivate')}
        pending={pendingActive}
        onConfirm={() => deactivating && void setActive(deactivating, false)}
        onClose={() => setDeactivating(null)}
      />
    </>
  );
}
