import { describe, expect, it } from 'vitest';
import { get, checkBooks } from '../../test/integration/client';
import { login } from '../../test/integration/fixtures';
import { DEMO_CREDENTIALS } from '../../shared/schemas/auth';

/**
 * The demo company's finance (seeded by the demo reset the harness runs before this layer): true data through the real
 * use cases.
 */
describe('demo company finance', () => {
  it('bank accounts, entries across every account, transfers, a reversal, months of invoicing runs, balances from the GL', async () => {
    const { token } = await login(DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    const accounts = (await get('/api/v1/finance/accounts', token)).body.items as {
      id: string;
      kind: string;
      name: string | null;
      iban: string | null;
      balance: number;
    }[];
    const banks = accounts.filter((a) => a.name);
    expect(banks.map((b) => b.name)).toEqual(['Operations', 'Payroll']);
    expect(banks.every((b) => /^AE\d{21}$/.test(b.iban ?? ''))).toBe(true);
    // Operations: 30,000 float − 2,400 insurance − 13,000 payroll − 310 fees + 300 cash − 500 petty − 12,500 payroll
    expect(banks[0].balance).toBe(1590);
    // Payroll: 13,000 + 12,500 in, two salaries of 12,500 out
    expect(banks[1].balance).toBe(500);
    const entries = (await get('/api/v1/finance/entries?limit=100', token)).body.items as {
      account: string;
      reversed: boolean;
    }[];
    expect(new Set(entries.map((e) => e.account))).toEqual(
      new Set(['cash_box', 'petty_cash', 'bank', banks[0].id, banks[1].id]),
    );
    expect(entries.filter((e) => e.reversed)).toHaveLength(1);
    expect((await get('/api/v1/finance/transfers?limit=100', token)).body.items).toHaveLength(6);
    const runs = (await get('/api/v1/invoicing/runs?limit=50', token)).body.items as { invoicesCreated: number }[];
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.reduce((n, r) => n + r.invoicesCreated, 0)).toBeGreaterThan(0);
    const check = await checkBooks(token);
    for (const c of check.body.checks)
      expect(c.passed, `${c.name}: ${JSON.stringify(c.details).slice(0, 600)}`).toBe(true);
  });

  it("issue 26: the open VAT period's box 9 holds input VAT from fuel, insurance and maintenance (a UAE company with VAT on)", async () => {
    const { token } = await login(DEMO_CREDENTIALS.username, DEMO_CREDENTIALS.password);
    const lock = (await get('/api/v1/accounting/lock-date', token)).body as { vatFiledThrough: string | null };
    const today = (await get('/api/v1/accounting/summary', token)).body.asOf as string;
    const from = lock.vatFiledThrough
      ? new Date(Date.parse(`${lock.vatFiledThrough}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      : '2000-01-01';
    const entries = (await get('/api/v1/finance/entries?limit=100', token)).body.items as {
      category: string;
      amount: number;
      vatAmount: number | null;
      date: string;
      reversed: boolean;
    }[];
    const withVat = entries.filter((e) => e.vatAmount);
    expect(new Set(withVat.map((e) => e.category))).toEqual(new Set(['fuel', 'insurance']));
    for (const e of withVat) expect(e.date > (lock.vatFiledThrough ?? '')).toBe(true);
    // 1,575 insurance four days ago: 75 VAT inside at 5 %.
    expect(withVat.find((e) => e.category === 'insurance' && e.amount === 1575)?.vatAmount).toBe(75);
    // Input VAT on 1510 in the open period, by source: finance (fuel, insurance) and maintenance.
    const vatAccount = (
      (await get('/api/v1/accounting/accounts', token)).body.items as { id: string; code: string }[]
    ).find((a) => a.code === '1510')!;
    const journal: {
      source: string;
      lines: { accountCode: string; debit: number; credit: number; vatCode: string | null }[];
    }[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: { items: typeof journal; nextCursor?: string | null } = (
        await get(
          `/api/v1/accounting/journal-entries?from=${from}&to=${today}&accountId=${vatAccount.id}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          token,
        )
      ).body;
      journal.push(...page.items);
      cursor = page.nextCursor ?? null;
    }
    const inputVat: Record<string, number> = {};
    for (const j of journal)
      for (const l of j.lines)
        if (l.accountCode === '1510' && l.vatCode === 'AE_IN_SR')
          inputVat[j.source] = Math.round(((inputVat[j.source] ?? 0) + l.debit - l.credit) * 100) / 100;
    expect(inputVat.finance).toBeGreaterThan(0);
    expect(inputVat.maintenance).toBeGreaterThan(0);
    const liveVat = withVat.filter((e) => !e.reversed).reduce((n, e) => n + Math.round(e.vatAmount! * 100), 0) / 100;
    expect(inputVat.finance).toBe(liveVat);
    const vat = await get(`/api/v1/accounting/vat-report?from=${from}&to=${today}`, token);
    expect(vat.body.layout).toBe('UAE_VAT_201');
    const box9 = (vat.body.boxes as { box: string; vat: number }[]).find((b) => b.box === '9')!;
    expect(box9.vat).toBe(Object.values(inputVat).reduce((n, v) => Math.round((n + v) * 100) / 100, 0));
  });
});
