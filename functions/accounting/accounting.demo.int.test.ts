import { describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { expectSelfCheckGreen, loginDemo } from '../../test/integration/demo-kit';

describe('the shared demo company (seeded by the demo reset the harness runs for this file)', () => {
  it('its books (backfilled) are complete and pass the self-check', async () => {
    const demo = await loginDemo();
    // The demo reset ran the self-check last and stored it: the page has a true result before anyone runs one.
    const stored = await get('/api/v1/accounting/self-check', demo.token);
    expect(stored.status).toBe(200);
    expect(stored.body.checks).toHaveLength(7);
    for (const c of stored.body.checks) expect(c.passed, c.name).toBe(true);
    expect(Date.parse(stored.body.checkedAt)).toBeGreaterThan(Date.now() - 3 * 3600_000);
    await expectSelfCheckGreen(demo.token);
    const entries = await get('/api/v1/accounting/journal-entries?source=rental&limit=100', demo.token);
    expect(entries.body.items.length).toBeGreaterThan(50);
  });
});
