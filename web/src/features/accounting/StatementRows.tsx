/** Section rows of a statement (balance sheet, profit and loss): heading, account rows, total. */
import type { ReactNode } from 'react';
import { Amount, Cell, useAccountName } from './ReportKit';

export interface StatementRow {
  accountId: string;
  code: string;
  name: string;
  nameAr: string;
  isGroup: boolean;
  depth: number;
  amount: number;
  previous?: number;
}

export function StatementSection({
  heading,
  totalLabel,
  rows,
  total,
  previousTotal,
  withPrevious = false,
}: {
  heading: ReactNode;
  totalLabel: ReactNode;
  rows: StatementRow[];
  total: number;
  previousTotal?: number;
  withPrevious?: boolean;
}) {
  const name = useAccountName();
  const span = withPrevious ? 4 : 3;
  return (
    <>
      <tr className="bg-slate-50 dark:bg-slate-900">
        <td colSpan={span} className="px-3 py-2 font-semibold">
          {heading}
        </td>
      </tr>
      {rows.map((r) => (
        <tr key={r.accountId}>
          <Cell className="tabular-nums">{r.code}</Cell>
          <Cell strong={r.isGroup}>
            <span style={{ paddingInlineStart: `${r.depth * 1}rem` }}>{name(r)}</span>
          </Cell>
          <Amount value={r.amount} strong={r.isGroup} />
          {withPrevious && <Amount value={r.previous ?? 0} strong={r.isGroup} />}
        </tr>
      ))}
      <tr>
        <Cell />
        <Cell strong>{totalLabel}</Cell>
        <Amount value={total} strong />
        {withPrevious && <Amount value={previousTotal ?? 0} strong />}
      </tr>
    </>
  );
}
