import { dueIndexPages } from '../lib/data/due-index';
import { HttpError } from '../lib/errors';
import { eachCompany, type JobContext } from '../lib/jobs/define-job';
import { EDOC_DUE_GSI_PK } from './model';
import { submitOnce } from './submit';

/**
 * The submission job's work (functions/jobs/einvoicing-submit.ts, every 5 minutes): the G#EDOC_DUE index up to
 * now (a Query of one key range, never a Scan), each due document submitted once by submitDocument — its lease
 * makes a second run at the same time, or the retry route, skip a document already in hand, and a document
 * whose next attempt is later than now is left to its time. The company's figures go to its job log line and
 * the run record sums them.
 */
export interface DueDocument {
  tenantId: string;
  documentId: string;
  dueAt: string;
}

/** gsi2sk of EDOC_DUE: `{dueAt}#{tenantId}#{documentId}` (model.ts). */
export function parseDueKey(gsi2sk: string): DueDocument | undefined {
  const [dueAt, tenantId, documentId] = gsi2sk.split('#');
  return dueAt && tenantId && documentId ? { dueAt, tenantId, documentId } : undefined;
}

export async function dueDocuments(now: Date): Promise<Map<string, DueDocument[]>> {
  const byTenant = new Map<string, DueDocument[]>();
  // `~` sorts after every tenant id, so every document due at or before now is in the range
  for await (const page of dueIndexPages(EDOC_DUE_GSI_PK, { through: `${now.toISOString()}#~` })) {
    for (const item of page) {
      const due = parseDueKey(String(item.gsi2sk));
      if (!due) continue;
      const list = byTenant.get(due.tenantId) ?? [];
      list.push(due);
      byTenant.set(due.tenantId, list);
    }
  }
  return byTenant;
}

/**
 * The job's Lambda stops at 5 minutes (infra/stacks/jobs-stack.ts) and the next run starts then: no new
 * document is started after 4 (one send takes at most the network client's timeout, 50 s for JoFotara); the
 * rest stay due for the next run.
 */
export const RUN_BUDGET_MS = 4 * 60_000;

export async function runSubmissions(ctx: JobContext) {
  const deadline = Date.now() + RUN_BUDGET_MS;
  const due = await dueDocuments(ctx.now);
  const tenants = [...due.keys()].filter((t) => ctx.includes(t));
  return eachCompany(
    'einvoicing-submit',
    tenants,
    async (tenantId) => {
      const counts = { due: 0, submitted: 0, accepted: 0, rejected: 0, retrying: 0, unsent: 0, skipped: 0, held: 0 };
      // In issue order (ULID ids). Once one fails without an answer (the network is down), the company's next
      // ones wait for the next run instead of failing one by one. ZATCA takes a device's documents in any order
      // (the ICV/PIH chain is the order they were generated in), so a later document may go before an earlier
      // one that is waiting out its backoff.
      const docs = [...(due.get(tenantId) ?? [])].sort((a, b) => (a.documentId < b.documentId ? -1 : 1));
      let holdAfter: string | undefined;
      for (const d of docs) {
        counts.due++;
        if ((holdAfter && d.documentId > holdAfter) || Date.now() > deadline) {
          counts.held++;
          continue;
        }
        const result = await submitOnce(tenantId, d.documentId, { now: ctx.now }).catch((e: unknown) => {
          if (e instanceof HttpError && e.status === 404) return undefined; // an EDOC_DUE without its document
          throw e;
        });
        if (!result) {
          counts.skipped++;
          continue;
        }
        const { document, sent } = result;
        if (!sent) counts[document.status === 'unsent' ? 'unsent' : 'skipped']++;
        else {
          counts.submitted++;
          if (document.status === 'rejected') counts.rejected++;
          else if (document.status === 'pending') {
            counts.retrying++;
            holdAfter ??= document.id;
          } else counts.accepted++;
        }
      }
      return counts;
    },
    { due: 0, submitted: 0 },
  );
}
