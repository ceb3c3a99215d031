import { describe, expect, it } from 'vitest';
import type { EDocItem } from './model';
import { backoffMinutes, claimable, claimUpdate, dueItem, LEASE_MS, recordItems, uaeReceiver } from './submit';
import { parseDueKey } from './submit-job';

const T = '01JD0000000000000000000000';
const D = '01JD0000000000000000000001';
const NOW = new Date('2026-11-28T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

const doc = (over: Partial<EDocItem> = {}): EDocItem => ({
  entityType: 'EDOC',
  id: D,
  tenantId: T,
  network: 'zatca',
  kind: 'invoice',
  profile: 'simplified',
  invoiceId: D,
  number: 'INV-000001',
  uuid: '3cf5ee18-ee25-44ea-a444-2c37ba7f28be',
  issuedAt: '2026-11-28T09:59:00.000Z',
  currency: 'SAR',
  totalMinor: 11500,
  vatMinor: 1500,
  status: 'pending',
  warnings: [],
  errors: [],
  attempts: 1,
  version: 2,
  updatedAt: '2026-11-28T09:59:00.000Z',
  ...over,
});

describe('backoff', () => {
  it('1, 5, 15 minutes, then hourly (well inside ZATCA 24-hour reporting window)', () => {
    expect([1, 2, 3, 4, 5, 12].map(backoffMinutes)).toEqual([1, 5, 15, 60, 60, 60]);
    expect(backoffMinutes(0)).toBe(1);
    // a day-long outage still gets at least 20 attempts
    let t = 0;
    let n = 0;
    while (t < 24 * 60) t += backoffMinutes(++n);
    expect(n).toBeGreaterThanOrEqual(20);
  });

  it('a retry moves EDOC_DUE by the backoff of the attempts so far and records the error', () => {
    const items = recordItems(T, doc({ attempts: 3 }), 'lease-1', { kind: 'retry', message: 'ZATCA: HTTP 503' }, NOW);
    const update = items[0].Update as unknown as { ExpressionAttributeValues: Record<string, unknown> };
    const values = Object.values(update.ExpressionAttributeValues);
    expect(values).toContain('pending');
    expect(values).toContainEqual(['ZATCA: HTTP 503']);
    expect(values).toContain(at(15));
    const put = items[1].Put as unknown as { Item: Record<string, unknown> };
    expect(put.Item).toEqual(dueItem(T, D, at(15)));
    expect(put.Item.gsi2sk).toBe(`${at(15)}#${T}#${D}`);
    expect(parseDueKey(String(put.Item.gsi2sk))).toEqual({ dueAt: at(15), tenantId: T, documentId: D });
  });
});

describe('the lease', () => {
  const opts = { connected: true };
  it('a pending document without a lease, due, is claimable', () => {
    expect(claimable(doc(), NOW, opts)).toBe(true);
    expect(claimable(doc({ nextAttemptAt: at(-1) }), NOW, opts)).toBe(true);
  });

  it('a live lease, a later next attempt (unless forced) or a final status are not', () => {
    expect(claimable(doc({ leaseUntil: at(2) }), NOW, opts)).toBe(false);
    expect(claimable(doc({ leaseUntil: at(2) }), NOW, { ...opts, force: true })).toBe(false);
    expect(claimable(doc({ nextAttemptAt: at(5) }), NOW, opts)).toBe(false);
    expect(claimable(doc({ nextAttemptAt: at(5) }), NOW, { ...opts, force: true })).toBe(true);
    for (const status of ['reported', 'cleared', 'accepted', 'rejected'] as const)
      expect(claimable(doc({ status }), NOW, { ...opts, force: true }), status).toBe(false);
  });

  it('an expired lease (its holder died between send and record) is taken over', () => {
    expect(claimable(doc({ leaseUntil: at(-1), leaseId: 'dead' }), NOW, opts)).toBe(true);
  });

  it('an unsent document only once the network is connected', () => {
    expect(claimable(doc({ status: 'unsent', network: 'jofotara' }), NOW, { connected: false })).toBe(false);
    expect(claimable(doc({ status: 'unsent', network: 'jofotara' }), NOW, { connected: true })).toBe(true);
  });

  it('the claim states the same conditions atomically and takes a lease longer than any network timeout', () => {
    const c = claimUpdate(T, D, NOW, 'lease-1', { connected: false });
    expect(c.ConditionExpression).toBe(
      'attribute_exists(pk) AND #status = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)' +
        ' AND (attribute_not_exists(nextAttemptAt) OR nextAttemptAt <= :now)',
    );
    expect(c.ExpressionAttributeValues[':until']).toBe(new Date(NOW.getTime() + LEASE_MS).toISOString());
    expect(LEASE_MS).toBeGreaterThan(50_000 + 30_000); // JoFotara's and ZATCA's client timeouts
    expect(c.UpdateExpression).toContain('attempts = if_not_exists(attempts, :zero) + :one');
    const forced = claimUpdate(T, D, NOW, 'lease-1', { connected: true, force: true });
    expect(forced.ConditionExpression).toBe(
      'attribute_exists(pk) AND #status IN (:pending, :unsent) AND ' +
        '(attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
    );
  });

  it('the record only lands while the lease is still ours, and a final answer deletes EDOC_DUE', () => {
    const items = recordItems(
      T,
      doc({ profile: 'standard' }),
      'lease-1',
      { kind: 'final', status: 'cleared', warnings: ['BR-KSA-08: w'], errors: [], clearedXml: '<Invoice/>' },
      NOW,
    );
    const update = items[0].Update as unknown as {
      ConditionExpression: string;
      UpdateExpression: string;
      ExpressionAttributeValues: Record<string, unknown>;
    };
    expect(update.ConditionExpression).toBe('leaseId = :lease');
    expect(update.ExpressionAttributeValues[':lease']).toBe('lease-1');
    expect(update.UpdateExpression).toContain('REMOVE leaseUntil, leaseId, nextAttemptAt');
    expect(Object.values(update.ExpressionAttributeValues)).toContain(`T#${T}#EDOC_STATUS#cleared`);
    expect(items[1]).toEqual({ Delete: { Key: { pk: `T#${T}#EDOC_DUE`, sk: D }, ConditionExpression: undefined } });
    expect((items[2].Update as unknown as { Key: unknown }).Key).toEqual({ pk: `T#${T}#EDOC_XML`, sk: D });
  });
});

describe('UAE routing', () => {
  it("reads the buyer's Peppol endpoint from the PINT AE XML (not the seller's)", () => {
    const xml =
      '<cac:AccountingSupplierParty><cac:Party><cbc:EndpointID schemeID="0235">100111111111113</cbc:EndpointID>' +
      '</cac:Party></cac:AccountingSupplierParty><cac:AccountingCustomerParty><cac:Party>' +
      '<cbc:EndpointID schemeID="0235">1009876543</cbc:EndpointID></cac:Party></cac:AccountingCustomerParty>';
    expect(uaeReceiver(xml)).toEqual({ scheme: '0235', id: '1009876543' });
    expect(uaeReceiver('<cac:AccountingCustomerParty></cac:AccountingCustomerParty>')).toBeNull();
  });
});
