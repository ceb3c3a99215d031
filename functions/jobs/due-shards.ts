import { DUE_INDEXES } from '../lib/data/due-index';
import { moveToShards } from '../lib/data/due-shards';
import { defineJob } from '../lib/jobs/define-job';
import { startJobRun } from '../lib/jobs/run-record';

/**
 * One-off migration (events/schedules.ts 'due-shards', never scheduled; issue 30): every due index's items
 * still under the unsharded key of before (`G#INVOICING_DUE`) move to their shard (`G#INVOICING_DUE#S07`),
 * lib/data/due-shards.ts. It Queries each old key (no Scan), moves each item on a condition on its old key,
 * and is idempotent: a second run finds nothing left. Until it has run, the readers also read the old key
 * (LEGACY_UNSHARDED_READ in lib/data/due-index.ts), so no due work is missed in between. Each run writes
 * its run record (found, moved, skipped, errors). `onlyTenants` limits a run to some companies.
 */
export const job = defineJob({
  name: 'due-shards',
  reads: [],
  run: async (ctx) => {
    const run = startJobRun('due-shards', ctx.now.toISOString());
    const result = { indexes: DUE_INDEXES.length, found: 0, moved: 0, skipped: 0, errors: 0 };
    for (const index of DUE_INDEXES) {
      const r = await moveToShards(index, { includes: ctx.onlyTenants && ctx.includes });
      result.found += r.found;
      result.moved += r.moved;
      result.skipped += r.skipped;
      result.errors += r.errors;
      for (const s of r.errorSamples) run.sample(s);
    }
    await run.finish(result);
    return result;
  },
});
export const handler = job.handler;
