import { ulid } from 'ulid';
import { chartLocalisation, chartMismatches, type ChartMismatch } from '../../shared/accounting/chart';
import { BUCKET_SHARDS } from '../../shared/accounting/journal';
import { vatCodeInfo } from '../../shared/accounting/vat';
import { vatReturn } from '../../shared/accounting/vat-return';
import type { RegionCode } from '../../shared/regions';
import { tenantPk } from '../lib/data/keys';
import { getItem, queryPage, transact, tx, type TransactItem } from '../lib/data/repo';
import { retryOnConflict } from '../lib/data/counters';
import { readCompany } from './deps';
import { accountKey, accountShardKey, glLinePk, journalCounterKey, settingsKey, type AccountItem } from './model';
import { CHART_VERSION, ensureAccounting, newAccountItems, readAccounts } from './setup';

/**
 * Localisation of a company's books (issue 26, DESIGN.md §14): its region fixes the chart of
 * accounts (VAT input or not, the tax accounts' names), the tax codes its postings carry (the
 * accounting settings' `region`: the engine accepts only that region's codes, rentals and
 * invoices take its standard code) and the VAT return layout (VAT 201, KSA return, Jordan GST,
 * US sales tax — also from that `region`).
 *
 * - `localisationItems` — the items that move the books to a region, for the CALLER's
 *   transaction (the settings domain writes them with the company's new region: never a
 *   half-switched company). Accounts are never deleted: an account the new region has no use
 *   for (VAT input in a US company) is deactivated, and re-activated if the company moves back.
 * - `localiseBooks` — the same as its own transaction, retried: the migration and a repair.
 * - `hasPostings` — whether the company has posted anything (a region change is refused then).
 * - `localisationProblems` — the self-check's "chart, tax codes and VAT report layout match the
 *   company's region".
 */

/** Whether the company's journal holds any entry (one item read). */
export async function hasPostings(tenantId: string): Promise<boolean> {
  const page = await queryPage({ tenantId, pk: tenantPk(tenantId, 'JOURNAL'), limit: 1, consistent: true });
  return page.items.length > 0;
}

async function accountHasLines(tenantId: string, accountId: string): Promise<boolean> {
  return (await queryPage({ tenantId, pk: glLinePk(tenantId, accountId), limit: 1 })).items.length > 0;
}

const shardUpdates = (tenantId: string, accountId: string, inactive: boolean): TransactItem[] =>
  Array.from({ length: BUCKET_SHARDS }, (_, shard) =>
    tx.raw('Update', {
      Key: accountShardKey(tenantId, accountId, shard),
      UpdateExpression: inactive
        ? 'SET entityType = :et, accountId = :a, inactive = :true'
        : 'SET entityType = :et, accountId = :a REMOVE inactive',
      ExpressionAttributeValues: inactive
        ? { ':et': 'ACCOUNT_BALANCE', ':a': accountId, ':true': true }
        : { ':et': 'ACCOUNT_BALANCE', ':a': accountId },
    }),
  );

export interface Localisation {
  items: TransactItem[];
  /** False when the books already agree with the region (items then only hold the guards). */
  changed: boolean;
  from: string;
}

/**
 * The items moving the books to `region`. Creates the books first when missing (in the region
 * they have now). The accounting settings' version is a condition (two localisations, or one
 * racing a new account, cannot both pass). With `unposted`, a ConditionCheck on the journal's
 * entry counter as read refuses the transaction if a posting started meanwhile (the caller has
 * checked `hasPostings`). An account with lines is never deactivated (the migration of a
 * company that has posted keeps its history; its other accounts are still localised).
 */
export async function localisationItems(
  tenantId: string,
  region: RegionCode,
  opts: { unposted?: boolean } = {},
): Promise<Localisation> {
  const [settings, counter] = await Promise.all([
    ensureAccounting(tenantId),
    opts.unposted ? getItem(journalCounterKey(tenantId), true) : undefined,
  ]);
  const accounts = await readAccounts(tenantId);
  const byCode = new Map(accounts.map((a) => [a.code, a]));
  const plan = chartLocalisation(region, accounts);
  const now = new Date().toISOString();
  const items: TransactItem[] = [];
  const idByCode = new Map(accounts.map((a) => [a.code, a.id]));
  for (const c of plan.add) {
    const id = ulid();
    idByCode.set(c.code, id);
    const parentId = c.parentCode ? (idByCode.get(c.parentCode) ?? null) : null;
    items.push(
      ...newAccountItems(
        tenantId,
        {
          id,
          code: c.code,
          name: c.name,
          nameAr: c.nameAr,
          type: c.type,
          parentId,
          isGroup: c.isGroup,
          isActive: true,
          isSystem: c.isSystem === true,
          description: null,
        },
        now,
      ).map((it) => tx.putNew(it)),
    );
  }
  // One update per account (an account both re-activated and renamed gets one item).
  const changes = new Map<string, Record<string, unknown>>();
  const change = (code: string, c: Record<string, unknown>) => changes.set(code, { ...changes.get(code), ...c });
  for (const code of plan.activate) change(code, { isActive: true });
  for (const r of plan.rename) change(r.code, { name: r.name, nameAr: r.nameAr });
  for (const code of plan.deactivate) {
    const a = byCode.get(code)!;
    if (!a.isGroup && (await accountHasLines(tenantId, a.id))) continue;
    change(code, { isActive: false });
  }
  // A group is deactivated only with its leaves: a group still holding an active account stays.
  for (const code of plan.deactivate) {
    const a = byCode.get(code)!;
    if (a.isGroup && accounts.some((x) => x.parentId === a.id && x.isActive && changes.get(x.code)?.isActive !== false))
      changes.delete(code);
  }
  for (const [code, c] of changes) {
    const a = byCode.get(code) as AccountItem;
    items.push(tx.update(accountKey(tenantId, a.id), a.version, c, now));
    if (!a.isGroup && c.isActive !== undefined) items.push(...shardUpdates(tenantId, a.id, c.isActive === false));
  }
  const changed = items.length > 0 || settings.region !== region;
  items.push(
    tx.update(
      settingsKey(tenantId),
      settings.version,
      { region, accountIds: Object.fromEntries(idByCode), chartVersion: CHART_VERSION },
      now,
    ),
  );
  if (opts.unposted) {
    items.push(
      counter
        ? tx.condition(journalCounterKey(tenantId), '#v = :n', { '#v': 'value' }, { ':n': counter.value })
        : tx.condition(journalCounterKey(tenantId), 'attribute_not_exists(pk)'),
    );
  }
  return { items, changed, from: settings.region };
}

/**
 * Localises the books to the company's region (or `region`) in their own transaction; idempotent, safe to run
 * concurrently.
 */
export async function localiseBooks(
  tenantId: string,
  region?: RegionCode,
): Promise<{ changed: boolean; from: string; to: RegionCode }> {
  const to = region ?? (await readCompany(tenantId)).region;
  return retryOnConflict(async () => {
    const l = await localisationItems(tenantId, to);
    if (l.changed) await transact(l.items);
    return { changed: l.changed, from: l.from, to };
  }, 12);
}

export interface LocalisationProblem {
  part: 'chart' | 'taxCodes' | 'vatReport' | 'postedCodes';
  [k: string]: unknown;
}

/**
 * Where the books disagree with the company's region: the chart (chartMismatches), the tax codes
 * and the VAT return layout (the books' region), and VAT codes of another region already posted
 * (`postedCodes`: the VAT buckets' codes; such postings stay as they were, the return of the
 * region does not count them).
 */
export function localisationProblems(input: {
  companyRegion: RegionCode;
  booksRegion: string;
  accounts: readonly AccountItem[];
  postedVatCodes: readonly string[];
}): LocalisationProblem[] {
  const { companyRegion } = input;
  const out: LocalisationProblem[] = (
    chartMismatches(companyRegion, input.accounts) as (ChartMismatch & Record<string, unknown>)[]
  ).map((m) => ({ part: 'chart' as const, ...m }));
  if (input.booksRegion !== companyRegion) {
    out.push({ part: 'taxCodes', companyRegion, booksRegion: input.booksRegion });
    const expected = vatReturn(companyRegion, {}).layout;
    const actual = vatReturn(input.booksRegion as RegionCode, {}).layout;
    if (expected !== actual) out.push({ part: 'vatReport', expected, actual });
  }
  const foreign = input.postedVatCodes.filter((c) => vatCodeInfo(c)?.region !== companyRegion);
  if (foreign.length) out.push({ part: 'postedCodes', codes: [...new Set(foreign)] });
  return out;
}
