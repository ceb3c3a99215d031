import { batchGet } from '../lib/data/repo';
import { customerKey } from '../customers/api';
import { vehicleKey } from '../vehicles/api';

/** Cross-domain reads of the documents domain (DESIGN.md §13): a document's vehicle and customer. */
export async function vehicleAndCustomerExist(tenantId: string, vehicleId?: string | null, customerId?: string | null) {
  const keys = [
    ...(vehicleId ? [vehicleKey(tenantId, vehicleId)] : []),
    ...(customerId ? [customerKey(tenantId, customerId)] : []),
  ];
  const found = keys.length ? await batchGet(keys) : [];
  return { vehicle: vehicleId ? !!found[0] : true, customer: customerId ? !!found[vehicleId ? 1 : 0] : true };
}

/** Names shown in reminder emails: the vehicle's plate and model, the customer's name. */
export async function labelsOf(tenantId: string, vehicleId?: string, customerId?: string): Promise<string | undefined> {
  const keys = [
    ...(vehicleId ? [vehicleKey(tenantId, vehicleId)] : []),
    ...(customerId ? [customerKey(tenantId, customerId)] : []),
  ];
  if (!keys.length) return undefined;
  const items = await batchGet(keys, false);
  return items
    .filter(Boolean)
    .map((it) =>
      it!.licensePlate
        ? `${String(it!.make ?? '')} ${String(it!.model ?? '')} (${String(it!.licensePlate)})`.trim()
        : String(it!.fullNameEnglish ?? ''),
    )
    .join(', ');
}
export { idScanRules, sniffType } from '../customers/api';
/** The older vehicle and customer document items, for the one-off move into DOC items (./legacy-move.ts). */
export { legacyVehicleDocuments } from '../vehicles/api';
export { legacyCustomerDocuments } from '../customers/api';
