/**
 * Statement import (issue 13): CSV parsing, column mapping and the wall-clock → instant
 * conversion. Authorities print local times without a zone; they are read on the company's
 * clock (its time-zone setting), which is how a camera in Dubai stamps a fine.
 */

/** Fields a fines statement maps; `time` is optional when the date column holds date and time. */
export const TICKET_IMPORT_FIELDS = [
  'ticketNumber',
  'date',
  'time',
  'plate',
  'amount',
  'violationType',
  'location',
] as const;
export const TICKET_REQUIRED_FIELDS = ['ticketNumber', 'date', 'plate', 'amount'] as const;
/** Fields of a Salik statement (transaction id, trip date and time, plate, tag, toll gate, direction, amount). */
export const SALIK_IMPORT_FIELDS = [
  'transactionId',
  'date',
  'time',
  'plate',
  'tag',
  'gate',
  'direction',
  'amount',
] as const;
export const SALIK_REQUIRED_FIELDS = ['transactionId', 'date', 'plate', 'amount'] as const;

/** Header names of the usual exports, so a known file needs no mapping (lower-case, no spaces). */
const HEADER_GUESSES: Record<string, readonly string[]> = {
  ticketNumber: ['ticketnumber', 'ticketno', 'finenumber', 'fineno', 'ticket', 'violationnumber', 'referencenumber'],
  transactionId: ['transactionid', 'transactionno', 'transaction', 'tripid'],
  date: ['date', 'violationdate', 'tripdate', 'finedate', 'datetime', 'tripdatetime'],
  time: ['time', 'violationtime', 'triptime', 'finetime'],
  plate: ['plate', 'platenumber', 'plateno', 'licenseplate', 'vehicleplate'],
  amount: ['amount', 'fineamount', 'amountaed', 'value', 'charge'],
  violationType: ['violationtype', 'violation', 'type', 'description'],
  location: ['location', 'place', 'street'],
  tag: ['tag', 'tagnumber', 'tagid'],
  gate: ['gate', 'tollgate', 'gatelocation', 'location'],
  direction: ['direction'],
};

/** A mapping from each field to a column header, guessed from the headers (unknown → absent). */
export function guessMapping(headers: readonly string[], fields: readonly string[]): Record<string, string> {
  const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
  const out: Record<string, string> = {};
  for (const f of fields) {
    const hit = headers.find((h) => (HEADER_GUESSES[f] ?? [f.toLowerCase()]).includes(norm(h)));
    if (hit && !Object.values(out).includes(hit)) out[f] = hit;
  }
  return out;
}

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YMD = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const HM = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?$/i;

/**
 * Reads a statement's date (YYYY-MM-DD or DD/MM/YYYY — the UAE writes day first) and time
 * (HH:mm[:ss], optional am/pm) as wall-clock parts; the date cell may hold both ("2026-03-04 14:35").
 * Returns null when either part is unreadable or not a real date/time.
 */
export function readWallClock(
  dateCell: string,
  timeCell?: string,
): { y: number; m: number; d: number; h: number; min: number; s: number } | null {
  let date = dateCell.trim();
  let time = (timeCell ?? '').trim();
  const split = /^(\S+)[ T](.+)$/.exec(date);
  if (split && !time) {
    date = split[1];
    time = split[2];
  }
  let y: number, m: number, d: number;
  const a = YMD.exec(date);
  const b = DMY.exec(date);
  if (a) [y, m, d] = [Number(a[1]), Number(a[2]), Number(a[3])];
  else if (b) [y, m, d] = [Number(b[3]), Number(b[2]), Number(b[1])];
  else return null;
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  let h = 0,
    min = 0,
    s = 0;
  if (time) {
    const t = HM.exec(time);
    if (!t) return null;
    [h, min, s] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)];
    const ampm = t[4]?.toLowerCase();
    if (ampm) {
      if (h < 1 || h > 12) return null;
      h = (h % 12) + (ampm === 'pm' ? 12 : 0);
    }
    if (h > 23 || min > 59 || s > 59) return null;
  }
  return { y, m, d, h, min, s };
}

/** Milliseconds of the wall clock of `ms` in `timeZone`, read as if it were UTC. */
function wallMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour === 24 ? 0 : parts.hour,
    parts.minute,
    parts.second,
  );
}

/** The instant (ISO UTC) of a wall-clock time in `timeZone` (daylight-saving edges: corrected once). */
export function wallClockToInstant(
  w: { y: number; m: number; d: number; h: number; min: number; s: number },
  timeZone: string,
): string {
  const wall = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
  let ms = wall - (wallMs(wall, timeZone) - wall);
  ms = wall - (wallMs(ms, timeZone) - ms);
  return new Date(ms).toISOString();
}

/** A statement amount: "150", "1,000.50", "AED 150.00" → minor units, or null. */
export function readAmountMinor(cell: string): number | null {
  const s = cell.replace(/[A-Za-z\s,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  const minor = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return minor > 0 && minor <= 99_999_999_999 ? minor : null;
}
