import { dueIndexPages } from '../lib/data/due-index';
import { HttpError } from '../lib/errors';
import type { Item } from '../lib/data/repo';
import { companyPages } from '../lib/jobs/units';
import { EDOC_DUE_GSI_PK } from './model';
import { submitOnce } from './submit';

/**
 * The submission job's work (functions/jobs/einvoicing-submit.ts, every 5 minutes): the G#EDOC_DUE index up to
 * now (a Query of one key range, never a Scan), each due document submitted once by submitDocument — its lease
 * makes a second run at the same time, or the retry route, skip a document already in hand, and a document
 * whose next attempt is later than now is left to its time. The unit's figures go to its company's job log line
 * and the run record sums them.
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

/** A unit of the job (issue 30): a page (≤ 25) of one company's due documents, found by reading the index once. */
export interface SubmitUnit {
  tenantId: string;
  documentIds: string[];
}

export async function* submitUnits(now: Date, includes: (tenantId: string) => boolean): AsyncGenerator<SubmitUnit> {
  // `~` sorts after every tenant id, so every document due at or before now is in the range
  const pages = dueIndexPages(EDOC_DUE_GSI_PK, { through: `${now.toISOString()}#~` });
  const read = (item: Item) => {
    const due = parseDueKey(String(item.gsi2sk));
    return due && { tenantId: due.tenantId, key: due.documentId };
  };
  for await (const { tenantId, keys } of companyPages(pages, read, includes)) yield { tenantId, documentIds: keys };
}

/**
 * One unit's Lambda stops at 5 minutes (infra/stacks/jobs-stack.ts): no new document is started after 4 (one send
 * takes at most the network client's timeout, 50 s for JoFotara); the rest stay due for the next run.
 */
export const RUN_BUDGET_MS = 4 * 60_000;

/**
 * Submits a unit's documents, each once (submitOnce's lease and the document's status make a redelivered unit skip
 * what is done). In issue order (ULID ids). Once one fails without an answer (the network is down), the unit's next
 * ones wait for the next run instead of failing one by one. ZATCA takes a device's documents in any order (the
 * ICV/PIH chain is the order they were generated in), so a later document may go before an earlier one that is
 * waiting out its backoff.
 */
export async function submitUnit(unit: SubmitUnit, now: Date) {
  const deadline = Date.now() + RUN_BUDGET_MS;
  const { tenantId } = unit;
  const counts = { due: 0, submitted: 0, accepted: 0, rejected: 0, retrying: 0, unsent: 0, skipped: 0, held: 0 };
  const docs = [...unit.documentIds].sort();
  let holdAfter: string | undefined;
  for (const documentId of docs) {
    counts.due++;
    if ((holdAfter && documentId > holdAfter) || Date.now() > deadline) {
      counts.held++;
      continue;
    }
    const result = await submitOnce(tenantId, documentId, { now }).catch((e: unknown) => {
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
}
