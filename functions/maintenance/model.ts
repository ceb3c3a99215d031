import { tenantPk, sortKey, keys, type Key } from '../lib/data/keys';
import { fromMinor } from '../../shared/money';
import type { Item } from '../lib/data/repo';
import { dueShardPk } from '../lib/data/due-index';
import type {
  MaintenancePaidFrom,
  MaintenancePriority,
  MaintenanceStatus,
  MaintenanceType,
  ServiceInterval,
} from '../../shared/schemas/maintenance';
import type { Prediction } from '../../shared/maintenance/predict';
import type { MaintenanceRecord } from '../../shared/schemas/maintenance-responses';

/**
 * Items of the maintenance domain (DESIGN.md §13):
 *  - record       pk T#{t}#MAINT                      sk {id}
 *                 gsi1 T#{t}#MAINT_BY_VEHICLE#{vehicleId} / {date}#{id}   (a vehicle's history)
 *                 gsi2 T#{t}#MAINT_BY_DATE / {date}#{id}                  (the list, by service date)
 *  - program      pk T#{t}#SERVICE_PROGRAM            sk {vehicleId}
 *                 gsi2 G#SERVICE_PROGRAMS / {tenantId}#{vehicleId}: the SPARSE index the daily
 *                 prediction job reads (DESIGN.md §15): an item exists only for vehicles with a program.
 *  - prediction   pk T#{t}#MAINT_PREDICTION           sk {vehicleId}#{type}  (replaced on each run)
 *  - job marker   pk T#{t}#MAINT_PREDICTION_RUN       sk {vehicleId}#{day}   (the daily run did this vehicle)
 * The vehicle's schedule block (vehicles domain) and the journal entry (accounting) are written in
 * the record's own transaction.
 */
export interface PostedCost {
  entryId: string;
  lines: {
    accountId: string;
    debitMinor: number;
    creditMinor: number;
    vatCode?: string | null;
    vatRatePercent?: number | null;
  }[];
  date: string;
}

export interface MaintenanceItem extends Item {
  entityType: 'MAINTENANCE';
  id: string;
  tenantId: string;
  vehicleId: string;
  vehicleLabel: string;
  type: MaintenanceType;
  notes: string | null;
  estimatedCostMinor: number;
  actualCostMinor: number | null;
  vatMinor: number | null;
  date: string;
  endDate: string | null;
  completedDate: string | null;
  status: MaintenanceStatus;
  priority: MaintenancePriority;
  isAiGenerated: boolean;
  source: 'manual' | 'ai_generated';
  aiConfidence: number | null;
  predictionId: string | null;
  sourceDocumentId: string | null;
  assignedTo: string | null;
  assignedToName: string | null;
  invoiceId: string | null;
  invoiceFile: { key: string; fileName: string; contentType: string } | null;
  addToFinancials: boolean;
  paidFrom: MaintenancePaidFrom;
  serviceMileage: number | null;
  servicedBy: string | null;
  /** The window the schedule block covers (UTC), while it holds the vehicle. */
  blockStart: string | null;
  blockEnd: string | null;
  posted: PostedCost | null;
  reversalEntryId: string | null;
  cancelReason: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
}

export const maintenanceKey = (tenantId: string, id: string): Key => ({ pk: tenantPk(tenantId, 'MAINT'), sk: id });
export const maintenanceIndexes = (tenantId: string, r: Pick<MaintenanceItem, 'vehicleId' | 'date' | 'id'>) => ({
  gsi1pk: tenantPk(tenantId, 'MAINT_BY_VEHICLE', r.vehicleId),
  gsi1sk: sortKey(r.date, r.id),
  gsi2pk: tenantPk(tenantId, 'MAINT_BY_DATE'),
  gsi2sk: sortKey(r.date, r.id),
});

export const userKey = keys.user;

export const toMaintenanceApi = (r: MaintenanceItem, invoiceUrl?: string | null): MaintenanceRecord => ({
  id: r.id,
  vehicleId: r.vehicleId,
  vehicleLabel: r.vehicleLabel,
  type: r.type,
  notes: r.notes,
  estimatedCost: fromMinor(r.estimatedCostMinor),
  actualCost: r.actualCostMinor === null ? null : fromMinor(r.actualCostMinor),
  vatAmount: r.vatMinor === null ? null : fromMinor(r.vatMinor),
  date: r.date,
  endDate: r.endDate,
  completedDate: r.completedDate,
  status: r.status,
  priority: r.priority,
  isAiGenerated: r.isAiGenerated,
  source: r.source,
  aiConfidence: r.aiConfidence,
  predictionId: r.predictionId,
  sourceDocumentId: r.sourceDocumentId,
  assignedTo: r.assignedTo,
  assignedToName: r.assignedToName,
  invoiceId: r.invoiceId,
  invoiceFile: r.invoiceFile ? { ...r.invoiceFile, url: invoiceUrl ?? null } : null,
  addToFinancials: r.addToFinancials,
  paidFrom: r.paidFrom,
  serviceMileage: r.serviceMileage,
  servicedBy: r.servicedBy,
  journalEntryId: r.posted?.entryId ?? null,
  reversalEntryId: r.reversalEntryId,
  cancelReason: r.cancelReason,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export interface ServiceProgramItem extends Item {
  entityType: 'SERVICE_PROGRAM';
  vehicleId: string;
  intervals: ServiceInterval[];
  version: number;
  updatedAt: string;
}
export const programKey = (tenantId: string, vehicleId: string): Key => ({
  pk: tenantPk(tenantId, 'SERVICE_PROGRAM'),
  sk: vehicleId,
});
/** The sparse cross-tenant index of the daily prediction job (global partition, like the active-rentals index). */
export const PROGRAM_INDEX_PK = 'G#SERVICE_PROGRAMS';
/** The program item's place on that index (its shard from the item's key, lib/data/due-index.ts). */
export const programIndexAttrs = (tenantId: string, vehicleId: string) => ({
  gsi2pk: dueShardPk(PROGRAM_INDEX_PK, programKey(tenantId, vehicleId)),
  gsi2sk: `${tenantId}#${vehicleId}`,
});

export interface PredictionItem extends Item, Prediction {
  entityType: 'MAINT_PREDICTION';
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  generatedAt: string;
  recordId: string | null;
}
export const predictionPk = (tenantId: string) => tenantPk(tenantId, 'MAINT_PREDICTION');
export const predictionKey = (tenantId: string, vehicleId: string, type: string): Key => ({
  pk: predictionPk(tenantId),
  sk: sortKey(vehicleId, type),
});
export const predictionRunKey = (tenantId: string, vehicleId: string, day: string): Key => ({
  pk: tenantPk(tenantId, 'MAINT_PREDICTION_RUN'),
  sk: sortKey(vehicleId, day),
});
