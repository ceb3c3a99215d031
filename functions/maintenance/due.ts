import { queryAll } from '../lib/data/repo';
import { dueTenants } from '../lib/data/due-index';
import { PROGRAM_INDEX_PK, predictionPk, type MaintenanceItem, type PredictionItem } from './model';
import { tenantPk } from '../lib/data/keys';

/**
 * For the alerts generator (the /maintenance Alerts tab's three groups): predictions past due,
 * predictions due within 7 days, and urgent records still open.
 */
export interface MaintenanceDue {
  id: string;
  vehicleId: string;
  kind: 'past_due' | 'due_soon' | 'urgent_open';
  vehicleLabel: string;
  type: string;
  date: string | null;
}

export const DUE_SOON_DAYS = 7;

export async function maintenanceDue(tenantId: string, today: string, soonDay: string): Promise<MaintenanceDue[]> {
  const [predictions, urgent] = await Promise.all([
    queryAll<PredictionItem>({ tenantId, pk: predictionPk(tenantId), max: 5000 }),
    queryAll<MaintenanceItem>({
      tenantId,
      pk: tenantPk(tenantId, 'MAINT_BY_DATE'),
      index: 'gsi2',
      max: 5000,
      filter: {
        expression: '#p = :u AND NOT #s IN (:c, :x)',
        names: { '#p': 'priority', '#s': 'status' },
        values: { ':u': 'urgent', ':c': 'completed', ':x': 'cancelled' },
      },
    }),
  ]);
  const out: MaintenanceDue[] = [];
  for (const p of predictions) {
    if (p.urgency === 'past_due')
      out.push({
        id: p.id,
        vehicleId: p.vehicleId,
        kind: 'past_due',
        vehicleLabel: p.vehicleLabel,
        type: p.type,
        date: p.dueDate ?? null,
      });
    else if (p.dueDate && p.dueDate <= soonDay && p.dueDate >= today)
      out.push({
        id: p.id,
        vehicleId: p.vehicleId,
        kind: 'due_soon',
        vehicleLabel: p.vehicleLabel,
        type: p.type,
        date: p.dueDate,
      });
  }
  for (const r of urgent) {
    out.push({
      id: r.id,
      vehicleId: r.vehicleId,
      kind: 'urgent_open',
      vehicleLabel: r.vehicleLabel,
      type: r.type,
      date: r.date,
    });
  }
  return out;
}

/**
 * Companies with a service program (the daily prediction job's sparse index G#SERVICE_PROGRAMS, sk
 * {tenantId}#{vehicleId}) — for the alerts job.
 */
export async function tenantsWithServicePrograms(): Promise<string[]> {
  return dueTenants(PROGRAM_INDEX_PK, {}, (it) => String(it.gsi2sk).split('#')[0], 500);
}
