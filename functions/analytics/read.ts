import { dayRange } from '../../shared/analytics/kpi';
import { queryAll } from '../lib/data/repo';
import { DAY_FIELDS, type DayField } from './contribution';
import { dayPk, vmPk } from './model';

/** One company day (shards summed); every day of the asked range is present (zeros when nothing happened). */
export type DailyAggregate = { day: string } & Record<DayField, number>;

/** One vehicle's month. Days are calendar days 'YYYY-MM-DD' of the company's time zone. */
export interface VehicleMonthAggregate {
  vehicleId: string;
  month: string;
  /** Days of the month the car was on rent (stored part: see contribution.ts for cars still out). */
  onRentDays: string[];
  /** Days of the month the car was in the workshop. */
  maintenanceDays: string[];
  /** Rental revenue posted per day (minor units), only days with revenue. */
  revenueByDay: Record<string, number>;
  revenueMinor: number;
  km: number;
  maintenanceCostMinor: number;
  /** Rentals whose first day on rent falls in this month. */
  rentals: number;
}

const emptyDay = (day: string): DailyAggregate =>
  Object.fromEntries([['day', day], ...DAY_FIELDS.map((f) => [f, 0])]) as DailyAggregate;

/**
 * Company days from `fromDay` to `toDay` (both included): ONE Query over the day range, whose
 * cost depends on the number of days (× shards), never on the number of rentals.
 */
export async function readDailyAggregates(tenantId: string, fromDay: string, toDay: string): Promise<DailyAggregate[]> {
  const items = await queryAll<Record<string, unknown>>({
    tenantId,
    pk: dayPk(tenantId),
    skBetween: [fromDay, `${toDay}#~`],
    max: 20_000,
  });
  const byDay = new Map(dayRange(fromDay, toDay).map((d) => [d, emptyDay(d)]));
  for (const it of items) {
    const agg = byDay.get(String(it.day));
    if (!agg) continue;
    for (const f of DAY_FIELDS) agg[f] += Number(it[f] ?? 0);
  }
  return [...byDay.values()];
}

/** Vehicle months from `fromMonth` to `toMonth` ('YYYY-MM', both included): ONE Query; fleet × months items. */
export async function readVehicleMonthAggregates(
  tenantId: string,
  fromMonth: string,
  toMonth: string,
): Promise<VehicleMonthAggregate[]> {
  const items = await queryAll<Record<string, unknown>>({
    tenantId,
    pk: vmPk(tenantId),
    skBetween: [fromMonth, `${toMonth}#~`],
    max: 50_000,
  });
  return items.map(vehicleMonthOf);
}

export function vehicleMonthOf(it: Record<string, unknown>): VehicleMonthAggregate {
  const month = String(it.month);
  const out: VehicleMonthAggregate = {
    vehicleId: String(it.vehicleId),
    month,
    onRentDays: [],
    maintenanceDays: [],
    revenueByDay: {},
    revenueMinor: 0,
    km: Number(it.km ?? 0),
    maintenanceCostMinor: Number(it.maintenanceCostMinor ?? 0),
    rentals: Number(it.rentals ?? 0),
  };
  for (let d = 1; d <= 31; d++) {
    const dd = String(d).padStart(2, '0');
    const day = `${month}-${dd}`;
    if (Number(it[`d${dd}`] ?? 0) > 0) out.onRentDays.push(day);
    if (Number(it[`m${dd}`] ?? 0) > 0) out.maintenanceDays.push(day);
    const r = Number(it[`r${dd}`] ?? 0);
    if (r) {
      out.revenueByDay[day] = r;
      out.revenueMinor += r;
    }
  }
  return out;
}
