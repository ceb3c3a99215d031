/**
 * What the maintenance page's parts share: status tones, the vehicle option and today's date on the company's clock.
 */
import { calendarDateInZone } from '../../../../shared/regions';
import { type MaintenancePriority, type MaintenanceStatus } from '../../../../shared/schemas/maintenance';
import { type Tone } from '../../components/StatusPill';
import { useFormat } from '../../lib/format';

export const STATUS_TONES: Partial<Record<MaintenanceStatus, Tone>> = {
  pending: 'amber',
  scheduled: 'blue',
  in_progress: 'violet',
  completed: 'green',
  cancelled: 'muted',
};
export const PRIORITY_TONES: Partial<Record<MaintenancePriority, Tone>> = {
  low: 'slate',
  medium: 'blue',
  high: 'orange',
  urgent: 'red',
};
export const URGENCY_TONES: Record<string, Tone> = {
  past_due: 'red',
  very_urgent: 'orange',
  urgent: 'amber',
  not_urgent: 'green',
};
export const TABS = ['records', 'calendar', 'predictions', 'alerts'] as const;
export type Tab = (typeof TABS)[number];

export interface VehicleOption {
  id: string;
  make: string;
  model: string;
  licensePlate: string;
}
export const vehicleName = (v: VehicleOption) => `${v.make} ${v.model} (${v.licensePlate})`;

export function useToday(): string {
  const fmt = useFormat();
  return calendarDateInZone(new Date(), fmt.timeZone);
}
