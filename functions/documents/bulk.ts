import { ulid } from 'ulid';
import type { Actor } from '../lib/actor';
import { HttpError, forbidden } from '../lib/errors';
import { hasAbility } from '../../shared/permissions';
import { DOCUMENT_MESSAGES, type BULK_ACTIONS } from '../../shared/schemas/documents';
import { scheduleFromDocument } from './deps';

type BulkAction = (typeof BULK_ACTIONS)[number];
import { getObjectBytes, presignDownload, putObject } from '../lib/storage';
import { analyzeDocument } from './analyze';
import { deleteDocument, requireDocument, transition } from './writes';
import { documentKey, exportPrefix } from './model';
import { transact, tx } from '../lib/data/repo';
import { zipStore } from './zip';

/** "Analyze all": every selected document reads 'queued' until its turn (they run one by one). */
async function queueAll(actor: Actor, ids: string[]) {
  for (const id of ids) {
    try {
      const doc = await requireDocument(actor, id);
      await transact([tx.update(documentKey(actor.tenantId, id), doc.version, { analysisStatus: 'queued', analysisError: undefined })]);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err; // reported per id by the run below
    }
  }
}

async function schedule(actor: Actor, id: string, date?: string): Promise<string> {
  const doc = await requireDocument(actor, id);
  if (doc.scope !== 'vehicle' || !doc.vehicleId) throw new HttpError(422, 'VALIDATION_FAILED', DOCUMENT_MESSAGES.scheduleNeedsVehicle);
  const record = await scheduleFromDocument(actor, { id: doc.id, vehicleId: doc.vehicleId, title: doc.title, documentType: doc.documentType }, date);
  return record.id;
}

/**
 * Bulk actions of /documents: analyze, approve and delete (confirm: true) run per document and
 * answer per id (one refused document does not stop the others); download builds ONE ZIP of the
 * selected files in storage and answers a short-lived link.
 * "Schedule maintenance" creates one scheduled maintenance record per selected vehicle document
 * through maintenance/api.ts; a refused one answers per id with the spec's "Failed to schedule
 * maintenance" and the reason as detail (a customer/company document, an archived vehicle…).
 * It needs the maintenanceEdit ability as well (the route's is documentsVehicle).
 */
export async function bulkDocuments(actor: Actor, body: { action: BulkAction; ids: string[]; date?: string }) {
  const ids = [...new Set(body.ids)];
  if (body.action === 'download') {
    const docs = await Promise.all(ids.map((id) => requireDocument(actor, id)));
    const files = await Promise.all(docs.map(async (d) => ({ name: d.fileName, data: (await getObjectBytes(d.fileKey))?.body ?? Buffer.alloc(0) })));
    const zip = zipStore(files);
    const key = `${exportPrefix(actor.tenantId)}${ulid()}-documents.zip`;
    await putObject(key, zip, 'application/zip');
    return { action: 'download', downloadUrl: await presignDownload(key, { fileName: 'documents.zip' }), count: files.length, bytes: zip.length };
  }
  if (body.action === 'schedule_maintenance' && !hasAbility(actor.role, 'maintenanceEdit')) throw forbidden();
  const results: { id: string; ok: boolean; error?: string; detail?: string; status?: number; maintenanceId?: string }[] = [];
  if (body.action === 'analyze') await queueAll(actor, ids);
  for (const id of ids) {
    try {
      if (body.action === 'schedule_maintenance') {
        results.push({ id, ok: true, maintenanceId: await schedule(actor, id, body.date) });
        continue;
      }
      if (body.action === 'analyze') await analyzeDocument(actor, id);
      else if (body.action === 'approve') await transition(actor, id, 'approve');
      else await deleteDocument(actor, id);
      results.push({ id, ok: true });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push(body.action === 'schedule_maintenance'
        ? { id, ok: false, error: DOCUMENT_MESSAGES.scheduleFailed, detail: err.message, status: err.status }
        : { id, ok: false, error: err.message, status: err.status });
    }
  }
  return { action: body.action, results, succeeded: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length };
}
