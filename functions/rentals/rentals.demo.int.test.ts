import { describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { login } from '../../test/integration/fixtures';

/**
 * The demo company's rentals (functions/rentals/seed.ts and seed-history.ts, seeded by the
 * harness's demo reset): a year of them in every status, the older ones settled, and ledgers that
 * agree with the rental totals and the stats.
 */
describe('demo company', () => {
  it('has a year of rentals in every status (the older ones settled), with ledgers that agree with the rental totals and the stats', async () => {
    const demo = await login('demo', 'demo1234');
    const stats = await get('/api/v1/rentals/stats', demo.token);
    expect(stats.status).toBe(200);
    expect(stats.body.total).toBeGreaterThanOrEqual(400);
    expect(stats.body.total).toBeLessThanOrEqual(700);
    for (const s of ['pending', 'active', 'completed', 'cancelled', 'overdue', 'archived'])
      expect(stats.body.byStatus[s], s).toBeGreaterThan(0);
    let counted = 0;
    let cursor: string | null = null;
    const sample: { id: string; balance: number; charges: number }[] = [];
    const rentals: { startDate: string; status: string; balance: number }[] = [];
    do {
      const page: {
        status: number;
        body: {
          items: { id: string; balance: number; charges: number; startDate: string; status: string }[];
          nextCursor: string | null;
        };
      } = await get(`/api/v1/rentals?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, demo.token);
      counted += page.body.items.length;
      sample.push(...page.body.items.filter((_, i) => i % 25 === 0));
      rentals.push(...page.body.items);
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(counted).toBe(stats.body.total);
    // Every one of the last twelve months has rentals starting in it; everything older than the
    // recent window (about 90 days) is settled: returned or cancelled, nothing owed.
    const now = Date.now();
    const monthsBack = new Set(rentals.map((r) => Math.floor((now - Date.parse(r.startDate)) / (30.4 * 86_400_000))));
    for (let m = 0; m < 12; m++) expect(monthsBack.has(m), `rentals starting ${m} months ago`).toBe(true);
    const old = rentals.filter((r) => Date.parse(r.startDate) < now - 130 * 86_400_000);
    expect(old.length).toBeGreaterThan(150);
    for (const r of old) {
      expect(['completed', 'archived', 'cancelled']).toContain(r.status);
      expect(r.balance).toBe(0);
    }
    for (const r of sample) {
      const ledger = await get(`/api/v1/rentals/${r.id}/ledger`, demo.token);
      expect(ledger.body.balance, r.id).toBe(r.balance);
      expect(ledger.body.charges, r.id).toBe(r.charges);
    }
  });
});
