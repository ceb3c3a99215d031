import { queryAll, type Item } from '../lib/data/repo';
import { tenantPk } from '../lib/data/keys';
import { vehicleDocumentsPk } from './data';

/**
 * Vehicle documents moved into the documents module (issue 11: one data model, one API, one
 * screen). The vehicle page lists, uploads and deletes its documents through /api/v1/documents
 * (scope vehicle + vehicleId); the former routes under /api/v1/vehicles/{id}/documents are gone.
 *
 * What stays here is the reader of the older items, pk `T#{t}#VEHICLE_DOC#{vehicleId}`, sk `{ulid}`
 * (files under tenants/{t}/vehicles/{vehicleId}/), for the one-off move into DOC items
 * (functions/documents/legacy-move.ts, job 'documents-move'): every vehicle of the company,
 * archived included, one Query each. A one-off, bounded by the fleet.
 */
export async function legacyVehicleDocuments(tenantId: string): Promise<Item[]> {
  const vehicles = await queryAll<{ id: string }>({ tenantId, pk: tenantPk(tenantId, 'VEHICLE'), max: 10_000 });
  const out: Item[] = [];
  for (const v of vehicles)
    out.push(...(await queryAll<Item>({ tenantId, pk: vehicleDocumentsPk(tenantId, v.id), max: 1_000 })));
  return out;
}
