import { queryAll } from '../lib/data/repo';
import { latestIndexPk, type DocumentItem } from './model';

/**
 * For fleet health (issue 14): per vehicle, the LATEST expiry date on file of its registration and
 * of its insurance (a renewal uploaded as a separate document covers the old one; rejected ones do
 * not count), as lapsingDocuments reads them for one vehicle. One Query on the latest-documents
 * index of the vehicle tab (bounded by the fleet's documents), filtered on the two types.
 */
export interface VehicleCompliance {
  registration: string | null;
  insurance: string | null;
}

export async function vehicleComplianceDates(tenantId: string): Promise<Map<string, VehicleCompliance>> {
  const items = await queryAll<DocumentItem>({
    tenantId,
    pk: latestIndexPk(tenantId, 'vehicle'),
    index: 'gsi1',
    max: 5000,
    filter: {
      expression: '#t IN (:reg, :ins) AND attribute_exists(#e) AND #s <> :rejected',
      names: { '#t': 'documentType', '#e': 'expiryDate', '#s': 'status' },
      values: { ':reg': 'registration', ':ins': 'insurance', ':rejected': 'rejected' },
    },
  });
  const out = new Map<string, VehicleCompliance>();
  for (const d of items) {
    if (!d.vehicleId || !d.expiryDate) continue;
    const entry = out.get(d.vehicleId) ?? { registration: null, insurance: null };
    const type = d.documentType as 'registration' | 'insurance';
    if (!entry[type] || d.expiryDate > entry[type]!) entry[type] = d.expiryDate;
    out.set(d.vehicleId, entry);
  }
  return out;
}
