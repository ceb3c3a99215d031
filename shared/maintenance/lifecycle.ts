import { addDays } from '../calendar';
import { dayStartUtc } from '../calendar-zone';
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

export const nextStatus = (from: MaintenanceStatus, action: MaintenanceAction): MaintenanceStatus | undefined =>
  TRANSITIONS[from][action];

/** Statuses whose window holds the vehicle (a schedule block the booking check counts). */
export const HOLDS_VEHICLE: ReadonlySet<MaintenanceStatus> = new Set(['scheduled', 'in_progress']);
/** Statuses a record can still be edited in. */
export const EDITABLE: ReadonlySet<MaintenanceStatus> = new Set(['pending', 'scheduled', 'in_progress']);

export { dayStartUtc };

/** The window [start, end) a record holds: from its date's first instant to the day after its end date. */
export function maintenanceWindow(
  date: string,
  endDate: string | null | undefined,
  timeZone: string,
): { start: string; end: string } {
  return { start: dayStartUtc(date, timeZone), end: dayStartUtc(addDays(endDate ?? date, 1), timeZone) };
}
