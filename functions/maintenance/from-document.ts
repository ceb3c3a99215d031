import type { Actor } from '../lib/actor';
import { HttpError } from '../lib/errors';
import { companyToday, readCompanySettings, vehicleDocument } from './deps';
import { createMaintenanceSchema, type MaintenanceType } from '../../shared/schemas/maintenance';
import { DOCUMENT_MESSAGES } from '../../shared/schemas/documents-constants';
import { createRecord } from './records';

/** A document's type → the maintenance it calls for (the rest: 'other'). */
const TYPE_OF: Record<string, MaintenanceType> = {
  inspection: 'inspection',
  registration: 'registration',
  maintenance: 'general_service',
};

/**
 * "Schedule maintenance" from /documents: one scheduled record for the document's vehicle, dated the
 * company's today unless a date is given (ours: the workshop date is then set on the record), no cost
 * estimate yet (0), the document linked as sourceDocumentId. Goes through the same createRecord as
 * the maintenance screen (vehicle checks, archived refusal, booking block, audit).
 */
export async function scheduleFromDocument(
  actor: Actor,
  doc: { id: string; vehicleId: string; title: string; documentType: string },
  date?: string,
) {
  const when = date ?? companyToday(await readCompanySettings(actor.tenantId));
  const body = createMaintenanceSchema.parse({
    vehicleId: doc.vehicleId,
    type: TYPE_OF[doc.documentType] ?? 'other',
    estimatedCost: 0,
    date: when,
    status: 'scheduled',
    notes: doc.title,
    sourceDocumentId: doc.id,
  });
  return createRecord(actor, body);
}

/**
 * POST /api/v1/maintenance/from-documents (the documents page's "Schedule maintenance" on the
 * selected documents): one scheduled record per vehicle document, each read through documents/api.ts
 * (DESIGN.md §17: maintenance reads documents, documents imports no maintenance). Answers per id
 * like the page's other bulk actions; a refused one carries the spec's "Failed to schedule
 * maintenance" and the reason as detail (a customer/company document, an archived vehicle…).
 */
export async function scheduleFromDocuments(actor: Actor, body: { ids: string[]; date?: string }) {
  type Result = { id: string; ok: boolean; error?: string; detail?: string; status?: number; maintenanceId?: string };
  const results: Result[] = [];
  for (const id of new Set(body.ids)) {
    try {
      const record = await scheduleFromDocument(actor, await vehicleDocument(actor, id), body.date);
      results.push({ id, ok: true, maintenanceId: record.id });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push({ id, ok: false, error: DOCUMENT_MESSAGES.scheduleFailed, detail: err.message, status: err.status });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { action: 'schedule_maintenance' as const, results, succeeded, failed: results.length - succeeded };
}
