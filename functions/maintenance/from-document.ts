import type { Actor } from '../lib/actor';
import { companyToday, readCompanySettings } from './deps';
import { createMaintenanceSchema, type MaintenanceType } from '../../shared/schemas/maintenance';
import { createRecord } from './records';

/** A document's type → the maintenance it calls for (the rest: 'other'). */
const TYPE_OF: Record<string, MaintenanceType> = { inspection: 'inspection', registration: 'registration', maintenance: 'general_service' };

/**
 * "Schedule maintenance" from /documents: one scheduled record for the document's vehicle, dated the
 * company's today unless a date is given (ours: the workshop date is then set on the record), no cost
 * estimate yet (0), the document linked as sourceDocumentId. Goes through the same createRecord as
 * the maintenance screen (vehicle checks, archived refusal, booking block, audit).
 */
export async function scheduleFromDocument(actor: Actor, doc: { id: string; vehicleId: string; title: string; documentType: string }, date?: string) {
  const when = date ?? companyToday(await readCompanySettings(actor.tenantId));
  const body = createMaintenanceSchema.parse({
    vehicleId: doc.vehicleId, type: TYPE_OF[doc.documentType] ?? 'other', estimatedCost: 0, date: when,
    status: 'scheduled', notes: doc.title, sourceDocumentId: doc.id,
  });
  return createRecord(actor, body);
}
