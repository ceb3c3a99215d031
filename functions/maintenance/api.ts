/**
 * What other domains and jobs may use from maintenance: the daily prediction job. The only
 * maintenance module imported from outside functions/maintenance/.
 */
export { runDailyPredictions } from './predictions';
export { maintenanceDue, tenantsWithServicePrograms, type MaintenanceDue } from './due';
export { openDamageByVehicle, type OpenDamage } from './damage';
