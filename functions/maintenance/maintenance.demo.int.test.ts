import { describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { expectSelfCheckGreen, loginDemo } from '../../test/integration/demo-kit';
import { addDays } from '../../shared/calendar';

describe('the demo company (seeded by demo-reset)', () => {
  it('has service programs, a year of history, predictions in every urgency and inspections with photos and damage', async () => {
    const demo = (await loginDemo()).token;
    const predictions = (await get('/api/v1/maintenance/predictions', demo)).body.items as {
      urgency: string;
      evidence: unknown[];
    }[];
    expect(new Set(predictions.map((p) => p.urgency))).toEqual(
      new Set(['past_due', 'very_urgent', 'urgent', 'not_urgent']),
    );
    expect(predictions.some((p) => p.evidence.length >= 3)).toBe(true);
    const records = (await get('/api/v1/maintenance?limit=100&status=completed', demo)).body.items as {
      date: string;
      journalEntryId: string | null;
    }[];
    expect(records.length).toBeGreaterThan(20);
    const demoToday = (await get('/api/v1/accounting/summary', demo)).body.asOf as string;
    // A year of history: services more than 300 days ago and in the last 60 days.
    expect(
      (await get(`/api/v1/maintenance?status=completed&to=${addDays(demoToday, -300)}`, demo)).body.items.length,
    ).toBeGreaterThan(0);
    expect(
      (await get(`/api/v1/maintenance?status=completed&from=${addDays(demoToday, -60)}`, demo)).body.items.length,
    ).toBeGreaterThan(0);
    expect(records.every((r) => r.journalEntryId)).toBe(true);
    const open = (await get('/api/v1/maintenance?limit=100&status=in_progress', demo)).body.items;
    expect(open.length).toBeGreaterThan(0);
    const inspections = (await get('/api/v1/inspections?limit=50', demo)).body.items as {
      id: string;
      kind: string;
      status: string;
      photos: unknown[];
      damages: unknown[];
      pdfUrl: string | null;
    }[];
    expect(
      inspections.some((i) => i.status === 'signed' && i.pdfUrl && i.photos.length > 0 && i.damages.length > 0),
    ).toBe(true);
    const checkIn = inspections.find((i) => i.kind === 'check_in');
    expect(checkIn).toBeTruthy();
    const detail = (await get(`/api/v1/inspections/${checkIn!.id}`, demo)).body;
    expect(detail.diff.newDamages.length).toBe(1);
    expect(detail.diff.proposed.some((c: { category: string }) => c.category === 'damage_fees')).toBe(true);
    await expectSelfCheckGreen(demo);
  });
});
