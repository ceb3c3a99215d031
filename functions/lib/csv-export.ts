import { csvField, UTF8_BOM } from '../../shared/csv';
import {
  completeMultipart,
  DOWNLOAD_URL_TTL_SECONDS,
  headObject,
  presignDownload,
  safeFileName,
  startMultipart,
  tenantPrefix,
  uploadPart,
} from './storage';
import type { TaskItem, TaskPage, TaskRunner } from './tasks';

/**
 * A large CSV export as a background task (issue 30): written to S3 as a multipart upload, one part per
 * task page, never held whole in memory nor answered in one Lambda response (6 MB). The file lands under
 * `tenants/{tenantId}/exports/{taskId}/` (a lifecycle rule on that prefix expires old exports) and is
 * downloaded through a short-lived presigned GET.
 *
 * A page reads the source's pages until the part holds `partBytes()` (S3's 5 MiB minimum in AWS; smaller
 * locally, EXPORT_PART_BYTES, so a test's few thousand rows make several parts), uploads it as part n and
 * saves the source cursor. Re-doing a page after a crash re-reads from the saved cursor and uploads part n
 * again, which replaces it: nothing is written twice.
 */
export interface CsvSource<S = Record<string, unknown>> {
  header: readonly string[];
  money?: readonly boolean[];
  fileName: string;
  /** One page of rows from a cursor; `state` carries what a page needs from the ones before (running sums). */
  page(cursor: string | null, state: S): Promise<{ rows: unknown[][]; nextCursor: string | null; state: S }>;
  /** Rows expected in all, when known cheaply (for the progress bar). */
  total?: number | null;
}

interface ExportState {
  key?: string;
  uploadId?: string;
  parts?: { PartNumber: number; ETag: string }[];
  cursor?: string | null;
  rows?: number;
  bytes?: number;
  source?: Record<string, unknown>;
}

const S3_MIN_PART = 5 * 1024 * 1024;
export const partBytes = () => Math.max(1024, Number(process.env.EXPORT_PART_BYTES) || S3_MIN_PART);
/** S3 allows 10,000 parts: at 5 MiB a part an export tops out near 50 GB, far above any company's books. */
const MAX_PARTS = 10_000;
/** The download link lives 5 minutes: enough to start the download, short for a link copied elsewhere. */
export const EXPORT_LINK_SECONDS = Math.min(300, DOWNLOAD_URL_TTL_SECONDS);

export const exportsPrefix = (tenantId: string) => tenantPrefix(tenantId, 'exports');

const tenantOf = (task: TaskItem) => task.pk.split('#')[1];

export function csvExportRunner(source: (task: TaskItem) => Promise<CsvSource> | CsvSource): TaskRunner {
  return async (task): Promise<TaskPage> => {
    const src = await source(task);
    const s = task.state as ExportState;
    const progress = (rows: number) => ({ done: rows, total: src.total ?? null });
    if (!s.uploadId || !s.key) {
      const key = `${exportsPrefix(tenantOf(task))}${task.id}/${safeFileName(src.fileName)}`;
      const uploadId = await startMultipart(key, 'text/csv; charset=utf-8');
      return {
        state: { key, uploadId, parts: [], cursor: null, rows: 0, bytes: 0, source: {} },
        progress: progress(0),
      };
    }
    const parts = s.parts ?? [];
    if (s.cursor === undefined && parts.length > 0) return finish(task, s, progress);
    let text = parts.length === 0 ? `${UTF8_BOM}${line(src.header)}` : '';
    let cursor = s.cursor ?? null;
    let state = s.source ?? {};
    let rows = s.rows ?? 0;
    let exhausted = false;
    while (Buffer.byteLength(text) < partBytes()) {
      const page = await src.page(cursor, state);
      for (const r of page.rows) text += line(r, src.money);
      rows += page.rows.length;
      state = page.state;
      cursor = page.nextCursor;
      if (!cursor) {
        exhausted = true;
        break;
      }
    }
    if (parts.length + 1 > MAX_PARTS) throw new Error('The export is too large');
    const body = Buffer.from(text, 'utf8');
    const part = await uploadPart(s.key, s.uploadId, parts.length + 1, body);
    const next: ExportState = {
      ...s,
      parts: [...parts, part],
      cursor: exhausted ? undefined : cursor,
      rows,
      bytes: (s.bytes ?? 0) + body.length,
      source: state,
    };
    if (!exhausted) return { state: next as Record<string, unknown>, progress: progress(rows) };
    return finish(task, next, progress);
  };
}

async function finish(
  task: TaskItem,
  s: ExportState,
  progress: (rows: number) => TaskPage['progress'],
): Promise<TaskPage> {
  try {
    await completeMultipart(s.key!, s.uploadId!, s.parts ?? []);
  } catch (err) {
    // Completed by an earlier attempt whose save was lost: the file is there, the upload id is gone.
    if (!(await headObject(s.key!))) throw err;
  }
  const fileName = s.key!.split('/').pop()!;
  return {
    state: s as Record<string, unknown>,
    progress: { ...progress(s.rows ?? 0), total: s.rows ?? 0 },
    result: { fileName, rows: s.rows ?? 0, bytes: s.bytes ?? 0, parts: (s.parts ?? []).length, key: s.key },
  };
}

const line = (cells: readonly unknown[], money?: readonly boolean[]) =>
  `${cells.map((v, i) => csvField(v, money?.[i] ?? false)).join(',')}\r\n`;

/** The task as GET shows it, with a fresh short-lived download link when the file is ready (never the key). */
export async function exportTaskView<T extends { status: string; result: Record<string, unknown> | null }>(
  view: T,
): Promise<T & { downloadUrl: string | null; downloadExpiresAt: string | null }> {
  if (view.status !== 'done' || !view.result?.key) return { ...view, downloadUrl: null, downloadExpiresAt: null };
  const { key, ...result } = view.result;
  const url = await presignDownload(String(key), {
    fileName: String(result.fileName),
    attachment: true,
    expiresIn: EXPORT_LINK_SECONDS,
  });
  return {
    ...view,
    result,
    downloadUrl: url,
    downloadExpiresAt: new Date(Date.now() + EXPORT_LINK_SECONDS * 1000).toISOString(),
  };
}
