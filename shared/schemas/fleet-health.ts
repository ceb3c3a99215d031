import * as z from 'zod';
import { HEALTH_FACTOR_KEYS } from '../fleet-health/score';
import { entityId } from './fields';

/**
 * GET /api/v1/fleet-health (issue 14): the Fleet Health tab's rows (score, grade and each factor's
 * contribution per vehicle) and the System Alerts tab's tracker conditions; POST …/recompute
 * stores a computation now (see functions/fleet-health/compute.ts).
 */
export const fleetHealthQuery = z.object({
  /** One vehicle only (its page); another company's or an unknown id → 404. */
  vehicleId: entityId().optional(),
});

const grade = z.enum(['excellent', 'good', 'fair', 'poor', 'critical']);
export const healthFactorSchema = z.object({
  key: z.enum(HEALTH_FACTOR_KEYS),
  weight: z.number(),
  penalty: z.number(),
  detail: z.record(z.string(), z.union([z.number(), z.string()])),
});
export const vehicleHealthSchema = z.object({
  vehicleId: z.string(),
  label: z.string(),
  licensePlate: z.string(),
  status: z.string(),
  score: z.number(),
  grade,
  previousScore: z.number().nullable(),
  factors: z.array(healthFactorSchema),
  computedAt: z.string(),
});
export const TRACKER_CONDITIONS = ['offline', 'battery_low'] as const;
export const trackerConditionSchema = z.object({
  kind: z.enum(TRACKER_CONDITIONS),
  vehicleId: z.string(),
  label: z.string(),
  deviceId: z.string(),
  lastPositionAt: z.string().nullable(),
  batteryPercent: z.number().nullable(),
});
export const fleetHealthSchema = z.object({
  computedAt: z.string().nullable(),
  /** false: computed for this answer only (the stored computation is older than an hour, or none yet). */
  stored: z.boolean(),
  averageScore: z.number().nullable(),
  grades: z.record(grade, z.number()),
  vehicles: z.array(vehicleHealthSchema),
  trackers: z.array(trackerConditionSchema),
  /** Tracker rules the System Alerts tab states. */
  rules: z.object({ offlineHours: z.number(), batteryLowPercent: z.number() }),
});
export type VehicleHealth = z.infer<typeof vehicleHealthSchema>;
export type TrackerCondition = z.infer<typeof trackerConditionSchema>;
export type FleetHealth = z.infer<typeof fleetHealthSchema>;
