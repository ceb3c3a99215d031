import { describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { loginDemo } from '../../test/integration/demo-kit';

/** The demo company's alerts (functions/alerts/seed.ts, written by the demo reset the harness runs for this file). */
type Alert = { type: string; actionUrl: string };

describe('the demo company', () => {
  it('has alerts of every kind the generator raises, each linking to its object', async () => {
    const demo = await loginDemo();
    const all: Alert[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { items: Alert[]; nextCursor: string | null } } = await get(
        `/api/v1/alerts?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        demo.token,
      );
      all.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor);
    const types = new Set(all.map((a) => a.type));
    for (const type of [
      'rental_overdue',
      'ticket_unmatched',
      'toll_unmatched',
      'toll_no_rental',
      'ticket_unpaid',
      'document_expiring',
      'document_expired',
      'maintenance_past_due',
      'maintenance_due_soon',
      'maintenance_urgent_open',
      'invoice_overdue',
    ])
      expect(types, type).toContain(type);
    expect(all.every((a) => a.actionUrl?.startsWith('/'))).toBe(true);
  });
});
