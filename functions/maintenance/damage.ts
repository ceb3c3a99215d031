import { queryAll } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import type { InspectionItem } from './inspections';
import type { MaintenanceItem } from './model';

/**
 * For fleet health (issue 14): each vehicle's OPEN damage — the marks of its latest signed
 * inspection within the window (an inspection records every damage the car has at that moment),
 * unless a repair or bodywork record was completed on or after that inspection's day (then the
 * damage counts as fixed). Two Queries bounded by the window (inspections by date, records by
 * date), never the whole history.
 */
export interface OpenDamage {
  minor: number;
  moderate: number;
  severe: number;
  inspectionId: string;
  at: string;
}

export async function openDamageByVehicle(tenantId: string, sinceIso: string): Promise<Map<string, OpenDamage>> {
  const [inspections, repairs] = await Promise.all([
    queryAll<InspectionItem>({
      tenantId,
      pk: tenantPk(tenantId, 'INSPECTION_BY_DATE'),
      index: 'gsi2',
      skFrom: sinceIso,
      max: 5000,
      filter: { expression: '#s = :signed', names: { '#s': 'status' }, values: { ':signed': 'signed' } },
    }),
    queryAll<MaintenanceItem>({
      tenantId,
      pk: tenantPk(tenantId, 'MAINT_BY_DATE'),
      index: 'gsi2',
      skFrom: sinceIso.slice(0, 10),
      max: 5000,
      filter: {
        expression: '#s = :done AND #t IN (:repair, :body)',
        names: { '#s': 'status', '#t': 'type' },
        values: { ':done': 'completed', ':repair': 'repair', ':body': 'bodywork' },
      },
    }),
  ]);
  const latest = new Map<string, InspectionItem>();
  for (const i of inspections) {
    const at = i.signedAt ?? i.createdAt;
    const prev = latest.get(i.vehicleId);
    if (!prev || at > (prev.signedAt ?? prev.createdAt)) latest.set(i.vehicleId, i);
  }
  const out = new Map<string, OpenDamage>();
  for (const [vehicleId, i] of latest) {
    const at = i.signedAt ?? i.createdAt;
    const repaired = repairs.some((r) => r.vehicleId === vehicleId && (r.completedDate ?? r.date) >= at.slice(0, 10));
    if (repaired || !i.damages?.length) continue;
    const d: OpenDamage = { minor: 0, moderate: 0, severe: 0, inspectionId: i.id, at };
    for (const m of i.damages) d[m.severity]++;
    out.set(vehicleId, d);
  }
  return out;
}
