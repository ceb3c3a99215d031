/** What the insights engine reads from other domains (through their api.ts only). */
export {
  buildFleetPeriod,
  readCompany,
  readDailyAggregates,
  readOutRentals,
  readVehicleMonthAggregates,
  type FleetPeriod,
} from '../analytics/api';
export { fleetRoster } from '../vehicles/api';
export { customersWhoRented } from '../customers/api';
export { listRentalsPage, tenantsWithRentalsDue } from '../rentals/api';
export { overdueInvoices, tenantsWithInvoicesDue } from '../invoices/api';
export { vatPayable } from '../accounting/api';
export { depositReleaseConditions, revenueProtection } from '../collections/api';
