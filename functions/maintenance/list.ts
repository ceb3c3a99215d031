import type { z } from 'zod';
import type { listMaintenanceQuery } from '../../shared/schemas/maintenance';
import { FilterBuilder } from '../lib/data/filter';
import { tenantPk } from '../lib/data/keys';
import { queryPage } from '../lib/data/repo';
import { toMaintenanceApi, type MaintenanceItem } from './model';

/**
 * The records list: one Query page, newest service date first — on a vehicle's history (gsi1)
 * when `vehicleId` is given, else on the company's by-date index (gsi2); `from`/`to` narrow the
 * key range, status and priority filter the page (a page may be short with a cursor set).
 */
export async function listRecords(tenantId: string, q: z.output<typeof listMaintenanceQuery>) {
  const filter = new FilterBuilder().eq('status', q.status).eq('priority', q.priority).build();
  const from = q.from ?? '0000-00-00';
  const to = `${q.to ?? '9999-12-31'}#~`;
  const page = await queryPage<MaintenanceItem>({
    tenantId,
    pk: q.vehicleId ? tenantPk(tenantId, 'MAINT_BY_VEHICLE', q.vehicleId) : tenantPk(tenantId, 'MAINT_BY_DATE'),
    index: q.vehicleId ? 'gsi1' : 'gsi2',
    skBetween: [from, to],
    forward: false,
    limit: q.limit,
    cursor: q.cursor,
    filter,
    signature: [q.status, q.priority],
  });
  return { items: page.items.map((r) => toMaintenanceApi(r)), nextCursor: page.nextCursor };
}
