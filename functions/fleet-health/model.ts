/**
 * Fleet health items (issue 14):
 * - snapshot: pk T#{t}#FLEET_HEALTH, sk {vehicleId} — the vehicle's last computed score, grade and
 *             factors (replaced on each computation; the page reads the partition with one Query).
 * - run:      pk T#{t}#FLEET_HEALTH_RUN, sk LATEST — when the company was last computed (the page
 *             serves the snapshots while they are fresh) and, as gsi2 G#FLEET_HEALTH / {tenantId},
 *             the sparse index of companies the daily `fleet-health` job recomputes (DESIGN.md §15).
 * The vehicle item's `healthScore` is written with its snapshot, in the same transaction.
 */
import type { HealthFactor } from '../../shared/fleet-health/score';
import type { HealthGrade } from '../../shared/vehicles/vehicle-rules';
import type { VehicleHealth } from '../../shared/schemas/fleet-health';
import { tenantPk, type Key } from '../lib/data/keys';
import type { Item } from '../lib/data/repo';

export const FLEET_HEALTH_INDEX_PK = 'G#FLEET_HEALTH';
/** Snapshots older than this are recomputed when the page is opened (the daily job keeps the rest current). */
export const FLEET_HEALTH_MAX_AGE_MINUTES = 60;
/** Tracker rules of the System Alerts tab: no position for this long (outside a drop zone) → offline. */
export const TRACKER_OFFLINE_HOURS = 12;
/** Tracker battery at or below this percentage → low. */
export const TRACKER_BATTERY_LOW_PERCENT = 20;

export const snapshotPk = (t: string) => tenantPk(t, 'FLEET_HEALTH');
export const snapshotKey = (t: string, vehicleId: string): Key => ({ pk: snapshotPk(t), sk: vehicleId });
export const runKey = (t: string): Key => ({ pk: tenantPk(t, 'FLEET_HEALTH_RUN'), sk: 'LATEST' });

export interface SnapshotItem extends Item {
  entityType: 'FLEET_HEALTH';
  vehicleId: string;
  label: string;
  licensePlate: string;
  status: string;
  score: number;
  grade: HealthGrade;
  previousScore: number | null;
  factors: HealthFactor[];
  computedAt: string;
}

export interface RunItem extends Item {
  entityType: 'FLEET_HEALTH_RUN';
  tenantId: string;
  computedAt: string;
  day: string;
  vehicles: number;
}

export const snapshotToApi = (s: SnapshotItem): VehicleHealth => ({
  vehicleId: s.vehicleId,
  label: s.label,
  licensePlate: s.licensePlate,
  status: s.status,
  score: s.score,
  grade: s.grade,
  previousScore: s.previousScore ?? null,
  factors: s.factors,
  computedAt: s.computedAt,
});
