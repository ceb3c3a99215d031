import { describe, expect, it } from 'vitest';
import {
  canMoveTicket,
  fineRecharge,
  matchRental,
  rentalWindowOf,
  tollRecharge,
  windowCovers,
  TICKET_STATUSES,
  TICKET_TRANSITIONS,
} from './rules';
import { guessMapping, readAmountMinor, readWallClock, wallClockToInstant } from './statement';
import { parseCsv } from '../csv';

describe('matchRental', () => {
  const a = { rentalId: 'A', start: '2030-01-01T08:00:00.000Z', end: '2030-01-03T10:00:00.000Z' };
  const b = { rentalId: 'B', start: '2030-01-03T10:30:00.000Z', end: '2030-01-05T10:00:00.000Z' };
  it('the pickup minute and the return minute belong to the rental', () => {
    expect(matchRental([a, b], a.start)).toEqual({ state: 'matched', rentalId: 'A' });
    expect(matchRental([a, b], a.end)).toEqual({ state: 'matched', rentalId: 'A' });
  });
  it("grace after the return, but the next rental's own window wins", () => {
    expect(matchRental([a, b], '2030-01-03T10:20:00.000Z')).toEqual({ state: 'matched', rentalId: 'A' });
    expect(matchRental([a, b], b.start)).toEqual({ state: 'matched', rentalId: 'B' });
    expect(matchRental([a], '2030-01-03T11:00:00.000Z')).toEqual({ state: 'matched', rentalId: 'A' });
    expect(matchRental([a], '2030-01-03T11:00:01.000Z')).toEqual({ state: 'no_rental' });
  });
  it('before the pickup is no rental; two windows at once are ambiguous; an open rental runs on', () => {
    expect(matchRental([a], '2030-01-01T07:59:00.000Z')).toEqual({ state: 'no_rental' });
    expect(matchRental([a, { ...a, rentalId: 'C' }], a.start)).toEqual({ state: 'unmatched', candidates: ['A', 'C'] });
    expect(matchRental([{ ...a, end: null }], '2031-01-01T00:00:00.000Z')).toEqual({ state: 'matched', rentalId: 'A' });
  });
});

describe('rentalWindowOf / windowCovers (issue 27)', () => {
  const booked = {
    startDate: '2026-11-28T08:00:00.000Z',
    endDate: '2026-11-30T08:00:00.000Z',
    expectedReturnDate: '2026-11-30T08:00:00.000Z',
  };
  it('a booking not yet picked up: its booked window; a passage two days before it is outside', () => {
    const w = rentalWindowOf('R', { ...booked, status: 'pending' })!;
    expect(w).toEqual({ rentalId: 'R', start: booked.startDate, end: booked.endDate });
    expect(windowCovers(w, '2026-11-26T10:00:00.000Z')).toBe(false);
    expect(windowCovers(w, '2026-11-28T07:59:59.000Z')).toBe(false);
    expect(windowCovers(w, '2026-11-28T08:00:00.000Z')).toBe(true);
  });
  it('on hire: from the pickup, open until returned; returned: pickup → return + grace', () => {
    const out = rentalWindowOf('R', { ...booked, status: 'overdue', pickedUpAt: '2026-11-28T09:30:00.000Z' })!;
    expect(out.end).toBeNull();
    expect(windowCovers(out, '2026-11-28T09:00:00.000Z')).toBe(false);
    expect(windowCovers(out, '2027-01-10T00:00:00.000Z')).toBe(true);
    const done = rentalWindowOf('R', {
      ...booked,
      status: 'archived',
      archivedFromStatus: 'completed',
      pickedUpAt: booked.startDate,
      returnDate: '2026-11-29T12:00:00.000Z',
    })!;
    expect(done.end).toBe('2026-11-29T12:00:00.000Z');
    expect(windowCovers(done, '2026-11-29T13:00:00.000Z')).toBe(true);
    expect(windowCovers(done, '2026-11-29T13:00:01.000Z')).toBe(false);
  });
  it('a cancelled rental never had the vehicle', () => {
    expect(rentalWindowOf('R', { ...booked, status: 'cancelled' })).toBeNull();
    expect(rentalWindowOf('R', { ...booked, status: 'archived', archivedFromStatus: 'cancelled' })).toBeNull();
  });
});

describe('ticket transitions', () => {
  it('final statuses go nowhere; recharged only moves to paid', () => {
    expect(TICKET_TRANSITIONS.written_off).toEqual([]);
    expect(TICKET_TRANSITIONS.transferred_to_driver).toEqual([]);
    expect(canMoveTicket('recharged', 'unpaid')).toBe(false);
    expect(canMoveTicket('recharged', 'paid')).toBe(true);
    for (const s of TICKET_STATUSES) expect(canMoveTicket(s, s)).toBe(true);
  });
});

describe('recharge amounts', () => {
  it('a fine carries no VAT; the admin fee does', () => {
    expect(fineRecharge(60_000, 2_500, { enabled: true, ratePercent: 5 })).toEqual({
      fineMinor: 60_000,
      feeNetMinor: 2_500,
      feeVatMinor: 125,
      feeGrossMinor: 2_625,
      totalMinor: 62_625,
    });
    expect(fineRecharge(60_000, 2_500, { enabled: false, ratePercent: 5 }).totalMinor).toBe(62_500);
  });
  it('tolls carry VAT when the company charges it (not disbursements), fee per crossing', () => {
    expect(tollRecharge([400, 400, 600], 100, { enabled: true, ratePercent: 5 })).toEqual({
      tollsMinor: 1_400,
      tollVatMinor: 70,
      feeNetMinor: 300,
      feeVatMinor: 15,
      feeGrossMinor: 315,
      totalMinor: 1_785,
    });
    expect(tollRecharge([400], 0, { enabled: false, ratePercent: 0 }).totalMinor).toBe(400);
  });
});

describe('statements', () => {
  it('parses quoted CSV with commas, doubled quotes, CRLF and a BOM; skips blank lines', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n1,2')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', '2'],
    ]);
  });
  it('reads day-first and ISO dates, 12- and 24-hour times; refuses impossible ones', () => {
    expect(readWallClock('02/03/2034', '1:05 pm')).toEqual({ y: 2034, m: 3, d: 2, h: 13, min: 5, s: 0 });
    expect(readWallClock('2034-03-02 23:59:59')).toEqual({ y: 2034, m: 3, d: 2, h: 23, min: 59, s: 59 });
    expect(readWallClock('2034-02-30', '10:00')).toBeNull();
    expect(readWallClock('2034-03-02', '24:00')).toBeNull();
  });
  it("reads wall clocks on the company's clock", () => {
    expect(wallClockToInstant({ y: 2034, m: 3, d: 2, h: 12, min: 0, s: 0 }, 'Asia/Dubai')).toBe(
      '2034-03-02T08:00:00.000Z',
    );
    // New York in summer time (UTC−4) and winter time (UTC−5).
    expect(wallClockToInstant({ y: 2030, m: 7, d: 1, h: 9, min: 0, s: 0 }, 'America/New_York')).toBe(
      '2030-07-01T13:00:00.000Z',
    );
    expect(wallClockToInstant({ y: 2030, m: 1, d: 1, h: 9, min: 0, s: 0 }, 'America/New_York')).toBe(
      '2030-01-01T14:00:00.000Z',
    );
  });
  it('amounts in minor units; words or three decimals refused', () => {
    expect(readAmountMinor('AED 1,000.50')).toBe(100_050);
    expect(readAmountMinor('4')).toBe(400);
    expect(readAmountMinor('four')).toBeNull();
    expect(readAmountMinor('1.005')).toBeNull();
    expect(readAmountMinor('0')).toBeNull();
  });
  it('guesses the usual headers', () => {
    expect(
      guessMapping(
        ['Transaction ID', 'Trip Date', 'Trip Time', 'Plate', 'Toll Gate', 'Amount'],
        ['transactionId', 'date', 'time', 'plate', 'gate', 'amount'],
      ),
    ).toEqual({
      transactionId: 'Transaction ID',
      date: 'Trip Date',
      time: 'Trip Time',
      plate: 'Plate',
      gate: 'Toll Gate',
      amount: 'Amount',
    });
  });
});

describe('recharge ledger labels read in both languages', async () => {
  const { describeLedgerLabel } = await import('../rentals/ledger-text');
  it('fine, fee, tolls and their VAT have codes with their parameter', () => {
    expect(describeLedgerLabel('Traffic fine RTA-1')).toEqual({ code: 'traffic_fine', params: { number: 'RTA-1' } });
    expect(describeLedgerLabel('Admin fee: traffic fine RTA-1')).toEqual({
      code: 'traffic_fine_admin_fee',
      params: { number: 'RTA-1' },
    });
    expect(describeLedgerLabel('Salik tolls × 4')).toEqual({ code: 'salik_tolls', params: { count: '4' } });
    expect(describeLedgerLabel('VAT on Salik tolls × 4')).toEqual({ code: 'salik_tolls_vat', params: { count: '4' } });
    expect(describeLedgerLabel('Admin fee: Salik × 4')).toEqual({ code: 'salik_admin_fee', params: { count: '4' } });
    expect(describeLedgerLabel('Traffic fines')).toEqual({ code: 'traffic_fines' });
  });
});
