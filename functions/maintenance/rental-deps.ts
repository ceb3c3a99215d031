/**
 * What inspections and predictions read and post through rentals (its api.ts): odometer readings,
 * the rental of an inspection, the held deposit, the inspection's charges. Apart from ./deps.ts,
 * so the maintenance Lambda loads the rentals code only with those routes (lazy chunks), not at
 * a cold start (`npm run bench`).
 */
export { rentalOdometerReadings, rentalForInspection, rentalHeldByLineCode, postExternalCharges } from '../rentals/api';
