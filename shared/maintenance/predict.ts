/**
 * Service predictions without guessing (issue 12, "the spec's AI predictions"; DESIGN.md §16):
 * pure statistics on one vehicle's own odometer history.
 *
 * - Daily km: least-squares slope of km over days through the readings of the last
 *   HISTORY_DAYS (rental pickups and returns, service mileage, GPS later). Needs at least
 *   MIN_READINGS readings spanning MIN_SPAN_DAYS with the odometer moving; otherwise the
 *   prediction says "too little history" and gives no km-based date (a time-based date, which
 *   needs no history, is still given).
 * - Due: at whichever comes first of last service km + everyKm and last service date + everyMonths.
 *   Projected date by km = today + ceil(km left ÷ km per day).
 * - Urgency: past_due (date passed or km reached), very_urgent (≤ 7 days or ≤ 500 km),
 *   urgent (≤ 30 days or ≤ 1,500 km), not_urgent.
 * - Confidence (0–1): amount of history (readings, span) × steadiness (how well a straight line
 *   fits: 1 − normalised residual spread). A time-only interval is certain (1).
 * Every prediction keeps the readings it used (evidence).
 */
import { addDays, addMonths } from '../calendar';
export const HISTORY_DAYS = 365;
export const MIN_READINGS = 3;
export const MIN_SPAN_DAYS = 14;
export const URGENCY_LEVELS = ['past_due', 'very_urgent', 'urgent', 'not_urgent'] as const;
export type Urgency = (typeof URGENCY_LEVELS)[number];
export const URGENCY_THRESHOLDS = {
  very_urgent: { days: 7, km: 500 },
  urgent: { days: 30, km: 1500 },
} as const;

export interface OdometerReading {
  /** ISO date or date-time. */
  at: string;
  km: number;
  source: 'pickup' | 'return' | 'service' | 'gps' | 'vehicle';
  refId?: string | null;
  reference?: string | null;
}

export interface IntervalInput {
  type: string;
  everyKm?: number | null;
  everyMonths?: number | null;
}

export interface LastService {
  date: string;
  km: number | null;
  /** The record it came from, or null when the vehicle's first reading stands in for it. */
  recordId: string | null;
}

export interface Prediction {
  type: string;
  everyKm: number | null;
  everyMonths: number | null;
  lastService: LastService | null;
  currentKm: number | null;
  kmPerDay: number | null;
  dueKm: number | null;
  kmLeft: number | null;
  dueDateByKm: string | null;
  dueDateByTime: string | null;
  /** Whichever comes first. */
  dueDate: string | null;
  daysLeft: number | null;
  urgency: Urgency;
  confidence: number;
  confidenceLevel: 'high' | 'medium' | 'low';
  /** True when the km history is too thin to measure daily km (the prediction says so). */
  insufficientHistory: boolean;
  reason: string;
  evidence: OdometerReading[];
}

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`) / DAY_MS);

export interface Rate {
  kmPerDay: number | null;
  confidence: number;
  used: OdometerReading[];
  insufficient: boolean;
}

/** Daily km from readings of the last HISTORY_DAYS (see header). */
export function measureRate(readings: readonly OdometerReading[], today: string): Rate {
  const t0 = dayNumber(today);
  const used = readings
    .filter((r) => Number.isFinite(r.km) && dayNumber(r.at) <= t0 && dayNumber(r.at) > t0 - HISTORY_DAYS)
    .slice()
    .sort((a, b) => a.at.localeCompare(b.at));
  if (used.length < MIN_READINGS) return { kmPerDay: null, confidence: 0, used, insufficient: true };
  const xs = used.map((r) => dayNumber(r.at));
  const ys = used.map((r) => r.km);
  const span = xs[xs.length - 1] - xs[0];
  if (span < MIN_SPAN_DAYS || ys[ys.length - 1] <= ys[0])
    return { kmPerDay: null, confidence: 0, used, insufficient: true };
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  const slope = sxy / sxx;
  if (!(slope > 0)) return { kmPerDay: null, confidence: 0, used, insufficient: true };
  // Steadiness: residual spread relative to the distance driven over the span.
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (ys[i] - (my + slope * (xs[i] - mx))) ** 2;
  const rmse = Math.sqrt(sse / n);
  const steadiness = Math.max(0, 1 - rmse / Math.max(1, slope * span));
  const amount = Math.min(1, n / 8) * Math.min(1, span / 90);
  const confidence = Math.round(amount * steadiness * 100) / 100;
  return { kmPerDay: Math.round(slope * 10) / 10, confidence, used, insufficient: false };
}

export const confidenceLevel = (c: number): Prediction['confidenceLevel'] =>
  c >= 0.7 ? 'high' : c >= 0.4 ? 'medium' : 'low';

export function urgencyOf(daysLeft: number | null, kmLeft: number | null): Urgency {
  if ((daysLeft !== null && daysLeft < 0) || (kmLeft !== null && kmLeft <= 0)) return 'past_due';
  const within = (level: 'very_urgent' | 'urgent') =>
    (daysLeft !== null && daysLeft <= URGENCY_THRESHOLDS[level].days) ||
    (kmLeft !== null && kmLeft <= URGENCY_THRESHOLDS[level].km);
  if (within('very_urgent')) return 'very_urgent';
  if (within('urgent')) return 'urgent';
  return 'not_urgent';
}

/**
 * One interval's prediction. `lastService` null: the vehicle has no service of this type on
 * record; the first reading (or the vehicle's creation) stands in, as the interval runs from then.
 */
export function predictService(input: {
  interval: IntervalInput;
  readings: readonly OdometerReading[];
  lastService: LastService | null;
  currentKm: number | null;
  today: string;
}): Prediction {
  const { interval, today } = input;
  const everyKm = interval.everyKm ?? null;
  const everyMonths = interval.everyMonths ?? null;
  const rate = measureRate(input.readings, today);
  const known = input.readings.map((r) => r.km).filter(Number.isFinite);
  const currentKm = Math.max(input.currentKm ?? -Infinity, ...known);
  const cur = Number.isFinite(currentKm) ? currentKm : null;
  const last = input.lastService;
  const t0 = dayNumber(today);

  let dueKm: number | null = null;
  let kmLeft: number | null = null;
  let dueDateByKm: string | null = null;
  if (everyKm && last && last.km !== null && cur !== null) {
    dueKm = last.km + everyKm;
    kmLeft = dueKm - cur;
    if (rate.kmPerDay) dueDateByKm = kmLeft <= 0 ? today : addDays(today, Math.ceil(kmLeft / rate.kmPerDay));
  }
  const dueDateByTime = everyMonths && last ? addMonths(last.date.slice(0, 10), everyMonths) : null;
  const dates = [dueDateByKm, dueDateByTime].filter((d): d is string => !!d).sort();
  const dueDate = dates[0] ?? null;
  const daysLeft = dueDate ? dayNumber(dueDate) - t0 : null;
  const urgency = urgencyOf(daysLeft, kmLeft);
  const kmDriven = !!everyKm;
  const insufficientHistory = kmDriven && rate.insufficient;
  // Time-only intervals need no measurement; km intervals are as sure as the measured rate.
  const confidence = !kmDriven
    ? 1
    : insufficientHistory
      ? 0
      : dueDateByKm && dueDate === dueDateByTime && dueDate !== dueDateByKm
        ? 1
        : rate.confidence;
  let reason: string;
  if (!last) reason = 'No service or reading on record to count the interval from';
  else if (insufficientHistory)
    reason = `Too little odometer history to measure daily km (${rate.used.length} readings; at least ${MIN_READINGS} over ${MIN_SPAN_DAYS} days needed)`;
  else if (dueDate === dueDateByTime && dueDateByTime) reason = `Due by time: ${everyMonths} months after ${last.date}`;
  else reason = `Due by distance: ${kmLeft} km left at ${rate.kmPerDay} km/day`;
  return {
    type: interval.type,
    everyKm,
    everyMonths,
    lastService: last,
    currentKm: cur,
    kmPerDay: rate.kmPerDay,
    dueKm,
    kmLeft,
    dueDateByKm,
    dueDateByTime,
    dueDate,
    daysLeft,
    urgency,
    confidence,
    confidenceLevel: confidenceLevel(confidence),
    insufficientHistory,
    reason,
    evidence: rate.used,
  };
}

/**
 * True when a booking [start, end] (calendar dates) reaches a predicted due date, or its km allowance would pass the
 * due km.
 */
export function bookingAtRisk(
  p: Pick<Prediction, 'dueDate' | 'kmLeft'>,
  start: string,
  end: string,
  kmAllowance?: number | null,
): boolean {
  if (p.kmLeft !== null && p.kmLeft <= 0) return true;
  if (p.dueDate && p.dueDate <= end.slice(0, 10)) return true;
  return !!kmAllowance && p.kmLeft !== null && kmAllowance > p.kmLeft;
}
