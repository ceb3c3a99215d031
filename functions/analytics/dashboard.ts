import { fleetKpis, periodRange, ratio } from '../../shared/analytics/kpi';
import { addDays, daysBetween } from '../../shared/calendar';
import { fromMinor } from '../../shared/money';
import { hasAbility, type Ability, type Role } from '../../shared/permissions';
import { calendarDateInZone, getRegionConfig } from '../../shared/regions';
import type { DashboardData } from '../../shared/schemas/analytics';
import { dashboardBalances, fleetRoster, hasCustomers, openInvoiceTotals, readCompany, rentalStats } from './deps';
import { buildFleetPeriod, readOutRentals } from './period';
import { readDailyAggregates, readVehicleMonthAggregates } from './read';

/** Vehicles without a day on rent for more than this many days are listed as idle. */
export const IDLE_THRESHOLD_DAYS = 7;

/**
 * GET /api/v1/dashboard. Reads (each bounded by the fleet, the chart of accounts or a fixed number
 * of days — never by the number of rentals): company settings, the fleet roster, the rentals' status
 * stats (sharded), the active and overdue rentals, 30 company days, the vehicle months covering the
 * last 60 days (idle detection), the GL balances of the money cards, the open invoices (the
 * open-status partitions: what is owed now, not the history). Each role gets the cards it
 * may read (DESIGN.md §6); a company with no booking yet gets the setup steps instead of zeros.
 */
export async function readDashboard(tenantId: string, role: Role, now = new Date()): Promise<DashboardData> {
  const may = (a: Ability) => hasAbility(role, a);
  const company = await readCompany(tenantId);
  const today = calendarDateInZone(now, company.timezone);
  const tomorrow = addDays(today, 1);
  const range = periodRange('30d', today);
  const idleFrom = addDays(today, -59);
  const [roster, stats, out, days, months, balances, customers, ahead] = await Promise.all([
    fleetRoster(tenantId),
    rentalStats(tenantId),
    readOutRentals(tenantId),
    readDailyAggregates(tenantId, range.from, range.to),
    readVehicleMonthAggregates(tenantId, idleFrom.slice(0, 7), today.slice(0, 7)),
    may('financeRead') ? dashboardBalances(tenantId, today) : Promise.resolve(null),
    hasCustomers(tenantId),
    // Booked (future): the value of bookings not picked up yet that start after today, a year ahead.
    may('reportsAll') ? readDailyAggregates(tenantId, tomorrow, addDays(today, 365)) : Promise.resolve([]),
  ]);
  const openInvoices = balances ? await openInvoiceTotals(tenantId) : null;
  const fleet = roster.filter((v) => !v.isArchived);
  const byStatus = stats.byStatus as Record<string, number>;
  const bookings = Number(stats.total ?? 0);
  const period30 = buildFleetPeriod(roster, months, out, range.from, range.to, company.timezone, now);
  const k30 = fleetKpis(period30.vehicles, period30.days.length, company.dailyFixedCostMinor);
  const cards: DashboardData['cards'] = {
    activeRentals: { value: byStatus.active ?? 0, kind: 'number', link: '/rentals?status=active' },
    availableVehicles: {
      value: fleet.filter((v) => v.status === 'available').length,
      kind: 'number',
      link: '/vehicles?status=available',
      total: fleet.length,
    },
    overdueRentals: { value: byStatus.overdue ?? 0, kind: 'number', link: '/rentals?status=overdue' },
  };
  if (balances) {
    // The open invoices' balances: the list the card opens. What customers owe that is on no
    // invoice yet (receivables 1310 minus the open invoices) is its own, labelled figure.
    cards.unpaidInvoices = {
      value: fromMinor(openInvoices!.balanceMinor),
      kind: 'money',
      link: '/invoices?status=open',
      uninvoiced: fromMinor(balances.receivablesMinor - openInvoices!.balanceMinor),
    };
    cards.depositTotal = { value: fromMinor(balances.depositsHeldMinor), kind: 'money', link: '/deposits?status=open' };
    if (may('accounting')) {
      cards.cashBox = { value: fromMinor(balances.cashBoxMinor), kind: 'money', link: '/dashboard/finance' };
      cards.pettyCash = { value: fromMinor(balances.pettyCashMinor), kind: 'money', link: '/dashboard/finance' };
      cards.bankAccounts = { value: fromMinor(balances.bankMinor), kind: 'money', link: '/dashboard/finance' };
      cards.operationalCharges = {
        value: fromMinor(balances.monthExpensesMinor),
        kind: 'money',
        link: '/dashboard/finance?drawer=operational',
      };
    }
  }
  if (may('reportsFleetHealth'))
    cards.utilisation30 = {
      value: Math.round(k30.utilisation * 1000) / 10,
      kind: 'percent',
      link: '/reports?tab=utilization',
    };
  if (may('reportsAll'))
    cards.revenue30 = { value: fromMinor(k30.revenueMinor), kind: 'money', link: '/reports?tab=revenue-trends' };
  // Issue 26: earned revenue above; what is booked for later is shown beside it, never added to it.
  if (may('reportsAll'))
    cards.bookedFuture = {
      value: fromMinor(ahead.reduce((s, d) => s + d.bookedMinor, 0)),
      kind: 'money',
      link: '/rentals?status=pending',
    };

  // Idle: days since the last day on rent within the last 60 days (null: none in that window).
  const idleWindow = buildFleetPeriod(roster, months, out, idleFrom, today, company.timezone, now);
  const idle = idleWindow.vehicles
    .filter((v) => !v.vehicle.isArchived && v.vehicle.status !== 'rented')
    .map((v) => {
      const last = [...v.onRent].sort().pop();
      const since = last ? daysBetween(last, today) : null;
      return {
        vehicleId: v.vehicleId,
        label: `${v.vehicle.make} ${v.vehicle.model}`.trim(),
        plate: v.vehicle.licensePlate,
        idleDays: since,
      };
    })
    .filter((v) => v.idleDays === null || v.idleDays > IDLE_THRESHOLD_DAYS)
    .sort((a, b) => (b.idleDays ?? 1e9) - (a.idleDays ?? 1e9))
    .slice(0, 5);

  return {
    today,
    tomorrow,
    currency: getRegionConfig(company.region).currency,
    region: company.region,
    isNewCompany: bookings === 0,
    setup: { vehicles: roster.length, customers, bookings },
    cards,
    trend: may('reportsOperational')
      ? {
          days: days.map((d) => d.day),
          bookings: days.map((d) => d.bookings),
          pickups: days.map((d) => d.pickups),
          returns: days.map((d) => d.returns),
        }
      : null,
    topVehicles: may('reportsAll')
      ? period30.vehicles
          .filter((v) => v.revenueMinor > 0 || v.daysOnRent > 0)
          .map((v) => ({
            vehicleId: v.vehicleId,
            label: `${v.vehicle.make} ${v.vehicle.model}`.trim(),
            plate: v.vehicle.licensePlate,
            revenue: fromMinor(v.revenueMinor),
            daysOnRent: v.daysOnRent,
            utilisation:
              Math.round(ratio(v.daysOnRent, Math.max(0, (v.daysInFleet ?? 30) - v.daysOutOfService)) * 1000) / 10,
          }))
          .sort((a, b) => b.revenue - a.revenue || b.utilisation - a.utilisation)
          .slice(0, 5)
      : null,
    returnsDue: may('rentalsRead')
      ? out
          .map((r) => {
            const day = calendarDateInZone(r.expectedReturnDate, company.timezone);
            const when =
              day < today
                ? ('overdue' as const)
                : day === today
                  ? ('today' as const)
                  : day === tomorrow
                    ? ('tomorrow' as const)
                    : null;
            return when
              ? {
                  rentalId: r.id,
                  reference: r.referenceNumber,
                  vehicle: r.vehicleLabel,
                  customer: r.customerName,
                  expectedReturnDate: r.expectedReturnDate,
                  when,
                }
              : null;
          })
          .filter((r): r is NonNullable<typeof r> => r !== null)
          .sort((a, b) => a.expectedReturnDate.localeCompare(b.expectedReturnDate))
          .slice(0, 5)
      : null,
    idleVehicles: may('vehiclesRead') ? idle : null,
    idleThresholdDays: IDLE_THRESHOLD_DAYS,
    links: { chargesLedger: '/dashboard/finance', bankStatement: '/dashboard/accounting/general-ledger' },
  };
}
