import { monotonicFactory } from 'ulid';
import type { Check, Section } from './checks';

/**
 * Sharded due indexes (issue 30): how evenly the writes of every due index spread over its shards. N due
 * items of M companies of very different sizes (company i holds a share ∝ 1/(i+1): the largest about a sixth
 * of all items, the "huge company" that a per-company shard would make hot), each index's item built by the
 * domain's own writer code (the item builders the writers put, or the writer's key with dueShardPk where the
 * writer puts inline). For each index: the largest shard's share of the writes against the ideal 1/16, the
 * same figure had the shard been picked by the company alone, and the unsharded key's 100 %. Figures only:
 * the issue gives no budget. No stack needed: the gsi2pk is what the writer computes.
 */
const N = Number(process.env.BENCH_SHARDS_ITEMS ?? 10_000);
const M = Number(process.env.BENCH_SHARDS_COMPANIES ?? 200);

/** A seeded generator: the same companies and items on every run. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pct = (n: number) => `${(n * 100).toFixed(2)} %`;

export const shardsSection: Section = {
  name: 'shards',
  needsStack: false,
  async run() {
    const { DUE_SHARDS, dueShard, dueShardPk } = await import('../../functions/lib/data/due-index');
    const { activeIndexItem } = await import('../../functions/rentals/data');
    const { invoicingNext } = await import('../../functions/rentals/invoicing-index');
    const { depositIndexKey, DEPOSIT_RELEASE_GSI_PK } = await import('../../functions/rentals/money-index');
    const { revenueDueItem } = await import('../../functions/accounting/recognition-index');
    const { runKey, FLEET_HEALTH_INDEX_PK } = await import('../../functions/fleet-health/model');
    const { programIndexAttrs } = await import('../../functions/maintenance/model');
    const { latestIndexAttrs, reminderKey, PENDING_REMINDERS_GSI_PK } = await import('../../functions/documents/model');
    const { dueItem } = await import('../../functions/einvoicing/submit');
    const { tenantPk, sortKey } = await import('../../functions/lib/data/keys');
    const { INVOICE_DUE_GSI_PK } = await import('../../functions/invoices/due-work');
    const { TICKET_WORK_GSI_PK } = await import('../../functions/tickets/queue');

    const rand = mulberry32(30);
    const make = monotonicFactory(rand);
    const tenants = Array.from({ length: M }, (_, i) => make(1_700_000_000_000 + i * 60_000));
    const weights = tenants.map((_, i) => 1 / (i + 1));
    const total = weights.reduce((a, b) => a + b, 0);
    const cumulative = weights.map(
      (
        (s) => (w: number) =>
          (s += w / total)
      )(0),
    );
    const companyOf = () => {
      const r = rand();
      const i = cumulative.findIndex((c) => r < c);
      return tenants[i < 0 ? M - 1 : i];
    };
    const day = (i: number) => new Date(Date.UTC(2026, 11, 1) + (i % 60) * 86_400_000).toISOString().slice(0, 10);
    // Each index: its writes as [company, gsi2pk] (per-item indexes N items; per-company ones M items).
    const items = Array.from({ length: N }, (_, i) => ({
      tenantId: companyOf(),
      id: make(1_760_000_000_000 + i * 1000),
      i,
    }));
    const indexes: [string, [string, string][]][] = [
      [
        'G#ACTIVE_RENTALS',
        items.map(({ tenantId, id, i }) => [
          tenantId,
          String(
            activeIndexItem(tenantId, { id, expectedReturnDate: `${day(i)}T10:00:00.000Z`, referenceNumber: 'R' })
              .gsi2pk,
          ),
        ]),
      ],
      [
        'G#INVOICING_DUE',
        items.map(({ tenantId, id, i }) => [
          tenantId,
          invoicingNext(tenantId, id, `${day(i)}T10:00:00.000Z`, day(i), 'monthly', 0).gsi2pk,
        ]),
      ],
      [
        INVOICE_DUE_GSI_PK,
        // One marker per company and due date: the writer's key (invoices/due-work.ts).
        items.map(({ tenantId, i }) => [
          tenantId,
          dueShardPk(INVOICE_DUE_GSI_PK, { pk: tenantPk(tenantId, 'INVOICE_DUE_WORK'), sk: sortKey(day(i)) }),
        ]),
      ],
      [
        DEPOSIT_RELEASE_GSI_PK,
        items.map(({ tenantId, id }) => [tenantId, dueShardPk(DEPOSIT_RELEASE_GSI_PK, depositIndexKey(tenantId, id))]),
      ],
      [
        'G#REVENUE_DUE',
        items.map(({ tenantId, id, i }) => [tenantId, String(revenueDueItem(tenantId, id, 'R', day(i), 7).gsi2pk)]),
      ],
      [FLEET_HEALTH_INDEX_PK, tenants.map((t) => [t, dueShardPk(FLEET_HEALTH_INDEX_PK, runKey(t))])],
      ['G#SERVICE_PROGRAMS', items.map(({ tenantId, id }) => [tenantId, programIndexAttrs(tenantId, id).gsi2pk])],
      [
        TICKET_WORK_GSI_PK,
        tenants.map((t) => [t, dueShardPk(TICKET_WORK_GSI_PK, { pk: tenantPk(t, 'TICKET_WORK'), sk: 'QUEUE' })]),
      ],
      [
        'G#DOC_REMINDERS',
        items.map(({ tenantId, id, i }) => [
          tenantId,
          String(
            latestIndexAttrs(
              {
                scope: 'vehicle',
                createdAt: '2026-01-01T00:00:00.000Z',
                id,
                expiryDate: day(i),
                reminderThreshold: 30,
              },
              tenantId,
            ).gsi2pk,
          ),
        ]),
      ],
      [
        PENDING_REMINDERS_GSI_PK,
        items.map(({ tenantId, id, i }) => [
          tenantId,
          dueShardPk(PENDING_REMINDERS_GSI_PK, reminderKey(tenantId, id, day(i), 'due_soon')),
        ]),
      ],
      [
        'G#EDOC_DUE',
        items.map(({ tenantId, id }) => [tenantId, String(dueItem(tenantId, id, '2026-12-01T00:00:00.000Z').gsi2pk)]),
      ],
    ];

    const checks: Check[] = [];
    const largestCompany = Math.max(...tenants.map((t) => items.filter((it) => it.tenantId === t).length));
    for (const [index, writes] of indexes) {
      const byShard = new Map<string, number>();
      const byCompanyShard = new Map<number, number>();
      for (const [tenantId, pk] of writes) {
        if (!pk.startsWith(`${index}#S`)) throw new Error(`${index}: a writer put ${pk}`);
        byShard.set(pk, (byShard.get(pk) ?? 0) + 1);
        // Had the shard been a hash of the company alone:
        const s = dueShard({ pk: tenantPk(tenantId, 'X'), sk: '' });
        byCompanyShard.set(s, (byCompanyShard.get(s) ?? 0) + 1);
      }
      const share = Math.max(...byShard.values()) / writes.length;
      const companyShare = Math.max(...byCompanyShard.values()) / writes.length;
      checks.push({
        check: `shards: ${index} largest shard's share of writes`,
        measured: pct(share),
        note:
          `ideal ${pct(1 / DUE_SHARDS)} (1/${DUE_SHARDS}); ${writes.length.toLocaleString('en')} writes of ${M} ` +
          `companies; by company alone ${pct(companyShare)}; unsharded 100 %`,
      });
    }
    checks.push({
      check: 'shards: the largest company’s share of the per-item writes',
      measured: pct(largestCompany / N),
      note: `${N.toLocaleString('en')} items, company i weighted 1/(i+1)`,
    });
    return checks;
  },
};
