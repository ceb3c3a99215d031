/** What fleet health reads from other areas (through their api.ts only). */
export { activeFleet, fleetBlocks, vehicleKey, type VehicleItem } from '../vehicles/api';
export { maintenanceDue, openDamageByVehicle } from '../maintenance/api';
export { vehicleComplianceDates } from '../documents/api';
export { raiseAlerts, type NewAlert } from '../alerts/api';
export { tenantsWithRentalsDue } from '../rentals/api';
export { incidentCounts, trackerStatuses } from '../gps/api';
