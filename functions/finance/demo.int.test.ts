import { describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { login } from '../../test/integration/fixtures';
import { DEMO_CREDENTIALS } from '../../shared/schemas/auth';

/** The demo company's finance (seeded by the demo reset the harness runs before this layer): true data through the real use cases. */
describe('demo company finance', () => {
  it('bank accounts, entries across every account, transfers, a reversal, months of invoicing runs, balances from the GL', async () => {
    const { token } = await login(DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    const accounts = (await get('/api/v1/finance/accounts', token)).body.items as { id: string; kind: string; name: string | null; iban: string | null; balance: number }[];
    const banks = accounts.filter((a) => a.name);
    expect(banks.map((b) => b.name)).toEqual(['Operations', 'Payroll']);
    expect(banks.every((b) => /^AE\d{21}$/.test(b.iban ?? ''))).toBe(true);
    // Operations: 30,000 float − 2,400 insurance − 13,000 payroll − 310 fees + 300 cash − 500 petty − 12,500 payroll
    expect(banks[0].balance).toBe(1590);
    // Payroll: 13,000 + 12,500 in, two salaries of 12,500 out
    expect(banks[1].balance).toBe(500);
    const entries = (await get('/api/v1/finance/entries?limit=100', token)).body.items as { account: string; reversed: boolean }[];
    expect(new Set(entries.map((e) => e.account))).toEqual(new Set(['cash_box', 'petty_cash', 'bank', banks[0].id, banks[1].id]));
    expect(entries.filter((e) => e.reversed)).toHaveLength(1);
    expect((await get('/api/v1/finance/transfers?limit=100', token)).body.items).toHaveLength(6);
    const runs = (await get('/api/v1/invoicing/runs?limit=50', token)).body.items as { invoicesCreated: number }[];
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.reduce((n, r) => n + r.invoicesCreated, 0)).toBeGreaterThan(0);
    const check = await get('/api/v1/accounting/self-check', token);
    for (const c of check.body.checks) expect(c.passed, c.name).toBe(true);
  });
});
