/**
 * Regions (business-data §9, product-screens §2 and §3), in three parts: the region table and
 * lookups (regions/table.ts), formatting (regions/format.ts) and detection (regions/detect.ts).
 * Importers use this module.
 */
export * from './regions/table';
export * from './regions/format';
export * from './regions/detect';
