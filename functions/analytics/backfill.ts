import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { pointRevenueMinor, timeBasedRevenueMinor } from '../../shared/analytics/kpi';
import { ledgerTotals, type LedgerEntryLike } from '../../shared/rentals/ledger';
import { calendarDateInZone } from '../../shared/regions/format';
import { dynamo } from '../lib/clients/dynamo';
import { config } from '../lib/config';
import { tenantPk } from '../lib/data/keys';
import { queryAll, type Item } from '../lib/data/repo';
import { deleteBatch, writeBatch } from '../lib/data/batch';
import {
  DAY_FIELDS,
  groupDeltas,
  ledgerContribution,
  rentalContribution,
  type Delta,
  type RentalFacts,
} from './contribution';
import { maintenanceFactsOf } from './tx';
import { maintenanceContribution } from './contribution';
import { dayPk, dayShardKey, shardOfSource, vmKey, vmPk } from './model';
import { readCompany } from './deps';

/**
 * Recomputes a company's aggregates from its raw items (rentals, their ledgers, maintenance
 * records) — exactly the sums the live writers keep — and replaces the stored ones. Used by the
 * one-off `analytics-backfill` migration (companies that existed before the aggregates), by the
 * demo reset (its seeds write rentals directly) and by the property test as the brute force.
 * Not safe to run while the company is being written to (a change landing between the read and
 * the replace would be lost): the migration runs once, in a quiet hour, like company-timezones.
 */
export interface RawCompany {
  rentals: RentalFacts[];
  ledgers: Map<string, (LedgerEntryLike & { postedAt: string })[]>;
  maintenance: Parameters<typeof maintenanceFactsOf>[0][];
}

export async function readRaw(tenantId: string): Promise<RawCompany> {
  const rentals = await queryAll<RentalFacts & Item>({
    tenantId,
    pk: tenantPk(tenantId, 'RENTAL'),
    consistent: true,
    max: 1_000_000,
  });
  const ledgers = new Map<string, (LedgerEntryLike & { postedAt: string })[]>();
  // A few ledgers at a time: a company's year is hundreds of small partitions.
  for (let i = 0; i < rentals.length; i += 16) {
    await Promise.all(
      rentals.slice(i, i + 16).map(async (r) => {
        ledgers.set(
          r.id,
          await queryAll({ tenantId, pk: tenantPk(tenantId, 'RENTAL_LEDGER', r.id), consistent: true, max: 100_000 }),
        );
      }),
    );
  }
  const maintenance = await queryAll<NonNullable<RawCompany['maintenance'][number]> & Item>({
    tenantId,
    pk: tenantPk(tenantId, 'MAINT'),
    consistent: true,
    max: 1_000_000,
  });
  return { rentals: rentals.filter((r) => r.entityType === 'RENTAL'), ledgers, maintenance };
}

/** Every aggregate item's fields, keyed by item ('D|day|shard' / 'V|month|vehicle'), from raw items. */
export function expectedAggregates(
  raw: RawCompany,
  tz: string,
): Map<string, { sample: Delta; fields: Map<string, number>; shard: number }> {
  const out = new Map<string, { sample: Delta; fields: Map<string, number>; shard: number }>();
  const add = (sourceId: string, deltas: Delta[]) => {
    const shard = shardOfSource(sourceId);
    for (const [id, g] of groupDeltas(deltas, shard)) {
      const cur = out.get(id) ?? { sample: g.sample, fields: new Map<string, number>(), shard };
      for (const [f, n] of g.fields) cur.fields.set(f, (cur.fields.get(f) ?? 0) + n);
      out.set(id, cur);
    }
  };
  for (const r of raw.rentals) {
    // The earned rent comes from the ledger (the rental's running total is the same sum).
    const deltas = rentalContribution(
      { ...r, rentChargedMinor: timeBasedRevenueMinor(raw.ledgers.get(r.id) ?? []) },
      tz,
    );
    // Ledger money by the day each entry was posted.
    const byDay = new Map<string, LedgerEntryLike[]>();
    for (const e of raw.ledgers.get(r.id) ?? []) {
      const day = calendarDateInZone(e.postedAt, tz);
      byDay.set(day, [...(byDay.get(day) ?? []), e]);
    }
    for (const [day, entries] of byDay) {
      const t = ledgerTotals(entries);
      deltas.push(
        ...ledgerContribution(r.vehicleId, day, {
          chargesMinor: pointRevenueMinor(entries),
          paymentsMinor: t.paymentsMinor,
          refundsMinor: t.refundsMinor,
        }),
      );
    }
    add(r.id, deltas);
  }
  for (const m of raw.maintenance) {
    const f = maintenanceFactsOf(m, tz);
    if (f && m)
      add(
        (m as unknown as { id: string }).id,
        maintenanceContribution(f.vehicleId, f.costDay, f.costMinor, f.workshopDays),
      );
  }
  for (const [id, g] of out) {
    for (const [f, n] of g.fields) if (n === 0) g.fields.delete(f);
    if (g.fields.size === 0) out.delete(id);
  }
  return out;
}

/** The stored aggregates in the same shape (for the property test and the backfill's replace). */
export async function storedAggregates(tenantId: string): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>();
  for (const pk of [dayPk(tenantId), vmPk(tenantId)]) {
    for (const it of await queryAll<Item>({ tenantId, pk, consistent: true, max: 1_000_000 })) {
      const id =
        it.entityType === 'AN_DAY'
          ? `D|${String(it.sk).split('#')[0]}|${String(it.sk).split('#')[1]}`
          : `V|${String(it.sk).split('#')[0]}|${String(it.vehicleId)}`;
      const fields: Record<string, number> = {};
      for (const [k, v] of Object.entries(it)) if (typeof v === 'number' && v !== 0) fields[k] = v;
      out.set(id, fields);
    }
  }
  return out;
}

/** The stored items of computed aggregates (the backfill writes them; the bench writes synthetic ones). */
export function aggregateItems(tenantId: string, expected: ReturnType<typeof expectedAggregates>): Item[] {
  return [...expected.values()].map(({ sample, fields, shard }) => ({
    ...(sample.kind === 'day'
      ? dayShardKey(tenantId, sample.day, shard)
      : vmKey(tenantId, sample.month, sample.vehicleId)),
    ...(sample.kind === 'day'
      ? { entityType: 'AN_DAY', day: sample.day, ...Object.fromEntries(DAY_FIELDS.map((f) => [f, 0])) }
      : { entityType: 'AN_VM', month: sample.month, vehicleId: sample.vehicleId }),
    ...Object.fromEntries(fields),
  }));
}

export async function backfillCompany(tenantId: string): Promise<{ rentals: number; items: number }> {
  const { timezone } = await readCompany(tenantId);
  const raw = await readRaw(tenantId);
  const expected = expectedAggregates(raw, timezone);
  const old = [
    ...(await queryAll<Item>({ tenantId, pk: dayPk(tenantId), consistent: true, max: 1_000_000 })),
    ...(await queryAll<Item>({ tenantId, pk: vmPk(tenantId), consistent: true, max: 1_000_000 })),
  ];
  await deleteBatch(old.map((i) => ({ pk: i.pk, sk: i.sk })));
  const items = aggregateItems(tenantId, expected);
  await writeBatch(items, 4); // one item per key
  return { rentals: raw.rentals.length, items: items.length };
}

/** The one-off migration across companies: the only Scan of the domain (settings items only). */
export async function backfillAllCompanies(): Promise<{ companies: number; items: number }> {
  let start: Record<string, unknown> | undefined;
  let companies = 0;
  let items = 0;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: config().tableName,
        FilterExpression: 'entityType = :s',
        ExpressionAttributeValues: { ':s': 'SETTINGS' },
        ProjectionExpression: 'pk',
        ExclusiveStartKey: start,
      }),
    );
    for (const it of page.Items ?? []) {
      const tenantId = /^T#([0-9A-HJKMNP-TV-Z]{26})#/.exec(String(it.pk))?.[1];
      if (!tenantId) continue;
      companies += 1;
      items += (await backfillCompany(tenantId)).items;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { companies, items };
}
