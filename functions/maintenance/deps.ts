/**
 * What the maintenance domain reads and writes in other domains, each through its api.ts:
 * the vehicle item and its schedule (vehicles), the journal engine (accounting), rentals'
 * odometer readings (rentals: ./rental-deps.ts), the vehicle documents records are scheduled from
 * (documents), and the company settings through the one reader.
 */
export {
  vehicleKey,
  blocksOverlapping,
  scheduleBlockItem,
  scheduleBlockKey,
  type ScheduleBlock,
} from '../vehicles/api';
export { journalEntryItems, bookAccounts } from '../accounting/api';
export { readCompanySettings, companyTimezone, companyToday, companyRegion } from '../lib/company-settings';
/** The vehicle document a record is scheduled from (documents' "Schedule maintenance", ./from-document.ts). */
export { vehicleDocument } from '../documents/api';
/** The analytics aggregates of a record change (analytics domain), written in the same transaction. */
export { maintenanceAnalyticsItems, maintenanceFactsOf } from '../analytics/tx';
