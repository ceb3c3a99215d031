import { toCsv } from '../../shared/accounting/csv';
import { badRequest } from '../lib/errors';
import type { Reply } from '../lib/http';

/**
 * Report downloads. CSV (RFC 4180, UTF-8 with BOM; shared/accounting/csv.ts) from the same JSON
 * the screens read; names in the requested language.
 */
type Row = Record<string, unknown>;
type Data = Record<string, unknown>;

function csvOf(name: string, data: Data, lang: 'en' | 'ar'): { header: string[]; rows: unknown[][] } {
  const nm = (r: Row) => (lang === 'ar' ? (r.nameAr as string) || (r.name as string) : (r.name as string));
  switch (name) {
    case 'trial-balance': {
      const items = data.items as Row[];
      const totals = data.totals as Row;
      return { header: ['code', 'account', 'type', 'debit', 'credit'], rows: [...items.map((r) => [r.code, nm(r), r.type, r.debit, r.credit]), ['', 'Total', '', totals.debit, totals.credit]] };
    }
    case 'general-ledger': {
      const items = data.items as Row[];
      return {
        header: ['date', 'entryNumber', 'description', 'source', 'debit', 'credit', 'balance'],
        rows: [['', '', 'Opening balance', '', '', '', data.opening], ...items.map((l) => [l.date, l.entryNumber, l.description, l.source, l.debit, l.credit, l.balance]), ['', '', 'Closing balance', '', data.totalDebit, data.totalCredit, data.closing]],
      };
    }
    case 'balance-sheet': {
      const section = (title: string, s: Row) => [[title, '', ''], ...(s.rows as Row[]).map((r) => [r.code, nm(r), r.amount]), ['', `Total ${title.toLowerCase()}`, s.total]];
      return {
        header: ['code', 'account', 'amount'],
        rows: [...section('Assets', data.assets as Row), ...section('Liabilities', data.liabilities as Row), ...section('Equity', data.equity as Row),
          ['', 'Current period earnings', data.currentEarnings], ['', 'Total liabilities and equity', data.totalLiabilitiesAndEquity]],
      };
    }
    case 'profit-loss': {
      const section = (title: string, s: Row) => [[title, '', '', ''], ...(s.rows as Row[]).map((r) => [r.code, nm(r), r.amount, r.previous]), ['', `Total ${title.toLowerCase()}`, s.total, s.previous]];
      return {
        header: ['code', 'account', `${data.from}..${data.to}`, `${data.previousFrom}..${data.previousTo}`],
        rows: [...section('Income', data.income as Row), ...section('Expenses', data.expenses as Row), ['', 'Net income', data.netIncome, data.previousNetIncome]],
      };
    }
    case 'vat-report': {
      const boxes = data.boxes as Row[];
      return { header: ['box', 'description', 'amount', 'vat'], rows: [...boxes.map((b) => [b.box, lang === 'ar' ? b.labelAr : b.label, b.amount, b.vat]), ['', 'Net payable', '', data.netPayable]] };
    }
    default:
      throw badRequest('This report has no export');
  }
}

export async function exportReport(_tenantId: string, name: string, data: unknown, format: string, lang: 'en' | 'ar'): Promise<Reply> {
  if (format !== 'csv') throw badRequest('Unsupported format', { format: 'Choose json or csv' });
  const { header, rows } = csvOf(name, data as Data, lang);
  return {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}.csv"` },
    body: Buffer.from(toCsv(header, rows), 'utf8'),
  };
}
