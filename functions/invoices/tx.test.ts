import { describe, expect, it } from 'vitest';
import {
  allocateOldestFirst,
  invoicePaymentUpdate,
  MAX_INVOICES_PER_MOVE,
  releaseNewestFirst,
  type InvoiceForPayment,
} from './tx';

const TENANT = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const inv = (
  id: string,
  issueDate: string,
  totalMinor: number,
  amountPaidMinor = 0,
  over: Partial<InvoiceForPayment> = {},
): InvoiceForPayment => ({
  id,
  number: `INV-${id}`,
  status: amountPaidMinor >= totalMinor ? 'paid' : amountPaidMinor > 0 ? 'partially_paid' : 'issued',
  currency: 'AED',
  totalMinor,
  amountPaidMinor,
  balanceMinor: totalMinor - amountPaidMinor,
  customerId: 'c',
  rentalId: 'r',
  issueDate,
  dueDate: issueDate,
  version: 1,
  ...over,
});
const shares = (moves: ReturnType<typeof allocateOldestFirst>) => moves.map((m) => [m.invoice.id, m.amountMinor]);

describe('a desk payment on a rental: its invoices, oldest first (issue 26)', () => {
  const invoices = [
    inv('B', '2030-02-01', 5_000),
    inv('A', '2030-01-01', 3_000, 1_000),
    inv('P', '2029-12-01', 2_000, 2_000),
    inv('C', '2030-02-01', 4_000),
  ];

  it('pays open invoices by issue date (then id), each up to its balance; paid ones are skipped; the rest is not allocated', () => {
    expect(shares(allocateOldestFirst(invoices, 4_000))).toEqual([
      ['A', 2_000],
      ['B', 2_000],
    ]);
    expect(shares(allocateOldestFirst(invoices, 100_000))).toEqual([
      ['A', 2_000],
      ['B', 5_000],
      ['C', 4_000],
    ]);
    expect(allocateOldestFirst(invoices, 0)).toEqual([]);
    expect(allocateOldestFirst([inv('V', '2030-01-01', 1_000, 0, { status: 'void' })], 500)).toEqual([]);
  });

  it('a refund takes back newest first, reopening paid invoices', () => {
    expect(shares(releaseNewestFirst(invoices, 2_500))).toEqual([
      ['A', -1_000],
      ['P', -1_500],
    ]);
    expect(
      shares(releaseNewestFirst([inv('X', '2030-01-01', 1_000, 1_000), inv('Y', '2030-03-01', 500, 500)], 700)),
    ).toEqual([
      ['Y', -500],
      ['X', -200],
    ]);
    expect(releaseNewestFirst(invoices, 0)).toEqual([]);
  });

  it('moves at most MAX_INVOICES_PER_MOVE invoices (one transaction)', () => {
    const many = Array.from({ length: MAX_INVOICES_PER_MOVE + 5 }, (_, i) =>
      inv(`I${String(i).padStart(3, '0')}`, '2030-01-01', 100),
    );
    expect(allocateOldestFirst(many, 1_000_000)).toHaveLength(MAX_INVOICES_PER_MOVE);
  });

  it('money taken back lowers the deposit part when it would exceed what is still paid', () => {
    const item = invoicePaymentUpdate(
      TENANT,
      inv('D', '2030-01-01', 1_000, 1_000, { depositAppliedMinor: 800 }),
      -500,
      '2030-01-05T00:00:00.000Z',
    ) as { Update: { ExpressionAttributeValues: Record<string, unknown> } };
    const values = Object.values(item.Update.ExpressionAttributeValues);
    expect(JSON.stringify(item)).toMatch(/depositAppliedMinor/);
    expect(values.filter((v) => v === 500)).toHaveLength(3); // amount paid, balance, deposit part
    const kept = invoicePaymentUpdate(
      TENANT,
      inv('E', '2030-01-01', 1_000, 1_000, { depositAppliedMinor: 200 }),
      -500,
      '2030-01-05T00:00:00.000Z',
    );
    expect(JSON.stringify(kept)).not.toMatch(/depositAppliedMinor/);
  });
});
