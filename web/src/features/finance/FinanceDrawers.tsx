/**
 * The finance drawers (issue 10; spec: "Drawers exist for the operational charges ledger and bank
 * account statement"). The statement: opening balance, the period's movements with the running
 * balance, closing balance, CSV and PDF downloads (server-made, in the reader's language). The
 * operational charges ledger: the period's expenses by category with the total. Both read the GL.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { formatIban } from '../../../../shared/finance/iban';
import { Drawer } from '../../components/Drawer';
import { ErrorPanel } from '../../components/Dialogs';
import { FormField } from '../../components/FormField';
import { ListTable } from '../../components/ListKit';
import { TableSkeleton } from '../../components/Skeletons';
import { useLanguage, useT } from '../../i18n';
import { useFormat } from '../../lib/format';
import { DownloadButtons } from '../accounting/ReportKit';
import { monthStart, useToday } from '../accounting/accounting-api';
import { OPERATIONAL_PATH, type MoneyAccount, type OperationalCharges } from './finance-api';
import { apiPath } from '../../lib/api-client';

interface StatementLine {
  entryId: string;
  entryNumber: string;
  date: string;
  description: string;
  debit: number;
  credit: number;
  balance: number;
}
interface Statement {
  opening: number;
  closing: number;
  totalDebit: number;
  totalCredit: number;
  items: StatementLine[];
  nextCursor: string | null;
}

function PeriodFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (p: { from: string; to: string }) => void;
}) {
  const t = useT();
  return (
    <div className="mb-4 flex flex-wrap gap-3">
      <FormField label={t('finance.money.periodFrom')}>
        <input
          className="field-input"
          type="date"
          name="from"
          value={from}
          max={to}
          onChange={(e) => e.target.value && onChange({ from: e.target.value, to })}
        />
      </FormField>
      <FormField label={t('finance.money.periodTo')}>
        <input
          className="field-input"
          type="date"
          name="to"
          value={to}
          min={from}
          onChange={(e) => e.target.value && onChange({ from, to: e.target.value })}
        />
      </FormField>
    </div>
  );
}

function usePeriod() {
  const today = useToday();
  return useState({ from: monthStart(today), to: today });
}

export function StatementDrawer({
  account,
  name,
  onClose,
}: {
  account: MoneyAccount | null;
  name: string;
  onClose: () => void;
}) {
  const t = useT();
  const f = useFormat();
  const m = (k: string) => t(`finance.money.${k}`);
  const [period, setPeriod] = usePeriod();
  const path = account
    ? `${apiPath('getAccountStatement', { id: account.id })}?from=${period.from}&to=${period.to}`
    : null;
  const { data, error, mutate } = useSWR<Statement>(path ? `${path}&limit=500` : null);
  const amount = (v: number) => (v ? f.money(v) : '');
  return (
    <Drawer
      open={account !== null}
      onClose={onClose}
      title={t('finance.money.statementTitle', { account: name })}
      subtitle={
        account?.iban ? (
          <span dir="ltr" className="font-mono" data-testid="statement-iban">
            {formatIban(account.iban)}
          </span>
        ) : account ? (
          `${account.code}`
        ) : null
      }
      actions={path ? <DownloadButtons path={path} disabled={!data} /> : null}
    >
      <PeriodFields from={period.from} to={period.to} onChange={setPeriod} />
      {error ? (
        <ErrorPanel title={m('statementFailed')} onRetry={() => void mutate()} />
      ) : !data ? (
        <TableSkeleton rows={5} />
      ) : (
        <ListTable
          compact
          testId="statement-table"
          columns={[
            t('finance.entries.date'),
            m('description'),
            { label: m('moneyIn'), end: true },
            { label: m('moneyOut'), end: true },
            { label: m('runningBalance'), end: true },
          ]}
          footer={
            <tr className="border-t-2 border-slate-300 font-semibold dark:border-slate-600" data-row="closing">
              <td className="px-2 py-2" colSpan={2}>
                {m('closing')}
              </td>
              <td className="px-2 py-2 text-end tabular-nums">{f.money(data.totalDebit)}</td>
              <td className="px-2 py-2 text-end tabular-nums">{f.money(data.totalCredit)}</td>
              <td className="px-2 py-2 text-end tabular-nums" data-testid="statement-closing">
                {f.money(data.closing)}
              </td>
            </tr>
          }
        >
          <tr className="font-semibold" data-row="opening">
            <td className="px-2 py-2" colSpan={4}>
              {m('opening')}
            </td>
            <td className="px-2 py-2 text-end tabular-nums">{f.money(data.opening)}</td>
          </tr>
          {data.items.length === 0 && (
            <tr>
              <td className="px-2 py-4 text-center text-slate-500" colSpan={5}>
                {m('noMovements')}
              </td>
            </tr>
          )}
          {data.items.map((l) => (
            <tr key={`${l.entryId}-${l.debit}-${l.credit}`} className="border-t border-slate-100 dark:border-slate-800">
              <td className="whitespace-nowrap px-2 py-2">{f.date(l.date)}</td>
              <td className="px-2 py-2">
                {l.description}
                <span className="ms-2 text-xs text-slate-500">{l.entryNumber}</span>
              </td>
              <td className="px-2 py-2 text-end tabular-nums text-green-700 dark:text-green-300">{amount(l.debit)}</td>
              <td className="px-2 py-2 text-end tabular-nums text-red-700 dark:text-red-300">{amount(l.credit)}</td>
              <td className="px-2 py-2 text-end tabular-nums">{f.money(l.balance)}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </Drawer>
  );
}

export function OperationalChargesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const f = useFormat();
  const { language } = useLanguage();
  const m = (k: string) => t(`finance.money.${k}`);
  const [period, setPeriod] = usePeriod();
  const { data, error, mutate } = useSWR<OperationalCharges>(
    open ? `${OPERATIONAL_PATH}?from=${period.from}&to=${period.to}` : null,
  );
  return (
    <Drawer open={open} onClose={onClose} title={m('operationalTitle')} subtitle={m('operationalSubtitle')}>
      <PeriodFields from={period.from} to={period.to} onChange={setPeriod} />
      {error ? (
        <ErrorPanel title={m('operationalFailed')} onRetry={() => void mutate()} />
      ) : !data ? (
        <TableSkeleton rows={5} />
      ) : data.items.length === 0 ? (
        <p className="py-6 text-center text-slate-500">{m('operationalEmpty')}</p>
      ) : (
        <ListTable
          compact
          testId="operational-table"
          columns={[t('finance.entries.category'), { label: t('finance.entries.amount'), end: true }]}
          footer={
            <tr className="border-t-2 border-slate-300 font-semibold dark:border-slate-600">
              <td className="px-2 py-2">{m('total')}</td>
              <td className="px-2 py-2 text-end tabular-nums" data-testid="operational-total">
                {f.money(data.total)}
              </td>
            </tr>
          }
        >
          {data.items.map((r) => (
            <tr key={r.accountId} className="border-t border-slate-100 dark:border-slate-800">
              <td className="px-2 py-2">
                {r.category ? t(`finance.entries.categories.${r.category}`) : language === 'ar' ? r.nameAr : r.name}
                <span className="ms-2 text-xs text-slate-500">{r.code}</span>
              </td>
              <td className="px-2 py-2 text-end tabular-nums">{f.money(r.amount)}</td>
            </tr>
          ))}
        </ListTable>
      )}
    </Drawer>
  );
}
