/**
 * What other domains (and jobs) may use from vehicles: the vehicle item's key (rentals update it
 * in the booking transaction) and the schedule blocks (DESIGN.md §4: a booking and a maintenance
 * block share one schedule per vehicle). The only vehicles module imported from outside
 * functions/vehicles/ (functions/lib/boundaries.test.ts enforces it).
 */
export { vehicleKey, vehiclePlateKey } from './data';
/** Every non-archived vehicle (bounded by the fleet): the insights engine's available car-days per category. */
export { activeFleet } from './data';
export { blocksOverlapping, fleetBlocks, scheduleBlockItem, scheduleBlockKey, type ScheduleBlock } from './schedule';
export type { SeededVehicle } from './seed';
