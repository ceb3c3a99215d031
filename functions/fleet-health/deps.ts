/** What fleet health reads from other areas (through their api.ts only). */
export { activeFleet, fleetBlocks, vehicleKey, type VehicleItem } from '../vehicles/api';
export { maintenanceDue, openDamageByVehicle } from '../maintenance/api';
export { vehicleComplianceDates } from '../documents/api';
export { raiseAlerts, type NewAlert } from '../alerts/api';
export { tenantsWithRentalsDue } from '../rentals/api';
// GPS readers: PLACEHOLDER until branch `gps` lands functions/gps/api.ts (same signatures);
// replaced by `export { incidentCounts, trackerStatuses } from '../gps/api';` on merge.
export async function incidentCounts(_tenantId: string, _vehicleId: string, _fromIso: string, _toIso: string): Promise<{ speeding: number; restrictedEntries: number }> {
  return { speeding: 0, restrictedEntries: 0 };
}
export async function trackerStatuses(_tenantId: string): Promise<Array<{ vehicleId: string; deviceId: string; lastPositionAt: string | null; batteryPercent: number | null; insideDropZone: boolean }>> {
  return [];
}
