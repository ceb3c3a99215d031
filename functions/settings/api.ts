/**
 * What other domains and jobs may use of the settings domain (DESIGN.md §13). Company settings
 * themselves are read through the one reader, functions/lib/company-settings.ts.
 */
export { fixCompanyTimeZones } from './timezone-migration';
