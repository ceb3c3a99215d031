/**
 * What other domains and jobs may use from maintenance: the daily prediction job. The only
 * maintenance module imported from outside functions/maintenance/.
 */
/** The daily predictions run, loaded on use: predictions read rentals, which importers' cold starts do not need. */
export const runDailyPredictions = async (...args: Parameters<typeof import('./predictions').runDailyPredictions>) =>
  (await import('./predictions')).runDailyPredictions(...args);
export { maintenanceDue, tenantsWithServicePrograms, type MaintenanceDue } from './due';
export { openDamageByVehicle, type OpenDamage } from './damage';
