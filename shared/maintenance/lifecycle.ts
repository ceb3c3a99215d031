export const MAINTENANCE_STATUSES = ['pending', 'scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/**
 * Allowed moves of a maintenance record (the spec: "Allowed transitions between these statuses:
 * not shown" — decided as a workshop works). Anything else answers 409 INVALID_TRANSITION.
 *
 * | from        | schedule | start | complete | cancel |
 * |-------------|----------|-------|----------|--------|
 * | pending     | ✓        | ✓     | ✓        | ✓      |
 * | scheduled   | (pending)| ✓     | ✓        | ✓      |
 * | in_progress |          |       | ✓        | ✓      |
 * | completed   |          |       |          | ✓ (reverses the posted cost) |
 * | cancelled   |          |       |          |        |
 *
 * pending ↔ scheduled is a PATCH of `status`; completing straight from pending/scheduled records
 * work done in one visit (an oil change at a quick-lube shop).
 */
export type MaintenanceAction = 'schedule' | 'unschedule' | 'start' | 'complete' | 'cancel';

export const TRANSITIONS: Record<MaintenanceStatus, Partial<Record<MaintenanceAction, MaintenanceStatus>>> = {
  pending: { schedule: 'scheduled', start: 'in_progress', complete: 'completed', cancel: 'cancelled' },
  scheduled: { unschedule: 'pending', start: 'in_progress', complete: 'completed', cancel: 'cancelled' },
  in_progress: { complete: 'completed', cancel: 'cancelled' },
  completed: { cancel: 'cancelled' },
  cancelled: {},
};

export const nextStatus = (from: MaintenanceStatus, action: MaintenanceAction): MaintenanceStatus | undefined => TRANSITIONS[from][action];

/** Statuses whose window holds the vehicle (a schedule block the booking check counts). */
export const HOLDS_VEHICLE: ReadonlySet<MaintenanceStatus> = new Set(['scheduled', 'in_progress']);
/** Statuses a record can still be edited in. */
export const EDITABLE: ReadonlySet<MaintenanceStatus> = new Set(['pending', 'scheduled', 'in_progress']);

/** The UTC instant a calendar day starts in a time zone (DST-safe: two passes of the offset). */
export function dayStartUtc(date: string, timeZone: string): string {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const offsetAt = (t: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).formatToParts(new Date(t));
    const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - t;
  };
  let t = guess - offsetAt(guess);
  t = guess - offsetAt(t);
  return new Date(t).toISOString();
}

export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The window [start, end) a record holds: from its date's first instant to the day after its end date. */
export function maintenanceWindow(date: string, endDate: string | null | undefined, timeZone: string): { start: string; end: string } {
  return { start: dayStartUtc(date, timeZone), end: dayStartUtc(addDays(endDate ?? date, 1), timeZone) };
}
