import { describe, expect, it } from 'vitest';
import { loginDemo } from '../../test/integration/demo-kit';
import { DUE_INDEXES, dueIndexAll, dueKeyPage, dueShardPk } from '../lib/data/due-index';

/**
 * The demo reset (run by the harness for this file) writes its due work through the domains' writers: every
 * demo item on a due index is on its shard (issue 30), none on the unsharded key of before.
 */
describe('the demo company on the sharded due indexes', () => {
  it('has its due items on their shards only', async () => {
    const tenantId = (await loginDemo()).user.tenantId;
    const mine = (i: Record<string, unknown>) => String(i.pk).startsWith(`T#${tenantId}#`);
    const onIndex: Record<string, number> = {};
    for (const index of DUE_INDEXES) {
      let next: Record<string, unknown> | undefined;
      do {
        const page = await dueKeyPage(index, undefined, 500, next);
        expect(page.items.filter(mine), index).toEqual([]);
        next = page.next;
      } while (next);
      const items = (await dueIndexAll(index)).filter(mine);
      for (const it of items) expect(it.gsi2pk).toBe(dueShardPk(index, { pk: String(it.pk), sk: String(it.sk) }));
      onIndex[index] = items.length;
    }
    console.log('demo due items per index', JSON.stringify(onIndex));
    for (const index of ['G#ACTIVE_RENTALS', 'G#SERVICE_PROGRAMS', 'G#DOC_REMINDERS', 'G#REVENUE_DUE'])
      expect(onIndex[index], index).toBeGreaterThan(0);
  });
});
