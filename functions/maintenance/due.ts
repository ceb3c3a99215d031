import { queryAll } from '../lib/data/repo';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../lib/clients/dynamo';
import { config } from '../lib/config';
import { PROGRAM_INDEX_PK, predictionPk, type MaintenanceItem, type PredictionItem } from './model';
import { tenantPk } from '../lib/data/keys';

/**
 * For the alerts generator (the /maintenance Alerts tab's three groups): predictions past due,
 * predictions due within 7 days, and urgent records still open.
 */
export interface MaintenanceDue { id: string; kind: 'past_due' | 'due_soon' | 'urgent_open'; vehicleLabel: string; type: string; date: string | null }

export const DUE_SOON_DAYS = 7;

export async function maintenanceDue(tenantId: string, today: string, soonDay: string): Promise<MaintenanceDue[]> {
  const [predictions, urgent] = await Promise.all([
    queryAll<PredictionItem>({ tenantId, pk: predictionPk(tenantId), max: 5000 }),
    queryAll<MaintenanceItem>({
      tenantId, pk: tenantPk(tenantId, 'MAINT_BY_DATE'), index: 'gsi2', max: 5000,
      filter: { expression: '#p = :u AND NOT #s IN (:c, :x)', names: { '#p': 'priority', '#s': 'status' }, values: { ':u': 'urgent', ':c': 'completed', ':x': 'cancelled' } },
    }),
  ]);
  const out: MaintenanceDue[] = [];
  for (const p of predictions) {
    if (p.urgency === 'past_due') out.push({ id: p.id, kind: 'past_due', vehicleLabel: p.vehicleLabel, type: p.type, date: p.dueDate ?? null });
    else if (p.dueDate && p.dueDate <= soonDay && p.dueDate >= today) out.push({ id: p.id, kind: 'due_soon', vehicleLabel: p.vehicleLabel, type: p.type, date: p.dueDate });
  }
  for (const r of urgent) {
    out.push({ id: r.id, kind: 'urgent_open', vehicleLabel: r.vehicleLabel, type: r.type, date: r.date });
  }
  return out;
}

/** Companies with a service program (the daily prediction job's sparse index G#SERVICE_PROGRAMS, sk {tenantId}#{vehicleId}) — for the alerts job. */
export async function tenantsWithServicePrograms(): Promise<string[]> {
  const out = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await dynamo().send(new QueryCommand({
      TableName: config().tableName, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': PROGRAM_INDEX_PK }, Limit: 500, ExclusiveStartKey: startKey,
    }));
    startKey = res.LastEvaluatedKey;
    for (const it of res.Items ?? []) out.add(String(it.gsi2sk).split('#')[0]);
  } while (startKey);
  return [...out];
}
