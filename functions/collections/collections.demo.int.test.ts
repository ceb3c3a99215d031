import { describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { expectSelfCheckGreen, loginDemo } from '../../test/integration/demo-kit';

/** The demo company's collections (seedCollections, written by the demo reset the harness runs for this file). */
const ok = <T = any>(res: { status: number; body: T }, status = 200): T => {
  expect(res.status, JSON.stringify(res.body).slice(0, 600)).toBe(status);
  return res.body;
};

describe('demo company', () => {
  it('holds, applies and refunds deposits, with releases overdue, aged receivables and revenue at risk; its books agree', async () => {
    const demo = (await loginDemo()).token;
    const statuses = new Set<string>();
    let overdue = 0;
    let cursor: string | null = null;
    do {
      const page: { items: { status: string; overdue: boolean }[]; nextCursor: string | null } = ok(
        await get(`/api/v1/deposits?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, demo),
      );
      for (const d of page.items) {
        statuses.add(d.status);
        if (d.overdue) overdue++;
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect([...statuses].sort()).toEqual(expect.arrayContaining(['held', 'partially_applied', 'refunded']));
    expect(overdue).toBeGreaterThan(0);
    const aging = ok(await get('/api/v1/receivables/aging', demo));
    expect(aging.totals.total).toBeGreaterThan(0);
    expect(aging.totals.d1_30 + aging.totals.d31_60 + aging.totals.d61_90 + aging.totals.over90).toBeGreaterThan(0);
    const risk = ok(await get('/api/v1/revenue-protection', demo));
    expect(risk.byKind.returned_with_balance?.count ?? 0).toBeGreaterThan(0);
    await expectSelfCheckGreen(demo);
  });
});
