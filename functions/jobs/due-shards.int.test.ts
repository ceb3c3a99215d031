import { describe, expect, it } from 'vitest';
import { get, post } from '../../test/integration/client';
import { registerTenant } from '../../test/integration/fixtures';
import { DAY, HOUR, bookRental, iso, rentalCustomer, rentalVehicle } from '../../test/integration/rental-kit';
import { DUE_SHARDS, type DueIndex, dueIndexAll, dueKeyPage, dueShardPk } from '../lib/data/due-index';
import { keys } from '../lib/data/keys';
import { getItem, updateRaw } from '../lib/data/repo';
import { activeIndexKey, ACTIVE_RENTALS_GSI_PK } from '../rentals/data';
import { INVOICE_DUE_GSI_PK, markInvoiceDue } from '../invoices/due-work';
import { markQueueWork, TICKET_WORK_GSI_PK } from '../tickets/queue';
import { tenantPk, sortKey } from '../lib/data/keys';
import { addDays } from '../../shared/calendar';
import { handler as dueShardsJob } from './due-shards';
import { handler as overdueJob } from './overdue-rentals';

/**
 * The one-off 'due-shards' migration (issue 30): items written under an index's unsharded key before the
 * shards (here through today's writers, then put back on the old key as older code left them) move to their
 * shard, each once; a second run finds nothing; the jobs that read the indexes still find them.
 */
const every = async (gsi2pk: string) => {
  const out: Record<string, unknown>[] = [];
  let next: Record<string, unknown> | undefined;
  do {
    const page = await dueKeyPage(gsi2pk, undefined, 500, next);
    out.push(...page.items);
    next = page.next;
  } while (next);
  return out;
};
const shardKeys = (index: string) =>
  Array.from({ length: DUE_SHARDS }, (_, i) => `${index}#S${String(i).padStart(2, '0')}`);

describe('due-shards migration', () => {
  it('moves old-style items to their shards exactly once, idempotently, and the jobs still find them', async () => {
    const t = await registerTenant();
    const mine = (i: Record<string, unknown>) => String(i.pk).startsWith(`T#${t.tenantId}#`);

    // A real late rental on the active-rental index, and 24 invoice-due markers and a ticket-work marker.
    const customerId = await rentalCustomer(t.token);
    const v = await rentalVehicle(t.token);
    const late = await bookRental(t.token, customerId, v.id, {
      startDate: iso(Date.now() - 3 * DAY),
      endDate: iso(Date.now() - 2 * HOUR),
    });
    await post(`/api/v1/rentals/${late.id}/pickup`, { odometerStart: 10_000, fuelLevelStart: 'full' }, t.token);
    const far = '2099-01-01';
    const dueDates = Array.from({ length: 24 }, (_, i) => addDays(far, i));
    for (const d of dueDates) await markInvoiceDue(t.tenantId, d);
    await markQueueWork(t.tenantId);

    const written: { index: DueIndex; key: { pk: string; sk: string } }[] = [
      { index: ACTIVE_RENTALS_GSI_PK, key: activeIndexKey(t.tenantId, late.id) },
      ...dueDates.map((d) => ({
        index: INVOICE_DUE_GSI_PK as DueIndex,
        key: { pk: tenantPk(t.tenantId, 'INVOICE_DUE_WORK'), sk: sortKey(d) },
      })),
      { index: TICKET_WORK_GSI_PK, key: { pk: tenantPk(t.tenantId, 'TICKET_WORK'), sk: 'QUEUE' } },
    ];
    // Today's writers put each on its shard; an older writer put it on the bare index key.
    for (const w of written) {
      expect((await getItem(w.key))?.gsi2pk).toBe(dueShardPk(w.index, w.key));
      await updateRaw({
        Key: w.key,
        UpdateExpression: 'SET gsi2pk = :old',
        ExpressionAttributeValues: { ':old': w.index },
      });
    }
    expect((await every(INVOICE_DUE_GSI_PK)).filter(mine)).toHaveLength(24);

    const at1 = new Date().toISOString();
    const first = await dueShardsJob({ time: at1, onlyTenants: [t.tenantId] });
    expect(first).toMatchObject({ found: written.length, moved: written.length, skipped: 0, errors: 0 });
    const at2 = new Date(Date.now() + 1000).toISOString();
    const second = await dueShardsJob({ time: at2, onlyTenants: [t.tenantId] });
    expect(second).toMatchObject({ found: 0, moved: 0, errors: 0 });
    // Each run leaves its run record.
    const record = await getItem(keys.global.jobRun('due-shards', at1));
    expect(record?.counts).toMatchObject({ found: written.length, moved: written.length });

    // Every item is on its own shard, once across all the shards, and none is left on the old keys.
    for (const index of [ACTIVE_RENTALS_GSI_PK, INVOICE_DUE_GSI_PK, TICKET_WORK_GSI_PK] as const) {
      expect((await every(index)).filter(mine)).toEqual([]);
      const found: string[] = [];
      for (const shard of shardKeys(index))
        for (const item of (await every(shard)).filter(mine)) {
          expect(shard).toBe(dueShardPk(index, { pk: String(item.pk), sk: String(item.sk) }));
          found.push(`${item.pk}|${item.sk}`);
        }
      const expected = written.filter((w) => w.index === index).map((w) => `${w.key.pk}|${w.key.sk}`);
      expect(found.sort()).toEqual(expected.sort());
    }
    // 24 markers on one company spread over several shards (a hash of the item key, not of the company).
    const shardsUsed = new Set(
      written.filter((w) => w.index === INVOICE_DUE_GSI_PK).map((w) => dueShardPk(w.index, w.key)),
    );
    expect(shardsUsed.size).toBeGreaterThan(4);

    // The readers find them, once each and in index order across the shards.
    const firstFive = (await dueIndexAll(INVOICE_DUE_GSI_PK, { through: `${dueDates[4]}#~` })).filter(mine);
    expect(firstFive.map((i) => i.dueDate)).toEqual(dueDates.slice(0, 5));
    const allDue = (await dueIndexAll(INVOICE_DUE_GSI_PK)).filter(mine);
    expect(allDue.map((i) => i.dueDate)).toEqual(dueDates);
    // And the overdue job meets the moved rental and marks it.
    await overdueJob({});
    expect((await get(`/api/v1/rentals/${late.id}`, t.token)).body.status).toBe('overdue');
  });
});
