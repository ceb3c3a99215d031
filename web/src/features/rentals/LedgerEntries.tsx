import { ListTable } from '../../components/ListKit';
import { useT } from '../../i18n';
import { ledgerText, useDateTime, useMoney, type LedgerEntryApi } from './rental-api';
import { ReceiptLink } from '../payments/ReceiptLink';

/**
 * A rental's ledger: a table from the `sm` breakpoint, a stacked card per entry below it, so a
 * phone shows description, amount and status without sideways scrolling. Descriptions are
 * translated from their codes (old English labels are mapped; see shared/rentals/ledger-text.ts).
 */
const STATUS_STYLE: Record<LedgerEntryApi['status'], string> = {
  paid: 'text-emerald-800 dark:text-emerald-300',
  pending: 'text-amber-800 dark:text-amber-300',
  reversed: 'text-slate-600 line-through dark:text-slate-300',
  not_collected: 'text-slate-600 dark:text-slate-300',
};

export function LedgerEntries({
  items,
  canReverse,
  onReverse,
}: {
  items: LedgerEntryApi[];
  canReverse: boolean;
  onReverse: (e: LedgerEntryApi) => void;
}) {
  const t = useT();
  const money = useMoney();
  const when = useDateTime();
  const rows = items.map((e) => ({
    e,
    reversible: canReverse && !e.reversesId && !items.some((x) => x.reversesId === e.id),
    type: `${t(`rentals.types.${e.type}`)}${e.reversesId ? ` · ${t('rentals.detail.reversed')}` : ''}`,
    amount: `${e.type === 'payment' ? '−' : ''}${money(e.amount)}`,
    text: ledgerText(t, e),
  }));
  const amountClass = (e: LedgerEntryApi) =>
    `tabular-nums ${e.type === 'payment' ? 'text-emerald-700 dark:text-emerald-300' : ''}`;
  const reverse = (e: LedgerEntryApi) => (
    <button type="button" className="btn-ghost text-xs" onClick={() => onReverse(e)}>
      {t('rentals.detail.reverse')}
    </button>
  );
  return (
    <>
      <ul className="space-y-2 sm:hidden" data-testid="ledger-cards">
        {rows.map(({ e, reversible, type, amount, text }) => (
          <li
            key={e.id}
            className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
            data-entry-type={e.type}
            data-category={e.category}
          >
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium">{text}</p>
              <p className={`font-semibold ${amountClass(e)}`}>{amount}</p>
            </div>
            <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
              <span>
                {type} · {t(`rentals.categories.${e.category}`)}
                {e.method ? ` · ${t(`rentals.methods.${e.method}`)}` : ''} <ReceiptLink entry={e} />
              </span>
              <span className={`font-medium ${STATUS_STYLE[e.status]}`} data-entry-status={e.status}>
                {t(`rentals.entryStatus.${e.status}`)}
              </span>
            </div>
            <div className="mt-1 flex items-center justify-between text-xs text-slate-500">
              <span>{when(e.postedAt)}</span>
              {reversible && reverse(e)}
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block" data-testid="ledger-table">
        <ListTable
          compact
          columns={[
            ...[
              'detail.type',
              'dialogs.category',
              'dialogs.description',
              'dialogs.method',
              'columns.status',
              'dialogs.amount',
            ].map((k) => t(`rentals.${k}`)),
            <span key="reverse" className="sr-only">
              {t('rentals.detail.reverse')}
            </span>,
          ]}
        >
          {rows.map(({ e, reversible, type, amount, text }) => (
            <tr key={e.id} data-entry-type={e.type} data-category={e.category}>
              <td className="px-2 py-1">{type}</td>
              <td className="px-2 py-1">{t(`rentals.categories.${e.category}`)}</td>
              <td className="px-2 py-1">{text}</td>
              <td className="px-2 py-1">
                {e.method ? t(`rentals.methods.${e.method}`) : '—'} <ReceiptLink entry={e} />
              </td>
              <td className={`px-2 py-1 ${STATUS_STYLE[e.status]}`} data-entry-status={e.status}>
                {t(`rentals.entryStatus.${e.status}`)}
              </td>
              <td className={`px-2 py-1 text-end ${amountClass(e)}`}>{amount}</td>
              <td className="px-2 py-1 text-end">{reversible && reverse(e)}</td>
            </tr>
          ))}
        </ListTable>
      </div>
    </>
  );
}
