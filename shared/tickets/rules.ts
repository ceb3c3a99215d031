/**
 * Traffic tickets and Salik tolls (issue 13): the pure rules — statuses and their transitions,
 * matching a fine or a passage to the rental that had the vehicle at that moment, and the
 * amounts a recharge posts. Used by functions/tickets and the web pages alike.
 */
import { taxOnNet } from '../money';

export const TICKET_STATUSES = [
  'unpaid',
  'paid',
  'disputed',
  'transferred_to_driver',
  'recharged',
  'written_off',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * Status transitions of a ticket (PATCH status; `recharged` only through POST /recharge).
 * - unpaid: the fine as it arrives. The company may pay it, dispute it, have the authority
 *   transfer it to the driver's licence (the driver pays, nothing touches our books), recharge it
 *   to the rental, or write it off (the authority cancelled it / it is not pursued: no posting).
 * - disputed → back to unpaid when the dispute fails, or any outcome above.
 * - recharged (the customer owes it on the rental) → paid when the company pays the authority.
 * - paid (the company paid the authority: Dr 1330 fines recoverable / Cr cash or bank) →
 *   recharged when the customer is charged afterwards, or written_off when it cannot be
 *   recovered (Dr 5170 unrecovered fines / Cr 1330).
 * - transferred_to_driver and written_off are final; a mistake there is corrected with a new ticket.
 */
export const TICKET_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  unpaid: ['paid', 'disputed', 'transferred_to_driver', 'recharged', 'written_off'],
  disputed: ['unpaid', 'paid', 'transferred_to_driver', 'recharged', 'written_off'],
  recharged: ['paid'],
  paid: ['recharged', 'written_off'],
  transferred_to_driver: [],
  written_off: [],
};

export const canMoveTicket = (from: TicketStatus, to: TicketStatus) =>
  from === to || TICKET_TRANSITIONS[from].includes(to);

export const SALIK_STATUSES = ['paid', 'unpaid'] as const;
export type SalikStatus = (typeof SALIK_STATUSES)[number];

/**
 * How a fine or a passage relates to the rentals: `matched` (one rental had the vehicle),
 * `unmatched` (no known plate, or two rentals could have had it: resolve by hand), `no_rental`
 * (the vehicle is ours but was on no rental: staff or unauthorised use, flagged).
 */
export const MATCH_STATES = ['matched', 'unmatched', 'no_rental'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/**
 * Grace after the return: fines are stamped by cameras, returns by staff, and the car is driven
 * back to the branch; an offence up to this long after the recorded return still belongs to the
 * rental (the next rental's own window wins over another's grace).
 */
export const MATCH_GRACE_MINUTES = 60;

export interface RentalWindow {
  rentalId: string;
  /** ISO instants: the booked start (or pickup) and the return (null = still out). */
  start: string;
  end: string | null;
}

/** What a rental's window is read from: its record (the rentals API answer carries the same fields). */
export interface RentalTimes {
  status: string;
  startDate: string;
  pickedUpAt?: string | null;
  returnDate?: string | null;
  endDate?: string | null;
  expectedReturnDate?: string | null;
  /** An archived rental keeps the status it was archived from. */
  archivedFromStatus?: string | null;
}

/**
 * When a rental had the vehicle, for matching and resolving fines and tolls (issue 27), one rule
 * for the API (matching, resolving by hand) and the resolve dialog:
 * - from the pickup (`pickedUpAt`; the booked start while not yet picked up: staff sometimes hand
 *   the keys over before recording the pickup, and such a match is still reviewed before any
 *   recharge);
 * - to the return (`returnDate`); a rental still on hire (active, overdue) runs until now (end
 *   null = open); a rental not yet picked up to its booked end;
 * - a cancelled rental never had the vehicle: no window (null).
 * The grace after the end (MATCH_GRACE_MINUTES) is added by `windowCovers`; there is none before
 * the start: a camera stamp before the handover belongs to whoever had the car then.
 */
export function rentalWindowOf(rentalId: string, r: RentalTimes): RentalWindow | null {
  const status = r.status === 'archived' ? (r.archivedFromStatus ?? 'completed') : r.status;
  if (status === 'cancelled') return null;
  const start = r.pickedUpAt || r.startDate;
  if (r.returnDate) return { rentalId, start, end: r.returnDate };
  if (status === 'active' || status === 'overdue') return { rentalId, start, end: null };
  return { rentalId, start, end: r.endDate || r.expectedReturnDate || null };
}

/** True when `at` falls in the window: [start, end + grace] (an open window has no end). */
export function windowCovers(w: RentalWindow, at: string, graceMinutes = MATCH_GRACE_MINUTES): boolean {
  const t = Date.parse(at);
  return Date.parse(w.start) <= t && (w.end === null || t <= Date.parse(w.end) + graceMinutes * 60_000);
}

export type MatchResult =
  | { state: 'matched'; rentalId: string }
  | { state: 'unmatched'; candidates: string[] }
  | { state: 'no_rental' };

/**
 * The rental that had the vehicle at `at`: windows are [start, end] inclusive of the pickup
 * minute; an open rental runs until now. A window that contains `at` wins; if none does, a window
 * whose return + grace is after `at` does. Two candidates at the same level → unmatched
 * (ambiguous), none → no_rental.
 */
export function matchRental(
  windows: readonly RentalWindow[],
  at: string,
  graceMinutes = MATCH_GRACE_MINUTES,
): MatchResult {
  const inside = windows.filter((w) => windowCovers(w, at, 0));
  const pick = (ws: readonly RentalWindow[]): MatchResult | null =>
    ws.length === 1
      ? { state: 'matched', rentalId: ws[0].rentalId }
      : ws.length > 1
        ? { state: 'unmatched', candidates: ws.map((w) => w.rentalId) }
        : null;
  const direct = pick(inside);
  if (direct) return direct;
  const grace = windows.filter((w) => w.end !== null && windowCovers(w, at, graceMinutes));
  return pick(grace) ?? { state: 'no_rental' };
}

/**
 * Minor amounts a recharge posts. Fines are disbursements: no VAT on the fine; the admin fee is
 * the company's supply and carries VAT. Tolls recharged are NOT disbursements in the UAE (the
 * company buys the crossing and resells it): with VAT enabled they carry VAT at the rental's rate
 * like the admin fee. `feeGrossMinor` is what the ledger records for the fee (the posting rules
 * extract the VAT of a manual charge when the company charges VAT).
 */
export function fineRecharge(fineMinor: number, adminFeeMinor: number, vat: { enabled: boolean; ratePercent: number }) {
  const feeVat = vat.enabled && vat.ratePercent > 0 ? taxOnNet(adminFeeMinor, vat.ratePercent) : 0;
  return {
    fineMinor,
    feeNetMinor: adminFeeMinor,
    feeVatMinor: feeVat,
    feeGrossMinor: adminFeeMinor + feeVat,
    totalMinor: fineMinor + adminFeeMinor + feeVat,
  };
}

export function tollRecharge(
  tollsMinor: readonly number[],
  feePerCrossingMinor: number,
  vat: { enabled: boolean; ratePercent: number },
) {
  const tolls = tollsMinor.reduce((s, n) => s + n, 0);
  const fee = feePerCrossingMinor * tollsMinor.length;
  const taxed = vat.enabled && vat.ratePercent > 0;
  const tollVat = taxed ? taxOnNet(tolls, vat.ratePercent) : 0;
  const feeVat = taxed ? taxOnNet(fee, vat.ratePercent) : 0;
  return {
    tollsMinor: tolls,
    tollVatMinor: tollVat,
    feeNetMinor: fee,
    feeVatMinor: feeVat,
    feeGrossMinor: fee + feeVat,
    totalMinor: tolls + tollVat + fee + feeVat,
  };
}

/** Ticket numbers and Salik transaction ids are compared without case, spaces or dashes. */
export const normalizeReference = (s: string) => s.toUpperCase().replace(/[\s\-_/.]+/g, '');
