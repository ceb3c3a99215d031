import { describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { expectSelfCheckGreen, loginDemo } from '../../test/integration/demo-kit';

describe('the shared demo company (seeded by the demo reset the harness runs for this file)', () => {
  it('its books (backfilled) are complete and pass the self-check', async () => {
    const demo = await loginDemo();
    await expectSelfCheckGreen(demo.token);
    const entries = await get('/api/v1/accounting/journal-entries?source=rental&limit=100', demo.token);
    expect(entries.body.items.length).toBeGreaterThan(50);
  });
});
