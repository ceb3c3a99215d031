import { addBuckets, periodCover, type Balances } from '../../shared/accounting/reports';
import type { VatCodeTotals } from '../../shared/accounting/vat';
import { queryAll } from '../lib/data/repo';
import { accountShardPk, dayBucketPk, monthBucketPk, vatDayPk, vatMonthPk } from './model';

/**
 * Reads balance buckets (model.ts). Cost is bounded by accounts × periods × shards: whole months
 * from month buckets, partial months from day buckets — independent of the number of entries.
 */
interface BucketRow {
  accountId: string;
  debitMinor?: number;
  creditMinor?: number;
}
interface VatRow {
  vatCode: string;
  baseMinor?: number;
  taxMinor?: number;
}

const END = '#\uffff';

async function rangeOf<T>(tenantId: string, pk: string, from: string, to: string): Promise<T[]> {
  return queryAll<T>({ tenantId, pk, skBetween: [from, to + END], max: 100_000 });
}

/** Movements per account over [from, to] (from null: since the beginning — a balance as of `to`). */
export async function readMovements(tenantId: string, from: string | null, to: string): Promise<Balances> {
  const cover = periodCover(from, to);
  const reads: Promise<BucketRow[]>[] = [];
  if (cover.months) reads.push(rangeOf<BucketRow>(tenantId, monthBucketPk(tenantId), cover.months[0], cover.months[1]));
  for (const [a, b] of cover.days) reads.push(rangeOf<BucketRow>(tenantId, dayBucketPk(tenantId), a, b));
  const balances: Balances = new Map();
  for (const rows of await Promise.all(reads)) addBuckets(rows, balances);
  return balances;
}

/** Lifetime balances per account from the account shards (one Query). */
export async function readLifetimeBalances(tenantId: string): Promise<Balances> {
  const rows = await queryAll<BucketRow>({ tenantId, pk: accountShardPk(tenantId), max: 100_000 });
  return addBuckets(rows);
}

/** Base and tax per VAT code over [from, to]. */
export async function readVatTotals(
  tenantId: string,
  from: string,
  to: string,
): Promise<Record<string, VatCodeTotals>> {
  const cover = periodCover(from, to);
  const reads: Promise<VatRow[]>[] = [];
  if (cover.months) reads.push(rangeOf<VatRow>(tenantId, vatMonthPk(tenantId), cover.months[0], cover.months[1]));
  for (const [a, b] of cover.days) reads.push(rangeOf<VatRow>(tenantId, vatDayPk(tenantId), a, b));
  const out: Record<string, VatCodeTotals> = {};
  for (const rows of await Promise.all(reads)) {
    for (const r of rows) {
      const t = (out[r.vatCode] ??= { baseMinor: 0, taxMinor: 0 });
      t.baseMinor += Number(r.baseMinor ?? 0);
      t.taxMinor += Number(r.taxMinor ?? 0);
    }
  }
  return out;
}
