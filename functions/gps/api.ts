/**
 * What other domains (and jobs) may use from GPS: incident counts of a vehicle (fleet health's
 * incidents factor) and the tracker statuses of a company (fleet health's System Alerts: offline
 * trackers, low batteries). The only gps module imported from outside functions/gps/.
 */
import { queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { vehicleEventsPk, type DeviceItem, type EventItem } from './model';

/**
 * Speeding events and RESTRICTED-zone entries of a vehicle between two instants (ISO, inclusive).
 * One Query on the vehicle's events index.
 */
export async function incidentCounts(
  tenantId: string,
  vehicleId: string,
  fromIso: string,
  toIso: string,
): Promise<{ speeding: number; restrictedEntries: number }> {
  const events = await queryAll<EventItem>({
    tenantId,
    pk: vehicleEventsPk(tenantId, vehicleId),
    index: 'gsi1',
    skBetween: [fromIso, `${toIso}~`],
    max: 2000,
  });
  let speeding = 0;
  let restrictedEntries = 0;
  for (const e of events) {
    if (e.kind === 'speeding') speeding++;
    else if (e.kind === 'entry' && e.fenceType === 'RESTRICTED') restrictedEntries++;
  }
  return { speeding, restrictedEntries };
}

/**
 * Every tracker of the company with its last position time, battery and whether that last
 * position was inside a DROP_ZONE (a car parked in the yard is not "offline"). One Query.
 */
export async function trackerStatuses(tenantId: string): Promise<
  Array<{
    vehicleId: string;
    deviceId: string;
    lastPositionAt: string | null;
    batteryPercent: number | null;
    insideDropZone: boolean;
  }>
> {
  const devices = await queryAll<DeviceItem>({ tenantId, pk: tenantPk(tenantId, 'GPS_DEVICE'), max: 5000 });
  return devices.map((d) => ({
    vehicleId: d.vehicleId,
    deviceId: d.deviceId,
    lastPositionAt: d.lastPositionAt ?? null,
    batteryPercent: typeof d.batteryPercent === 'number' ? d.batteryPercent : null,
    insideDropZone: d.insideDropZone === true,
  }));
}
