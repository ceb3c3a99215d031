/**
 * /customers: the directory. Search (English or Arabic name, phone, email, licence), VIP and tier
 * filters, active/inactive/all, sort, server-side pages ("Load more" follows the API cursor; a
 * filtered page can come back short, so short pages are followed automatically a few times).
 * VIP toggles in the table; deactivating asks first. The loyalty tier thresholds are explained
 * on the page. Filters persist in the client state (spec: persisted customer filters).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import useSWRInfinite from 'swr/infinite';
import { CUSTOMER_SORTS } from '../../../../shared/schemas/customers';
import { LOYALTY_THRESHOLDS, LOYALTY_TIERS } from '../../../../shared/customers/loyalty';
import { PageHeader } from '../../components/PageHeader';
import { TableSkeleton } from '../../components/Skeletons';
import { toast } from '../../components/toast/toast-store';
import { useT } from '../../i18n';
import { setAppState, useAppState } from '../../lib/persisted-state';
import { ActiveBadge, ConfirmDialog, ErrorPanel, FilterSelect, Modal, TierBadge } from './components';
import { CustomerForm } from './CustomerForm';
import {
  customerApi, CUSTOMERS_PATH, failureDescription, LIVE, serverFieldErrors, useCan, useInvalidateCustomers, useMoneyMinor,
  type Customer, type Page,
} from './customer-api';

interface Filters {
  search: string;
  vip: '' | 'true' | 'false';
  tier: string;
  status: 'active' | 'inactive' | 'all';
  sort: string;
}

const PAGE_SIZE = 25;
/** How many short filtered pages are followed automatically before "Load more" takes over. */
const AUTO_FOLLOW_PAGES = 6;

function readFilters(stored: Record<string, unknown>): Filters {
  const str = (k: string) => (typeof stored[k] === 'string' ? (stored[k] as string) : '');
  return {
    search: str('search'),
    vip: str('vip') === 'true' || str('vip') === 'false' ? (str('vip') as 'true' | 'false') : '',
    tier: (LOYALTY_TIERS as readonly string[]).includes(str('tier')) ? str('tier') : '',
    status: str('status') === 'inactive' || str('status') === 'all' ? (str('status') as 'inactive' | 'all') : 'active',
    sort: (CUSTOMER_SORTS as readonly string[]).includes(str('sort')) ? str('sort') : 'newest',
  };
}

export default function CustomersPage() {
  const t = useT();
  const can = useCan();
  const navigate = useNavigate();
  const moneyMinor = useMoneyMinor();
  const invalidate = useInvalidateCustomers();
  const stored = useAppState((s) => s.customerFilters);
  const filters = useMemo(() => readFilters(stored), [stored]);
  const [searchDraft, setSearchDraft] = useState(filters.search);
  const [adding, setAdding] = useState(false);
  const [pendingVip, setPendingVip] = useState<string | null>(null);
  const [deactivating, setDeactivating] = useState<Customer | null>(null);
  const [pendingActive, setPendingActive] = useState(false);

  const update = (patch: Partial<Filters>) => setAppState((s) => ({ customerFilters: { ...s.customerFilters, ...patch } }));

  useEffect(() => {
    if (searchDraft.trim() === filters.search) return;
    const timer = setTimeout(() => update({ search: searchDraft.trim() }), 300);
    return () => clearTimeout(timer);
  }, [searchDraft, filters.search]);

  const query = useMemo(() => {
    const p = new URLSearchParams({ limit: String(PAGE_SIZE), sort: filters.sort, status: filters.status });
    if (filters.search) p.set('search', filters.search);
    if (filters.vip) p.set('isVip', filters.vip);
    if (filters.tier) p.set('tier', filters.tier);
    return p.toString();
  }, [filters]);

  const getKey = (index: number, previous: Page<Customer> | null) => {
    if (index > 0 && !previous?.nextCursor) return null;
    return `${CUSTOMERS_PATH}?${query}${index > 0 ? `&cursor=${encodeURIComponent(previous!.nextCursor!)}` : ''}`;
  };
  const list = useSWRInfinite<Page<Customer> | null>(getKey, LIVE);
  const visible = { mutate: () => list.mutate() };
  const pages = list.data ?? [];
  const customers = pages.flatMap((p) => p?.items ?? []);
  const nextCursor = pages.length ? pages[pages.length - 1]?.nextCursor ?? null : null;
  const loadingFirst = !list.data && !list.error;
  const loadingMore = list.isValidating && list.size > pages.length;
  const filtered = !!(filters.search || filters.vip || filters.tier || filters.status !== 'active');

  // Filters are applied by DynamoDB after reading a page, so a page may hold few matches while
  // more exist: keep reading a few pages until one screenful is there.
  useEffect(() => {
    if (!list.isValidating && nextCursor && customers.length < PAGE_SIZE && list.size < AUTO_FOLLOW_PAGES && pages.length === list.size) {
      void list.setSize(list.size + 1);
    }
  }, [list.isValidating, nextCursor, customers.length, list.size, pages.length]);

  const create = async (body: Record<string, unknown>) => {
    try {
      const customer = await customerApi.create(body);
      toast({ variant: 'success', title: t('customers.added'), description: customer.fullNameEnglish });
      invalidate(customer, visible);
      setAdding(false);
      navigate(`/customers/${customer.id}`);
      return {};
    } catch (error) {
      toast({ variant: 'destructive', title: t('customers.createFailed'), description: failureDescription(t, error) });
      return serverFieldErrors(t, error);
    }
  };

  const toggleVip = async (c: Customer) => {
    setPendingVip(c.id);
    try {
      const updated = await customerApi.setVip(c, !c.isVip);
      toast({ variant: 'success', title: updated.isVip ? t('customers.vipOn', { name: c.fullNameEnglish }) : t('customers.vipOff', { name: c.fullNameEnglish }) });
      invalidate(updated, visible);
    } catch (error) {
      toast({ variant: 'destructive', title: t('customers.vipFailed'), description: failureDescription(t, error) });
    } finally {
      setPendingVip(null);
    }
  };

  const setActive = async (c: Customer, isActive: boolean) => {
    setPendingActive(true);
    try {
      const updated = await customerApi.setActive(c, isActive);
      toast({ variant: 'success', title: isActive ? t('customers.activated') : t('customers.deactivated'), description: c.fullNameEnglish });
      invalidate(updated, visible);
      setDeactivating(null);
    } catch (error) {
      toast({ variant: 'destructive', title: t('customers.activeFailed'), description: failureDescription(t, error) });
    } finally {
      setPendingActive(false);
    }
  };

  const clear = () => {
    setSearchDraft('');
    update({ search: '', vip: '', tier: '', status: 'active' });
  };

  return (
    <>
      <PageHeader
        title={t('customers.title')}
        subtitle={t('customers.subtitle')}
        actions={can('customersEdit') ? <button type="button" className="btn-primary" onClick={() => setAdding(true)}>{t('customers.addCustomer')}</button> : undefined}
      />

      <section aria-label={t('customers.searchLabel')} className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="customer-search" className="field-label">{t('customers.searchLabel')}</label>
          <input id="customer-search" type="search" className="field-input" placeholder={t('customers.searchPlaceholder')} value={searchDraft} onChange={(e) => setSearchDraft(e.target.value)} />
        </div>
        <FilterSelect id="customer-vip" label={t('customers.filterVip')} value={filters.vip} onChange={(vip) => update({ vip: vip as Filters['vip'] })}
          options={[['', t('customers.allCustomers')], ['true', t('customers.vipOnly')], ['false', t('customers.nonVip')]]} />
        <FilterSelect id="customer-tier" label={t('customers.filterTier')} value={filters.tier} onChange={(tier) => update({ tier })}
          options={[['', t('customers.allTiers')], ...LOYALTY_TIERS.map((x) => [x, t(`customers.tier.${x}`)] as [string, string])]} />
        <FilterSelect id="customer-status" label={t('customers.filterStatus')} value={filters.status} onChange={(status) => update({ status: status as Filters['status'] })}
          options={(['active', 'inactive', 'all'] as const).map((s) => [s, t(`customers.statusFilter.${s}`)] as [string, string])} />
        <FilterSelect id="customer-sort" label={t('customers.sortLabel')} value={filters.sort} onChange={(sort) => update({ sort })}
          options={CUSTOMER_SORTS.map((s) => [s, t(`customers.sort.${s}`)] as [string, string])} />
      </section>

      {loadingFirst ? (
        <TableSkeleton rows={8} columns={5} />
      ) : list.error && !customers.length ? (
        <ErrorPanel title={t('customers.loadFailed')} onRetry={() => void list.mutate()} />
      ) : customers.length === 0 && !nextCursor && !loadingMore ? (
        <div className="card text-center">
          <p className="font-medium">{filtered ? t('customers.noMatchesTitle') : t('customers.emptyTitle')}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{filtered ? t('customers.noMatchesBody') : t('customers.emptyBody')}</p>
          {filtered ? (
            <button type="button" className="btn-secondary mt-4" onClick={clear}>{t('customers.clearFilters')}</button>
          ) : can('customersEdit') ? (
            <button type="button" className="btn-primary mt-4" onClick={() => setAdding(true)}>{t('customers.addCustomer')}</button>
          ) : null}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-ui-lg border border-slate-200 dark:border-slate-800">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                {(['name', 'contact', 'licence', 'tier', 'vip', 'status'] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 text-start font-semibold">{t(`customers.column.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {customers.map((c) => (
                <tr key={c.id} data-customer-id={c.id}>
                  <td className="px-3 py-2">
                    <Link to={`/customers/${c.id}`} className="link font-medium">{c.fullNameEnglish}</Link>
                    {c.fullNameArabic && <div dir="rtl" className="text-start text-slate-600 dark:text-slate-300">{c.fullNameArabic}</div>}
                  </td>
                  <td className="px-3 py-2">
                    {c.phone && <div dir="ltr" className="text-start">{c.phone}</div>}
                    {c.email && <div className="text-slate-600 dark:text-slate-300">{c.email}</div>}
                  </td>
                  <td className="px-3 py-2 font-mono" dir="ltr">{c.licenseNumber ?? '—'}</td>
                  <td className="px-3 py-2"><TierBadge tier={c.loyaltyTier} /></td>
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className={`rounded-full px-2 py-1 text-lg leading-none ${c.isVip ? 'text-amber-500' : 'text-slate-400'} disabled:opacity-50`}
                      aria-pressed={c.isVip}
                      aria-label={c.isVip ? t('customers.unmarkVip', { name: c.fullNameEnglish }) : t('customers.markVip', { name: c.fullNameEnglish })}
                      title={c.isVip ? t('customers.unmarkVip', { name: c.fullNameEnglish }) : t('customers.markVip', { name: c.fullNameEnglish })}
                      disabled={!can('customersEdit') || pendingVip === c.id}
                      onClick={() => void toggleVip(c)}
                    >
                      {c.isVip ? '★' : '☆'}
                    </button>
                  </td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap items-center gap-2">
                      <ActiveBadge active={c.isActive} />
                      {can('customersEdit') && (c.isActive ? (
                        <button type="button" className="link text-xs" onClick={() => setDeactivating(c)}>{t('customers.deactivate')}</button>
                      ) : (
                        <button type="button" className="link text-xs" disabled={pendingActive} onClick={() => void setActive(c, true)}>{t('customers.activate')}</button>
                      ))}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {nextCursor && (
        <div className="mt-4 text-center">
          <button type="button" className="btn-secondary" disabled={loadingMore} onClick={() => void list.setSize(list.size + 1)}>
            {loadingMore ? t('customers.loadingMore') : t('customers.loadMore')}
          </button>
        </div>
      )}

      <section className="card mt-8" aria-labelledby="tiers-title">
        <h2 id="tiers-title" className="font-semibold">{t('customers.tiersTitle')}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('customers.tiersIntro')}</p>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {LOYALTY_THRESHOLDS.map((th) => (
            <li key={th.tier} className="rounded-ui border border-slate-200 p-3 dark:border-slate-800" data-tier-threshold={th.tier}>
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
