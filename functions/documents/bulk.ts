import { ulid } from 'ulid';
import type { Actor } from '../lib/actor';
import { HttpError } from '../lib/errors';
import type { BULK_ACTIONS } from '../../shared/schemas/documents';

type BulkAction = (typeof BULK_ACTIONS)[number];
import { getObjectBytes, presignDownload, putObject } from '../lib/storage';
import { analyzeDocument } from './analyze';
import { deleteDocument, transition } from './writes';
import { requireDocument } from './read';
import { documentKey, exportPrefix } from './model';
import { transact, tx } from '../lib/data/repo';
import { zipStore } from './zip';

/** "Analyze all": every selected document reads 'queued' until its turn (they run one by one). */
async function queueAll(actor: Actor, ids: string[]) {
  for (const id of ids) {
    try {
      const doc = await requireDocument(actor, id);
      await transact([
        tx.update(documentKey(actor.tenantId, id), doc.version, { analysisStatus: 'queued', analysisError: undefined }),
      ]);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err; // reported per id by the run below
    }
  }
}

/**
 * Bulk actions of /documents: analyze, approve and delete (confirm: true) run per document and
 * answer per id (one refused document does not stop the others); download builds ONE ZIP of the
 * selected files in storage and answers a short-lived link.
 * "Schedule maintenance" of the same page is maintenance's route (POST /api/v1/maintenance/from-documents,
 * functions/maintenance/from-document.ts): maintenance (tier 5) reads the documents, not the reverse.
 */
export async function bulkDocuments(actor: Actor, body: { action: BulkAction; ids: string[] }) {
  const ids = [...new Set(body.ids)];
  if (body.action === 'download') {
    const docs = await Promise.all(ids.map((id) => requireDocument(actor, id)));
    const files = await Promise.all(
      docs.map(async (d) => ({ name: d.fileName, data: (await getObjectBytes(d.fileKey))?.body ?? Buffer.alloc(0) })),
    );
    const zip = zipStore(files);
    const key = `${exportPrefix(actor.tenantId)}${ulid()}-documents.zip`;
    await putObject(key, zip, 'application/zip');
    return {
      action: 'download',
      downloadUrl: await presignDownload(key, { fileName: 'documents.zip' }),
      count: files.length,
      bytes: zip.length,
    };
  }
  const results: { id: string; ok: boolean; error?: string; status?: number }[] = [];
  if (body.action === 'analyze') await queueAll(actor, ids);
  for (const id of ids) {
    try {
      if (body.action === 'analyze') await analyzeDocument(actor, id);
      else if (body.action === 'approve') await transition(actor, id, 'approve');
      else await deleteDocument(actor, id);
      results.push({ id, ok: true });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push({ id, ok: false, error: err.message, status: err.status });
    }
  }
  return {
    action: body.action,
    results,
    succeeded: results.filter((r) => r.ok).length,
    failed: results.filter((r) => !r.ok).length,
  };
}
