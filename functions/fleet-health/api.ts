/**
 * What jobs may use from fleet health: the daily recomputation (sparse company index) and the
 * demo seed. The only fleet-health module imported from outside functions/fleet-health/.
 */
export { fleetHealthUnit, fleetHealthUnits } from './job';
export { seedFleetHealth } from './seed';
