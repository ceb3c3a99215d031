/**
 * Vehicle categories: the vehicles schema's list (re-exported by shared/schemas/vehicles.ts), in a
 * module of their own because the company's pricing settings price each category and every Lambda
 * reads the settings: they need the list, not the vehicles' zod schemas.
 */
export const VEHICLE_CATEGORIES = ['economy', 'compact', 'sedan', 'suv', 'luxury', 'sports', 'van', 'pickup'] as const;
export type VehicleCategory = (typeof VEHICLE_CATEGORIES)[number];
