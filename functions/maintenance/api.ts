/**
 * What other domains and jobs may use from maintenance: the daily prediction job. The only
 * maintenance module imported from outside functions/maintenance/.
 */
/** The daily predictions job's units, loaded on use (they read rentals, which importers' cold starts do not need). */
type Predictions = typeof import('./predictions');
export type { PredictionUnit } from './predictions';
export async function* predictionUnits(...args: Parameters<Predictions['predictionUnits']>) {
  yield* (await import('./predictions')).predictionUnits(...args);
}
export const predictionUnit = async (...args: Parameters<Predictions['predictionUnit']>) =>
  (await import('./predictions')).predictionUnit(...args);
export { maintenanceDue, tenantsWithServicePrograms, type MaintenanceDue } from './due';
export { openDamageByVehicle, type OpenDamage } from './damage';
